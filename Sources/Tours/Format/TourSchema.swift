import Overlays
import Raster
import Schema

/// Every key a tour file may have, declared once (see `KeyRow`): the tour's, its `dim` object's,
/// a step's and a path `shape` object's. `TourDecoder` reads files with these tables and the README's
/// key tables are made from them (`markdownTable`), which a test holds to the README.
package enum TourSchema {
    /// The largest coordinate a step may use, in screen points (rects and svg paths alike): far
    /// beyond any screen, and small enough that every scale keeps a path exact in the rasterizer.
    package static let maxCoordinate = 100_000.0

    /// The most segments (moves, lines, curves, closes; an arc is up to four curves) an svgPath
    /// may have: plenty for any outline, and a bound on the work of drawing it every frame.
    static let maxPathElements = 10_000

    /// The shapes named by a string.
    static let shapeNames: [(String, HoleShape)] = [("circle", .circle), ("ellipse", .ellipse), ("rect", .rect),
                                                    ("roundedRect", .roundedRect(cornerRadius: TourStep.defaultCornerRadius))]

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
        .schemaReference("tour.schema.json"),
        KeyRow("id", .name, value: "a name of letters, digits, `.`, `_`, `-` (at most 100)", default: "required",
                doc: "the tour's name: saved progress and reports use it",
                missing: "missing key \"id\" (a name for the tour, such as \"onboarding\")") { member, path, _, r, tour in
            if let id = r.name(member.value, at: path, maxLength: 100) { tour.id = id }
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
            r.decode(member.value, at: path, keys: ThemeSchema.theme, what: "an object such as {\"bubble\": {\"background\": \"#1C1C1E\"}}", into: &tour.theme)
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
            if let id = r.name(member.value, at: path, maxLength: 100) {
                tour.show.afterTour = id
                tour.afterLine = member.value.line
            }
        },
        .bool("showProgress", default: false, doc: "bubbles show \"2 / 4\" and a dot per step (dots up to 12 steps)", \.showsProgress),
        .bool("allowSkip", default: true, doc: "a Skip button in bubbles (not on the last step) and Escape leave the tour early", \.allowsSkip),
        KeyRow("background", .mixed, value: "a path to a PNG file, or an object of paths by language tag", default: "none",
                doc: "a screenshot to run over instead of the app, or a capture (`NAME.capture.json`: its picture, its elements found by the targets' anchors; see \"Captures\"), relative to the tour file's folder (an absolute path works on this machine alone: `check --lint` warns of it); by language (`{\"en\": \"home-en.png\", \"ja\": \"home-ja.png\"}`), each language runs over its own, the first the others fall back to") { member, path, _, r, tour in
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
            r.decode(member.value, at: path, keys: TestSchema.test, what: "an object such as {\"sizes\": [\"390x844\"], \"languages\": [\"en\", \"ja\"]}",
                     into: &tour.test)
        },
        ExperimentSchema.experiment,
        ExperimentSchema.holdout,
        ExperimentSchema.variants,
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

    /// Two numbers `[a, b]` in `range` named by `names` (`[width, height]`), else nil with the
    /// problem reported (`example` shows one).
    package static func pair(_ member: JSONMember, _ path: JSONPath, _ r: inout SchemaReader, in range: ClosedRange<Double>,
                             names: (String, String), example: String) -> (Double, Double)? {
        guard case .array(let items) = member.value.value, items.count == 2 else {
            r.report(member.value.line, path, "expected [\(names.0), \(names.1)] in points, such as \(example)")
            return nil
        }
        let a = r.number(items[0], at: path.appending(0), in: range, meaning: "a number (\(names.0))")
        let b = r.number(items[1], at: path.appending(1), in: range, meaning: "a number (\(names.1))")
        guard let a, let b else { return nil }
        return (a, b)
    }

    /// The keys of the tour's `screen` object.
    static let screen: [KeyRow<Tour.ScreenSpec>] = [
        KeyRow("size", .mixed, value: "`[width, height]` in points, each 1 to 16384", default: "the screenshot's pixels ÷ `scale`",
                doc: "the screen's size") { member, path, _, r, spec in
            if let (w, h) = pair(member, path, &r, in: 1...16384, names: ("width", "height"), example: "[390, 844]") { spec.size = Size(w, h) }
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
}
