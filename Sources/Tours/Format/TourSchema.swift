import Overlays
import Raster
import Schema

/// Every key a tour file may have, declared once (see `KeyRow`): the tour's, its `dim` object's,
/// a step's and a path `shape` object's. `TourDecoder` reads files with these tables and the README's
/// key tables are made from them (`markdownTable`), which a test holds to the README.
package enum TourSchema {
    /// The largest coordinate a step may use, in screen points (rects and svg paths alike): far
    /// beyond any screen, and small enough that every scale keeps a path exact in the rasterizer.
    static let maxCoordinate = 100_000.0

    /// The most segments (moves, lines, curves, closes; an arc is up to four curves) an svgPath
    /// may have: plenty for any outline, and a bound on the work of drawing it every frame.
    static let maxPathElements = 10_000

    /// The shapes named by a string.
    static let shapeNames: [(String, HoleShape)] = [("circle", .circle), ("ellipse", .ellipse), ("rect", .rect),
                                                    ("roundedRect", .roundedRect(cornerRadius: TourStep.defaultCornerRadius))]

    /// The member's value when it is a name (ASCII letters, digits, `.`, `_` and `-`, at most
    /// `maxLength` of them), else nil with the problem reported.
    package static func name(_ member: JSONMember, _ path: JSONPath, _ r: inout SchemaReader, maxLength: Int) -> String? {
        guard let s = r.string(member.value, at: path, nonEmpty: true) else { return nil }
        guard s.count <= maxLength, s.unicodeScalars.allSatisfy({ $0.isASCII && (Character($0).isLetter || Character($0).isNumber || "._-".unicodeScalars.contains($0)) }) else {
            r.report(member.value.line, path, "expected a name of letters, digits, \".\", \"_\" and \"-\" (at most \(maxLength)), found \(quoted(s))")
            return nil
        }
        return s
    }

    /// A condition, or a list of them, each recorded with its line for the check.
    static func conditions(_ member: JSONMember, _ path: JSONPath, _ r: inout SchemaReader, _ step: inout TourStep) -> [TourCondition] {
        var nodes: [(JSONNode, JSONPath)] = []
        if case .array(let items) = member.value.value {
            nodes = items.enumerated().map { ($0.element, path.appending($0.offset)) }
            if nodes.isEmpty { r.report(member.value.line, path, "expected at least one condition, found an empty list") }
        } else {
            nodes = [(member.value, path)]
        }
        var out: [TourCondition] = []
        for (node, p) in nodes {
            guard let text = r.string(node, at: p, nonEmpty: true) else { continue }
            switch TourCondition.parse(text) {
            case .success(let c):
                out.append(c)
                step.source.conditions.append(TourStep.ConditionSource(condition: c, line: node.line, path: p.description))
            case .failure(let e):
                r.report(node.line, p, e.message)
            }
        }
        return out
    }

    /// A `goto` value: "next", "end" or a step's id.
    static func goto(_ member: JSONMember, _ path: JSONPath, _ r: inout SchemaReader) -> StepGoto? {
        guard let s = r.string(member.value, at: path, nonEmpty: true) else { return nil }
        switch s {
        case "next": return .next
        case "end": return .end
        default: return .step(s)
        }
    }

    // MARK: - The tour

    /// The keys of a tour (the top-level object).
    static let tour: [KeyRow<Tour>] = [
        KeyRow("$schema", .file, value: "a path or URL", default: "none",
                doc: "the JSON Schema an editor checks the file against as you type (`schemas/tour.schema.json`); Limelight itself ignores it", label: "JSON Schema") { member, path, _, r, _ in
            _ = r.string(member.value, at: path)
        },
        KeyRow("id", .name, value: "a name of letters, digits, `.`, `_`, `-` (at most 100)", default: "required",
                doc: "the tour's name: saved progress and reports use it",
                missing: "missing key \"id\" (a name for the tour, such as \"onboarding\")") { member, path, _, r, tour in
            if let id = name(member, path, &r, maxLength: 100) { tour.id = id }
        },
        KeyRow("app", .file, value: "a path to a screens file", default: "the command's app",
                doc: "the app the tour runs over: a screens file (see \"Your app's screens as a file\"), relative to the tour file's folder (an absolute path works on this machine alone: `check --lint` warns of it); every command runs the tour over it unless `--app` names another; the editor writes it for a tour made over `--app FILE`") { member, path, _, r, tour in
            tour.appLine = member.value.line
            if let s = r.string(member.value, at: path, nonEmpty: true) { tour.app = s }
        },
        KeyRow("dim", .object, value: "an object: `color`, `opacity`", default: "the defaults of its keys",
                doc: "the layer over everything outside the holes") { member, path, _, r, tour in
            r.decode(member.value, at: path, keys: dim, what: "an object such as {\"color\": \"#000000\", \"opacity\": 0.6}", into: &tour)
        },
        KeyRow("theme", .object, value: "an object: `bubble`, `button`", default: "the standard look",
                doc: "how the bubbles look (colours `\"#RRGGBB\"`); a step's `theme` goes over it") { member, path, _, r, tour in
            r.decode(member.value, at: path, keys: theme, what: "an object such as {\"bubble\": {\"background\": \"#1C1C1E\"}}", into: &tour.theme)
        },
        KeyRow("show", .mixed, value: "`\"once\"`, `\"always\"`, or an object: `afterLaunches`, `afterEvent` with `count`, `maxTimes`, `notWithin`",
                default: "`\"once\"`",
                doc: "when the tour shows, from saved progress: once, every time, after N launches, after one of the app's events N times, at most N times, not again within a while (`\"7d\"`, `\"12h\"`, `\"30m\"`); all the keys given must hold") { member, path, _, r, tour in
            if case .string(let s) = member.value.value {
                switch s {
                case "once": tour.show.maxTimes = 1
                case "always": tour.show.maxTimes = nil
                default: r.report(member.value.line, path, "expected \"once\", \"always\" or an object such as {\"afterLaunches\": 3}, found \(quoted(s))")
                }
                return
            }
            r.decode(member.value, at: path, keys: show, what: "\"once\", \"always\" or an object such as {\"afterLaunches\": 3}", into: &tour)
        },
        KeyRow("after", .name, value: "a tour's id", default: "none", doc: "show only once the tour with this id was finished") { member, path, _, r, tour in
            if let id = name(member, path, &r, maxLength: 100) {
                tour.show.afterTour = id
                tour.afterLine = member.value.line
            }
        },
        .bool("showProgress", default: false, doc: "bubbles show \"2 / 4\" and a dot per step (dots up to 12 steps)", \.showsProgress),
        .bool("allowSkip", default: true, doc: "a Skip button in bubbles (not on the last step) and Escape leave the tour early", \.allowsSkip),
        KeyRow("background", .mixed, value: "a path to a PNG file, or an object of paths by language tag", default: "none",
                doc: "a screenshot to run over instead of the app, relative to the tour file's folder (an absolute path works on this machine alone: `check --lint` warns of it); by language (`{\"en\": \"home-en.png\", \"ja\": \"home-ja.png\"}`), each language runs over its own, the first the others fall back to") { member, path, _, r, tour in
            tour.backgroundLine = member.value.line
            if case .object(let members) = member.value.value {
                guard !members.isEmpty else { r.report(member.value.line, path, "expected at least one language tag with a PNG path"); return }
                for (k, m) in members.enumerated() {
                    guard LanguageTag.isWellFormed(m.key) else {
                        r.report(m.keyLine, path.appending(m.key), "expected a language tag such as en, ja or pt-BR, found \(quoted(m.key))"); continue
                    }
                    guard let s = r.string(m.value, at: path.appending(m.key), nonEmpty: true) else { continue }
                    if k == 0 { tour.background = s } else { tour.languageBackgrounds[m.key] = s }
                }
                if let first = members.first, tour.background != nil { tour.languageBackgrounds[first.key] = tour.background }
                return
            }
            if let s = r.string(member.value, at: path, nonEmpty: true) { tour.background = s }
        },
        .object("screen", value: "an object: `size`, `scale`", default: "the command's `--size` and `--scale`",
                doc: "the screen the tour is made for; over a screenshot without `size`, the image's pixels divided by `scale`",
                keys: screen, what: "an object such as {\"scale\": 3} or {\"size\": [390, 844], \"scale\": 2}", fresh: Tour.ScreenSpec(), \.screen),
        .choice("units", Tour.RectUnits.self, default: .points,
                doc: "what `rect` and `rects` are measured in: screen points, or the screenshot's pixels (points × `screen.scale`)", \.rectUnits),
        KeyRow("test", .object, value: "an object: `sizes`, `scales`, `languages`, `times`, `goldens`, `tolerance`, `scripts`",
                default: "the defaults of its keys", doc: "what `limelight test` runs for the tour") { member, path, _, r, tour in
            r.decode(member.value, at: path, keys: test, what: "an object such as {\"sizes\": [\"390x844\"], \"languages\": [\"en\", \"ja\"]}",
                     into: &tour.test)
        },
        KeyRow("steps", .list, value: "a list of step objects (at least one)", default: "required",
                doc: "the steps, in order",
                missing: "missing key \"steps\" (a list of at least one step)") { member, path, context, r, tour in
            guard case .array(let elements) = member.value.value else {
                r.report(member.value.line, path, "expected a list of steps, found \(member.value.kindDescription)")
                return
            }
            if elements.isEmpty { r.report(member.value.line, path, "expected at least one step, found an empty list") }
            // Rectangles measured on the screenshot's pixels become points.
            let toPoints = tour.rectUnits == .pixels ? 1 / (tour.screen?.scale ?? 1) : 1
            for (i, element) in elements.enumerated() {
                if var step = TourDecoder.decodeStep(element, path.appending(i), &r) {
                    if toPoints != 1 { step.scaleRects(by: toPoints) }
                    tour.steps.append(step)
                }
            }
            // `screen` describes a screenshot: over the app it would do nothing.
            if let screen = context.members["screen"], tour.background == nil, !tour.steps.contains(where: { $0.background != nil }) {
                r.warn(screen.keyLine, context.path.appending("screen"), "applies only to a tour over a screenshot (\"background\"); over the app, the screen is --size and --scale (or the test object's sizes and scales)")
            }
            // The test matrix is steps × times × sizes × scales × languages: refused before it is planned.
            let languages = tour.test.languages?.count ?? tour.textLanguages.count
            let cases = tour.test.caseCount(steps: elements.count, languages: languages)
            if cases.map({ $0 > TourTest.maxCases }) ?? true {
                r.report(member.value.line, path, "the test matrix would have \(cases.map(String.init) ?? "too many") cases (\(elements.count) steps × sizes × scales × languages × times); at most \(TourTest.maxCases)")
            }
        },
    ]

    /// A whole number within `range`, else nil with the problem reported.
    static func whole(_ node: JSONNode, _ path: JSONPath, _ r: inout SchemaReader, in range: ClosedRange<Double>) -> Int? {
        r.wholeNumber(node, at: path, in: range)
    }

    /// The keys of the tour's `show` object (all the keys given must hold).
    static let show: [KeyRow<Tour>] = [
        .number("afterLaunches", in: 1...100_000, whole: true, default: nil, doc: "show from the app's Nth launch on") { n, tour in
            tour.show.afterLaunches = Int(n)
        },
        .number("maxTimes", in: 1...100_000, whole: true, default: 1, defaultText: "`1` (`\"once\"`)", doc: "show at most this many times") { n, tour in
            tour.show.maxTimes = Int(n)
        },
        KeyRow("afterEvent", .name, value: "one of the app's event names", default: "none",
                doc: "show once the app's event happened `count` times (the app declares its events)") { member, path, context, r, tour in
            // The event's name is checked against the app's events with the targets (TourTargetValidator).
            guard let name = r.string(member.value, at: path, nonEmpty: true) else { return }
            let count = context.members["count"].flatMap { r.wholeNumber($0.value, at: context.path.appending("count"), in: ShowRule.EventCount.counts) } ?? 1
            tour.show.afterEvent = ShowRule.EventCount(name: name, count: count)
            tour.afterEventLine = member.value.line
        },
        KeyRow("count", .wholeNumber(ShowRule.EventCount.counts), value: ValueKind.numberText(ShowRule.EventCount.counts, whole: true), initialValue: .number(1),
                doc: "with `afterEvent`: how many times the event must have happened", decode: nil, rule: { context, r, _ in
            if let c = context.members["count"], context.members["afterEvent"] == nil {
                r.report(c.keyLine, context.path.appending("count"), "\"count\" goes with \"afterEvent\"")
            }
        }),
        KeyRow("notWithin", .name, value: "a duration: `\"7d\"`, `\"12h\"`, `\"30m\"`, `\"45s\"`", default: "none",
                doc: "not again within this long of the last time it showed (at most 3650 days)") { member, path, _, r, tour in
            guard let s = r.string(member.value, at: path, nonEmpty: true) else { return }
            if let d = ShowRule.duration(s) {
                if d <= ShowRule.maxDuration { tour.show.notWithin = d } else {
                    r.report(member.value.line, path, "expected a duration of at most \(ShowRule.describe(seconds: ShowRule.maxDuration)) (\"3650d\"), found \(quoted(s))")
                }
            } else {
                r.report(member.value.line, path, "expected a duration such as \"7d\", \"12h\", \"30m\" or \"45s\", found \(quoted(s))")
            }
        },
    ]

    /// The keys of the tour's `screen` object.
    static let screen: [KeyRow<Tour.ScreenSpec>] = [
        KeyRow("size", .mixed, value: "`[width, height]` in points, each 1 to 16384", default: "the screenshot's pixels ÷ `scale`",
                doc: "the screen's size") { member, path, _, r, spec in
            guard case .array(let items) = member.value.value, items.count == 2 else {
                r.report(member.value.line, path, "expected [width, height] in points, such as [390, 844]")
                return
            }
            let w = r.number(items[0], at: path.appending(0), in: 1...16384, meaning: "a number (width)")
            let h = r.number(items[1], at: path.appending(1), in: 1...16384, meaning: "a number (height)")
            if let w, let h { spec.size = Size(w, h) }
        },
        .number("scale", in: 0.25...8, default: 1, doc: "device pixels per point (3 for an @3x screenshot)", \.scale),
    ]

    /// The keys of the tour's `dim` object.
    static let dim: [KeyRow<Tour>] = [
        KeyRow("color", .color, value: "`\"#RRGGBB\"`", default: "`\"#000000\"`", doc: "the dim layer's colour") { member, path, _, r, tour in
            guard let s = r.string(member.value, at: path) else { return }
            if s.count == 7, s.hasPrefix("#"), let color = Color(hex: s) {
                tour.dimColor = color
            } else {
                r.report(member.value.line, path, "expected a colour \"#RRGGBB\" such as \"#000000\", found \(quoted(s))")
            }
        },
        .number("opacity", in: 0...1, default: 0.5, doc: "the dim layer's opacity", \.dimOpacity),
    ]

    // MARK: - A step

    /// The keys of a step.
    static let step: [KeyRow<TourStep>] = [
        KeyRow("target", .viewIDs, value: "a view id", default: "one of `target`, `targets`, `rect`, `rects` is required",
                doc: "the view the hole surrounds (`limelight inspect` lists the app's ids)",
                decode: nil),
        KeyRow("targets", .viewIDs, value: "a list of view ids", default: "—", doc: "several views: one hole each, shown together", decode: nil),
        KeyRow("rect", .rects, value: "`[x, y, width, height]` in screen points", default: "—",
                doc: "a fixed rectangle (width and height not negative; every number within ±\(Int(maxCoordinate)))", decode: nil),
        KeyRow("rects", .rects, value: "a list of `[x, y, width, height]`, or of objects: `rect`, `cornerRadius`", default: "—",
                doc: "several fixed rectangles, one hole each, each with its own corner radius if given", decode: nil),
        KeyRow("shape", .mixed, value: "\(shapeNames.map { "`\"\($0.0)\"`" }.joined(separator: ", ")), or an object: `svgPath`, `fillRule`",
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
        KeyRow("title", .localizedText, value: "a string, or strings by language tag", default: "none",
                doc: "the bubble's bold first line (needs `text`)") { member, path, _, r, step in
            (step.title, step.titles) = TourDecoder.localized(member.value, at: path, &r)
        },
        KeyRow("text", .localizedText, value: "a string, or strings by language tag", default: "none",
                doc: "the bubble's text; a step without text shows no bubble") { member, path, _, r, step in
            (step.text, step.texts) = TourDecoder.localized(member.value, at: path, &r)
        },
        KeyRow("label", .localizedText, value: "a string, or strings by language tag", default: "the target view's own label",
                doc: "what a screen reader calls the target; needed for a `rect` over a screenshot, which nothing else names") { member, path, _, r, step in
            (step.label, step.labels) = TourDecoder.localized(member.value, at: path, &r)
        },
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
                keys: theme, what: "an object such as {\"bubble\": {\"accent\": \"#FF3B30\"}}", fresh: TourTheme(), \.theme),
        KeyRow("background", .file, value: "a path to a PNG file", default: "the previous step's, else the tour's",
                doc: "over screenshots: this step's screen (the same size as the tour's `background`), cross-faded to from the one before") { member, path, _, r, step in
            step.backgroundLine = member.value.line
            if let s = r.string(member.value, at: path, nonEmpty: true) { step.background = s }
        },
        KeyRow("kind", .choice(["spotlight", "hotspot"]), value: "`\"spotlight\"`, `\"hotspot\"`", default: "`\"spotlight\"`",
                doc: "a hotspot shows a pulsing beacon on its target with no dim, the app usable; a tap on it opens the step as a spotlight") { member, path, _, r, step in
            if let k = r.choice(member.value, at: path, [("spotlight", false), ("hotspot", true)]) { step.isHotspot = k }
        },
        KeyRow("group", .name, value: "a name", default: "none", doc: "hotspot steps in a row with the same group are up at once, each opened on its own") { member, path, _, r, step in
            if let g = name(member, path, &r, maxLength: 100) { step.group = g }
        },
        .object("outline", value: "an object: `width`, `color`, `glow`, `pulse`", default: "none",
                doc: "a line around each hole, outside it, following its shape (SVG paths too)",
                keys: outlineKeys, what: "an object such as {\"width\": 3, \"color\": \"#FFD60A\"}", fresh: HoleOutline(), \.outline),
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
            if let id = name(member, path, &r, maxLength: 100) {
                if ["next", "end"].contains(id) { r.report(member.value.line, path, "\"\(id)\" means what it says in a goto; name the step otherwise") } else { step.id = id }
            }
        },
        KeyRow("showWhen", .conditions, value: "a condition, or a list of them", default: "none",
                doc: "wait before showing the step, the app working as usual, until all hold: `tab = NAME`, `overlay = alert` (or `none`), `view = ID` (laid out), or one of the app's states (`saves >= 5`, `wifi = true`)") { member, path, _, r, step in
            step.showWhen = conditions(member, path, &r, &step)
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
                doc: "when the wait is over: pass over the step, end the tour, or show the bubble centred with no hole", \.ifMissing),
        KeyRow("scrollIntoView", .flag, value: "`true` or `false`", default: "`true`",
                doc: "scroll a target that is cut off (or virtualized far away) fully into view first", decode: { member, path, _, r, step in
            if let b = r.bool(member.value, at: path) { step.scrollsIntoView = b }
        }, rule: { context, r, step in
            if case .path = step.shape, step.targets.count > 1 {
                r.report(context.members["targets"]?.keyLine ?? context.node.line, context.path.appending("targets"),
                         "an \"svgPath\" shape draws one hole; give a single \"target\" or \"rect\"")
            }
        }),
    ]

    /// The keys of a step's `advanceOn` object: the step moves on when the app reaches a state.
    static let advanceEvent: [KeyRow<TourStep>] = [
        KeyRow("event", .conditions, value: "a condition, or a list of them", default: "required",
                doc: "the state that moves the step on (conditions as in `showWhen`)",
                missing: "missing key \"event\" (the condition that moves the step on, such as \"tab = NAME\")") { member, path, _, r, step in
            step.advanceOn = .event
            step.advanceConditions = conditions(member, path, &r, &step)
        },
        KeyRow("goto", .name, value: "`\"next\"`, `\"end\"` or a step's id", default: "`\"next\"`",
                doc: "where the tour goes then") { member, path, _, r, step in
            step.advanceGoto = goto(member, path, &r)
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
        KeyRow("title", .localizedText, value: "a string, or strings by language tag", default: "required",
                doc: "the button's title") { member, path, _, r, button in
            (button.title, button.titles) = TourDecoder.localized(member.value, at: path, &r)
        },
        KeyRow("goto", .name, value: "`\"next\"`, `\"end\"` or a step's id", default: "required",
                doc: "where the button leads", decode: { member, path, _, r, button in
            button.goto = goto(member, path, &r)
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
    ]

    /// The keys of a step's path `shape` object (the fill rule first: a bad one is reported before
    /// the path data).
    static let pathShape: [KeyRow<PathShape>] = [
        KeyRow("fillRule", .choice(["nonZero", "evenOdd"]), value: "`\"nonZero\"`, `\"evenOdd\"`", default: "`\"nonZero\"`",
                doc: "which parts of a path that crosses itself are inside") { member, path, _, r, shape in
            if let f = r.choice(member.value, at: path, [("nonZero", FillRule.nonZero), ("evenOdd", .evenOdd)]) { shape.fillRule = f }
        },
        KeyRow("svgPath", .name, value: "SVG path data in screen points", default: "required",
                doc: "the one hole's outline; every point within ±\(Int(maxCoordinate)), at most \(maxPathElements) segments (the target then only decides scrolling)",
                missing: "missing key \"svgPath\" (SVG path data in screen points, such as \"M 10 10 H 90 V 90 Z\")") { member, path, _, r, shape in
            guard let d = r.string(member.value, at: path) else { return }
            do {
                let parsed = try Path(svgPathData: d)
                if parsed.isEmpty {
                    r.report(member.value.line, path, "expected SVG path data with at least one moveto, found \(quoted(d))")
                } else if parsed.elements.count > maxPathElements {
                    r.report(member.value.line, path, "expected SVG path data of at most \(maxPathElements) segments, found \(parsed.elements.count)")
                } else if let far = farPoint(of: parsed) {
                    r.report(member.value.line, path,
                             "expected coordinates from -\(Int(maxCoordinate)) to \(Int(maxCoordinate)) (screen points), found the point \(far)"
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
            if let s = r.choice(node, at: path, shapeNames) { step.shape = s }
        case .object:
            var shape = PathShape()
            r.decode(node, at: path, keys: pathShape, what: "an object", into: &shape)
            if let p = shape.path { step.shape = .path(p, shape.fillRule) }
        default:
            let names = shapeNames.map { quoted($0.0) }.joined(separator: ", ")
            r.report(node.line, path, "expected one of \(names), or {\"svgPath\": \"…\", \"fillRule\": \"evenOdd\"}, found \(node.kindDescription)")
        }
    }

    /// The first point (control points included) of `path` beyond `maxCoordinate`, or nil.
    static func farPoint(of path: Path) -> Point? {
        func far(_ p: Point) -> Bool { !(abs(p.x) <= maxCoordinate && abs(p.y) <= maxCoordinate) }
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

    // MARK: - The README

    /// The README's table of `keys`, each named with `prefix` (`dim.`): key, value, default, meaning.
    package static func markdownRows<Model>(_ keys: [KeyRow<Model>], prefix: String = "") -> [String] {
        keys.map { k in "| `\(prefix)\(k.name)` | \(k.row.value) | \(k.row.defaultValue) | \(k.row.doc) |" }
    }

    /// The README's table of a tour's keys (with its `dim`, `theme` and `screen` objects').
    static var tourTable: String {
        var rows: [String] = []
        for key in tour {
            rows += markdownRows([key])
            switch key.name {
            case "dim": rows += markdownRows(dim, prefix: "dim.")
            case "theme": rows += markdownRows(bubbleTheme, prefix: "theme.bubble.") + markdownRows(buttonTheme, prefix: "theme.button.")
            case "screen": rows += markdownRows(screen, prefix: "screen.")
            case "show": rows += markdownRows(show, prefix: "show.")
            default: break
            }
        }
        return table(rows)
    }

    /// The README's table of the `test` object's keys (with its `tolerance` object's and a script's).
    static var testTable: String {
        table(markdownRows(test, prefix: "test.") + markdownRows(tolerance, prefix: "test.tolerance.")
              + markdownRows(script, prefix: "test.scripts[]."))
    }

    /// The README's table of a step's keys, each object's and list item's keys after its own row.
    static var stepTable: String {
        var rows: [String] = []
        for key in step {
            rows += markdownRows([key])
            switch key.name {
            case "rects": rows += markdownRows(rectItem, prefix: "rects[].")
            case "shape": rows += markdownRows(pathShape, prefix: "shape.")
            case "advanceOn": rows += markdownRows(advanceEvent, prefix: "advanceOn.")
            case "theme": rows += markdownRows(bubbleTheme, prefix: "theme.bubble.") + markdownRows(buttonTheme, prefix: "theme.button.")
            case "outline": rows += markdownRows(outlineKeys, prefix: "outline.")
            case "buttons": rows += markdownRows(buttonItem, prefix: "buttons[].")
            default: break
            }
        }
        return table(rows)
    }

    /// The rows under the README's header of a key table.
    package static func table(_ rows: [String]) -> String {
        (["| key | value | default | meaning |", "|---|---|---|---|"] + rows).joined(separator: "\n")
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
        infos(theme, prefix: prefix) + themeRows.map { row in infos([row.key], prefix: prefix + row.path.dropLast(row.key.name.count)) }.flatMap { $0 }
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
            case "test": out += infos(test, prefix: "test.") + infos(tolerance, prefix: "test.tolerance.") + infos(script, prefix: "test.scripts[].")
            case "steps":
                for s in step {
                    out += infos([s], prefix: "steps[].")
                    switch s.name {
                    case "rects": out += infos(rectItem, prefix: "steps[].rects[].")
                    case "shape": out += infos(pathShape, prefix: "steps[].shape.")
                    case "advanceOn": out += infos(advanceEvent, prefix: "steps[].advanceOn.")
                    case "theme": out += themeInfos("steps[].theme.")
                    case "outline": out += infos(outlineKeys, prefix: "steps[].outline.")
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
