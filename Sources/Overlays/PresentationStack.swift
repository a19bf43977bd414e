import Raster
import Views

/// The overlays above the whole view tree, bottom to top. It is the root's screen layer: it gets
/// every input event first, hands it to the top interactive overlay and lets the tree see only what
/// that overlay passes through on purpose. It composites last, over the bars too.
@MainActor
public final class PresentationStack: ScreenLayer {
    /// Bottom to top, including overlays still fading out.
    public private(set) var overlays: [Overlay] = []
    /// The root the stack is a layer of.
    public private(set) weak var root: ViewRoot?

    /// A stack on `root`, added as its top layer.
    public init(root: ViewRoot) {
        self.root = root
        root.addLayer(self)
    }

    /// The top overlay that takes input, if any.
    public var top: Overlay? { overlays.last { $0.isInteractive } }

    /// The overlays that are not fading out, bottom to top.
    public var presented: [Overlay] { overlays.filter(\.isInteractive) }

    /// The kind of the top overlay that takes input, for reports (`nil` when none).
    public var topKind: OverlayKind? { top?.kind }

    /// Shows `overlay` above the others (below them all when `atBottom`: a checklist's launcher
    /// that comes while a step shows), fading in over its `appearDuration` when `animated`. It is
    /// laid out in the next frame.
    public func present(_ overlay: Overlay, animated: Bool = true, atBottom: Bool = false) {
        guard let root else { return }
        if overlay.stack === self, overlay.isInteractive { return }
        overlays.removeAll { $0 === overlay }
        overlay.stack = self
        if atBottom { overlays.insert(overlay, at: 0) } else { overlays.append(overlay) }
        overlay.attachSurfaces(to: root)
        overlay.phase = .appearing
        let now = root.clock.now
        if animated && overlay.appearDuration > 0 {
            overlay.fade = Tween(from: overlay.presentationOpacity, to: 1, start: now,
                                 duration: Self.fadeDuration(overlay.appearDuration, root: root), easing: .linear)
            root.startAnimating(overlay)
        } else {
            overlay.fade = nil
            overlay.presentationOpacity = 1
            overlay.phase = .shown
        }
        // Whatever the tree was tracking under the pointer is now covered; the focus moves in (and
        // the overlay is announced) once its views are laid out.
        root.cancelPointerCapture()
        if overlay.focusBeforeArrival == nil { overlay.focusBeforeArrival = root.focusedView }
        overlay.needsArrival = true
        overlay.didPresent(root: root)
        root.invalidateComposite(rect: overlay.coveredRect(root: root))
    }

    /// Fades `overlay` out over its `disappearDuration` (or removes it at once) and takes it off the stack.
    public func dismiss(_ overlay: Overlay, animated: Bool = true) {
        guard let root, overlay.stack === self, overlay.phase != .removed else { return }
        if overlay.phase == .disappearing && animated { return }
        root.invalidateComposite(rect: overlay.coveredRect(root: root))
        if animated && overlay.disappearDuration > 0 {
            overlay.phase = .disappearing
            overlay.fade = Tween(from: overlay.presentationOpacity, to: 0, start: root.clock.now,
                                 duration: Self.fadeDuration(overlay.disappearDuration, root: root) * overlay.presentationOpacity, easing: .linear)
            root.startAnimating(overlay)
        } else {
            remove(overlay)
        }
    }

    /// Dismisses every overlay.
    public func dismissAll(animated: Bool = true) {
        for o in overlays.reversed() { dismiss(o, animated: animated) }
    }

    /// Seconds of a fade of `duration`: under reduced motion a short cross-fade of at most 0.1 s.
    static func fadeDuration(_ duration: Double, root: ViewRoot) -> Double {
        root.reducesMotion ? min(duration, 0.1) : duration
    }

