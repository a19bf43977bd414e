import Foundation

/// JSON Schema (draft 2020-12) made from a format's own key rows, so an editor such as VS Code
/// completes and checks keys as one types, and the schema never says other than the decoder.
/// Each key's `doc` becomes its description; unknown keys are flagged (`additionalProperties`).
public enum JSONSchemaWriter {
    /// The dialect the schemas declare.
    public static let dialect = "https://json-schema.org/draft/2020-12/schema"

    /// What a value of `kind` may be.
    public static func schema(for kind: ValueKind) -> [String: Any] {
        switch kind {
        case .flag: return ["type": "boolean"]
        case .number(let range):
            var s: [String: Any] = ["type": "number"]
            if range.lowerBound > -1e15 { s["minimum"] = range.lowerBound }
            if range.upperBound < 1e15 { s["maximum"] = range.upperBound }
            return s
        case .wholeNumber(let range):
            var s: [String: Any] = ["type": "integer"]
            if range.lowerBound > -1e15 { s["minimum"] = range.lowerBound }
            if range.upperBound < 1e15 { s["maximum"] = range.upperBound }
            return s
        case .choice(let names): return ["enum": names]
        case .flagOr(let names): return ["anyOf": [["type": "boolean"], ["enum": names]]]
        case .localizedText: return localizedText
        case .name: return ["type": "string", "minLength": 1]
        case .color: return ["type": "string", "pattern": "^#[0-9A-Fa-f]{6}$"]
        case .file: return ["type": "string"]
        case .viewIDs: return ["anyOf": [["type": "string"], ["type": "array", "items": ["type": "string"]]]]
        case .rects: return ["type": "array"]
        case .conditions: return ["anyOf": [["type": "string"], ["type": "array", "items": ["type": "string"], "minItems": 1]]]
        case .object: return ["type": "object"]
        case .list: return ["type": "array"]
        case .mixed: return [:]
        }
    }

    /// A string, or strings by language tag.
    public static var localizedText: [String: Any] { [
        "anyOf": [["type": "string"], ["type": "object", "minProperties": 1, "additionalProperties": ["type": "string"],
                                       "propertyNames": ["pattern": "^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$"]]],
    ] }

    /// The schema of one key: its value's, described by its doc, with its default when it has one.
    public static func property(_ kind: ValueKind, doc: String, default initial: DefaultValue? = nil) -> [String: Any] {
        var s = schema(for: kind)
        s["description"] = doc
        if let initial { s["default"] = initial.json }
        return s
    }

    /// An object whose keys are `properties` (and no other), `required` among them.
    public static func object(_ properties: [String: [String: Any]], required: [String] = [], description: String? = nil) -> [String: Any] {
        var s: [String: Any] = ["type": "object", "properties": properties, "additionalProperties": false]
        if !required.isEmpty { s["required"] = required }
        if let description { s["description"] = description }
        return s
    }

    /// A whole schema document of the keys `infos`: its dialect, its `$id` (`schemas/FILE`), `title`
    /// and `description` over `schema(of:)`.
    public static func document(of infos: [KeyInfo], file: String, title: String, description: String) -> [String: Any] {
        var schema = schema(of: infos)
        schema["$schema"] = dialect
        schema["$id"] = "https://limelight.invalid/schemas/" + file
        schema["title"] = title
        schema["description"] = description
        return schema
    }

    /// The schema of the keys `infos` (paths like `dim.opacity`, `steps[].advanceOn.goto`): an
    /// object of the top-level keys, nested keys inside their object's (or their list's items').
    public static func schema(of infos: [KeyInfo]) -> [String: Any] {
        final class Node {
            var info: KeyInfo?
            var children: [(String, Node)] = []
            func child(_ name: String) -> Node {
                if let hit = children.first(where: { $0.0 == name }) { return hit.1 }
                let n = Node(); children.append((name, n)); return n
            }
        }
        let top = Node()
        for info in infos {
            var node = top
            for segment in info.path.split(separator: ".") {
                if segment.hasSuffix("[]") {
                    node = node.child(String(segment.dropLast(2))).child("[]")
                } else {
                    node = node.child(String(segment))
                }
            }
            node.info = info
        }
        func build(_ node: Node) -> [String: Any] {
            let keys = node.children.filter { $0.0 != "[]" }
            var properties: [String: [String: Any]] = [:]
            for (name, child) in keys { properties[name] = build(child) }
            let required = keys.compactMap { $0.1.info?.isRequired == true ? $0.0 : nil }
            var s = node.info.map { property($0.kind, doc: $0.doc, default: $0.initialValue) } ?? [:]
            if let items = node.children.first(where: { $0.0 == "[]" })?.1 {
                s["items"] = build(items)
            }
            guard !keys.isEmpty else { return s.isEmpty && node.info == nil ? object([:]) : s }
            let inner = object(properties, required: required)
            switch node.info?.kind {
            case .mixed?:
                // The other forms (a name, a string) stay open; the object form is checked.
                var open = s
                open["anyOf"] = [["not": ["type": "object"]], inner]
                return open
            default:
                return s.merging(inner) { _, new in new }
            }
        }
        return build(top)
    }

    /// `schema` as JSON text: keys sorted, two-space indents, a newline at the end.
    public static func text(_ schema: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: schema, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
