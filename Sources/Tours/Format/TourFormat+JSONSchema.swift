import Schema

extension TourFormat {
    /// The JSON Schema of a tour file, made from the keys the decoder reads.
    public static var jsonSchema: String {
        var schema = JSONSchemaWriter.schema(of: keys)
        schema["$schema"] = JSONSchemaWriter.dialect
        schema["$id"] = "https://limelight.invalid/schemas/tour.schema.json"
        schema["title"] = "Limelight tour"
        schema["description"] = "A tutorial flow over an app or a screenshot: a dim layer and steps, each a spotlight with an optional coach-mark bubble."
        // What `check` refuses of a tour over a screenshot, the schema refuses too: a picture has
        // no views to find by id and no tabs.
        var refused: [String: Any] = [:]
        for (key, why) in screenshotRefusedStepKeys { refused[key] = ["not": [:], "description": why, "errorMessage": why] }
        schema["if"] = ["required": ["background"]]
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
