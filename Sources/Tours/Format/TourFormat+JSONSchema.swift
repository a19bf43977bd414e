import Schema

extension TourFormat {
    /// The JSON Schema of a tour file, made from the keys the decoder reads.
    public static var jsonSchema: String {
        var schema = JSONSchemaWriter.document(of: keys, file: "tour.schema.json", title: "Limelight tour",
                                               description: "A tutorial flow over an app or a screenshot: a dim layer and steps, each a spotlight with an optional coach-mark bubble.")
        // A target is a view id or an object of anchors, in `target`, `targets` and `within` alike:
        // one definition, referred to from each (an object needs "id", or "role" with "name").
        if var steps = schema["properties"] as? [String: Any], var stepList = steps["steps"] as? [String: Any],
           var step = stepList["items"] as? [String: Any], var properties = step["properties"] as? [String: Any],
           var target = properties["target"] as? [String: Any], var targets = properties["targets"] as? [String: Any],
           var anchors = (target["anyOf"] as? [Any])?.last as? [String: Any], var anchorKeys = anchors["properties"] as? [String: Any] {
            var within = anchorKeys["within"] as? [String: Any] ?? [:]
            within["type"] = nil
            within["$ref"] = "#/$defs/anchors"
            anchorKeys["within"] = within
            anchors["properties"] = anchorKeys
            anchors["anyOf"] = [["required": ["id"]], ["required": ["role", "name"]]]
            schema["$defs"] = ["anchors": anchors]
            let either: [Any] = [["type": "string", "minLength": 1], ["$ref": "#/$defs/anchors"]]
            target["anyOf"] = either
            targets["anyOf"] = nil
            targets["type"] = "array"
            targets["minItems"] = 1
            targets["items"] = ["anyOf": either]
            properties["target"] = target
            properties["targets"] = targets
            step["properties"] = properties
            stepList["items"] = step
            steps["steps"] = stepList
            schema["properties"] = steps
        }
        // What `check` refuses of a tour over a screenshot, the schema refuses too: a picture has
        // no views to find by id and no tabs (a capture's tabs are refused by `check` alone).
        var refused: [String: Any] = [:]
        for (key, why) in screenshotRefusedStepKeys { refused[key] = ["not": [:], "description": why, "errorMessage": why] }
        // A capture has elements: its tours may target them by id and anchors.
        let capture: [String: Any] = ["type": "string", "pattern": "\\.capture\\.json$"]
        let captures: [String: Any] = ["anyOf": [capture, ["type": "object", "additionalProperties": capture]]]
        schema["if"] = ["required": ["background"], "properties": ["background": ["not": captures]]]
        schema["then"] = ["properties": ["steps": ["items": ["properties": refused]]]]
        return JSONSchemaWriter.text(schema)
    }

    /// The step keys a tour over a screenshot (`background`) may not have, and why: what
    /// `TourTargetValidator` says of them.
    static let screenshotRefusedStepKeys: [(String, String)] = [
        ("target", "a tour over a screenshot has no views to find by id; use \"rect\": [x, y, width, height]"),
        ("targets", "a tour over a screenshot has no views to find by id; use \"rects\": [[x, y, width, height], …]"),
        ("tab", "a tour over a screenshot has no tabs (remove \"tab\")"),
        ("go", "a tour over a screenshot has no screens to go to (remove \"go\")"),
    ]
}
