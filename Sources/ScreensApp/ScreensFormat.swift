import Schema
import Tours
import Views

/// The screens file format as tools see it: its JSON Schema (for editors that check as one
/// types) and the README's tables, both made from the key rows the loader reads.
public enum ScreensFormat {
    /// The JSON Schema of a screens file.
    public static var jsonSchema: String {
        var app: [String: [String: Any]] = [:]
        for key in ScreensSchema.app { app[key.name] = JSONSchemaWriter.property(key.kind, doc: key.row.doc, default: key.initialValue) }
        app["screen"] = JSONSchemaWriter.object([
            "size": ["type": "array", "items": ["type": "number", "minimum": 100, "maximum": 10_000], "minItems": 2, "maxItems": 2,
                     "description": ScreensSchema.screen[0].row.doc],
            "scale": JSONSchemaWriter.property(ScreensSchema.screen[1].kind, doc: ScreensSchema.screen[1].row.doc, default: ScreensSchema.screen[1].initialValue),
        ], description: doc(of: "screen"))
        app["theme"] = JSONSchemaWriter.object(properties(ScreensSchema.theme), description: doc(of: "theme"))
        app["languages"] = ["type": "array", "items": ["type": "string"], "minItems": 1, "uniqueItems": true, "description": doc(of: "languages")]
        app["fallbackLanguages"] = ["type": "array", "items": ["type": "string"], "uniqueItems": true, "description": doc(of: "fallbackLanguages")]
        app["events"] = ["type": "array", "items": ["type": "string", "minLength": 1], "uniqueItems": true, "description": doc(of: "events")]
        app["strings"] = ["type": "object", "description": doc(of: "strings"),
                          "additionalProperties": JSONSchemaWriter.object(Dictionary(uniqueKeysWithValues: InterfaceStrings.Key.allCases.map { ($0.rawValue, ["type": "string"] as [String: Any]) }))]
        var stateProperties = properties(ScreensSchema.stateKeys)
        stateProperties["text"] = ["type": "string", "description": ScreensSchema.stateKeys[2].row.doc]
        stateProperties["meaning"] = ["type": "string", "description": ScreensSchema.stateKeys[3].row.doc]
        app["states"] = ["type": "object", "description": doc(of: "states"),
                         "additionalProperties": ["type": "object", "properties": stateProperties, "additionalProperties": false,
                                                  "oneOf": [["required": ["number"]], ["required": ["flag"]], ["required": ["text"]]]] as [String: Any]]
        var tab = properties(ScreensSchema.tabKeys)
        tab["icon"] = iconSchema(doc: ScreensSchema.tabKeys[2].row.doc)
        app["tabs"] = ["type": "array", "minItems": 1, "description": doc(of: "tabs"),
                       "items": JSONSchemaWriter.object(tab, required: ["screen", "title"])]
        var screen = properties(ScreensSchema.screenKeys)
        screen["content"] = ["$ref": "#/$defs/view", "description": ScreensSchema.screenKeys[2].row.doc]
        app["screens"] = ["type": "object", "minProperties": 1, "description": doc(of: "screens"),
                          "additionalProperties": JSONSchemaWriter.object(screen, required: ["content"])]
        var schema = JSONSchemaWriter.object(app, required: ["id", "screens"],
                                             description: "An app's screens as data: widgets with ids, texts per language, navigation and state, for Limelight's tours.")
        schema["$schema"] = JSONSchemaWriter.dialect
        schema["$id"] = "https://limelight.invalid/schemas/screens.schema.json"
        schema["title"] = "Limelight screens"
        schema["$defs"] = ["view": viewSchema, "action": JSONSchemaWriter.object(properties(ViewNodeSchema.actionKeys), description: "What a tap, a change or a submit does.")]
        return JSONSchemaWriter.text(schema)
    }

    /// A view: one form per widget, each with the keys that widget takes.
    private static var viewSchema: [String: Any] {
        var forms: [[String: Any]] = []
        for kind in ScreenNode.Kind.allCases {
            var props: [String: [String: Any]] = [:]
            for key in ViewNodeSchema.viewKeys where key.kinds.map({ $0.contains(kind) }) ?? true {
                props[key.key.name] = viewKeySchema(key.key, kind: kind)
            }
            props["type"] = ["const": kind.rawValue, "description": "which widget the view is"]
            let required = ["type"] + ViewNodeSchema.viewKeys.filter { $0.requiredBy.contains(kind) }.map(\.key.name)
            forms.append(JSONSchemaWriter.object(props, required: required, description: "a \(kind.rawValue)"))
        }
        return ["type": "object", "required": ["type"], "oneOf": forms]
    }

