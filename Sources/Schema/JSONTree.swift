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
        /// The key, its colon and the spacing around it as read (`"target" : `), kept when the
        /// value changes.
        var keyText: String?
        /// The spacing before the member, after the comma before it, as read (nil for the first).
        var lead: String?
        /// The spacing after the member, before the comma after it, as read (nil for the last).
        var trail: String?
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
    /// An object's or list's spacing as read: after its opening bracket, before its first member
    /// or item, and after its last, before the closing bracket. A container changed since keeps
    /// them, and each member and item its own spacing (`Member.lead`, `lead`), so only what
    /// changed is written anew. Nil for containers made in code, or read empty.
    var opening: String?
    var closing: String?
    /// As a list's item: the spacing before it (after the comma before it) and after it (before
    /// the comma after it), as read.
    var lead: String?
    var trail: String?

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

    /// The tree of a parsed `node`, each part keeping its text from `bytes`, and each object and
    /// list the spacing between its parts.
    public init(_ node: JSONNode, in bytes: [UInt8]) {
        func text(_ r: Range<Int>) -> String? {
            r.isEmpty || r.upperBound > bytes.count ? nil : String(decoding: bytes[r], as: UTF8.self)
        }
        // The spacing between the parts at `spans` inside the brackets of `node`: before the
        // first, around each comma (before it: the part's trail, after it: the next one's lead),
        // after the last. Nil when the spans are not the text's (a node made in code).
        func gaps(_ spans: [Range<Int>]) -> (opening: String, pairs: [(trail: String, lead: String)], closing: String)? {
            let whole = node.span
            guard whole.count >= 2, whole.upperBound <= bytes.count, let first = spans.first, let last = spans.last,
                  first.lowerBound > whole.lowerBound, last.upperBound < whole.upperBound,
                  zip(spans, spans.dropFirst()).allSatisfy({ $0.upperBound <= $1.lowerBound }) else { return nil }
            func between(_ from: Int, _ to: Int) -> String { String(decoding: bytes[from..<to], as: UTF8.self) }
            var pairs: [(trail: String, lead: String)] = []
            for (a, b) in zip(spans, spans.dropFirst()) {
                guard let comma = bytes[a.upperBound..<b.lowerBound].firstIndex(of: UInt8(ascii: ",")) else { return nil }
                pairs.append((between(a.upperBound, comma), between(comma + 1, b.lowerBound)))
            }
            return (between(whole.lowerBound + 1, first.lowerBound), pairs, between(last.upperBound, whole.upperBound - 1))
        }
        switch node.value {
        case .null: value = .null
        case .bool(let b): value = .bool(b)
        case .number(let v): value = .number(v)
        case .string(let s): value = .string(s)
        case .array(let nodes):
            var items = nodes.map { JSONTree($0, in: bytes) }
            if let g = gaps(nodes.map(\.span)) {
                opening = g.opening; closing = g.closing
                for (i, pair) in g.pairs.enumerated() { items[i].trail = pair.trail; items[i + 1].lead = pair.lead }
            }
            value = .array(items)
        case .object(let nodes):
            var members = nodes.map { m in
                var member = Member(m.key, JSONTree(m.value, in: bytes))
                member.original = text(m.span)
                if m.value.span.lowerBound >= m.span.lowerBound { member.keyText = text(m.span.lowerBound..<m.value.span.lowerBound) }
                return member
            }
            if let g = gaps(nodes.map(\.span)) {
                opening = g.opening; closing = g.closing
                for (i, pair) in g.pairs.enumerated() { members[i].trail = pair.trail; members[i + 1].lead = pair.lead }
            }
            value = .object(members)
        }
        original = text(node.span)
        isInline = !(original?.contains("\n") ?? false)
        if let o = original, o.hasPrefix("{"), o.count > 2 { padsBraces = o.dropFirst().first == " " }
    }

    /// Asks for the value to be written on one line when it is written fresh (`[16, 51, 103, 40]`).
    public mutating func markInline() { isInline = true }

    /// Whether the value is written on one line: as it was read, or as asked.
    public var isWrittenOnOneLine: Bool { isInline }

    /// Asks for the value to be written fresh as `other` was written: on one line or not, with
    /// the same spacing inside its braces (a new list item written as its neighbour is).
    public mutating func matchLayout(of other: JSONTree) {
        isInline = other.isInline
        padsBraces = other.padsBraces
    }

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
}
