import Schema

/// One line of an events log as `analyze` reads it: the contract's fields, checked.
public struct EventLine: Sendable {
    /// When, in microseconds since 1970-01-01T00:00:00Z.
    public var time: Int64 = 0
    /// The anonymous user.
    public var user = ""
    /// The session.
    public var session = ""
    /// What happened.
    public var kind: EventKind = .app
    /// The tour's id (tour events).
    public var tour: String?
    /// The step, counting from 1.
    public var step: Int?
    /// The arm (`holdout` included).
    public var variant: String?
    /// For `targetMissing`: why.
    public var cause: String?
    /// For `advanced`: what moved the step on.
    public var by: String?
    /// For `app`: the app's event.
    public var name: String?
    /// The language the tour ran in.
    public var language: String?
    /// The screen's size (`390x844`).
    public var screen: String?
    /// The checklist's id (checklist events).
    public var checklist: String?
    /// The checklist's item (`itemLaunched`, `itemDone`).
    public var item: String?

    /// The longest string field read, in bytes.
    static let maxField = 1024
    /// The deepest nesting skipped inside an unknown member.
    static let maxDepth = 64

    /// The event in `line` (a JSON object on one line), or why it is not one.
    public static func parse(_ line: UnsafeBufferPointer<UInt8>) throws(LineProblem) -> EventLine {
        var s = Scanner(bytes: line)
        return try s.event()
    }
}

/// Why a line is not an event, in words for `FILE:LINE: …`.
public struct LineProblem: Error, Sendable, CustomStringConvertible {
    /// What is wrong and what was expected.
    public var description: String
    init(_ description: String) { self.description = description }
}

