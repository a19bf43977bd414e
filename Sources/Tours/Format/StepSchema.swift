import Overlays
import Raster
import Schema

/// The keys of a step and of the objects inside it (buttons, rectangles, paths, advance events):
/// rows as `TourSchema`'s, kept apart from the tour's own.
enum StepSchema {

    /// The keys of a step.
    static let step: [KeyRow<TourStep>] = [
        KeyRow("target", .mixed, value: "a view id, or an object of anchors", default: "one of `target`, `targets`, `rect`, `rects` is required",
                doc: "the view the hole surrounds (`limelight inspect` lists the app's ids), or the element its anchors find (see \"Anchored targets\")",
                decode: nil),
        KeyRow("targets", .viewIDs, value: "a list of view ids or objects of anchors", default: "—", doc: "several targets: one hole each, shown together", decode: nil),
        KeyRow("rect", .rects, value: "`[x, y, width, height]` in screen points", default: "—",
                doc: "a fixed rectangle (width and height not negative; every number within ±\(Int(TourSchema.maxCoordinate)))", decode: nil),
        KeyRow("rects", .rects, value: "a list of `[x, y, width, height]`, or of objects: `rect`, `cornerRadius`", default: "—",
                doc: "several fixed rectangles, one hole each, each with its own corner radius if given", decode: nil),
        KeyRow("shape", .mixed, value: "\(TourSchema.shapeNames.map { "`\"\($0.0)\"`" }.joined(separator: ", ")), or an object: `svgPath`, `fillRule`",
                default: "`\"roundedRect\"`", doc: "the holes' outline") { member, path, _, r, step in
            decodeShape(member.value, path, &step, &r)
        },
        .number("padding", in: 0...10_000, default: TourStep.defaultPadding, doc: "points between the target and the hole's edge", \.padding),
        .number("cornerRadius", in: 0...10_000, default: TourStep.defaultCornerRadius,
                doc: "the corner radius of `roundedRect` holes (only with that shape)", rule: { context, r, step in
            if let member = context.members["cornerRadius"], context.members["shape"] != nil, !isRoundedRect(step.shape) {
                r.warn(member.keyLine, context.path.appending("cornerRadius"), "has no effect: only \"shape\": \"roundedRect\" has a corner radius (remove it)")
            }
        }) { d, step in
            if case .roundedRect = step.shape { step.shape = .roundedRect(cornerRadius: d) }
        },
        .number("feather", in: 0...200, default: 0, doc: "the width of a soft edge, in points", \.feather),
        .localizedText("title", doc: "the bubble's bold first line (needs `text`)", \.title, \.titles),
        .localizedText("text", doc: "the bubble's text; a step without text shows no bubble", \.text, \.texts),
        .localizedText("label", default: "the target view's own label", doc: "what a screen reader calls the target; needed for a `rect` over a screenshot, which nothing else names", \.label, \.labels),
        .choice("placement", BubblePlacement.self, default: .auto,
                doc: "where the bubble goes (a side without room flips, and the lint says so)", \.placement),
        KeyRow("advanceOn", .mixed, value: "`\"tapAnywhere\"`, `\"tapTarget\"`, `\"nextButton\"`, or `{\"event\": CONDITION, \"goto\": ID}`",
                default: "`\"nextButton\"` with text, else `\"tapAnywhere\"`",
                doc: "what moves the step on: a tap anywhere, a tap on the target (which also reaches it), Next (needs `text`), or the app reaching a state the user brings about (conditions as in `showWhen`; `goto` optional)",
                decode: { member, path, _, r, step in
            if case .object = member.value.value {
                r.decode(member.value, at: path, keys: advanceEvent, what: "an object such as {\"event\": \"tab = NAME\"}", into: &step)
                return
            }
            let triggers = AdvanceTrigger.allCases.filter { $0 != .event }
            guard let a = r.choice(member.value, at: path, triggers.map { ($0.rawValue, $0) }) else { return }
            step.advanceOn = a
            if a == .nextButton && !step.showsBubble {
                r.report(member.value.line, path, "\"nextButton\" needs a bubble, and a step without \"text\" shows none (add \"text\" or use \"tapAnywhere\")")
            }
        }, rule: { context, r, step in
            if context.members["advanceOn"] == nil { step.advanceOn = step.showsBubble ? .nextButton : .tapAnywhere }
            if let title = context.members["title"], !(step.title ?? "").isEmpty, !step.showsBubble {
                r.report(title.keyLine, context.path.appending("title"), "a title needs \"text\" too: a step without text shows no bubble")
            }
        }),
        KeyRow("interactive", .flag, value: "`true` or `false`", default: "`false`",
                doc: "with `nextButton`: presses and drags in the holes reach the targets (a slider to try, a list to scroll) while the step waits for Next; `tapTarget` and event steps always reach them",
                decode: { member, path, _, r, step in
            guard let b = r.bool(member.value, at: path) else { return }
            step.targetIsInteractive = b
            if b && step.advanceOn != .nextButton {
                r.report(member.value.line, path, "\"interactive\" works with \"advanceOn\": \"nextButton\" (a tap on the target already reaches it with \"tapTarget\" and events; with \"tapAnywhere\" a tap moves on)")
            }
        }),
        .object("theme", value: "an object: `bubble`, `button`", default: "the tour's", doc: "what the step changes of the tour's theme",
                keys: ThemeSchema.theme, what: "an object such as {\"bubble\": {\"accent\": \"#FF3B30\"}}", fresh: TourTheme(), \.theme),
        KeyRow("background", .file, value: "a path to a PNG file", default: "the previous step's, else the tour's",
                doc: "over screenshots: this step's screen (the same size as the tour's `background`), cross-faded to from the one before") { member, path, _, r, step in
            step.backgroundLine = member.value.line
            if let s = r.string(member.value, at: path, nonEmpty: true) { step.background = s }
        },
        .choice("kind", [("spotlight", false), ("hotspot", true)], default: "spotlight",
                doc: "a hotspot shows a pulsing beacon on its target with no dim, the app usable; a tap on it opens the step as a spotlight") { isHotspot, step in
            step.isHotspot = isHotspot
        },
        KeyRow("group", .name, value: "a name", default: "none", doc: "hotspot steps in a row with the same group are up at once, each opened on its own") { member, path, _, r, step in
            if let g = r.name(member.value, at: path, maxLength: 100) { step.group = g }
        },
        .object("outline", value: "an object: `width`, `color`, `glow`, `pulse`", default: "none",
                doc: "a line around each hole, outside it, following its shape (SVG paths too)",
                keys: ThemeSchema.outlineKeys, what: "an object such as {\"width\": 3, \"color\": \"#FFD60A\"}", fresh: HoleOutline(), \.outline),
        KeyRow("version", .name, value: "a string or a number", default: "a digest of the step's content",
                doc: "the step's content version: someone who finished the tour sees again only the steps whose version changed since") { member, path, _, r, step in
            switch member.value.value {
            case .string(let s) where !s.isEmpty: step.version = s
            case .number(let n): step.version = n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
            default: r.report(member.value.line, path, "expected a version such as \"2\" or 2, found \(member.value.kindDescription)")
            }
        },
        KeyRow("id", .name, value: "a name of letters, digits, `.`, `_`, `-` (at most 100)", default: "none",
                doc: "the step's name, for a `goto`") { member, path, _, r, step in
            step.source.id = member.keyLine
            if let id = r.name(member.value, at: path, maxLength: 100) {
                if ["next", "end"].contains(id) { r.report(member.value.line, path, "\"\(id)\" means what it says in a goto; name the step otherwise") } else { step.id = id }
            }
        },
        KeyRow("showWhen", .conditions, value: "a condition, or a list of them", default: "none",
                doc: "wait before showing the step, the app working as usual, until all hold: `tab = NAME`, `overlay = alert` (or `none`), `view = ID` (laid out), or one of the app's states (`saves >= 5`, `wifi = true`)") { member, path, _, r, step in
            step.showWhen = TourSchema.conditions(member, path, &r, &step)
        },
        KeyRow("buttons", .list, value: "a list of up to three `{\"title\": …, \"goto\": \"next\" | \"end\" | ID}`", default: "none",
                doc: "buttons that lead somewhere, instead of Next (titles a string or strings by language tag); Back follows the path taken") { member, path, _, r, step in
            guard case .array(let items) = member.value.value, !items.isEmpty, items.count <= 3 else {
                r.report(member.value.line, path, "expected a list of one to three buttons such as {\"title\": \"Show me\", \"goto\": \"cards\"}, found \(member.value.kindDescription)")
                return
            }
            for (k, item) in items.enumerated() {
                var button = ButtonItem()
                r.decode(item, at: path.appending(k), keys: buttonItem, what: "a button such as {\"title\": \"Show me\", \"goto\": \"cards\"}", into: &button)
                if let title = button.title, let target = button.goto {
                    step.buttons.append(StepButton(title: title, titles: button.titles, goto: target, line: button.gotoLine))
                }
            }
        },
        KeyRow("tab", .name, value: "a tab's name (`\"home\"`, `\"menu\"`)", default: "the previous step's tab, else the first tab",
                doc: "the tab to switch to first (its own screen, with no screen shown over it); later steps stay there until another `tab`") { member, path, _, r, step in
            if let s = r.string(member.value, at: path, nonEmpty: true) {
                step.tab = s
                step.source.tab = member.value.line
            }
        },
        KeyRow("go", .viewIDs, value: "a screen's name, or a list of them", default: "the previous step's, unless it names its `tab`",
                doc: "screens shown over the tab first, each over the one before, as a button's `go` shows them (with a back button); later steps stay there until another `tab` or `go`") { member, path, _, r, step in
            step.source.go = member.value.line
            if case .array(let items) = member.value.value {
                guard !items.isEmpty else { r.report(member.value.line, path, "expected at least one screen's name, found an empty list"); return }
                step.go = items.enumerated().compactMap { i, item in r.string(item, at: path.appending(i), nonEmpty: true) }
            } else if let s = r.string(member.value, at: path, nonEmpty: true) {
                step.go = [s]
            }
        },
        .number("waitFor", in: 0...60000, default: 3000,
                doc: "milliseconds the step waits, the dim up and no bubble, for a target not laid out yet (a card added later) or gone; then `ifMissing`",
                \.waitFor),
        .choice("ifMissing", MissingTargetAction.self, default: .skip,
                doc: "when the wait is over: pass over the step, end the tour, or show the bubble centred with no hole (with a Next to leave by; a step without text is passed over)", \.ifMissing),
        KeyRow("scrollIntoView", .flag, value: "`true` or `false`", default: "`true`",
                doc: "scroll a target that is cut off (or virtualized far away) fully into view first", decode: { member, path, _, r, step in
            if let b = r.bool(member.value, at: path) { step.scrollsIntoView = b }
        }, rule: { context, r, step in
            if case .path = step.shape, step.targets.count > 1 {
                r.report(context.members["targets"]?.keyLine ?? context.node.line, context.path.appending("targets"),
                         "an \"svgPath\" shape draws one hole; give a single \"target\" or \"rect\"")
            }
        }),
        demo,
    ]

