import Schema

/// The checklist file format's documentation, made from `ChecklistSchema`'s rows: the README's
/// table and the JSON Schema (schemas/checklist.schema.json).
public enum ChecklistFormat {
    /// The objects and list items inside a checklist's keys, by key.
    static var nested: [String: [NestedKeys]] { [
        "show": [.rows(TourSchema.show, at: "show.")],
        "items": [.rows(ChecklistSchema.item, at: "items[].")],
    ] }

    /// Every key of a checklist file, nested ones after their object's, in the rows' order.
    public static var keys: [KeyInfo] {
        ChecklistSchema.checklist.flatMap { key in TourSchema.infos([key], prefix: "") + nested[key.name, default: []].flatMap { $0.infos("") } }
    }

    /// A checklist's own keys in the format's order: where an editor puts a key it adds.
    public static var keyOrder: [String] { ChecklistSchema.checklist.map(\.name) }
    /// An item's keys in the format's order.
    public static var itemKeyOrder: [String] { ChecklistSchema.item.map(\.name) }

    /// The README's table of a checklist file's keys.
    static var table: String {
        KeyTable.markdown(ChecklistSchema.checklist.flatMap { key in KeyTable.rows([key]) + nested[key.name, default: []].flatMap { $0.rows("") } })
    }

    /// The JSON Schema of a checklist file, made from the keys the reader reads.
    public static var jsonSchema: String {
        var schema = JSONSchemaWriter.document(of: keys, file: "checklist.schema.json", title: "Limelight checklist",
                                               description: "An onboarding checklist: tasks ticked when the app says they are done, each able to launch the tour that teaches it.")
        schema["required"] = ["checklist", "id", "title", "items"]
        if var properties = schema["properties"] as? [String: Any], var items = properties["items"] as? [String: Any],
           var item = items["items"] as? [String: Any] {
            item["required"] = ["id", "title"]
            items["items"] = item
            items["minItems"] = 1
            items["maxItems"] = Checklist.maxItems
            properties["items"] = items
            schema["properties"] = properties
        }
        return JSONSchemaWriter.text(schema)
    }
}
