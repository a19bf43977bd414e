/// What a message offers when a name is not known (an id, a state, an event, a screen, a tab, a
/// language): the name meant, when the word is a slip away from one, else the nearest few known
/// names and how many more (`known: play, plays, pause and 9,997 more`), so a message stays one
/// line however many names an app declares.
///
/// Nearness is the edit distance over lowercased characters, measured with a bound: a name whose
/// length differs from the word's by more than the bound is passed over, and a distance stops as
/// soon as it passes it (`boundedEditDistance`), so a list of thousands of names costs little more
/// than reading it. `NameSuggestions` measures each distinct word once, and only the first few.
package enum KnownNames {
    /// How many names a list shows before "and N more".
    package static let shown = 6
    /// A list this short is shown whole, in its own order: it reads better than its nearest part.
    package static let wholeList = 10

    /// ` (did you mean "x"?)` for a near miss, else ` (known: …)`: every name when there are at most
    /// `shown` (or `wholeList`), else the `shown` nearest and how many more.
    package static func suggestion(for word: String, among known: [String], shown: Int = shown) -> String {
        var names = NameSuggestions(known, shown: shown)
        return names.suggestion(for: word)
    }

    /// "a, b, c and 9,997 more": every name when there are at most `shown`, else the `shown` nearest
    /// to `word` (nearest first, ties in the given order; the first ones when `word` is nil) and
    /// how many more. `describe` spells a shown name given its place in the list (0: the nearest).
    package static func list(_ known: [String], near word: String?, shown: Int = shown,
                             describe: (String, Int) -> String = { name, _ in name }) -> String {
        var names = NameSuggestions(known, shown: shown)
        return names.list(near: word, describe: describe)
    }

    /// `names` joined as a list shows them: the names, then " and N more" when `total` is larger.
    package static func joined(_ names: [String], of total: Int) -> String {
        let shown = names.joined(separator: ", ")
        return total > names.count ? shown + " and \(counted(total - names.count)) more" : shown
    }

    /// `n` with a comma between thousands: "9,997".
    package static func counted(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, digit) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return n < 0 ? "-" + out : out
    }

    /// How far a word may be from a name it is a slip of: one edit for short words, up to three.
    static func nearMissBound(for word: [Character]) -> Int { max(1, min(3, word.count / 3)) }
}

/// The suggestions for unknown names of one list (the app's states, its screens, the ids on a
/// tab): each distinct word is measured against the list once, and only the first
/// `maxWordsMeasured` are measured at all; the ones after are offered the list's first names, so a
/// file that names 15,000 unknown states costs no more than one that names a hundred.
package struct NameSuggestions {
    /// How many distinct words a list is measured against.
    package static let maxWordsMeasured = 100

    /// The known names, in the order given.
    package let known: [String]
    /// How many names a list shows.
    let shown: Int
    private let lowered: [[Character]]
    private var nearestByWord: [String: [Int]] = [:]
    private var nearMissByWord: [String: Int?] = [:]
    private var measured = Set<String>()

    /// Suggestions among `known`, lists showing `shown` names.
    package init(_ known: [String], shown: Int = KnownNames.shown) {
        self.known = known
        self.shown = max(1, shown)
        lowered = known.map { Array($0.lowercased().prefix(64)) }
    }

    /// ` (did you mean "x"?)` for a near miss, else ` (known: …)` as `list(near:)` spells it.
    package mutating func suggestion(for word: String) -> String {
        if let near = nearMiss(for: word) { return " (did you mean \(quoted(near))?)" }
        return " (known: \(list(near: word)))"
    }

    /// The known name `word` is a slip of (`KnownNames.nearMissBound` edits at most, the first of
    /// the nearest), or nil.
    package mutating func nearMiss(for word: String) -> String? {
        if let hit = nearMissByWord[word] { return hit.map { known[$0] } }
        guard measures(word) else { return nil }
        let w = Array(word.lowercased().prefix(64))
        var best: (index: Int, distance: Int)?
        var bound = KnownNames.nearMissBound(for: w)
        for (i, name) in lowered.enumerated() {
            guard let d = boundedEditDistance(w, name, atMost: bound) else { continue }
            best = (i, d)
            if d == 0 { break }
            bound = d - 1
        }
        nearMissByWord[word] = best.map(\.index)
        return best.map { known[$0.index] }
    }

    /// The `shown` known names nearest to `word`, nearest first (ties in the given order): every
    /// one, in order, when there are no more than `shown` or `KnownNames.wholeList`; the first ones
    /// when `word` is nil or past the words measured.
    package mutating func nearest(to word: String?) -> [String] {
        guard known.count > max(shown, KnownNames.wholeList) else { return known }
        guard let word else { return Array(known.prefix(shown)) }
        if let hit = nearestByWord[word] { return hit.map { known[$0] } }
        guard measures(word) else { return Array(known.prefix(shown)) }
        let w = Array(word.lowercased().prefix(64))
        // The nearest so far, in order; a name must come nearer than the last of them to enter.
        var best: [(index: Int, distance: Int)] = []
        for (i, name) in lowered.enumerated() {
            let bound = best.count == shown ? best[shown - 1].distance - 1 : max(w.count, name.count)
            guard bound >= 0, let d = boundedEditDistance(w, name, atMost: bound) else { continue }
            let at = best.firstIndex { $0.distance > d } ?? best.count
            best.insert((i, d), at: at)
            if best.count > shown { best.removeLast() }
        }
        let indices = best.map(\.index)
        nearestByWord[word] = indices
        return indices.map { known[$0] }
    }

    /// "a, b, c and 9,997 more": `nearest(to:)`, each spelt by `describe` (given its place), then
    /// how many more.
    package mutating func list(near word: String?, describe: (String, Int) -> String = { name, _ in name }) -> String {
        let names = nearest(to: word).enumerated().map { describe($1, $0) }
        return KnownNames.joined(names, of: known.count)
    }

    /// Whether `word` is measured: it was before, or fewer than `maxWordsMeasured` words were.
    private mutating func measures(_ word: String) -> Bool {
        if measured.contains(word) { return true }
        guard measured.count < Self.maxWordsMeasured else { return false }
        measured.insert(word)
        return true
    }
}

/// The edit distance between `a` and `b` as `editDistance` counts it (a swap of neighbours is one
/// edit), or nil when it is more than `limit`. Only the band of cells within `limit` of the
/// diagonal is filled, and the walk stops at the first row whose cells all pass `limit`: the cost
/// is the length times the bound, not the product of the lengths.
package func boundedEditDistance(_ a: [Character], _ b: [Character], atMost limit: Int) -> Int? {
    let n = a.count, m = b.count
    guard limit >= 0, abs(n - m) <= limit else { return nil }
    guard n > 0, m > 0 else { return max(n, m) }
    let outside = limit + 1
    var beforePrevious = [Int](repeating: outside, count: m + 1)
    var previous = beforePrevious
    var current = beforePrevious
    for j in 0...min(m, limit) { previous[j] = j }
    for i in 1...n {
        let low = max(1, i - limit), high = min(m, i + limit)
        current[low - 1] = low == 1 && i <= limit ? i : outside
        var rowLeast = current[low - 1]
        for j in low...high {
            var v = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { v = min(v, beforePrevious[j - 2] + 1) }
            v = min(v, outside)
            current[j] = v
            rowLeast = min(rowLeast, v)
        }
        // The next row reads one cell past this row's band: it must read as out of reach.
        if high < m { current[high + 1] = outside }
        guard rowLeast <= limit else { return nil }
        (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[m] <= limit ? previous[m] : nil
}
