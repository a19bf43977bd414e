/// Parses JSON text (UTF-8 bytes) into `JSONNode`s that keep their line numbers.
///
/// Strict RFC 8259 grammar, with a leading byte-order mark allowed. It never traps: nesting deeper
/// than `maxDepth`, numbers beyond `Double`, lone surrogates, control characters in strings and
/// invalid UTF-8 are all reported as a `JSONSyntaxError` with the line and the path being read.
/// A caller may give the most values a document holds (`maxValues`): they are counted as they are
/// read, so a file of a million tiny values is refused at the line that passes the limit, before
/// its tree is built (each node takes far more memory than its few bytes of text).
public struct JSONParser {
    /// How deep arrays and objects may nest.
    public static let maxDepth = 64

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var path: [JSONPath.Component] = []
    private let maxValues: Int
    private var values = 0
    /// Whether values below the top level's are kept; when not, they are read and let go.
    private let keepsNestedValues: Bool

    private init(bytes: [UInt8], maxValues: Int = .max, keepsNestedValues: Bool = true) {
        self.bytes = bytes
        self.maxValues = maxValues
        self.keepsNestedValues = keepsNestedValues
    }

    /// Parses one JSON document of at most `maxValues` values (objects, lists, strings, numbers,
    /// `true`, `false` and `null`, each counted once).
    public static func parse(_ bytes: [UInt8], maxValues: Int = .max) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(bytes: bytes, maxValues: maxValues)
        return try parser.document()
    }

    /// The keys of the object a document is, in order, checked as `parse` checks the whole file
    /// but keeping nothing below them (a file's kind is told by its keys at little cost); nil when
    /// the document is not an object.
    public static func topLevelKeys(_ bytes: [UInt8]) throws(JSONSyntaxError) -> [String]? {
        var parser = JSONParser(bytes: bytes, keepsNestedValues: false)
        guard case .object(let members) = try parser.document().value else { return nil }
        return members.map(\.key)
    }

    private mutating func document() throws(JSONSyntaxError) -> JSONNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        guard index == bytes.count else {
            throw error("expected the end of the file after the top-level value, found \(found())")
        }
        return value
    }

    /// Parses one JSON document from a string.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode { try parse(Array(text.utf8)) }

    // MARK: - Values

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        values += 1
        guard values <= maxValues else {
            throw error("the file holds more than \(maxValues) values (objects, lists, strings and numbers), the most it may hold")
        }
        let from = index
        var node = try parseBareValue(depth: depth)
        node.span = from..<index
        return node
    }

    private mutating func parseBareValue(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        guard index < bytes.count else { throw error("expected a value, found the end of the file") }
        let start = line
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return JSONNode(.string(try parseString()), line: start)
        case UInt8(ascii: "t"): try literal("true"); return JSONNode(.bool(true), line: start)
        case UInt8(ascii: "f"): try literal("false"); return JSONNode(.bool(false), line: start)
        case UInt8(ascii: "n"): try literal("null"); return JSONNode(.null, line: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONNode(.number(try parseNumber()), line: start)
        default: throw error("expected a value (an object, list, string, number, true, false or null), found \(found())")
        }
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let w = Array(word.utf8)
        guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else {
            throw error("expected a value (an object, list, string, number, true, false or null), found \(found(word: true))")
        }
        index += w.count
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        guard depth <= JSONParser.maxDepth else { throw error("objects and lists nest deeper than \(JSONParser.maxDepth) levels") }
        let start = line
        index += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if peek == UInt8(ascii: "}") { index += 1; return JSONNode(.object(members), line: start) }
        while true {
            skipWhitespace()
            guard peek == UInt8(ascii: "\"") else {
                throw error(members.isEmpty ? "expected a key in double quotes or \"}\", found \(found())"
                                            : "expected a key in double quotes, found \(found())")
            }
            let keyLine = line
            let keyStart = index
            let key = try parseString()
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else { throw error("expected \":\" after the key \(quoted(key)), found \(found())") }
            index += 1
            skipWhitespace()
            path.append(.key(key))
            let value = try parseValue(depth: depth)
            path.removeLast()
            var member = JSONMember(key: key, keyLine: keyLine, value: value)
            member.span = keyStart..<index
            if keepsNestedValues || depth == 1 { members.append(member) }
            skipWhitespace()
            if peek == UInt8(ascii: ",") { index += 1; continue }
            if peek == UInt8(ascii: "}") { index += 1; return JSONNode(.object(members), line: start) }
            throw error("expected \",\" or \"}\" after the value of \(quoted(key)), found \(found())")
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        guard depth <= JSONParser.maxDepth else { throw error("objects and lists nest deeper than \(JSONParser.maxDepth) levels") }
        let start = line
        index += 1
        var elements: [JSONNode] = []
        var count = 0
        skipWhitespace()
        if peek == UInt8(ascii: "]") { index += 1; return JSONNode(.array(elements), line: start) }
        while true {
            skipWhitespace()
            path.append(.index(count))
            count += 1
            let value = try parseValue(depth: depth)
            path.removeLast()
            if keepsNestedValues || depth == 1 { elements.append(value) }
            skipWhitespace()
            if peek == UInt8(ascii: ",") { index += 1; continue }
            if peek == UInt8(ascii: "]") { index += 1; return JSONNode(.array(elements), line: start) }
            throw error("expected \",\" or \"]\" after a list element, found \(found())")
        }
    }

    // MARK: - Numbers

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        func digits() -> Int {
            let s = index
            while let b = peek, b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") { index += 1 }
            return index - s
        }
        if peek == UInt8(ascii: "-") { index += 1 }
        if peek == UInt8(ascii: "0") {
            index += 1
            if let b = peek, b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") { throw error("numbers may not start with 0 (found \(found()) after it)") }
        } else if digits() == 0 {
            throw error("expected a digit in a number, found \(found())")
        }
        if peek == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("expected a digit after the decimal point, found \(found())") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("expected a digit in the exponent, found \(found())") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("the number \(text.count > 40 ? String(text.prefix(40)) + "…" : text) is out of range")
        }
        return value
    }

    // MARK: - Strings

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1 // the opening quote
        // Most strings have no escape: one UTF-8 check of the bytes up to the closing quote.
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            let start = index
            index = end + 1
            guard let s = String(validating: bytes[start..<end], as: UTF8.self) else { throw error("invalid UTF-8 in a string (the file must be UTF-8 text)") }
            return s
        }
        var utf8: [UInt8] = []
        var scalars = String.UnicodeScalarView()
        func flush() throws(JSONSyntaxError) {
            guard !utf8.isEmpty else { return }
            guard let s = String(validating: utf8, as: UTF8.self) else { throw error("invalid UTF-8 in a string (the file must be UTF-8 text)") }
            scalars.append(contentsOf: s.unicodeScalars)
            utf8.removeAll(keepingCapacity: true)
        }
        while true {
            guard let b = peek else { throw error("unterminated string (expected a closing \")") }
            switch b {
            case UInt8(ascii: "\""):
                index += 1
                try flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flush()
                index += 1
                scalars.append(try parseEscape())
            case 0..<0x20:
                throw error(b == 0x0A ? "unterminated string (a line break inside a string must be written \\n)"
                                      : "control character \(found()) inside a string (escape it)")
            default:
                utf8.append(b)
                index += 1
            }
        }
    }

    private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let b = peek else { throw error("unterminated string (expected a closing \")") }
        index += 1
        switch b {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hex4()
            if (0xD800...0xDBFF).contains(high) {
                guard peek == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("lone surrogate \\u\(String(high, radix: 16, uppercase: true)) (expected a low surrogate \\uDC00…\\uDFFF after it)")
                }
                index += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("\\u\(String(high, radix: 16, uppercase: true)) must be followed by a low surrogate \\uDC00…\\uDFFF")
                }
                let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                return Unicode.Scalar(value) ?? "\u{FFFD}"
            }
            guard let scalar = Unicode.Scalar(high) else {
                throw error("lone surrogate \\u\(String(high, radix: 16, uppercase: true))")
            }
            return scalar
        default:
            index -= 1
            // A visible character after the backslash is shown as written; anything else is quoted.
            let shown = (0x21..<0x7F).contains(b) ? "\\" + String(Unicode.Scalar(b)) : "\\ followed by \(found())"
            throw error("unknown escape \(shown) (expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let b = peek else { throw error("expected four hex digits after \\u, found the end of the file") }
            let d: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("expected four hex digits after \\u, found \(found())")
            }
            v = v << 4 | d
            index += 1
        }
        return v
    }

    // MARK: - Scanning

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let b = peek {
            switch b {
            case 0x0A: line += 1; index += 1
            case 0x20, 0x09, 0x0D: index += 1
            default: return
            }
        }
    }

    /// What is at the current position, for messages.
    private func found(word: Bool = false) -> String {
        guard index < bytes.count else { return "the end of the file" }
        let b = bytes[index]
        if b >= 0x80 {
            // One UTF-8 sequence, if it is valid.
            let len = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
            if index + len <= bytes.count, let s = String(validating: bytes[index..<index + len], as: UTF8.self) {
                return quoted(s)
            }
            return "the byte 0x\(String(b, radix: 16, uppercase: true)), which is not UTF-8 text"
        }
        if word {
            var end = index
            while end < bytes.count, end - index < 20, bytes[end] < 0x80,
                  Character(Unicode.Scalar(bytes[end])).isLetter || Character(Unicode.Scalar(bytes[end])).isNumber { end += 1 }
            if end > index { return quoted(String(decoding: bytes[index..<end], as: UTF8.self)) }
        }
        return quoted(String(Unicode.Scalar(b)))
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, path: JSONPath(components: path).description, message: message, offset: index)
    }
}
