import Schema

/// The capture file format's documentation, made from `CaptureSchema`'s rows: the README's table
/// and the JSON Schema (schemas/capture.schema.json).
public enum CaptureFormat {
    /// The objects and list items inside a capture's keys, by key.
    static var nested: [String: [NestedKeys]] { [
        "screen": [.rows(TourSchema.screen, at: "screen.")],
        "elements": [.rows(CaptureSchema.element, at: "elements[].")],
    ] }

    /// Every key of a capture file, nested ones after their object's, in the rows' order.
    public static var keys: [KeyInfo] {
        CaptureSchema.capture.flatMap { key in TourSchema.infos([key], prefix: "") + nested[key.name, default: []].flatMap { $0.infos("") } }
    }

    /// The README's table of a capture file's keys.
    static var table: String {
        let rows = CaptureSchema.capture.flatMap { key in KeyTable.rows([key]) + nested[key.name, default: []].flatMap { $0.rows("") } }
        // A capture's screen gives its size (a tour's may take it from its picture).
        return KeyTable.markdown(rows.map { row in
            row.hasPrefix("| `screen.size` |") ? row.replacingOccurrences(of: "| the screenshot's pixels ÷ `scale` |", with: "| required |") : row
        })
    }

    /// The JSON Schema of a capture file, made from the keys the reader reads; an element's
    /// `children` are elements again.
    public static var jsonSchema: String {
        var schema = JSONSchemaWriter.document(of: keys, file: "capture.schema.json", title: "Limelight capture",
                                               description: "A screen of a real app as it was captured: its picture and its element tree, for tours to run over.")
        schema["required"] = ["capture", "screen", "image"]
        if var properties = schema["properties"] as? [String: Any], var elements = properties["elements"] as? [String: Any],
           var element = elements["items"] as? [String: Any] {
            var keys = element["properties"] as? [String: Any] ?? [:]
            keys["children"] = ["type": "array", "items": ["$ref": "#/$defs/element"], "description": CaptureSchema.element.last?.row.doc ?? ""]
            if var frame = keys["frame"] as? [String: Any] {
                frame["items"] = ["type": "number"]
                frame["minItems"] = 4
                frame["maxItems"] = 4
                keys["frame"] = frame
            }
            if var states = keys["states"] as? [String: Any] {
                states["items"] = ["enum": CaptureSchema.stateNames.map(\.0)]
                states["uniqueItems"] = true
                keys["states"] = states
            }
            element["properties"] = keys
            element["required"] = ["role", "frame"]
            schema["$defs"] = ["element": element]
            elements["items"] = ["$ref": "#/$defs/element"]
            properties["elements"] = elements
            if var screen = properties["screen"] as? [String: Any] {
                screen["required"] = ["size"]
                properties["screen"] = screen
            }
            schema["properties"] = properties
        }
        return JSONSchemaWriter.text(schema)
    }
}
