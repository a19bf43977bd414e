import Raster
import Schema
import Tours
import Views

/// One key a view may have, and the widgets it applies to (nil: every widget).
struct ViewKey: Sendable {
    /// The schema row.
    let key: KeyRow<ScreenNode>
    /// The widgets that take it; nil for the keys every view has.
    let kinds: Set<ScreenNode.Kind>?
    /// The widgets that must give it.
    let requiredBy: Set<ScreenNode.Kind>

    init(_ key: KeyRow<ScreenNode>, for kinds: Set<ScreenNode.Kind>? = nil, requiredBy: Set<ScreenNode.Kind> = []) {
        self.key = key; self.kinds = kinds; self.requiredBy = requiredBy
    }
}

/// The keys of a screens file's views, by widget, and of their actions: rows as `ScreensSchema`'s,
/// kept apart from the file's own.
enum ViewNodeSchema {
    /// Widgets whose children are views.
    static let containers: Set<ScreenNode.Kind> = [.vstack, .hstack, .zstack, .grid, .scroll, .list, .card]
    /// Widgets a tap, a change or a submit runs an action on.
    static let actors: Set<ScreenNode.Kind> = [.button, .toggle, .checkbox, .slider, .textField, .row, .card]

    /// The alignments a stack, a card or a frame may name.
    static let alignments: [(String, Alignment)] = [
        ("topLeading", .topLeading), ("top", .top), ("topTrailing", .topTrailing), ("leading", .leading), ("center", .center),
        ("trailing", .trailing), ("bottomLeading", .bottomLeading), ("bottom", .bottom), ("bottomTrailing", .bottomTrailing),
    ]

    /// The text styles a text may name.
    static let styles: [(String, Font)] = [
        ("largeTitle", .largeTitle), ("title", Font(size: 28, weight: .bold)), ("headline", .headline), ("body", .body),
        ("callout", Font(size: 16)), ("caption", .caption), ("footnote", Font(size: 12)),
    ]