    /// The keys of a step's `advanceOn` object: the step moves on when the app reaches a state.
    static let advanceEvent: [KeyRow<TourStep>] = [
        KeyRow("event", .conditions, value: "a condition, or a list of them", default: "required",
                doc: "the state that moves the step on (conditions as in `showWhen`)",
                missing: "missing key \"event\" (the condition that moves the step on, such as \"tab = NAME\")") { member, path, _, r, step in
            step.advanceOn = .event
            step.advanceConditions = TourSchema.conditions(member, path, &r, &step)
        },
        KeyRow("goto", .name, value: "`\"next\"`, `\"end\"` or a step's id", default: "`\"next\"`",
                doc: "where the tour goes then") { member, path, _, r, step in
            step.advanceGoto = TourSchema.goto(member, path, &r)
        },
    ]

    /// What a `buttons` item holds while it is read.
    struct ButtonItem {
        var title: String?
        var titles: [String: String] = [:]
        var goto: StepGoto?
        var gotoLine = 0
    }

    /// The keys of a `buttons` item.
    static let buttonItem: [KeyRow<ButtonItem>] = [
        .localizedText("title", default: "required", doc: "the button's title", \.title, \.titles),
        KeyRow("goto", .name, value: "`\"next\"`, `\"end\"` or a step's id", default: "required",
                doc: "where the button leads", decode: { member, path, _, r, button in
            button.goto = TourSchema.goto(member, path, &r)
            button.gotoLine = member.value.line
        }, rule: { context, r, _ in
            if context.members["title"] == nil || context.members["goto"] == nil {
                r.report(context.node.line, context.path, "a button needs a \"title\" and a \"goto\"")
            }
        }),
    ]

