import Overlays
import Raster
import Schema

/// A step's `demo`: the gesture's name alone (`"tap"`), or an object for the gestures that go
/// somewhere (`{"gesture": "swipe", "direction": "left"}`).
extension StepSchema {
    /// What a `demo` object holds while it is read.
    struct DemoDraft {
        var kind: GestureDemo.Kind?
        var direction: GestureDemo.Direction?
        var distance: Double?
        var from: String?
        var to: String?
        var pointer = GestureDemo.Pointer.auto
    }

    /// The gestures' names, as a file writes them.
    static let gestureNames = GestureDemo.Kind.allCases.map { ($0.rawValue, $0) }

    /// The `demo` key of a step.
    static let demo = KeyRow<TourStep>("demo", .mixed,
        value: GestureDemo.Kind.allCases.map { "`\"\($0.rawValue)\"`" }.joined(separator: ", ") + ", or an object: `gesture`, `direction`, `distance`, `from`, `to`, `pointer`",
        default: "none",
        doc: "a gesture shown on the target, looped over the dim and under the bubble: a hand (or a desktop pointer) that taps, presses, drags, swipes or scrolls, with a trail; a still arrow under reduced motion; said to screen readers after the text") { member, path, _, r, step in
        step.demoLine = member.value.line
        if case .string = member.value.value {
            guard let kind = r.choice(member.value, at: path, gestureNames) else { return }
            guard !kind.moves else {
                r.report(member.value.line, path, "a \(kind.rawValue) goes somewhere: write it as an object such as {\"gesture\": \"\(kind.rawValue)\", \(kind == .drag ? "\"to\": \"trash\"" : "\"direction\": \"left\"")}")
                return
            }
            step.demo = GestureDemo(kind: kind)
            return
        }
        var draft = DemoDraft()
        r.decode(member.value, at: path, keys: demoKeys, what: "a gesture's name such as \"tap\", or an object such as {\"gesture\": \"swipe\", \"direction\": \"left\"}", into: &draft)
        guard let kind = draft.kind else { return }
        step.demo = GestureDemo(kind: kind, direction: draft.direction, distance: draft.distance, from: draft.from, to: draft.to, pointer: draft.pointer)
    }

    /// The keys of a `demo` object.
    static let demoKeys: [KeyRow<DemoDraft>] = [
        KeyRow("gesture", .choice(gestureNames.map(\.0)), value: gestureNames.map { "`\"\($0.0)\"`" }.joined(separator: ", "), default: "required",
               doc: "the gesture", missing: "missing key \"gesture\" (one of \(gestureNames.map(\.0).joined(separator: ", ")))") { member, path, _, r, d in
            d.kind = r.choice(member.value, at: path, gestureNames)
        },
        .choice("direction", GestureDemo.Direction.allCases.map { ($0.rawValue, $0) }, default: nil,
                defaultText: "a swipe: `\"down\"`; a scroll: `\"down\"` (what is further down)",
                doc: "where a swipe's finger goes, or where a scroll takes the content") { v, d in d.direction = v },
        .number("distance", in: 1...TourSchema.maxCoordinate, unit: "points", default: nil, defaultText: "60% of the target's width or height, 60 to 200 points",
                doc: "how far a swipe, a scroll or a drag without `to` goes") { v, d in d.distance = v },
        KeyRow("from", .name, value: "a view id", default: "the step's first target", doc: "the view the gesture starts on") { member, path, _, r, d in
            d.from = r.name(member.value, at: path, maxLength: 100)
        },
        KeyRow("to", .name, value: "a view id", default: "along `direction`", doc: "the view a drag ends on") { member, path, _, r, d in
            d.to = r.name(member.value, at: path, maxLength: 100)
        },
        .choice("pointer", GestureDemo.Pointer.allCases.map { ($0.rawValue, $0) }, default: "auto",
                doc: "what does it: a hand (touch screens), a desktop pointer, or `auto`: a hand on a screen narrower than 900 points, else a pointer") { v, d in d.pointer = v },
    ]
}
