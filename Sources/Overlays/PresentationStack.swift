import Raster
import Views

/// The overlays above the whole view tree, bottom to top. It is the root's screen layer: it gets
/// every input event first, hands it to the top interactive overlay and lets the tree see only what
/// that overlay passes through on purpose. It composites last, over the bars too.
@MainActor
public final class PresentationStack: ScreenLayer {
    /// Bottom to top, including overlays still fading out.
    public private(set) var overlays: [Overlay] = []
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

    /// Shows `overlay` above the others, fading in over its `appearDuration` when `animated`.
    public func present(_ overlay: Overlay, animated: Bool = true) {
        guard let root else { return }
        if overlay.stack === self, overlay.isInteractive { return }
        overlays.removeAll { $0 === overlay }
        overlay.stack = self
        overlays.append(overlay)
        overlay.phase = .appearing
        let now = root.clock.now
        if animated && overlay.appearDuration > 0 {
            overlay.fade = Tween(from: overlay.presentationOpacity, to: 1, start: now, duration: overlay.appearDuration, easing: .linear)
        } else {
            overlay.fade = nil
            overlay.presentationOpacity = 1
            overlay.phase = .shown
        }
        // Whatever the tree was tracking under the pointer is now covered.
        root.cancelPointerCapture()
        _ = overlay.layout(root: root)
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
        } else {
            remove(overlay)
        }
    }

    /// Dismisses every overlay.
    public func dismissAll(animated: Bool = true) {
        for o in overlays.reversed() { dismiss(o, animated: animated) }
    }

    private func remove(_ overlay: Overlay) {
        overlays.removeAll { $0 === overlay }
        overlay.phase = .removed
        overlay.presentationOpacity = 0
        overlay.fade = nil
        overlay.stack = nil
        root?.invalidateComposite(rect: overlay.coveredRect(root: root!))
        overlay.onRemoved?()
    }

    // MARK: - ScreenLayer

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

    public var isAnimating: Bool { overlays.contains { $0.fade != nil || $0.isAnimating } || !waiting.isEmpty }

    /// Overlays waiting for a timer before they present themselves (a delayed loading screen).
    private var waiting: [LoadingOverlay] = []

    /// Keeps `overlay` polled until it presents itself (after its delay).
    public func track(_ overlay: LoadingOverlay) {
        if !waiting.contains(where: { $0 === overlay }) { waiting.append(overlay) }
    }

    /// The earliest timer any overlay waits for (clock seconds).
    public var nextWakeUp: Double? { (overlays.compactMap(\.nextWakeUp) + waiting.compactMap(\.nextWakeUp)).min() }

    public func tick(root: ViewRoot) {
        let now = root.clock.now
        for w in waiting { w.poll(root: root) }
        waiting.removeAll { !$0.isPending }
        for overlay in overlays {
            if let fade = overlay.fade {
                overlay.presentationOpacity = fade.value(at: now)
                root.invalidateComposite(rect: overlay.coveredRect(root: root))
                if fade.isFinished(at: now) {
                    overlay.fade = nil
                    if overlay.phase == .appearing { overlay.phase = .shown }
                    if overlay.phase == .disappearing { remove(overlay); continue }
                }
            }
            for r in overlay.advance(to: now, root: root) { root.invalidateComposite(rect: r) }
        }
    }

    public func prepare(root: ViewRoot) {
        for overlay in overlays {
            for r in overlay.layout(root: root) { root.invalidateComposite(rect: r) }
        }
    }

    /// The kind of the top overlay that takes input, for reports (`nil` when none).
    public var topKind: OverlayKind? { top?.kind }
}