    /// What a `rects` item written as an object holds while it is read.
    struct RectItem {
        var rect: JSONNode?
        var cornerRadius: Double?
        /// What a screen reader is told the part of the picture is, and its name.
        var anchors = TargetAnchors()
    }

    /// The keys of a `rects` item written as an object (a bare `[x, y, width, height]` is its `rect`).
    static let rectItem: [KeyRow<RectItem>] = [
        KeyRow("rect", .rects, value: "`[x, y, width, height]` in screen points", default: "required",
                doc: "the hole's rectangle", missing: "missing key \"rect\" ([x, y, width, height])") { member, _, _, _, item in
            item.rect = member.value
        },
        .number("cornerRadius", in: 0...10_000, default: nil, defaultText: "the step's `cornerRadius`", doc: "this hole's own corner radius") { d, item in
            item.cornerRadius = d
        },
        .choice("role", TourSchema.anchorRoles, default: nil, defaultText: "`\"image\"`",
                doc: "what a screen reader is told this part of the picture is (a button, a tab)") { role, item in
            item.anchors.role = role
        },
        .localizedText("name", default: "the step's `label`", doc: "what a screen reader calls this part of the picture", \.anchors.name, \.anchors.names),
    ]

    /// The keys of a step's path `shape` object (the fill rule first: a bad one is reported before
    /// the path data).
    static let pathShape: [KeyRow<PathShape>] = [
        .choice("fillRule", [("nonZero", FillRule.nonZero), ("evenOdd", .evenOdd)], default: "nonZero",
                doc: "which parts of a path that crosses itself are inside") { f, shape in
            shape.fillRule = f
        },
        KeyRow("svgPath", .name, value: "SVG path data in screen points", default: "required",
                doc: "the one hole's outline; every point within ±\(Int(TourSchema.maxCoordinate)), at most \(TourSchema.maxPathElements) segments (the target then only decides scrolling)",
                missing: "missing key \"svgPath\" (SVG path data in screen points, such as \"M 10 10 H 90 V 90 Z\")") { member, path, _, r, shape in
            guard let d = r.string(member.value, at: path) else { return }
            do {
                let parsed = try Path(svgPathData: d)
                if parsed.isEmpty {
                    r.report(member.value.line, path, "expected SVG path data with at least one moveto, found \(quoted(d))")
                } else if parsed.elements.count > TourSchema.maxPathElements {
                    r.report(member.value.line, path, "expected SVG path data of at most \(TourSchema.maxPathElements) segments, found \(parsed.elements.count)")
                } else if let far = farPoint(of: parsed) {
                    r.report(member.value.line, path,
                             "expected coordinates from -\(Int(TourSchema.maxCoordinate)) to \(Int(TourSchema.maxCoordinate)) (screen points), found the point \(far)"
                             + " (arcs count their control points)")
                } else {
                    shape.path = parsed
                }
            } catch {
                r.report(member.value.line, path, "bad SVG path data at \(error)")
            }
        },
    ]

