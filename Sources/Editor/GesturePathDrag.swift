import Raster
import Schema
import Tours
import Views

/// The selected step's moving gesture on the screen: a handle on the end of its way, dragged to
/// where the finger should end. A drag dropped on a view with an id ends there (`to`); otherwise
/// the gesture goes the way the handle went from the target's centre (`direction`: the nearer of
/// left, right, up and down; for a scroll, the way its content goes, against the finger) and that
/// far (`distance`, whole points). Each drag of the handle is one step of the undo history.
@MainActor
enum GesturePathDrag {
    /// Puts `viewport`'s handle on the moving gesture of `model`'s selected step as `engine` shows
    /// it (edit mode), or takes it away.
    static func follow(_ viewport: AppViewport, model: EditorModel, engine: TourEngine?) {
        guard !viewport.isDraggingDemo else { return }
        guard viewport.mode == .edit, let demo = model.selectedStep?.json["demo"], GestureControls.moves(GestureControls.name(of: demo)),
              let path = engine?.spotlight?.demoPathOnScreen else {
            viewport.demoPath = nil
            return
        }
        viewport.demoPath = path
    }

    /// The gesture's end dragged to `p` (app points) in `viewport`, written to `model`'s selected
    /// step; `ended` at the drag's end.
    static func move(to p: Point, ended: Bool, viewport: AppViewport, model: EditorModel) {
        guard let step = model.selectedStep, let demo = step.json["demo"], let original = viewport.demoPathAtPress else { return }
        let name = GestureControls.name(of: demo)
        guard GestureControls.moves(name) else { return }
        // The step's own object, as it is written, with its way changed (a new one for a name alone).
        var tree: JSONTree
        if demo.members != nil {
            tree = demo
        } else {
            tree = .object([("gesture", .string(name))])
            tree.markInline()
        }
        let target = viewport.pick(at: p)?.target.id
        let startsThere = target.flatMap { viewport.stage.root.view(withID: $0) }.map { $0.isPlaced && $0.frame.contains(original.start) } ?? false
        if name == "drag", let target, target != demo["from"]?.stringValue, !startsThere {
            tree["direction"] = nil
            tree["distance"] = nil
            tree["to"] = .string(target)
        } else {
            // A drag goes from the target's centre; a swipe and a scroll go across it.
            let center = name == "drag" ? original.start : Point((original.start.x + original.end.x) / 2, (original.start.y + original.end.y) / 2)
            var v = Point(p.x - center.x, p.y - center.y)
            if name == "scroll" { v = Point(-v.x, -v.y) }
            let horizontal = abs(v.x) >= abs(v.y)
            let way = horizontal ? (v.x < 0 ? "left" : "right") : (v.y < 0 ? "up" : "down")
            let along = horizontal ? abs(v.x) : abs(v.y)
            tree["to"] = nil
            tree["direction"] = .string(way)
            tree["distance"] = .number(max(1, min(TourSchema.maxCoordinate, (name == "drag" ? along : along * 2).rounded())))
        }
        model.setValue(tree, at: ["demo"], inStep: model.selected)
        if ended { model.endGesture() }
    }
}