/// A byte scanner over one line: a flat JSON object whose members the contract names are read, the
/// rest skipped (nested ones too, to a depth).
struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0D || bytes[i] == 0x0A { i += 1 }
    }

    /// The contract's keys, by their bytes (a key is matched without making a string of it).
    static let keys: [(bytes: [UInt8], id: UInt8)] = ["time", "user", "session", "event", "tour", "step", "variant", "cause", "by", "name", "language", "screen", "checklist", "item"]
        .enumerated().map { (Array($0.element.utf8), UInt8($0.offset)) }
    /// The events' names, by their bytes.
    static let kinds: [(bytes: [UInt8], kind: EventKind)] = EventKind.allCases.map { (Array($0.rawValue.utf8), $0) }

    /// The string at `i` as a range of the line (its quotes excluded), and whether it holds escapes.
    mutating func rawString() throws(LineProblem) -> (Range<Int>, Bool) {
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw cutOrBad("expected a string") }
        i += 1
        let start = i
        var escaped = false
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") { break }
            if c == UInt8(ascii: "\\") { escaped = true; i += 2; continue }
            if c < 0x20 { throw LineProblem("a control character inside a string") }
            i += 1
        }
        guard i < bytes.count else { throw LineProblem("the line is cut off (inside a string)") }
        let range = start..<i
        i += 1
        guard range.count <= EventLine.maxField else { throw LineProblem("a string of \(range.count) bytes (at most \(EventLine.maxField))") }
        return (range, escaped)
    }

    /// Whether the bytes in `range` are `word`'s.
    func equals(_ range: Range<Int>, _ word: [UInt8]) -> Bool {
        guard range.count == word.count else { return false }
        var k = 0
        for j in range { if bytes[j] != word[k] { return false }; k += 1 }
        return true
    }

    /// The text in `range` (unescaped when `escaped`).
    func text(_ range: Range<Int>, escaped: Bool) throws(LineProblem) -> String {
        let raw = UnsafeBufferPointer(rebasing: bytes[range])
        return escaped ? try unescape(raw) : String(decoding: raw, as: UTF8.self)
    }

    mutating func event() throws(LineProblem) -> EventLine {
        try checkUTF8()
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else {
            throw LineProblem(i >= bytes.count ? "an empty line (expected a JSON object)" : "not a JSON object (expected {\"time\": …, \"user\": …, \"event\": …})")
        }
        i += 1
        var e = EventLine()
        var seen: UInt16 = 0
        var kindRange: (Range<Int>, Bool)?
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1 } else {
            while true {
                skipSpace()
                let (keyRange, keyEscaped) = try rawString()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw cutOrBad("expected : after the key \(quoted(try text(keyRange, escaped: keyEscaped)))") }
                i += 1
                skipSpace()
                guard i < bytes.count else { throw cutOrBad("expected a value") }
                var id: UInt8 = 255
                if !keyEscaped { for k in Scanner.keys where equals(keyRange, k.bytes) { id = k.id; break } }
                func field() throws(LineProblem) -> String {
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
                        throw cutOrBad("\(quoted(String(decoding: UnsafeBufferPointer(rebasing: bytes[keyRange]), as: UTF8.self))) expects a string")
                    }
                    let (r, esc) = try rawString()
                    return try text(r, escaped: esc)
                }
                switch id {
                case 0: e.time = try timestamp(); seen |= 1
                case 1: e.user = try field(); seen |= 2
                case 2: e.session = try field(); seen |= 4
                case 3:
                    guard bytes[i] == UInt8(ascii: "\"") else { throw LineProblem("\"event\" expects a string") }
                    kindRange = try rawString()
                case 4: e.tour = try field()
                case 5: e.step = try wholeNumber("step")
                case 6: e.variant = try field()
                case 7: e.cause = try field()
                case 8: e.by = try field()
                case 9: e.name = try field()
                case 10: e.language = try field()
                case 11: e.screen = try field()
                case 12: e.checklist = try field()
                case 13: e.item = try field()
                default: try skipValue(depth: 0)
                }
                skipSpace()
                guard i < bytes.count else { throw LineProblem("the line is cut off (expected , or })") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; break }
                throw LineProblem("expected , or } after the member \(quoted(try text(keyRange, escaped: keyEscaped)))")
            }
        }
        skipSpace()
        guard i == bytes.count else { throw LineProblem("more after the object's end (expected one JSON object per line)") }
        guard seen & 1 != 0 else { throw LineProblem("missing \"time\" (UTC, RFC 3339 with milliseconds: \"2026-12-05T09:30:00.000Z\")") }
        guard seen & 2 != 0, !e.user.isEmpty else { throw LineProblem("missing \"user\" (an anonymous id)") }
        guard seen & 4 != 0, !e.session.isEmpty else { throw LineProblem("missing \"session\"") }
        guard let (kr, kescaped) = kindRange else { throw LineProblem("missing \"event\"") }
        var found: EventKind?
        if !kescaped { for k in Scanner.kinds where equals(kr, k.bytes) { found = k.kind; break } }
        guard let kind = found else {
            throw LineProblem("unknown event \(quoted(try text(kr, escaped: kescaped))) (expected one of \(EventKind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let kindName = kind.rawValue
        e.kind = kind
        if kind.isTourEvent, e.tour?.isEmpty != false { throw LineProblem("a \(kindName) event without \"tour\"") }
        if kind.needsStep, e.step == nil { throw LineProblem("a \(kindName) event without \"step\" (counting from 1)") }
        if kind == .assigned, e.variant?.isEmpty != false { throw LineProblem("an assigned event without \"variant\" (the arm, or \"holdout\")") }
        if kind == .targetMissing, e.cause?.isEmpty != false { throw LineProblem("a targetMissing event without \"cause\"") }
        if kind == .app, e.name?.isEmpty != false { throw LineProblem("an app event without \"name\"") }
        if kind.isChecklistEvent, e.checklist?.isEmpty != false { throw LineProblem("a \(kindName) event without \"checklist\"") }
        if kind == .itemLaunched || kind == .itemDone, e.item?.isEmpty != false { throw LineProblem("an \(kindName) event without \"item\"") }
        return e
    }

    /// A line cut off at its end says so; anything else says what was expected.
    func cutOrBad(_ what: String) -> LineProblem {
        i >= bytes.count ? LineProblem("the line is cut off (\(what))") : LineProblem(what)
    }

    /// Invalid UTF-8 anywhere in the line is refused before anything is read.
    func checkUTF8() throws(LineProblem) {
        var k = 0
        let n = bytes.count
        // Eight bytes at a time while they are ASCII.
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while k + 8 <= n, raw.loadUnaligned(fromByteOffset: k, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { k += 8 }
        }
        while k < n {
            let b = bytes[k]
            if b < 0x80 { k += 1; continue }
            let length: Int, low: UInt8, high: UInt8
            switch b {
            case 0xC2...0xDF: length = 2; low = 0x80; high = 0xBF
            case 0xE0: length = 3; low = 0xA0; high = 0xBF
            case 0xE1...0xEC, 0xEE...0xEF: length = 3; low = 0x80; high = 0xBF
            case 0xED: length = 3; low = 0x80; high = 0x9F
            case 0xF0: length = 4; low = 0x90; high = 0xBF
            case 0xF1...0xF3: length = 4; low = 0x80; high = 0xBF
            case 0xF4: length = 4; low = 0x80; high = 0x8F
            default: throw LineProblem("invalid UTF-8 at byte \(k + 1)")
            }
            guard k + length <= n, (low...high).contains(bytes[k + 1]) else { throw LineProblem("invalid UTF-8 at byte \(k + 1)") }
            for j in 2..<length where bytes[k + j] & 0xC0 != 0x80 { throw LineProblem("invalid UTF-8 at byte \(k + 1)") }
            k += length
        }
    }

    /// A JSON string at `i`, unescaped.
    mutating func string() throws(LineProblem) -> String {
        let (range, escaped) = try rawString()
        return try text(range, escaped: escaped)
    }

    /// `raw` with its escapes (`\n`, `\u00e9`, surrogate pairs) decoded.
    func unescape(_ raw: UnsafeBufferPointer<UInt8>) throws(LineProblem) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var k = 0
        func hex4(_ at: Int) -> UInt32? {
            guard at + 4 <= raw.count else { return nil }
            var v: UInt32 = 0
            for j in at..<at + 4 {
                let c = raw[j]
                let d: UInt32
                switch c {
                case 0x30...0x39: d = UInt32(c - 0x30)
                case 0x41...0x46: d = UInt32(c - 0x37)
                case 0x61...0x66: d = UInt32(c - 0x57)
                default: return nil
                }
                v = v << 4 | d
            }
            return v
        }
        while k < raw.count {
            let c = raw[k]
            guard c == UInt8(ascii: "\\") else { out.append(c); k += 1; continue }
            guard k + 1 < raw.count else { throw LineProblem("a string ends in a lone backslash") }
            let e = raw[k + 1]
            k += 2
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(8)
            case UInt8(ascii: "f"): out.append(12)
            case UInt8(ascii: "n"): out.append(10)
            case UInt8(ascii: "r"): out.append(13)
            case UInt8(ascii: "t"): out.append(9)
            case UInt8(ascii: "u"):
                guard var scalar = hex4(k) else { throw LineProblem("a \\u escape without four hex digits") }
                k += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    guard k + 6 <= raw.count, raw[k] == UInt8(ascii: "\\"), raw[k + 1] == UInt8(ascii: "u"), let low = hex4(k + 2), (0xDC00...0xDFFF).contains(low) else {
                        throw LineProblem("a \\u escape of half a surrogate pair")
                    }
                    k += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw LineProblem("a \\u escape of half a surrogate pair")
                }
                guard let u = Unicode.Scalar(scalar) else { throw LineProblem("a \\u escape of no character") }
                out.append(contentsOf: Array(String(Character(u)).utf8))
            default: throw LineProblem("an unknown escape \\\(Character(Unicode.Scalar(e)))")
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A string member's value (a string, non-empty once read).
    mutating func text(_ key: String) throws(LineProblem) -> String {
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw cutOrBad("\(quoted(key)) expects a string") }
        return try string()
    }

    /// A whole number of at most nine digits, at least 1.
    mutating func wholeNumber(_ key: String) throws(LineProblem) -> Int {
        let start = i
        var v = 0
        while i < bytes.count, (0x30...0x39).contains(bytes[i]) {
            v = v * 10 + Int(bytes[i] - 0x30)
            i += 1
            guard i - start <= 9 else { throw LineProblem("\(quoted(key)) is too large (expected a whole number from 1)") }
        }
        guard i > start, v >= 1, i >= bytes.count || !(bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) else {
            throw cutOrBad("\(quoted(key)) expects a whole number from 1")
        }
        return v
    }

    /// `"YYYY-MM-DDTHH:MM:SS[.fraction]Z"` as microseconds since 1970 (digits past the sixth are cut).
    mutating func timestamp() throws(LineProblem) -> Int64 {
        let bad = LineProblem("\"time\" expects UTC in RFC 3339 with milliseconds, such as \"2026-12-05T09:30:00.000Z\"")
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw i >= bytes.count ? LineProblem("the line is cut off (expected the time)") : bad }
        let s = i + 1
        func digits(_ at: Int, _ n: Int) -> Int? {
            guard at + n <= bytes.count else { return nil }
            var v = 0
            for k in at..<at + n {
                let c = bytes[k]
                guard c >= 0x30, c <= 0x39 else { return nil }
                v = v * 10 + Int(c - 0x30)
            }
            return v
        }
        func at(_ k: Int, _ c: UInt8) -> Bool { k < bytes.count && bytes[k] == c }
        let dash = UInt8(ascii: "-"), colon = UInt8(ascii: ":")
        guard let year = digits(s, 4), at(s + 4, dash), let month = digits(s + 5, 2), at(s + 7, dash), let day = digits(s + 8, 2),
              at(s + 10, UInt8(ascii: "T")), let hour = digits(s + 11, 2), at(s + 13, colon), let minute = digits(s + 14, 2), at(s + 16, colon),
              let second = digits(s + 17, 2) else { throw bad }
        var k = s + 19
        var micros = 0
        if at(k, UInt8(ascii: ".")) {
            k += 1
            var n = 0
            while k < bytes.count, bytes[k] >= 0x30, bytes[k] <= 0x39 {
                if n < 6 { micros = micros * 10 + Int(bytes[k] - 0x30) }
                n += 1; k += 1
            }
            guard n >= 1 else { throw bad }
            for _ in min(n, 6)..<6 { micros *= 10 }
        }
        guard at(k, UInt8(ascii: "Z")), at(k + 1, UInt8(ascii: "\"")) else { throw bad }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let monthDays = month == 2 ? (leap ? 29 : 28) : (month == 4 || month == 6 || month == 9 || month == 11 ? 30 : 31)
        guard (1970...9999).contains(year), (1...12).contains(month), day >= 1, day <= monthDays, hour <= 23, minute <= 59, second <= 59 else { throw bad }
        i = k + 2
        // Days from the civil date (Howard Hinnant's algorithm).
        let y = month <= 2 ? year - 1 : year
        let era = y / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let epochDays = era * 146_097 + doe - 719_468
        return Int64(((epochDays * 24 + hour) * 60 + minute) * 60 + second) * 1_000_000 + Int64(micros)
    }

    /// Skips one JSON value of any kind, nested ones to `maxDepth`.
    mutating func skipValue(depth: Int) throws(LineProblem) {
        guard depth < EventLine.maxDepth else { throw LineProblem("objects and lists nest deeper than \(EventLine.maxDepth) levels") }
        guard i < bytes.count else { throw LineProblem("the line is cut off (expected a value)") }
        switch bytes[i] {
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let close = bytes[i] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            let isObject = close == UInt8(ascii: "}")
            i += 1
            skipSpace()
            if i < bytes.count, bytes[i] == close { i += 1; return }
            while true {
                skipSpace()
                if isObject {
                    _ = try string()
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw cutOrBad("expected : inside an object") }
                    i += 1
                    skipSpace()
                }
                try skipValue(depth: depth + 1)
                skipSpace()
                guard i < bytes.count else { throw LineProblem("the line is cut off (inside a nested value)") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == close { i += 1; return }
                throw LineProblem("expected , or \(Character(Unicode.Scalar(close))) inside a nested value")
            }
        default:
            let start = i
            while i < bytes.count, !(bytes[i] == UInt8(ascii: ",") || bytes[i] == UInt8(ascii: "}") || bytes[i] == UInt8(ascii: "]")
                                     || bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 }
            let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
            guard word == "true" || word == "false" || word == "null" || Double(word) != nil else {
                throw start >= bytes.count ? LineProblem("the line is cut off") : LineProblem("not a JSON value: \(quoted(String(word.prefix(20))))")
            }
        }
    }
}