    /// What a path `shape` object holds while it is read.
    struct PathShape {
        var path: Path?
        var fillRule = FillRule.nonZero
    }

    // MARK: - Reading shapes

    private static func isRoundedRect(_ shape: HoleShape) -> Bool {
        if case .roundedRect = shape { return true }
        return false
    }

    private static func decodeShape(_ node: JSONNode, _ path: JSONPath, _ step: inout TourStep, _ r: inout SchemaReader) {
        switch node.value {
        case .string:
            if let s = r.choice(node, at: path, TourSchema.shapeNames) { step.shape = s }
        case .object:
            var shape = PathShape()
            r.decode(node, at: path, keys: pathShape, what: "an object", into: &shape)
            if let p = shape.path { step.shape = .path(p, shape.fillRule) }
        default:
            let names = TourSchema.shapeNames.map { quoted($0.0) }.joined(separator: ", ")
            r.report(node.line, path, "expected one of \(names), or {\"svgPath\": \"…\", \"fillRule\": \"evenOdd\"}, found \(node.kindDescription)")
        }
    }

    /// The first point (control points included) of `path` beyond `TourSchema.maxCoordinate`, or nil.
    static func farPoint(of path: Path) -> Point? {
        func far(_ p: Point) -> Bool { !(abs(p.x) <= TourSchema.maxCoordinate && abs(p.y) <= TourSchema.maxCoordinate) }
        for e in path.elements {
            switch e {
            case .move(let p), .line(let p): if far(p) { return p }
            case .quad(let c, let p): if let q = [c, p].first(where: far) { return q }
            case .cubic(let c1, let c2, let p): if let q = [c1, c2, p].first(where: far) { return q }
            case .close: break
            }
        }
        return nil
    }
}
