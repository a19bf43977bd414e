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

    /// Shows `overlay` above the others, fading in over its `appearDuration` when `animated`. It is
    /// laid out in the next frame.
    public func present(_ overlay: Overlay, animated: Bool = true) {
        guard let root else { return }
        if overlay.stack === self, overlay.isInteractive { return }
        overlays.removeAll { $0 === overlay }
        overlay.stack = self
        overlays.append(overlay)
        overlay.attachSurfaces(to: root)
        overlay.phase = .appearing
        let now = root.clock.now
        if animated && overlay.appearDuration > 0 {
            overlay.fade = Tween(from: overlay.presentationOpacity, to: 1, start: now, duration: overlay.appearDuration, easing: .linear)
            root.startAnimating(overlay)
        } else {
            overlay.fade = nil
            overlay.presentationOpacity = 1
            overlay.phase = .shown
        }
        // Whatever the tree was tracking under the pointer is now covered.
        root.cancelPointerCapture()
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
                                 duration: overlay.disappearDuration * overlay.presentationOpacity, easing: .linear)
            root.startAnimating(overlay)
        } else {
            remove(overlay)
        }
    }

    /// Dismisses every overlay.
    public func dismissAll(animated: Bool = true) {
        for o in overlays.reversed() { dismiss(o, animated: animated) }
    }

    /// Takes `overlay` off the stack now, with its surfaces.
    func remove(_ overlay: Overlay) {
        overlays.removeAll { $0 === overlay }
        overlay.detachSurfaces()
        overlay.phase = .removed
        overlay.presentationOpacity = 0
        overlay.fade = nil
        overlay.stack = nil
        if let root { root.invalidateComposite(rect: overlay.coveredRect(root: root)) }
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

    /// Lays out every overlay on the stack, bottom first.
    public func layout(root: ViewRoot) {
        for overlay in overlays { overlay.layout(root: root) }
    }

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
