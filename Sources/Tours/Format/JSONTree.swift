import Foundation

/// A JSON value being edited. A value read from a file keeps the exact text it was read from until
/// it (or something inside it) changes, so writing the tree back reproduces every untouched part of
/// the file byte for byte: its key order, spacing, line breaks and number spellings.
public struct JSONTree: Hashable, Sendable {
    /// One `"key": value` member, with its text as read (key to value) while it is unchanged.
    public struct Member: Hashable, Sendable {
        /// The key.
        public var key: String
        /// The value.
        public var value: JSONTree
        /// The member's text as read, nil once changed.
        var original: String?
        /// A member from its parts.
        public init(_ key: String, _ value: JSONTree) { self.key = key; self.value = value }
    }

    /// The value's kind and contents.
    public enum Value: Hashable, Sendable {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// A number.
        case number(Double)
        /// A string.
        case string(String)
        /// A list.
        case array([JSONTree])
        /// An object, its members in order.
        case object([Member])
    }

    /// The value.
    public var value: Value {
        didSet { original = nil }
    }
    /// The value's text as read, nil once changed.
    var original: String?
    /// Whether the value was written on one line (an object or list written back keeps to it).
    var isInline = false
    /// Whether an object written on one line had spaces inside its braces (`{ "a": 1 }`).
    var padsBraces = true

    /// A value made in code (written out fresh).
    public init(_ value: Value) { self.value = value }

    /// A string.
    public static func string(_ s: String) -> JSONTree { JSONTree(.string(s)) }
    /// A number.
    public static func number(_ v: Double) -> JSONTree { JSONTree(.number(v)) }
    /// A boolean.
    public static func bool(_ b: Bool) -> JSONTree { JSONTree(.bool(b)) }
    /// A list.
    public static func array(_ items: [JSONTree]) -> JSONTree { JSONTree(.array(items)) }
    /// An object of `members`, in order.
    public static func object(_ members: [(String, JSONTree)]) -> JSONTree { JSONTree(.object(members.map { Member($0.0, $0.1) })) }

    /// The tree of a parsed `node`, each part keeping its text from `bytes`.
    public init(_ node: JSONNode, in bytes: [UInt8]) {
        func text(_ r: Range<Int>) -> String? {
            r.isEmpty || r.upperBound > bytes.count ? nil : String(decoding: bytes[r], as: UTF8.self)
        }
        switch node.value {
        case .null: value = .null
        case .bool(let b): value = .bool(b)
        case .number(let v): value = .number(v)
        case .string(let s): value = .string(s)
        case .array(let items): value = .array(items.map { JSONTree($0, in: bytes) })
        case .object(let members):
            value = .object(members.map { m in
                var member = Member(m.key, JSONTree(m.value, in: bytes))
                member.original = text(m.span)
                return member
            })
        }
        original = text(node.span)
        isInline = !(original?.contains("\n") ?? false)
        if let o = original, o.hasPrefix("{"), o.count > 2 { padsBraces = o.dropFirst().first == " " }
    }

    /// Asks for the value to be written on one line when it is written fresh (`[16, 51, 103, 40]`).
    public mutating func markInline() { isInline = true }

    // MARK: - Reading

    /// The string, if the value is one.
    public var stringValue: String? { if case .string(let s) = value { return s } else { return nil } }
    /// The number, if the value is one.
    public var numberValue: Double? { if case .number(let v) = value { return v } else { return nil } }
    /// The elements, if the value is a list.
    public var arrayValue: [JSONTree]? { if case .array(let a) = value { return a } else { return nil } }
    /// The members, if the value is an object.
    public var members: [Member]? { if case .object(let m) = value { return m } else { return nil } }

    /// The value of the first member named `key`, if this is an object that has one.
    public subscript(key: String) -> JSONTree? {
        get { members?.first { $0.key == key }?.value }
        set { setMember(key, newValue) }
    }

    /// Sets (or with nil removes) the member `key` of this object. A new member goes after the last
    /// member named in `after`, else before the first named in `before`, else after the others.
    public mutating func setMember(_ key: String, _ newValue: JSONTree?, after: [String] = [], before: [String] = []) {
        guard case .object(var ms) = value else { return }
        if let i = ms.firstIndex(where: { $0.key == key }) {
            if let newValue {
                guard ms[i].value != newValue else { return }
                ms[i].value = newValue
                ms[i].original = nil
            } else {
                ms.remove(at: i)
            }
        } else if let newValue {
            let anchor = after.compactMap { a in ms.lastIndex { $0.key == a } }.max().map { $0 + 1 }
                ?? before.compactMap { b in ms.firstIndex { $0.key == b } }.min()
            ms.insert(Member(key, newValue), at: anchor ?? ms.count)
        } else {
            return
        }
        value = .object(ms)
    }

    // MARK: - Writing

    /// The JSON text: untouched parts as they were read, changed ones written with `indent` per
    /// level, at `depth` levels in.
    public func text(indent: String = "  ", lineEnding: String = "\n", depth: Int = 0) -> String {
        var out = ""
        write(into: &out, indent: indent, newline: lineEnding, depth: depth)
        return out
    }

    func write(into out: inout String, indent: String, newline: String, depth: Int) {
        if let original { out += original; return }
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let v): out += JSONTree.spell(v)
        case .string(let s): out += JSONTree.quote(s)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            // Lists of numbers and strings (and lists of those: rectangles) stay on one line.
            func flat(_ t: JSONTree, _ depth: Int) -> Bool {
                switch t.value {
                case .object: return false
                case .array(let inner): return depth == 0 && inner.count <= 8 && inner.allSatisfy { flat($0, 1) }
                default: return true
                }
            }
            if isInline || (items.count <= 8 && items.allSatisfy { flat($0, 0) }) {
                out += "["
                for (i, item) in items.enumerated() {
                    if i > 0 { out += ", " }
                    item.write(into: &out, indent: indent, newline: newline, depth: depth + 1)
                }
                out += "]"
                return
            }
            out += "[" + newline
            for (i, item) in items.enumerated() {
                out += String(repeating: indent, count: depth + 1)
                item.write(into: &out, indent: indent, newline: newline, depth: depth + 1)
                out += (i + 1 < items.count ? "," : "") + newline
            }
            out += String(repeating: indent, count: depth) + "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            if isInline {
                out += padsBraces ? "{ " : "{"
                for (i, m) in members.enumerated() {
                    if i > 0 { out += ", " }
                    write(m, into: &out, indent: indent, newline: newline, depth: depth + 1)
                }
                out += padsBraces ? " }" : "}"
                return
            }
            out += "{" + newline
            for (i, m) in members.enumerated() {
                out += String(repeating: indent, count: depth + 1)
                write(m, into: &out, indent: indent, newline: newline, depth: depth + 1)
                out += (i + 1 < members.count ? "," : "") + newline
            }
            out += String(repeating: indent, count: depth) + "}"
        }
    }

    private func write(_ m: Member, into out: inout String, indent: String, newline: String, depth: Int) {
        if let original = m.original { out += original; return }
        out += JSONTree.quote(m.key) + ": "
        m.value.write(into: &out, indent: indent, newline: newline, depth: depth)
    }

    /// A number as JSON: whole numbers without a fraction, others as Swift spells them shortest.
    static func spell(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }

    /// A string as JSON, escaping quotes, backslashes and control characters.
    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