    /// Every key of a view, in the order the README lists them.
    static let viewKeys: [ViewKey] = [
        ViewKey(KeyRow("type", .choice(ScreenNode.Kind.allCases.map(\.rawValue)), value: ScreenNode.Kind.allCases.map { "`\"\($0.rawValue)\"`" }.joined(separator: ", "),
                        default: "required", doc: "which widget the view is", decode: nil)),
        ViewKey(KeyRow("id", .name, value: "a name of letters, digits, `.`, `_`, `-` (at most 100)", default: "none",
                        doc: "the id tours name the view by (`\"target\": ID`, `tap ID`); each is used once in the file") { member, path, _, r, node in
            if let id = r.name(member.value, at: path, maxLength: 100) { node.id = id; node.keyLines["id"] = member.value.line }
        }),
        ViewKey(KeyRow("label", .localizedText, value: "a string, or strings by language tag", default: "its words, if any",
                        doc: "what a screen reader calls the view (an image or an icon is otherwise silent)") { member, path, _, r, node in
            node.label = ScreensSchema.localized(member.value, at: path, &r)
            node.keyLines["label"] = member.value.line
        }),
        ViewKey(KeyRow("padding", .mixed, value: "points, or an object: `top`, `leading`, `bottom`, `trailing`, `horizontal`, `vertical`", default: "none",
                        doc: "room around the widget inside its box (leading and trailing follow the reading direction)") { member, path, _, r, node in
            node.padding = padding(member.value, at: path, &r)
        }),
        ViewKey(KeyRow("frame", .object, value: "an object: `width`, `height`, `minWidth`, `maxWidth`, `minHeight`, `maxHeight` (points; the max ones may be `\"infinity\"`), `alignment`",
                        default: "the widget's own size", doc: "the view's box: a fixed size, bounds, and where the widget sits in it") { member, path, _, r, node in
            node.frame = frame(member.value, at: path, &r)
        }),
        ViewKey(KeyRow("background", .color, value: "`\"#RRGGBB\"`", default: "none",
                        doc: "fills the view's box (behind a `card`'s own white fill, which covers all of it but what `padding` leaves)") { member, path, _, r, node in
            node.background = ScreensSchema.color(member, path, &r)
            node.keyLines["background"] = member.value.line
        }),
        ViewKey(.number("cornerRadius", in: 0...1000, unit: "points", default: 0, doc: "rounds the box's background (and an image's corners)") { v, node in
            node.cornerRadius = v
        }),
        ViewKey(KeyRow("text", .localizedText, value: "a string, or strings by language tag; `{STATE}` shows a state's value", default: "required",
                        doc: "the words of a `text`") { member, path, _, r, node in
            node.text = ScreensSchema.localized(member.value, at: path, &r)
            node.keyLines["text"] = member.value.line
        }, for: [.text], requiredBy: [.text]),
        ViewKey(KeyRow("title", .localizedText, value: "a string, or strings by language tag; `{STATE}` shows a state's value", default: "required for `checkbox`, `row`, `navigationBar`",
                        doc: "a button's, toggle's, check box's, row's or navigation bar's words; a progress bar's label") { member, path, _, r, node in
            node.text = ScreensSchema.localized(member.value, at: path, &r)
            node.keyLines["text"] = member.value.line
        }, for: [.button, .toggle, .checkbox, .row, .navigationBar, .progress], requiredBy: [.checkbox, .row, .navigationBar]),
        ViewKey(KeyRow("detail", .localizedText, value: "a string, or strings by language tag; `{STATE}` shows a state's value", default: "none",
                        doc: "quieter words at a row's trailing side") { member, path, _, r, node in
            node.detail = ScreensSchema.localized(member.value, at: path, &r)
            node.keyLines["detail"] = member.value.line
        }, for: [.row]),
        ViewKey(KeyRow("placeholder", .localizedText, value: "a string, or strings by language tag", default: "none",
                        doc: "a text field's hint while it is empty") { member, path, _, r, node in
            node.placeholder = ScreensSchema.localized(member.value, at: path, &r)
            node.keyLines["placeholder"] = member.value.line
        }, for: [.textField]),
        ViewKey(KeyRow("style", .mixed, value: "a text: " + styles.map { "`\"\($0.0)\"`" }.joined(separator: ", ") + "; a button: `\"filled\"`, `\"plain\"`, `\"bordered\"`",
                        default: "`\"body\"`; `\"filled\"`", doc: "a text's size and weight, or a button's look") { member, path, _, r, node in
            if node.kind == .button {
                if let s = r.choice(member.value, at: path, ScreenNode.ButtonStyle.allCases.map { ($0.rawValue, $0) }) { node.style = s }
            } else if let f = r.choice(member.value, at: path, styles) {
                node.font = f
            }
        }, for: [.text, .button]),
        ViewKey(.number("size", in: 1...200, unit: "points", default: nil, defaultText: "the style's", doc: "a text's font size, or an icon's side") { v, node in
            if node.kind == .icon { node.iconSize = v } else { node.font = Font(size: v, weight: node.font?.weight ?? .regular) }
        }, for: [.text, .icon]),
        ViewKey(.choice("weight", [("regular", Font.Weight.regular), ("bold", .bold)], default: nil, defaultText: "the style's", doc: "a text's weight") { w, node in
            node.font = Font(size: node.font?.size ?? Font.body.size, weight: w)
        }, for: [.text]),
        ViewKey(KeyRow("color", .color, value: "`\"#RRGGBB\"`", default: "the label colour; the tint for icons", doc: "a text's or an icon's colour") { member, path, _, r, node in
            node.color = ScreensSchema.color(member, path, &r)
        }, for: [.text, .icon]),
        ViewKey(.choice("align", [("leading", TextAlignment.leading), ("center", .center), ("trailing", .trailing)], default: "leading",
                        doc: "how a text's lines line up") { a, node in
            node.textAlignment = a
        }, for: [.text]),
        ViewKey(.number("lines", in: 1...100, whole: true, default: nil, defaultText: "as many as it takes", doc: "the most lines a text takes (then \"…\")") { v, node in
            node.lines = Int(v)
        }, for: [.text]),
        ViewKey(KeyRow("file", .file, value: "a path to an image (PNG, JPEG, GIF, BMP, WebP, QOI)", default: "required",
                        doc: "an image's picture, relative to the screens file's folder") { member, path, _, r, node in
            if let s = r.string(member.value, at: path, nonEmpty: true) { node.image = s; node.keyLines["file"] = member.value.line }
        }, for: [.image], requiredBy: [.image]),
        ViewKey(.choice("mode", [("fill", ImageView.ContentMode.fill), ("fit", .fit)], default: "fill", doc: "an image covers its box (clipped) or fits inside it") { m, node in
            node.contentMode = m
        }, for: [.image]),
        ViewKey(.number("aspectRatio", in: 0.01...100, unit: "width over height", default: nil, defaultText: "the box's", doc: "an image's shape") { v, node in
            node.aspectRatio = v
        }, for: [.image]),
        ViewKey(KeyRow("icon", .mixed, value: "an icon's name (" + ScreensSchema.icons.map { "`\($0.0)`" }.joined(separator: ", ") + "), or `{\"svg\": DATA}`: SVG path data (a `<path>`'s `d`, not a file name) in a 24-unit square",
                        default: "required for `icon`", doc: "an icon's picture, or a button's beside its title") { member, path, _, r, node in
            node.icon = ScreensSchema.icon(member.value, at: path, &r)
        }, for: [.icon, .button], requiredBy: [.icon]),
        ViewKey(KeyRow("state", .name, value: "a state's name", default: "required for `toggle`, `checkbox`, `slider`, `textField`",
                        doc: "the state a control shows and sets (a flag, a number, a text), or a progress bar's number") { member, path, _, r, node in
            if let s = r.string(member.value, at: path, nonEmpty: true) { node.state = s; node.keyLines["state"] = member.value.line }
        }, for: [.toggle, .checkbox, .slider, .textField, .progress], requiredBy: [.toggle, .checkbox, .slider, .textField]),
        ViewKey(.number("value", in: 0...1, default: 0, doc: "how full a progress bar without a `state` is") { v, node in
            node.value = v
        }, for: [.progress]),
        ViewKey(KeyRow("min", .number(-1e12...1e12), value: "a number", default: "0", doc: "a slider's lowest value") { member, path, _, r, node in
            if let v = r.number(member.value, at: path, in: -1e12...1e12) { node.range = v...max(v, node.range.upperBound); node.keyLines["min"] = member.value.line }
        }, for: [.slider]),
        ViewKey(KeyRow("max", .number(-1e12...1e12), value: "a number", default: "1", doc: "a slider's highest value") { member, path, _, r, node in
            guard let v = r.number(member.value, at: path, in: -1e12...1e12) else { return }
            guard v > node.range.lowerBound else { r.report(member.value.line, path, "expected a number above min (\(node.range.lowerBound.compact)), found \(v.compact)"); return }
            node.range = node.range.lowerBound...v
        }, for: [.slider]),
        ViewKey(.number("step", in: 0.000001...1e12, default: nil, defaultText: "none (any value)", doc: "what a slider's value moves by") { v, node in
            node.step = v
        }, for: [.slider]),
        ViewKey(KeyRow("multiline", .flag, value: "`true` or `false`", default: "`false`", doc: "a text field of several lines") { member, path, _, r, node in
            if let b = r.bool(member.value, at: path) { node.multiline = b }
        }, for: [.textField]),
        ViewKey(.number("minLength", in: 0...ScreensSchema.maxLength, unit: "points", default: 0, doc: "the least room a spacer takes") { v, node in
            node.minLength = v
        }, for: [.spacer]),
        ViewKey(.number("spacing", in: 0...ScreensSchema.maxLength, unit: "points", default: nil, defaultText: "0 (a card, a scroll: 8; a grid: 16)", doc: "room between a container's children") { v, node in
            node.spacing = v
        }, for: [.vstack, .hstack, .grid, .scroll, .card]),
        ViewKey(KeyRow("alignment", .choice(alignments.map(\.0)), value: alignments.map { "`\"\($0.0)\"`" }.joined(separator: ", "), default: "`\"center\"`; a card: `\"leading\"`",
                        doc: "where a container's children line up (a vstack takes `leading`, `center`, `trailing`; an hstack `top`, `center`, `bottom`)") { member, path, _, r, node in
            guard let s = r.string(member.value, at: path) else { return }
            let allowed: [String]
            switch node.kind {
            case .vstack, .scroll, .card: allowed = ["leading", "center", "trailing"]
            case .hstack: allowed = ["top", "center", "bottom"]
            default: allowed = alignments.map(\.0)
            }
            guard allowed.contains(s) else { r.report(member.value.line, path, "expected one of \(allowed.map(quoted).joined(separator: ", ")) for a \(node.kind.rawValue), found \(quoted(s))"); return }
            node.alignment = s
        }, for: [.vstack, .hstack, .zstack, .scroll, .card]),
        ViewKey(.number("columns", in: 1...12, whole: true, default: 2, doc: "a grid's columns") { v, node in
            node.columns = Int(v)
        }, for: [.grid]),
        ViewKey(KeyRow("cellWidth", .list, value: "`[least, most]` points", default: "none (always `columns`)",
                        doc: "a grid takes as many columns as its width allows, each cell at most the second wide, one fewer when cells would be narrower than the first (never fewer than `columns`)") { member, path, _, r, node in
            guard case .array(let items) = member.value.value, items.count == 2,
                  let low = r.number(items[0], at: path.appending(0), in: 10...ScreensSchema.maxLength), let high = r.number(items[1], at: path.appending(1), in: 10...ScreensSchema.maxLength) else {
                if case .array(let items) = member.value.value, items.count == 2 { return }
                r.report(member.value.line, path, "expected [least, most] widths such as [150, 240]"); return
            }
            guard low <= high else { r.report(member.value.line, path, "expected the least width first, found [\(low.compact), \(high.compact)]"); return }
            node.cellWidth = low...high
        }, for: [.grid]),
        ViewKey(KeyRow("children", .list, value: "a list of views", default: "required", doc: "a container's views, in order (a list's are rows)") { member, path, _, r, node in
            guard case .array(let items) = member.value.value else { r.report(member.value.line, path, "expected a list of views, found \(member.value.kindDescription)"); return }
            for (i, item) in items.enumerated() {
                if let child = ViewNodeSchema.node(item, at: path.appending(i), &r) { node.children.append(child) }
            }
        }, for: containers, requiredBy: containers),
        ViewKey(KeyRow("control", .object, value: "a view (a `toggle`, `slider`, `checkbox`, `progress`, …)", default: "none", doc: "a row's control at its trailing end") { member, path, _, r, node in
            if let child = ViewNodeSchema.node(member.value, at: path, &r) { node.children = [child] }
        }, for: [.row]),
        ViewKey(KeyRow("content", .object, value: "a view", default: "its `title` and `icon`", doc: "a button's own look, in place of a title") { member, path, _, r, node in
            if let child = ViewNodeSchema.node(member.value, at: path, &r) { node.children = [child] }
        }, for: [.button]),
        ViewKey(KeyRow("action", .object, value: "an object: `go`, `back`, `tab`, `set` with `to`, `toggle`, `increment` with `by`, `min`, `max`, `event`",
                        default: "none", doc: "what a tap (a toggle's or slider's change, a field's submit) does: states change, then the event goes out, then the app goes to a screen") { member, path, _, r, node in
            var action = ScreenAction()
            action.line = member.value.line
            r.decode(member.value, at: path, keys: actionKeys, what: "an object such as {\"go\": \"player\"} or {\"increment\": \"plays\", \"event\": \"played\"}", into: &action)
            node.action = action
        }, for: actors),
    ]