    /// The schema of a view's key as `kind` takes it.
    private static func viewKeySchema(_ key: KeyRow<ScreenNode>, kind: ScreenNode.Kind) -> [String: Any] {
        let doc = key.row.doc
        switch key.name {
        case "children": return ["type": "array", "items": ["$ref": "#/$defs/view"], "description": doc]
        case "control", "content": return ["$ref": "#/$defs/view", "description": doc]
        case "action": return ["$ref": "#/$defs/action", "description": doc]
        case "icon": return iconSchema(doc: doc)
        case "padding":
            let edges = Dictionary(uniqueKeysWithValues: ["top", "leading", "bottom", "trailing", "horizontal", "vertical"].map { ($0, ["type": "number", "minimum": 0] as [String: Any]) })
            return ["anyOf": [["type": "number", "minimum": 0], JSONSchemaWriter.object(edges)], "description": doc]
        case "frame":
            var keys: [String: [String: Any]] = [:]
            for k in ["width", "height", "minWidth", "minHeight"] { keys[k] = ["type": "number", "minimum": 0] }
            for k in ["maxWidth", "maxHeight"] { keys[k] = ["anyOf": [["type": "number", "minimum": 0], ["const": "infinity"]]] }
            keys["alignment"] = ["enum": ViewNodeSchema.alignments.map(\.0)]
            return JSONSchemaWriter.object(keys, description: doc)
        case "style":
            return ["enum": kind == .button ? ScreenNode.ButtonStyle.allCases.map(\.rawValue) : ViewNodeSchema.styles.map(\.0), "description": doc]
        case "alignment":
            switch kind {
            case .vstack, .scroll, .card: return ["enum": ["leading", "center", "trailing"], "description": doc]
            case .hstack: return ["enum": ["top", "center", "bottom"], "description": doc]
            default: return ["enum": ViewNodeSchema.alignments.map(\.0), "description": doc]
            }
        case "cellWidth":
            return ["type": "array", "items": ["type": "number", "minimum": 10], "minItems": 2, "maxItems": 2, "description": doc]
        case "lines", "columns":
            var s = JSONSchemaWriter.property(key.kind, doc: doc, default: key.initialValue)
            s["type"] = "integer"
            return s
        default: return JSONSchemaWriter.property(key.kind, doc: doc, default: key.initialValue)
        }
    }

    private static func iconSchema(doc: String) -> [String: Any] {
        ["anyOf": [["enum": ScreensSchema.icons.map(\.0)],
                   JSONSchemaWriter.object(["svg": ["type": "string", "minLength": 1], "flips": ["type": "boolean"]], required: ["svg"])],
         "description": doc]
    }

    private static func properties<Model>(_ keys: [KeyRow<Model>]) -> [String: [String: Any]] {
        Dictionary(uniqueKeysWithValues: keys.map { ($0.name, JSONSchemaWriter.property($0.kind, doc: $0.row.doc, default: $0.initialValue)) })
    }

    private static func doc(of name: String) -> String { ScreensSchema.app.first { $0.name == name }?.row.doc ?? "" }

    // MARK: - The README

    /// The README's table of a screens file's own keys (with its `screen`, `theme`, a state's,
    /// a tab's and a screen's keys).
    static var appTable: String {
        var rows: [String] = []
        for key in ScreensSchema.app {
            rows += KeyTable.rows([key])
            switch key.name {
            case "screen": rows += KeyTable.rows(ScreensSchema.screen, prefix: "screen.")
            case "theme": rows += KeyTable.rows(ScreensSchema.theme, prefix: "theme.")
            case "states": rows += KeyTable.rows(ScreensSchema.stateKeys, prefix: "states.NAME.")
            case "tabs": rows += KeyTable.rows(ScreensSchema.tabKeys, prefix: "tabs[].")
            case "screens": rows += KeyTable.rows(ScreensSchema.screenKeys, prefix: "screens.NAME.")
            default: break
            }
        }
        return KeyTable.markdown(rows)
    }

    /// The README's table of a view's keys, with the widgets each applies to.
    static var viewTable: String {
        let rows = ViewNodeSchema.viewKeys.map { v -> String in
            let kinds = v.kinds.map { set in ScreenNode.Kind.allCases.filter(set.contains).map { "`\($0.rawValue)`" }.joined(separator: ", ") } ?? "every view"
            return "| `\(v.key.name)` | \(kinds) | \(v.key.row.value) | \(v.key.row.defaultValue) | \(v.key.row.doc) |"
        }
        return (["| key | widgets | value | default | meaning |", "|---|---|---|---|---|"] + rows).joined(separator: "\n")
    }

    /// The README's table of an action's keys.
    static var actionTable: String { KeyTable.markdown(KeyTable.rows(ViewNodeSchema.actionKeys, prefix: "action.")) }
}
