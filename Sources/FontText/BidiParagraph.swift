import CFriBidi
import Views

/// A paragraph's characters (grapheme clusters, UAX #29 as Swift counts them) and their scalars,
/// with each character's bidirectional embedding level from FriBidi (UAX #9): even levels run left
/// to right, odd ones right to left.
struct BidiParagraph {
    /// The characters, controls other than tabs made spaces.
    let characters: [Character]
    /// Every scalar, in order.
    let scalars: [UInt32]
    /// The index of each character's first scalar (and the scalar count at the end).
    let firstScalar: [Int]
    /// Each character's level.
    var levels: [UInt8]
    /// The paragraph's direction.
    let direction: TextDirection
    /// The paragraph's level (0 or 1).
    var baseLevel: UInt8 { direction == .rightToLeft ? 1 : 0 }

    /// The most scalars a character keeps: UAX #15's stream-safe limit of 30 combining marks after a
    /// base, and room for the longest emoji sequences (a family with skin tones is 11). Past it a
    /// cluster's scalars are dropped: no real text has more, and shaping a cluster costs the square
    /// of its length (a letter with 200,000 accents would take minutes).
    static let maxScalarsPerCharacter = 32

    /// `character` with at most `maxScalarsPerCharacter` scalars.
    static func capped(_ character: Character) -> Character {
        var count = 0
        for _ in character.unicodeScalars {
            count += 1
            if count > maxScalarsPerCharacter { break }
        }
        guard count > maxScalarsPerCharacter else { return character }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: character.unicodeScalars.prefix(maxScalarsPerCharacter))
        return String(kept).first ?? " "
    }

    /// The paragraph of `text`: its direction as given, else from its first strong character, else
    /// from `language`.
    init(_ text: String, direction given: TextDirection?, language: String?) {
        characters = text.map { c in
            c.unicodeScalars.contains { $0.properties.generalCategory == .control } && c != "\t" ? " " : Self.capped(c)
        }
        var scalars: [UInt32] = [], first: [Int] = []
        for c in characters {
            first.append(scalars.count)
            scalars.append(contentsOf: c.unicodeScalars.map(\.value))
        }
        first.append(scalars.count)
        self.scalars = scalars
        firstScalar = first
        let n = scalars.count
        guard n > 0 else {
            levels = []
            direction = given ?? TextDirection(language: language)
            return
        }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: n)
        var brackets = [FriBidiBracketType](repeating: 0, count: n)
        var scalarLevels = [FriBidiLevel](repeating: 0, count: n)
        var base: FriBidiParType
        switch given {
        case .leftToRight: base = limelight_fribidi_par_ltr()
        case .rightToLeft: base = limelight_fribidi_par_rtl()
        // P2 and P3: the first strong character outside isolates; without one, the language's direction.
        case nil: base = TextDirection(language: language) == .rightToLeft ? limelight_fribidi_par_weak_rtl() : limelight_fribidi_par_weak_ltr()
        }
        scalars.withUnsafeBufferPointer { s in
            fribidi_get_bidi_types(s.baseAddress, FriBidiStrIndex(n), &types)
            fribidi_get_bracket_types(s.baseAddress, FriBidiStrIndex(n), types, &brackets)
        }
        var resolved = base
        let ok = fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(n), &resolved, &scalarLevels)
        if ok == 0 { scalarLevels = [FriBidiLevel](repeating: 0, count: n) }
        direction = limelight_fribidi_is_rtl_par(resolved) != 0 ? .rightToLeft : .leftToRight
        levels = (0..<characters.count).map { UInt8(scalarLevels[first[$0]]) }
    }

    /// Rule L1 for a line of characters `range`: spaces at its end go back to the paragraph's level.
    mutating func resetTrailingWhitespace(of range: Range<Int>) {
        var i = range.upperBound - 1
        while i >= range.lowerBound, characters[i].isWhitespace {
            levels[i] = baseLevel
            i -= 1
        }
    }

    /// Rule L2: `runs` (each of one level, in logical order) in visual order, left to right.
    static func visualOrder<Run>(_ runs: [Run], level: (Run) -> UInt8) -> [Run] {
        guard let highest = runs.map(level).max() else { return runs }
        let lowestOdd = runs.map(level).filter { $0 & 1 == 1 }.min() ?? (highest + 1)
        var order = runs
        var k = highest
        while k >= lowestOdd && k > 0 {
            var i = 0
            while i < order.count {
                guard level(order[i]) >= k else { i += 1; continue }
                var j = i
                while j < order.count && level(order[j]) >= k { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            k -= 1
        }
        return order
    }
}
