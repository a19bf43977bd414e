/// Typed reads from a `JSONNode` tree that collect a diagnostic for every problem instead of
/// stopping at the first: wrong types, unknown and duplicate keys, values out of range.
package struct SchemaReader {
    /// The file the diagnostics name.
    package let file: String
    /// Every problem found so far, in the order found.
    package private(set) var diagnostics: [Diagnostic] = []
    /// A count a decoder keeps as it reads (a screens file's views), so a limit on it stops the
    /// reading where it is passed rather than after everything is built.
    package var tally = 0

    /// A reader whose diagnostics name `file`.
    package init(file: String) { self.file = file }

    /// An error at `line` and `path`.
    package mutating func report(_ line: Int?, _ path: JSONPath, _ message: String) {
        diagnostics.append(Diagnostic(file: file, line: line, path: path.description, message: message))
    }

    /// Something that does nothing (a corner radius on a circle): listed, never fatal.
    package mutating func warn(_ line: Int?, _ path: JSONPath, _ message: String) {
        diagnostics.append(Diagnostic(file: file, line: line, path: path.description, message: message, severity: .warning))
    }

    /// The members of an object by key (the first of duplicates), after reporting duplicate keys
    /// and keys not in `known` (nil: every key is welcome, for an object whose keys are names:
    /// screens, states, languages). Nil (reported) when `node` is not an object.
    package mutating func object(_ node: JSONNode, at path: JSONPath, known: [String]?, what: String) -> [String: JSONMember]? {
        guard case .object(let members) = node.value else {
            report(node.line, path, "expected \(what), found \(node.kindDescription)")
            return nil
        }
        var byKey: [String: JSONMember] = [:]
        for m in members {
            if let first = byKey[m.key] {
                report(m.keyLine, path.appending(m.key), "duplicate key (first given on line \(first.keyLine))")
                continue
            }
            byKey[m.key] = m
            if let known, !known.contains(m.key) {
                report(m.keyLine, path.appending(m.key), "unknown key" + SchemaReader.suggestion(for: m.key, among: known))
            }
        }
        return byKey
    }

    /// ` (did you mean "x"?)` for a near miss, else ` (known: a, b, c)`: every one of `known`, a
    /// list of Limelight's own words (keys, widgets, icons). Names a file declares are offered
    /// with `KnownNames`, the nearest few.
    package static func suggestion(for word: String, among known: [String]) -> String {
        KnownNames.suggestion(for: word, among: known, shown: .max)
    }

    /// The edit distance over characters, a swap of neighbours one edit (short strings only: keys and ids).
    package static func editDistance(_ a: String, _ b: String) -> Int { Schema.editDistance(a, b) }

    // MARK: - Typed values

    package mutating func string(_ node: JSONNode, at path: JSONPath, nonEmpty: Bool = false) -> String? {
        guard case .string(let s) = node.value else {
            report(node.line, path, "expected a string, found \(node.kindDescription)")
            return nil
        }
        if nonEmpty && s.isEmpty {
            report(node.line, path, "expected a non-empty string, found \"\"")
            return nil
        }
        return s
    }

    /// The most characters a text shown on screen may have (a bubble's title or text, a label):
    /// far more than a bubble shows, few enough that laying it out stays quick.
    package static let maxTextCharacters = 10_000

    /// A string shown on screen: at most `maxTextCharacters` characters.
    package mutating func text(_ node: JSONNode, at path: JSONPath) -> String? {
        guard let s = string(node, at: path) else { return nil }
        guard SchemaReader.isWithinTextLimit(s) else {
            report(node.line, path, "expected a text of at most \(SchemaReader.maxTextCharacters) characters, found a longer one (\(s.utf8.count) bytes)")
            return nil
        }
        return s
    }

    /// Whether `s` may be a text shown on screen: at most `maxTextCharacters` characters (counted
    /// only as far as the limit, and not at all when its bytes are fewer). What writes a tour's
    /// texts (an import of translations) checks with this, so the file it writes still loads.
    package static func isWithinTextLimit(_ s: String) -> Bool {
        guard s.utf8.count > maxTextCharacters else { return true }
        var count = 0
        for _ in s { count += 1; if count > maxTextCharacters { return false } }
        return true
    }

    package mutating func bool(_ node: JSONNode, at path: JSONPath) -> Bool? {
        guard case .bool(let b) = node.value else {
            report(node.line, path, "expected true or false, found \(node.kindDescription)")
            return nil
        }
        return b
    }

    package mutating func number(_ node: JSONNode, at path: JSONPath, in range: ClosedRange<Double>, meaning: String = "a number") -> Double? {
        guard case .number(let v) = node.value else {
            report(node.line, path, "expected \(meaning), found \(node.kindDescription)")
            return nil
        }
        guard range.contains(v) else {
            // The bound that was passed, and only it: "≥ 0" for -1, "from 0 to 100000" for 1e308.
            let kind = meaning.hasPrefix("a whole number") ? "a whole number" : "a number"
            let expected: String
            if range.upperBound == .greatestFiniteMagnitude || (v < range.lowerBound && range.upperBound >= 1e6) {
                expected = "\(kind) ≥ \(range.lowerBound.jsonText)"
            } else {
                expected = "\(kind) from \(range.lowerBound.jsonText) to \(range.upperBound.jsonText)"
            }
            let isSize = meaning.contains("(width)") || meaning.contains("(height)")
            report(node.line, path, "expected \(expected), found \(v.jsonText)" + (v < 0 && isSize ? " (sizes may not be negative)" : ""))
            return nil
        }
        return v
    }

    /// A whole number within `range`, else nil with the problem reported ("expected a whole number
    /// from 1 to 100000, found 2.5"). `range` stays within ±2⁵³, where every whole Double is an Int.
    package mutating func wholeNumber(_ node: JSONNode, at path: JSONPath, in range: ClosedRange<Double>) -> Int? {
        guard let v = number(node, at: path, in: range, meaning: "a whole number") else { return nil }
        guard v == v.rounded() else {
            report(node.line, path, "expected \(ValueKind.numberText(range, whole: true)), found \(v.jsonText)")
            return nil
        }
        return Int(v)
    }

    /// A string, or an object of strings by language code (`{"en": "…", "ja": "…"}`): returns the
    /// default (English when given, else the first) and the whole table.
    package mutating func localizedText(_ node: JSONNode, at path: JSONPath) -> (String?, [String: String]) {
        guard case .object(let members) = node.value else { return (text(node, at: path), [:]) }
        var table: [String: String] = [:]
        var first: String?
        if members.isEmpty { report(node.line, path, "expected a string, or an object of strings by language code such as {\"en\": \"…\", \"ja\": \"…\"}, found an empty object") }
        for m in members {
            let keyPath = path.appending(m.key)
            guard LanguageTagSyntax.isWellFormed(m.key) else {
                report(m.keyLine, keyPath, "expected a language tag such as en, ja, zh-Hans or pt-BR")
                continue
            }
            guard table[m.key] == nil else { continue }
            if let s = text(m.value, at: keyPath) {
                table[m.key] = s
                if first == nil { first = s }
            }
        }
        return (table["en"] ?? first, table)
    }

    /// A name: ASCII letters, digits, `.`, `_` and `-`, at most `maxLength` of them (an id, a
    /// tour's name), else nil with the problem reported.
    package mutating func name(_ node: JSONNode, at path: JSONPath, maxLength: Int) -> String? {
        guard let s = string(node, at: path, nonEmpty: true) else { return nil }
        guard s.count <= maxLength, s.unicodeScalars.allSatisfy({ $0.isASCII && (Character($0).isLetter || Character($0).isNumber || "._-".unicodeScalars.contains($0)) }) else {
            report(node.line, path, "expected a name of letters, digits, \".\", \"_\" and \"-\" (at most \(maxLength)), found \(quoted(s))")
            return nil
        }
        return s
    }

    /// A colour `"#RRGGBB"` as its red, green and blue, else nil with the problem reported.
    package mutating func color(_ node: JSONNode, at path: JSONPath) -> (red: UInt8, green: UInt8, blue: UInt8)? {
        guard let s = string(node, at: path) else { return nil }
        let digits = s.utf8.dropFirst()
        if s.utf8.count == 7, s.hasPrefix("#"), digits.allSatisfy({ (48...57).contains($0) || (65...70).contains($0) || (97...102).contains($0) }),
           let v = UInt32(String(s.dropFirst()), radix: 16) {
            return (UInt8(v >> 16), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF))
        }
        report(node.line, path, "expected a colour \"#RRGGBB\" such as \"#FFFFFF\", found \(quoted(s))")
        return nil
    }

    /// One of `choices` (a string).
    package mutating func choice<T>(_ node: JSONNode, at path: JSONPath, _ choices: [(String, T)]) -> T? {
        let names = choices.map { quoted($0.0) }.joined(separator: ", ")
        guard case .string(let s) = node.value else {
            report(node.line, path, "expected one of \(names), found \(node.kindDescription)")
            return nil
        }
        guard let hit = choices.first(where: { $0.0 == s }) else {
            report(node.line, path, "expected one of \(names), found \(quoted(s))")
            return nil
        }
        return hit.1
    }
}

/// The edit distance between `a` and `b` over characters, each cut to 64, where two neighbours
/// swapped count as one edit (the optimal string alignment distance, as spell checkers count):
/// how near a misspelt key or id ("gird", "lable") is to a known one.
public func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.prefix(64)), b = Array(b.prefix(64))
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var beforePrevious = Array(0...b.count)
    var previous = beforePrevious
    var current = previous
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], beforePrevious[j - 2] + 1)
            }
        }
        (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
}