    /// Takes `overlay` off the stack now, with its surfaces. The focus goes back where it was
    /// before the overlay took it (or into the overlay now on top).
    func remove(_ overlay: Overlay) {
        let hadFocus = root.map { r in r.focusedView.map { overlay.owns($0) || $0.root !== r } ?? true } ?? false
        overlays.removeAll { $0 === overlay }
        overlay.detachSurfaces()
        overlay.phase = .removed
        overlay.presentationOpacity = 0
        overlay.fade = nil
        overlay.stack = nil
        if let root {
            root.invalidateComposite(rect: overlay.coveredRect(root: root))
            if hadFocus { restoreFocus(after: overlay, root: root) }
        }
        overlay.needsArrival = false
        overlay.focusBeforeArrival = nil
        overlay.onRemoved?()
    }

    // MARK: - ScreenLayer

    /// Offers `event` to the interactive overlays, top first, until one consumes it.
    public func handle(_ event: InputEvent, root: ViewRoot) -> Bool {
        if case .resize = event { return false }
        for overlay in overlays.reversed() where overlay.isInteractive {
            switch overlay.handle(event, root: root) {
            case .consumed: return true
            case .passThrough: continue
            }
        }
        return false
    }

    /// Lets every overlay on the stack make its views for what it shows now, bottom first.
    public func update(root: ViewRoot) {
        for overlay in overlays { overlay.update(root: root) }
    }

    /// Lays out every overlay on the stack, bottom first.
    public func layout(root: ViewRoot) {
        for overlay in overlays { overlay.layout(root: root) }
    }

    /// The top overlay, if it just arrived (or shows a new step) and its views are laid out, takes
    /// the focus and is announced.
    public func arrive(root: ViewRoot) {
        guard let top, top.needsArrival, top.isReadyForFocus else { return }
        top.needsArrival = false
        let scope = focusScope(root: root) ?? []
        var order: [View] = []
        for s in scope { order += s.focusableViews() }
        // A non-modal overlay leaves the focus where it is.
        let primary = top.isModal ? (top.primaryFocus.flatMap { p in order.first { $0 === p } } ?? order.first) : root.focusedView
        if top.isModal { root.focus(primary) }
        var words = [top.accessibilityDescription(root: root)]
        if let primary, let node = primary.semanticNodes().first { words.append(SpokenWords.describe(node, strings: root.strings, language: root.language)) }
        root.announce(SpokenWords.sentences(words))
    }

    /// Gives the focus back after `overlay` went: into the overlay now on top, else where it was
    /// before the overlay took it (when that view is still shown), else to nobody.
    private func restoreFocus(after overlay: Overlay, root: ViewRoot) {
        if let top {
            top.needsArrival = true
            return
        }
        if let before = overlay.focusBeforeArrival, before.root === root, before.isPlaced {
            root.focus(before)
            if root.isFocusRingVisible { root.announce(before.semanticNodes().first.map { SpokenWords.describe($0, strings: root.strings, language: root.language) } ?? "") }
        } else {
            root.focus(nil)
        }
    }

    /// The top overlay's scope: the focus stays inside it; a non-modal overlay adds its views to
    /// the tree's.
    public func focusScope(root: ViewRoot) -> [View]? {
        guard let top else { return nil }
        return top.isModal ? top.focusScope(root: root) : [root.content] + top.focusScope(root: root)
    }

    /// The top overlay's element; a modal one hides what lies beneath.
    public func semantics(root: ViewRoot) -> (node: SemanticNode, isModal: Bool)? {
        top.map { ($0.semanticNode(root: root), $0.isModal) }
    }

    /// Tells the top overlay.
    public func didActivate(_ view: View, root: ViewRoot) { top?.didActivate(view, root: root) }

    /// Composites every visible overlay, bottom first, over what `frame` holds.
    public func composite(into frame: Pixmap, region: IntRect, root: ViewRoot) {
        composite(from: frame, into: frame, region: region, root: root)
    }

    /// The lowest visible overlay reads `base`; the ones above it draw over what it wrote.
    public func composite(from base: Pixmap, into frame: Pixmap, region: IntRect, root: ViewRoot) {
        var source = base
        for overlay in overlays where overlay.presentationOpacity > 0 {
            overlay.composite(from: source, into: frame, region: region, root: root)
            source = frame
        }
        if source !== frame { frame.copyPixels(from: base, in: region) }
    }
}
