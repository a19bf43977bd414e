import Overlays
import Raster
import Schema

extension TourSchema {
    // MARK: - The README


    /// The README's table of a tour's keys (with its `dim`, `theme` and `screen` objects').
    static var tourTable: String {
        var rows: [String] = []
        for key in tour {
            rows += KeyTable.rows([key])
            switch key.name {
            case "dim": rows += KeyTable.rows(dim, prefix: "dim.")
            case "theme": rows += KeyTable.rows(ThemeSchema.bubbleTheme, prefix: "theme.bubble.") + KeyTable.rows(ThemeSchema.buttonTheme, prefix: "theme.button.")
            case "screen": rows += KeyTable.rows(screen, prefix: "screen.")
            case "show": rows += KeyTable.rows(show, prefix: "show.")
            default: break
            }
        }
        return KeyTable.markdown(rows)
    }

    /// The README's table of the `test` object's keys (with its `tolerance` object's and a script's).
    static var testTable: String {
        KeyTable.markdown(KeyTable.rows(TestSchema.test, prefix: "test.") + KeyTable.rows(TestSchema.tolerance, prefix: "test.tolerance.")
              + KeyTable.rows(TestSchema.script, prefix: "test.scripts[]."))
    }

    /// The README's table of a step's keys, each object's and list item's keys after its own row.
    static var stepTable: String {
        var rows: [String] = []
        for key in step {
            rows += KeyTable.rows([key])
            switch key.name {
            case "target": rows += KeyTable.rows(anchor, prefix: "target.")
            case "rects": rows += KeyTable.rows(rectItem, prefix: "rects[].")
            case "shape": rows += KeyTable.rows(pathShape, prefix: "shape.")
            case "advanceOn": rows += KeyTable.rows(advanceEvent, prefix: "advanceOn.")
            case "theme": rows += KeyTable.rows(ThemeSchema.bubbleTheme, prefix: "theme.bubble.") + KeyTable.rows(ThemeSchema.buttonTheme, prefix: "theme.button.")
            case "outline": rows += KeyTable.rows(ThemeSchema.outlineKeys, prefix: "outline.")
            case "buttons": rows += KeyTable.rows(buttonItem, prefix: "buttons[].")
            default: break
            }
        }
        return KeyTable.markdown(rows)
    }

}

extension TourStep {
    /// A step's keys in the order the tour format declares them: where an editor puts a key it adds.
    public static var keyOrder: [String] { TourSchema.step.map(\.name) }
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
        var out: [KeyInfo] = []
        for key in tour {
            out += infos([key], prefix: "")
            switch key.name {
            case "dim": out += infos(dim, prefix: "dim.")
            case "theme": out += themeInfos("theme.")
            case "show": out += infos(show, prefix: "show.")
            case "screen": out += infos(screen, prefix: "screen.")
            case "test": out += infos(TestSchema.test, prefix: "test.") + infos(TestSchema.tolerance, prefix: "test.tolerance.") + infos(TestSchema.script, prefix: "test.scripts[].")
            case "steps":
                for s in step {
                    out += infos([s], prefix: "steps[].")
                    switch s.name {
                    case "target": out += infos(anchor, prefix: "steps[].target.")
                    case "rects": out += infos(rectItem, prefix: "steps[].rects[].")
                    case "shape": out += infos(pathShape, prefix: "steps[].shape.")
                    case "advanceOn": out += infos(advanceEvent, prefix: "steps[].advanceOn.")
                    case "theme": out += themeInfos("steps[].theme.")
                    case "outline": out += infos(ThemeSchema.outlineKeys, prefix: "steps[].outline.")
                    case "buttons": out += infos(buttonItem, prefix: "steps[].buttons[].")
                    default: break
                    }
                }
            default: break
            }
        }
        return out
    }
}

/// The tour format's keys, for tools that build on it (a settings panel, a JSON Schema).
public enum TourFormat {
    /// Every key of a tour file, nested ones included (`steps[].advanceOn.goto`).
    public static var keys: [KeyInfo] { TourSchema.allKeys }
}
