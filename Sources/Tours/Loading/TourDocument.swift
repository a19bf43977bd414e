import Foundation
import Schema

/// A tour file as an editor holds it: the JSON as a tree that remembers the text it was read from,
/// so saving writes untouched parts exactly as they were (a file saved without changes is the same
/// byte for byte) and changed parts in the file's own indentation and line endings.
public struct TourDocument: Hashable, Sendable {
    /// The tour's JSON.
    public var root: JSONTree
    /// What came before the top-level value (a byte-order mark, blank lines).
    private var prefix: String
    /// What came after it (usually one line ending).
    private var suffix: String
    /// One level of indentation, as the file writes it.
    public let indent: String
    /// The file's line ending.
    public let lineEnding: String

    /// The document of the tour file's `text`. Throws when the text is not JSON at all (a tour with
    /// other problems is still a document: it can be edited and saved).
    public init(text: String) throws(JSONSyntaxError) {
        let bytes = Array(text.utf8)
        self.init(node: try JSONParser.parse(bytes), bytes: bytes)
    }

    /// The document of a tour file's `bytes`, already parsed as `node`.
    public init(node: JSONNode, bytes: [UInt8]) {
        root = JSONTree(node, in: bytes)
        prefix = String(decoding: bytes[..<node.span.lowerBound], as: UTF8.self)
        suffix = String(decoding: bytes[node.span.upperBound...], as: UTF8.self)
        lineEnding = TourDocument.lineEnding(in: bytes)
        indent = TourDocument.indentUnit(in: bytes)
    }

    /// `\r\n` when the bytes have one, else `\n`.
    static func lineEnding(in bytes: [UInt8]) -> String {
        for i in bytes.indices.dropLast() where bytes[i] == 13 && bytes[i + 1] == 10 { return "\r\n" }
        return "\n"
    }

    /// A new tour: an id, the dim's defaults and one empty step to fill in.
    public init(newTourWithID id: String, firstStep: JSONTree) {
        root = .object([("id", .string(id)), ("steps", .array([firstStep]))])
        prefix = ""
        suffix = "\n"
        indent = "  "
        lineEnding = "\n"
    }

    /// The file's text.
    public var text: String { prefix + root.text(indent: indent, lineEnding: lineEnding) + suffix }

    /// The steps (an empty list when the file has none).
    public var steps: [JSONTree] {
        get { root["steps"]?.arrayValue ?? [] }
        set {
            guard root["steps"]?.arrayValue != newValue else { return }
            // The list keeps how it was written (on one line or not); only its text as read goes.
            var list = root["steps"] ?? .array([])
            list.value = .array(newValue)
            root["steps"] = list
        }
    }

    /// A step's keys in the order the tour format declares them: where an editor puts a key it adds.
    public static var stepKeyOrder: [String] { TourStep.keyOrder }
    /// The tour's own keys in the format's order.
    public static var tourKeyOrder: [String] { Tour.keyOrder }

    /// The indentation of the first indented line (two spaces when the file has none).
    static func indentUnit(in text: String) -> String { indentUnit(in: Array(text.utf8)) }

    /// The indentation of the first indented line of `bytes`, read up to that line only.
    static func indentUnit(in bytes: [UInt8]) -> String {
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 10 && bytes[end] != 13 { end += 1 }
            var lead = start
            while lead < end && (bytes[lead] == 32 || bytes[lead] == 9) { lead += 1 }
            if lead > start && lead < end { return String(decoding: bytes[start..<lead], as: UTF8.self) }
            start = end + 1
        }
        return "  "
    }
}
