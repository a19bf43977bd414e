/// A JSON value that remembers the line it starts on, so every problem can name its place.
///
/// Objects keep their members in file order, duplicates included (the schema decoder reports
/// them). Numbers are finite `Double`s; the parser refuses anything that would not fit.
public struct JSONNode: Sendable {
    /// The value's kind and contents.
    public enum Value: Sendable {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// A number.
        case number(Double)
        /// A string.
        case string(String)
        /// A list.
        case array([JSONNode])
        /// An object, its members in file order.
        case object([JSONMember])
    }

    /// The value.
    public var value: Value
    /// The 1-based line the value starts on.
    public var line: Int
    /// Where the value's text is in the parsed bytes (empty for values not read from text).
    public var span: Range<Int> = 0..<0

    /// A value starting on `line`.
    public init(_ value: Value, line: Int) { self.value = value; self.line = line }

    /// "a string", "a number", … — how messages name what was found.
    public var kindDescription: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Sendable {
    /// The key.
    public var key: String
    /// The 1-based line the key is on.
    public var keyLine: Int
    /// The value.
    public var value: JSONNode
    /// Where the member's text (key to value) is in the parsed bytes (empty when not read from text).
    public var span: Range<Int> = 0..<0

    /// A member.
    public init(key: String, keyLine: Int, value: JSONNode) { self.key = key; self.keyLine = keyLine; self.value = value }
}

/// Malformed JSON: where parsing stopped, the path of the value being read, and what was expected.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The 1-based line.
    public var line: Int
    /// The JSON path of the value being read (`steps[2].title`), empty at the top level.
    public var path: String
    /// What went wrong, e.g. `expected "," or "}" after a member, found "x"`.
    public var message: String
    /// The byte offset where it went wrong, from 0 (for one-line files such as a test run's record).
    public var offset: Int

    /// An error at `line` (and byte `offset`).
    public init(line: Int, path: String, message: String, offset: Int = 0) {
        self.line = line; self.path = path; self.message = message; self.offset = offset
    }

    /// `line 3: steps[0]: message`.
    public var description: String { "line \(line): " + (path.isEmpty ? "" : path + ": ") + message }
}

extension Double {
    /// The number as a file or a message writes it: without a trailing ".0" when it is whole.
    package var jsonText: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int(self)) }
        return String(self)
    }
}
