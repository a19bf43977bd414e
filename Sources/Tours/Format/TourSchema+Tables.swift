import Overlays
import Raster
import Schema

extension TourSchema {
    // MARK: - The README


    /// The README's table of a tour's keys (with its `dim`, `theme`, `screen` and `show` objects';
    /// `test` has a table of its own).
    static var tourTable: String { KeyTable.markdown(tableRows(tour, nested: nestedInTour)) }

    /// The README's table of the `test` object's keys (with its `tolerance` object's and a script's).
    static var testTable: String {
        KeyTable.markdown(nestedInTour["test", default: []].flatMap { $0.rows("") })
    }

    /// The README's table of a step's keys, each object's and list item's keys after its own row.
    static var stepTable: String { KeyTable.markdown(tableRows(StepSchema.step, nested: nestedInStep)) }

    /// The rows of `keys` with the rows of the objects inside each, as `nested` declares them.
    private static func tableRows<Model>(_ keys: [KeyRow<Model>], nested: [String: [NestedKeys]]) -> [String] {
        keys.flatMap { key in KeyTable.rows([key]) + nested[key.name, default: []].filter(\.inTable).flatMap { $0.rows("") } }
    }

    /// The objects and list items inside a tour's keys, by key: said once, for the tables and the
    /// schema's list of keys alike.
    static var nestedInTour: [String: [NestedKeys]] { [
        "dim": [.rows(dim, at: "dim.")],
        "theme": [.theme(at: "theme.")],
        "screen": [.rows(screen, at: "screen.")],
        "show": [.rows(show, at: "show.")],
        "variants": [.rows(ExperimentSchema.variant, at: "variants[]."), .rows(ExperimentSchema.text, at: "variants[].texts[].")],
        "test": [.rows(TestSchema.test, at: "test.", inTable: false), .rows(TestSchema.tolerance, at: "test.tolerance.", inTable: false),
                 .rows(TestSchema.script, at: "test.scripts[].", inTable: false)],
    ] }

    /// The objects and list items inside a step's keys, by key.
    static var nestedInStep: [String: [NestedKeys]] { [
        "target": [.rows(anchor, at: "target.")],
        "rects": [.rows(StepSchema.rectItem, at: "rects[].")],
        "shape": [.rows(StepSchema.pathShape, at: "shape.")],
        "advanceOn": [.rows(StepSchema.advanceEvent, at: "advanceOn.")],
        "theme": [.theme(at: "theme.")],
        "outline": [.rows(ThemeSchema.outlineKeys, at: "outline.")],
        "buttons": [.rows(StepSchema.buttonItem, at: "buttons[].")],
        "demo": [.rows(StepSchema.demoKeys, at: "demo.")],
    ] }
}

/// The keys of an object or a list's items inside a key (`dim`'s, `rects[]`'s), at their path
/// below it: the README table's rows and the schema's key list are both made from one of these.
struct NestedKeys {
    /// Whether its rows are in the table of the object it is in (`test`'s have a table of their own).
    let inTable: Bool
    /// Its table rows under `prefix` (the path of the object it is in, within the table).
    let rows: (String) -> [String]
    /// Its keys under `prefix` (the path of the object it is in).
    let infos: (String) -> [KeyInfo]

    /// `keys` at `path` (`dim.`, `rects[].`), in its object's table unless `inTable` is false.
    static func rows<Model>(_ keys: [KeyRow<Model>], at path: String, inTable: Bool = true) -> NestedKeys {
        NestedKeys(inTable: inTable, rows: { KeyTable.rows(keys, prefix: $0 + path) }, infos: { TourSchema.infos(keys, prefix: $0 + path) })
    }

    /// A theme object at `path`: its bubble's and button's keys in the table, every key of it
    /// (nested ones with their own paths) in the schema.
    static func theme(at path: String) -> NestedKeys {
        NestedKeys(inTable: true,
                   rows: { KeyTable.rows(ThemeSchema.bubbleTheme, prefix: $0 + path + "bubble.") + KeyTable.rows(ThemeSchema.buttonTheme, prefix: $0 + path + "button.") },
                   infos: { TourSchema.themeInfos($0 + path) })
    }
}

extension TourStep {
    /// A step's keys in the order the tour format declares them: where an editor puts a key it adds.
    public static var keyOrder: [String] { StepSchema.step.map(\.name) }
}

extension Tour {
    /// A tour's own keys in the order the tour format declares them (`steps` last).
    public static var keyOrder: [String] { TourSchema.tour.map(\.name) }
}

extension TourSchema {
    static func infos<Model>(_ keys: [KeyRow<Model>], prefix: String) -> [KeyInfo] {
        keys.map { KeyInfo(path: prefix + $0.name, name: $0.name, label: $0.label, kind: $0.kind, value: $0.row.value,
                               defaultValue: $0.row.defaultValue, doc: $0.row.doc, isRequired: $0.missing != nil, initialValue: $0.initialValue) }
    }

    /// A theme object's keys under `prefix` (`theme.`).
    static func themeInfos(_ prefix: String) -> [KeyInfo] {
        infos(ThemeSchema.theme, prefix: prefix) + ThemeSchema.themeRows.map { row in infos([row.key], prefix: prefix + row.path.dropLast(row.key.name.count)) }.flatMap { $0 }
    }

    /// Every key of a tour file, nested ones after their object's own, in the schema's order.
    public static var allKeys: [KeyInfo] {
        tour.flatMap { key in
            infos([key], prefix: "") + nestedInTour[key.name, default: []].flatMap { $0.infos("") }
                + (key.name == "steps" ? StepSchema.step.flatMap { s in infos([s], prefix: "steps[].") + nestedInStep[s.name, default: []].flatMap { $0.infos("steps[].") } } : [])
        }
    }
}

/// The tour format's keys, for tools that build on it (a settings panel, a JSON Schema).
public enum TourFormat {
    /// Every key of a tour file, nested ones included (`steps[].advanceOn.goto`).
    public static var keys: [KeyInfo] { TourSchema.allKeys }
}
