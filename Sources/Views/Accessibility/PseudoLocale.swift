/// The two pseudo-locales, made from the base language's text, as Android and Windows ship them:
/// they find layout bugs before any translation exists.
///
/// - `en-XA` ("accented"): every letter accented (`Ŝķîþ`), the text about 40% longer and
///   bracketed (`[Ŝķîþ one]`), so a bubble that clips a long language shows it, and a missing
///   bracket shows where.
/// - `ar-XB` ("mirrored"): each word's letters run right to left (a right-to-left override around
///   every word) in a right-to-left layout, so the interface mirrors as in Arabic while staying
///   readable to the team.
///
/// `%1`, `%2` and line breaks pass through unchanged.
public enum PseudoLocale: String, CaseIterable, Hashable, Sendable {
    /// Accented, longer, bracketed text.
    case accented = "en-XA"
    /// Text and layout mirrored right to left.
    case mirrored = "ar-XB"

    /// The pseudo-locale `tag` names (case-insensitively: `en-xa` too), or nil.
    public init?(tag: String) {
        guard let found = Self.allCases.first(where: { $0.rawValue.caseInsensitiveCompare(tag) == .orderedSame }) else { return nil }
        self = found
    }

    /// Whether `tag` names a pseudo-locale.
    public static func isPseudo(_ tag: String?) -> Bool { tag.flatMap(PseudoLocale.init(tag:)) != nil }

    /// The tag as written (`en-XA`, `ar-XB`).
    public var tag: String { rawValue }

    /// `text` (in the base language) in this pseudo-locale.
    public func transform(_ text: String) -> String {
        switch self {
        case .accented: return Self.accent(text)
        case .mirrored: return Self.mirror(text)
        }
    }

    /// The words added to make a text about 40% longer, in turn.
    private static let padding = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

    private static func accent(_ text: String) -> String {
        var out = "["
        var letters = 0
        var rest = text.unicodeScalars[...]
        while let c = rest.first {
            if c == "%", let digit = rest.dropFirst().first, ("1"..."9").contains(digit) {
                out.unicodeScalars.append(c); out.unicodeScalars.append(digit)
                rest = rest.dropFirst(2)
                continue
            }
            if let accented = accents[c] { out.unicodeScalars.append(accented); letters += 1 } else {
                out.unicodeScalars.append(c)
                if c.properties.isAlphabetic { letters += 1 }
            }
            rest = rest.dropFirst()
        }
        // About 40% more characters: whole padding words, at least one when there is any text.
        var added = 0
        var words: [String] = []
        let wanted = (letters * 2 + 4) / 5
        while letters > 0, added < wanted || words.isEmpty {
            let word = padding[words.count % padding.count]
            words.append(word)
            added += word.count + 1
        }
        if !words.isEmpty { out += " " + words.joined(separator: " ") }
        return out + "]"
    }

    private static func mirror(_ text: String) -> String {
        // U+200F (right-to-left mark) sets the paragraph's direction; U+202E … U+202C (a
        // right-to-left override) around each word runs its letters from the right.
        var out = "\u{200F}"
        var word = ""
        func flush() {
            guard !word.isEmpty else { return }
            out += word.hasPrefix("%") && word.count == 2 ? word : "\u{202E}" + word + "\u{202C}"
            word = ""
        }
        for c in text {
            if c.isWhitespace || c.isNewline { flush(); out.append(c) } else { word.append(c) }
        }
        flush()
        return out
    }

    private static let accents: [Unicode.Scalar: Unicode.Scalar] = {
        let plain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        let marked = "åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"
        return Dictionary(uniqueKeysWithValues: zip(plain.unicodeScalars, marked.unicodeScalars))
    }()
}
