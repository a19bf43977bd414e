import Views

/// The spotlight for the keyboard and screen readers: what takes the focus, what the dialog says and
/// which targets it names.
extension SpotlightOverlay {
    /// The views in the holes that taps reach (the button a tip points at), which the keyboard reaches too.
    func passThroughTargets(root: ViewRoot) -> [View] {
        guard tapPolicy.inside == .passThroughAndAdvance || tapPolicy.inside == .passThrough else { return [] }
        return holes.compactMap { $0.target.view(in: root) }.filter(\.isPlaced)
    }

    /// The bubble's buttons, then the targets that taps reach.
    func focusScopeViews(root: ViewRoot) -> [View] {
        (shownBubble.map { [$0.card.surface.content] } ?? []) + passThroughTargets(root: root)
    }

    /// Once the bubble shown is the step's own (half-way through a morph).
    var bubbleIsReadyForFocus: Bool {
        guard !isMissingTargets || centersBubbleWithoutTarget else { return false }
        return bubble.map { $0.mark == coachMark } ?? true
    }

    /// Next; on a step that a tap on its target moves on, the target; else the first button, else
    /// a target that taps reach. A target that takes no focus itself (a list row whose control or
    /// button does, a card holding a button) gives it to the first view inside it that does, so
    /// Enter presses what a tap on the target presses rather than the bubble's Skip.
    var firstFocus: View? {
        let content = shownBubble?.card.surface.content
        if let next = content?.view(withID: "overlay.bubble.next") { return next }
        let targets = root.map { passThroughTargets(root: $0).lazy.compactMap { $0.focusableViews().first } }
        if tapPolicy.inside == .passThroughAndAdvance, let target = targets?.first { return target }
        return content?.view(withID: "overlay.bubble.button.0") ?? targets?.first
    }

    /// "Step 2 of 5: Wi-Fi. Turn it on here…", or the title and text alone.
    func spokenDescription(root: ViewRoot) -> String {
        let words = SpokenWords.sentences([coachMark?.title, coachMark?.text, demoSentence(root: root)].compactMap { $0 })
        guard let progress = coachMark?.progress else { return words }
        let step = SpokenWords.step(progress.current, of: progress.total, strings: root.strings, language: root.language)
        return words.isEmpty ? step : "\(step): \(words)"
    }

    /// The step the bubble on the screen was built for: until a morph is half-way, the one before.
    var shownMark: CoachMark? { shownBubble?.mark ?? coachMark }

    /// "Step 2 of 5: Wi-Fi", the title alone, or the step alone, of the bubble on the screen: the
    /// dialog's name and its bubble's elements change together.
    func dialogName(root: ViewRoot) -> String {
        let title = shownMark?.title ?? ""
        guard let progress = shownMark?.progress else { return title }
        let step = SpokenWords.step(progress.current, of: progress.total, strings: root.strings, language: root.language)
        return title.isEmpty ? step : "\(step): \(title)"
    }

    /// A dialog with the bubble's elements, naming the targets in its holes (the ones taps reach are
    /// elements of the dialog too).
    func dialogNode(_ base: SemanticNode, root: ViewRoot) -> SemanticNode {
        var node = base
        node.targets = holes.compactMap { $0.targetNode(in: root) }
        let reachable = passThroughTargets(root: root)
        node.children += reachable.flatMap { $0.semanticNodes() }
        return node
    }

    /// A target the keyboard activated moves the step on, as a tap through its hole does. The
    /// target is known by its id, walking up from `view`, not by the views found now: a target whose
    /// action took its screen away (a row or a card that opens another screen) is no longer on it,
    /// and a tap on it moves on all the same.
    func targetActivated(_ view: View, root: ViewRoot) {
        guard tapPolicy.inside == .passThroughAndAdvance else { return }
        let ids = Set(holes.compactMap { $0.target.viewID(in: root) })
        guard !ids.isEmpty else { return }
        var v: View? = view
        while let current = v {
            if let id = current.id, ids.contains(id) { advance(by: .target); return }
            v = current.parent
        }
    }

    /// The geometry of every hole whose target can be pointed at now (`Hole.absence`): the holes
    /// the spotlight shows once settled.
    public func targetGeometries(root: ViewRoot) -> [HoleGeometry] {
        let covered = isCoveredByModal
        return holes.compactMap { $0.absence(in: root, covered: covered) == nil ? $0.geometry(in: root) : nil }
    }

    /// Whether a modal overlay below this one on its stack covers the app (its targets are then occluded).
    var isCoveredByModal: Bool { stack?.overlays.prefix { $0 !== self }.contains { $0.isInteractive && $0.isModal } ?? false }
}