    /// The keys of an action.
    static let actionKeys: [KeyRow<ScreenAction>] = [
        KeyRow("go", .name, value: "a screen's name", default: "none", doc: "shows that screen over this one (its navigation bar gets a back button)") { member, path, _, r, a in
            if let s = r.string(member.value, at: path, nonEmpty: true) { a.go = s; a.keyLines["go"] = member.value.line }
        },
        KeyRow("back", .flag, value: "`true`", default: "none", doc: "back to the screen before") { member, path, _, r, a in
            if let b = r.bool(member.value, at: path) { a.back = b }
        },
        KeyRow("tab", .name, value: "a tab's screen", default: "none", doc: "shows that tab") { member, path, _, r, a in
            if let s = r.string(member.value, at: path, nonEmpty: true) { a.tab = s; a.keyLines["tab"] = member.value.line }
        },
        KeyRow("set", .name, value: "a state's name", default: "none", doc: "sets the state to `to`") { member, path, _, r, a in
            if let s = r.string(member.value, at: path, nonEmpty: true) { a.setName = s; a.keyLines["set"] = member.value.line }
        },
        KeyRow("to", .mixed, value: "a number, `true`/`false` or a string", default: "required with `set`", doc: "the value `set` gives") { member, path, _, r, a in
            switch member.value.value {
            case .number(let v): a.setValue = .number(v)
            case .bool(let b): a.setValue = .flag(b)
            case .string: if let s = r.text(member.value, at: path) { a.setValue = .text(s) }
            default: r.report(member.value.line, path, "expected a number, true, false or a string, found \(member.value.kindDescription)")
            }
            a.keyLines["to"] = member.value.line
        },
        KeyRow("toggle", .name, value: "a flag state's name", default: "none", doc: "turns the flag over") { member, path, _, r, a in
            if let s = r.string(member.value, at: path, nonEmpty: true) { a.toggle = s; a.keyLines["toggle"] = member.value.line }
        },
        KeyRow("increment", .name, value: "a number state's name", default: "none", doc: "adds `by` to the number (a counter)") { member, path, _, r, a in
            if let s = r.string(member.value, at: path, nonEmpty: true) { a.increment = s; a.keyLines["increment"] = member.value.line }
        },
        KeyRow("by", .number(-1e12...1e12), value: "a number", default: "1", doc: "what `increment` adds (negative: takes away)") { member, path, _, r, a in
            if let v = r.number(member.value, at: path, in: -1e12...1e12) { a.by = v; a.keyLines["by"] = member.value.line }
        },
        KeyRow("min", .number(-1e12...1e12), value: "a number", default: "none", doc: "the least `increment` brings the number to") { member, path, _, r, a in
            if let v = r.number(member.value, at: path, in: -1e12...1e12) { a.bounds = v...max(v, a.bounds?.upperBound ?? .greatestFiniteMagnitude); a.keyLines["min"] = member.value.line }
        },
        KeyRow("max", .number(-1e12...1e12), value: "a number", default: "none", doc: "the most `increment` brings the number to") { member, path, _, r, a in
            guard let v = r.number(member.value, at: path, in: -1e12...1e12) else { return }
            let low = a.bounds?.lowerBound ?? -Double.greatestFiniteMagnitude
            guard v >= low else { r.report(member.value.line, path, "expected a number at least min (\(low.compact)), found \(v.compact)"); return }
            a.bounds = low...v
            a.keyLines["max"] = member.value.line
        },
        KeyRow("event", .name, value: "an event's name", default: "none", doc: "sends the app's event (declared in `events`)") { member, path, _, r, a in
            if let s = r.string(member.value, at: path, nonEmpty: true) { a.event = s; a.keyLines["event"] = member.value.line }
        },
    ]

