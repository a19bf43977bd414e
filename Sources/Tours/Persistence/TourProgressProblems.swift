import Foundation
import Schema

extension TourProgress {
    /// What `error`, from decoding saved progress `bytes`, says is wrong, as the key and what was
    /// expected there: `appLaunches is a string (expected a count, 0 or more)`,
    /// `tours["intro"].outcome is missing (expected "finished" or "skipped")`. Nil when the bytes are
    /// not JSON at all (the caller says so).
    static func problem(of error: DecodingError, in bytes: [UInt8]) -> String? {
        let root = try? JSONParser.parse(bytes)
        guard let root else { return nil }
        switch error {
        case .typeMismatch(let type, let context):
            return describe(context.codingPath, found: value(at: context.codingPath, in: root), type: type)
        case .valueNotFound(let type, let context):
            return describe(context.codingPath, found: value(at: context.codingPath, in: root), type: type)
        case .keyNotFound(let key, let context):
            return "\(spell(context.codingPath + [key])) is missing (expected \(expectation(for: context.codingPath + [key], type: nil)))"
        case .dataCorrupted(let context):
            // A date that is not ISO 8601, an outcome that is neither: the value is there, of the wrong form.
            guard !context.codingPath.isEmpty else { return nil }
            var path = context.codingPath
            // Foundation names the entry holding a date it could not read, not the date's own key.
            if case .object(let members)? = value(at: path, in: root)?.value,
               let date = members.first(where: { ["date", "lastShown"].contains($0.key) && !isDate($0.value) }) {
                path.append(Key(date.key))
            }
            return describe(path, found: value(at: path, in: root), type: nil)
        @unknown default:
            return nil
        }
    }

    /// A key of saved progress, named.
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Whether `node` is a date as saved progress writes it (ISO 8601).
    private static func isDate(_ node: JSONNode) -> Bool {
        guard case .string(let text) = node.value else { return false }
        return ISO8601DateFormatter().date(from: text) != nil
    }

    /// "KEY is FOUND (expected WHAT)".
    private static func describe(_ path: [any CodingKey], found: JSONNode?, type: Any.Type?) -> String {
        "\(spell(path)) is \(found.map(spell) ?? "missing") (expected \(expectation(for: path, type: type)))"
    }

    /// The node at `path` inside `root`, if there is one.
    private static func value(at path: [any CodingKey], in root: JSONNode) -> JSONNode? {
        var node = root
        for key in path {
            switch node.value {
            case .object(let members):
                guard let member = members.last(where: { $0.key == key.stringValue }) else { return nil }
                node = member.value
            case .array(let items):
                guard let i = key.intValue, items.indices.contains(i) else { return nil }
                node = items[i]
            default:
                return nil
            }
        }
        return node
    }

    /// What a node is, as a person would say it: "a string (\"three\")", "null", "an object".
    private static func spell(_ node: JSONNode) -> String {
        switch node.value {
        case .null: return "null"
        case .bool(let b): return "\(b)"
        case .number(let n): return "the number \(JSONTree.spell(n))"
        case .string(let s): return "the string \(quoted(String(s.prefix(40))))"
        case .array: return "a list"
        case .object: return "an object"
        }
    }

    /// A key path as the saved file's other problems spell it: `tours["intro"].seenVersions[0]`.
    private static func spell(_ path: [any CodingKey]) -> String {
        var out = ""
        var parent: String?
        for key in path {
            if let i = key.intValue, parent == "seenVersions" { out += "[\(i)]" }
            else if parent == "tours" || parent == "appEvents" { out += "[\(quoted(key.stringValue))]" }
            else { out += (out.isEmpty ? "" : ".") + key.stringValue }
            parent = key.stringValue
        }
        return out.isEmpty ? "the file" : out
    }

    /// What the key at `path` holds.
    private static func expectation(for path: [any CodingKey], type: Any.Type?) -> String {
        let names = path.map(\.stringValue)
        let count = "a count, 0 or more"
        let date = "a date and time such as \"2026-01-02T03:04:05Z\""
        switch (names.count, names.last ?? "") {
        case (0, _): return "an object: version, tours, appLaunches, appEvents"
        case (1, "version"): return "the number 1"
        case (1, "tours"): return "an object of tour ids, each how that tour ended"
        case (1, "appLaunches"): return count
        case (1, "appEvents"): return "an object of event names, each a count"
        case (2, _) where names[0] == "appEvents": return count
        case (2, _) where names[0] == "tours": return "an object: outcome, date, timesShown, lastShown, seenVersions"
        case (3, "outcome"): return "\"finished\" or \"skipped\""
        case (3, "date"), (3, "lastShown"): return date
        case (3, "timesShown"): return count
        case (3, "seenVersions"): return "a list of strings"
        case (4, _) where names[2] == "seenVersions": return "a string"
        default:
            switch type {
            case is Int.Type: return "a whole number"
            case is String.Type: return "a string"
            case is Date.Type: return date
            default: return "what Limelight writes there"
            }
        }
    }
}
