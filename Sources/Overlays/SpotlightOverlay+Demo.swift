import Raster
import Views

/// A step's gesture demonstration on the spotlight: where it goes (from the first hole's target,
/// or `from`, to `to` or along its direction), what it covers, its loop on the root's clock, and
/// its sentence for screen readers. Drawn over the dim and under the bubble, once a morph between
/// steps has ended; under reduced motion, a still arrow.
extension SpotlightOverlay {
    /// Where the demonstration starts and ends now (screen points), nil while it cannot be placed
    /// (no demonstration, no target on the screen, a morph running).
    func demoPath(root: ViewRoot, targets: [HoleGeometry]) -> (start: Point, end: Point)? {
        guard let demo, morph == nil, !isMissingTargets else { return nil }
        let fromFrame = demo.from.flatMap { root.view(withID: $0) }.flatMap { $0.isPlaced ? $0.frame : nil }
        guard let target = fromFrame ?? targets.first?.rect else { return nil }
        let toFrame = demo.to.flatMap { root.view(withID: $0) }.flatMap { $0.isPlaced ? $0.frame : nil }
        return demo.path(on: target, toFrame: toFrame)
    }

    /// Where the step's gesture goes on the screen now, as last laid out (screen points): nil with
    /// no demonstration, or while it cannot be placed. What a test replays as input to the app.
    public var demoPathOnScreen: (start: Point, end: Point)? { demoPlaced }

    /// Places the demonstration for this layout, composited again where it was and where it is.
    func layOutDemo(root: ViewRoot, targets: [HoleGeometry]) {
        let before = demoArea
        let wasPlaced = demoPlaced != nil
        demoPlaced = demoPath(root: root, targets: targets)
        // The loop starts when the gesture can first be drawn (after a morph between steps).
        if !wasPlaced, demoPlaced != nil { demoStart = root.clock.now }
        demoArea = demoPlaced.map { GestureDemoPainter.area(from: $0.start, to: $0.end) }
        if demoArea != before {
            for r in [before, demoArea].compactMap({ $0 }) { root.invalidateComposite(rect: r) }
            if demoAnimates { startAnimating() }
        }
    }

    /// Whether the demonstration moves now (placed, and not under reduced motion).
    var demoAnimates: Bool { demoPlaced != nil && !(root?.reducesMotion ?? false) }

    /// Draws the demonstration into `frame` within `region`.
    func compositeDemo(into frame: Pixmap, region: IntRect, root: ViewRoot) {
        guard let demo, let placed = demoPlaced, let area = demoArea,
              !area.scaled(by: root.scale).roundedOut.intersection(region).isEmpty else { return }
        var canvas = Canvas(pixmap: frame, scale: root.scale)
        canvas.clip(toDevice: region)
        if root.reducesMotion {
            GestureDemoPainter.drawStill(demo, from: placed.start, to: placed.end, opacity: presentationOpacity, on: &canvas)
        } else {
            let pose = GesturePose.at(root.frameTime - demoStart, of: demo, from: placed.start, to: placed.end)
            GestureDemoPainter.draw(pose, of: demo, from: placed.start, to: placed.end, opacity: presentationOpacity, canvasWidth: root.size.width, on: &canvas)
        }
    }

    /// "Swipe left on Inbox row": the demonstration said after the step's text, nil without one.
    /// The target is named as a screen reader names it (its label, else its role's word).
    func demoSentence(root: ViewRoot) -> String? {
        guard let demo else { return nil }
        func name(_ node: SemanticNode?) -> String? {
            guard let node else { return nil }
            if !node.label.isEmpty { return node.label }
            return InterfaceStrings.Key(rawValue: node.role.rawValue).map { root.strings.text($0, language: root.language) }
        }
        func view(_ id: String?) -> SemanticNode? { id.flatMap { root.view(withID: $0) }.flatMap { $0.semanticNodes().first } }
        let target = name(view(demo.from)) ?? name(holes.first?.targetNode(in: root)) ?? ""
        let sentence = demo.sentence(target: target, toName: name(view(demo.to)), strings: root.strings, language: root.language)
        // A target with no name and no role leaves a gap in the sentence: closed up.
        return sentence.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}