    /// The keys `kind` takes, in the table's order.
    static func keys(for kind: ScreenNode.Kind) -> [KeyRow<ScreenNode>] { keysByKind[kind] ?? [] }

    /// The keys each widget takes, made once.
    private static let keysByKind: [ScreenNode.Kind: [KeyRow<ScreenNode>]] = Dictionary(uniqueKeysWithValues: ScreenNode.Kind.allCases.map { kind in
        (kind, viewKeys.filter { $0.kinds.map { $0.contains(kind) } ?? true }.map(\.key))
    })

    /// The keys each widget must give, with what they do, made once.
    private static let requiredByKind: [ScreenNode.Kind: [(name: String, doc: String)]] = Dictionary(uniqueKeysWithValues: ScreenNode.Kind.allCases.map { kind in
        (kind, viewKeys.filter { $0.requiredBy.contains(kind) }.map { ($0.key.name, $0.key.row.doc) })
    })

    /// A view: its `type` first, then the keys that widget takes.
    static func node(_ value: JSONNode, at path: JSONPath, _ r: inout SchemaReader) -> ScreenNode? {
        // Views are counted as they are read: past the limit nothing more is built, and the one
        // that passed it is the line reported.
        r.tally += 1
        guard r.tally <= ScreensSchema.maxViews else {
            if r.tally == ScreensSchema.maxViews + 1 {
                r.report(value.line, path, "the screens declare more than \(ScreensSchema.maxViews) views (a screens file may have at most \(ScreensSchema.maxViews))")
            }
            return nil
        }
        guard case .object(let members) = value.value else {
            r.report(value.line, path, "expected a view such as {\"type\": \"text\", \"text\": \"Hello\"}, found \(value.kindDescription)")
            return nil
        }
        guard let typeMember = members.first(where: { $0.key == "type" }) else {
            r.report(value.line, path, "missing key \"type\" (the widget: \(ScreenNode.Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
            return nil
        }
        guard case .string(let name) = typeMember.value.value else {
            r.report(typeMember.value.line, path.appending("type"), "expected a widget's name, found \(typeMember.value.kindDescription)")
            return nil
        }
        guard let kind = ScreenNode.Kind(rawValue: name) else {
            r.report(typeMember.value.line, path.appending("type"), "unknown widget \(quoted(name))" + SchemaReader.suggestion(for: name, among: ScreenNode.Kind.allCases.map(\.rawValue)))
            return nil
        }
        var node = ScreenNode(kind: kind, line: value.line)
        let before = r.diagnostics.count
        let given = r.decode(value, at: path, keys: keys(for: kind), what: "a view", into: &node) ?? [:]
        for key in requiredByKind[kind] ?? [] where given[key.name] == nil {
            r.report(value.line, path, "a \(kind.rawValue) needs \(quoted(key.name)) (\(key.doc))")
        }
        if kind == .button && given["title"] == nil && given["content"] == nil && given["icon"] == nil {
            r.report(value.line, path, "a button needs \"title\", \"icon\" or \"content\" (what it shows)")
        }
        if kind == .progress && given["value"] != nil && given["state"] != nil {
            r.report(value.line, path, "give a progress bar \"value\" or \"state\", not both")
        }
        return r.diagnostics.count == before ? node : nil
    }

    /// Points, or an object of edges.
    static func padding(_ node: JSONNode, at path: JSONPath, _ r: inout SchemaReader) -> EdgeInsets? {
        if case .number = node.value {
            return r.number(node, at: path, in: 0...ScreensSchema.maxLength).map { EdgeInsets(all: $0) }
        }
        let edges = ["top", "leading", "bottom", "trailing", "horizontal", "vertical"]
        guard let members = r.object(node, at: path, known: edges, what: "points, or an object such as {\"horizontal\": 16, \"top\": 8}") else { return nil }
        var insets = EdgeInsets()
        for edge in edges {
            guard let m = members[edge], let v = r.number(m.value, at: path.appending(edge), in: 0...ScreensSchema.maxLength) else { continue }
            switch edge {
            case "top": insets.top = v
            case "leading": insets.leading = v
            case "bottom": insets.bottom = v
            case "trailing": insets.trailing = v
            case "horizontal": insets.leading = v; insets.trailing = v
            default: insets.top = v; insets.bottom = v
            }
        }
        return insets
    }

    /// A frame object.
    static func frame(_ node: JSONNode, at path: JSONPath, _ r: inout SchemaReader) -> NodeFrame? {
        let keys = ["width", "height", "minWidth", "maxWidth", "minHeight", "maxHeight", "alignment"]
        guard let members = r.object(node, at: path, known: keys, what: "an object such as {\"maxWidth\": \"infinity\", \"height\": 44}") else { return nil }
        var frame = NodeFrame()
        for key in keys {
            guard let m = members[key] else { continue }
            let p = path.appending(key)
            if key == "alignment" {
                if let a = r.choice(m.value, at: p, alignments) { frame.alignment = a }
                continue
            }
            var v: Double?
            if case .string(let s) = m.value.value, s == "infinity", key.hasPrefix("max") {
                v = .infinity
            } else if case .string(let s) = m.value.value {
                r.report(m.value.line, p, "expected points" + (key.hasPrefix("max") ? " or \"infinity\"" : "") + ", found \(quoted(s))")
            } else {
                v = r.number(m.value, at: p, in: 0...ScreensSchema.maxLength)
            }
            switch key {
            case "width": frame.width = v
            case "height": frame.height = v
            case "minWidth": frame.minWidth = v
            case "maxWidth": frame.maxWidth = v
            case "minHeight": frame.minHeight = v
            default: frame.maxHeight = v
            }
        }
        return frame
    }
}
