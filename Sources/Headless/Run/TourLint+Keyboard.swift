import Overlays
import Tours
import Views

/// The lint's keyboard rule: a step that moves on when its target is tapped must start the
/// keyboard's focus on that target, so Enter and Space press what a tap presses.
extension TourLint {
    /// What is wrong with where the focus starts on `step` (a `tapTarget` step) as `root` shows it
    /// now, settled; nil when it is on (or inside) one of the step's view targets, or the step has
    /// none on screen (a `rect` has nothing to focus, and an absent target is a finding of its own).
    ///
    /// The focus goes to the first view inside the target that takes it (a row's control or
    /// button, a card's button); a target with none (a text, a picture, a row with neither) leaves
    /// it on the bubble's Skip, and Enter there skips the tour where a tap would have moved on.
    static func keyboardFinding(_ step: TourStep, root: ViewRoot) -> String? {
        guard step.advanceOn == .tapTarget else { return nil }
        let ids = step.holeTargets(in: root.language).compactMap { $0.viewID(in: root) }
        let targets = ids.compactMap { root.view(withID: $0) }.filter(\.isPlaced)
        guard !targets.isEmpty else { return nil }
        let focused = root.focusedView
        if let focused, targets.contains(where: { focused.isDescendant(of: $0) }) { return nil }
        let names = ids.map { name(of: .view($0)) }.joined(separator: ", ")
        let remedy = "target a view that takes the focus, or holds one: a button, a row with an action, a control"
        guard let focused else {
            return "nothing on the target \(names) takes the keyboard's focus: Enter moves the step on without pressing it, as a tap does (\(remedy))"
        }
        let now = owner(of: focused).map { "\"\($0)\"" } ?? "a view without an id"
        return "the keyboard's focus starts on \(now), not on the target \(names): Enter presses it instead of the target (\(remedy))"
    }
}
