import Overlays
import Schema
import Tours
import Views

/// The selected step's gesture demonstration (`demo`): which gesture, and for those that move, the
/// way they go. Its choices are the schema's (`demo.gesture`, `demo.direction`); a choice writes
/// the step's `demo` (the name alone for a gesture that stays, an object for one that moves, what
/// else the object held kept), "none" takes it away.
@MainActor
final class GestureControls {
    /// The gestures, from the schema's row, after "none".
    static let gestures = ["none"] + choices("steps[].demo.gesture")
    /// The ways a moving gesture goes, from the schema's row.
    static let directions = choices("steps[].demo.direction")

    /// The choices of the key at `path` in the tour format's rows.
    static func choices(_ path: String) -> [String] {
        if case .choice(let names)? = TourFormat.keys.first(where: { $0.path == path })?.kind { return names }
        return []
    }

    /// The gesture picker.
    let gesture = SegmentedControl(id: "editor.demo", options: GestureControls.gestures,
                                   labels: GestureControls.gestures.map { ["doubleTap": "double tap", "longPress": "hold"][$0] ?? $0 })
    /// The way a moving gesture goes.
    let direction = SegmentedControl(id: "editor.demo.direction", options: GestureControls.directions)
    /// The step's `demo` as shown.
    private(set) var demo: JSONTree?
    /// Runs with the step's new `demo` (nil: none).
    var onChange: (@MainActor (JSONTree?) -> Void)?

    init() {
        gesture.onSelect = { [weak self] i in self?.choose(gesture: GestureControls.gestures[i]) }
        direction.onSelect = { [weak self] i in self?.choose(direction: GestureControls.directions[i]) }
    }

    /// The gesture `demo` names ("none" without one).
    static func name(of demo: JSONTree?) -> String { demo?.stringValue ?? demo?["gesture"]?.stringValue ?? "none" }

    /// Whether the gesture `name` goes somewhere (and so has a direction).
    static func moves(_ name: String) -> Bool { GestureDemo.Kind(rawValue: name)?.moves ?? false }

    /// Shows the step's `demo`.
    func show(_ demo: JSONTree?) {
        self.demo = demo
        let name = Self.name(of: demo)
        gesture.selectedIndex = Self.gestures.firstIndex(of: name)
        let way = demo?["direction"]?.stringValue ?? (name == "swipe" ? "left" : "down")
        direction.selectedIndex = Self.directions.firstIndex(of: way)
    }

    private func choose(gesture name: String) {
        var tree: JSONTree?
        if name == "none" {
            tree = nil
        } else if Self.moves(name) {
            // The object's other keys (`to`, `distance`, `pointer`) stay; the gesture and its way change.
            let kept = (demo?.members ?? []).filter { $0.key != "gesture" && $0.key != "direction" }.map { ($0.key, $0.value) }
            let way = demo?["direction"]?.stringValue ?? (name == "swipe" ? "left" : "down")
            tree = .object([("gesture", .string(name)), ("direction", .string(way))] + kept)
        } else {
            tree = .string(name)
        }
        demo = tree
        onChange?(tree)
    }

    private func choose(direction way: String) {
        let name = Self.name(of: demo)
        guard Self.moves(name) else { return }
        let kept = (demo?.members ?? []).filter { $0.key != "gesture" && $0.key != "direction" }.map { ($0.key, $0.value) }
        let tree = JSONTree.object([("gesture", .string(name)), ("direction", .string(way))] + kept)
        demo = tree
        onChange?(tree)
    }
}
