import Raster

/// A root inside another root's tree (an editor's app, a preview of a screen): a view that shows
/// the embedded root's frames at its own place, at a zoom, panned to a point of its screen.
///
/// Zoom is exact, never a resampled picture: the embedded root runs at the outer scale times the
/// zoom, so its text and edges are as sharp at 25% as at 400%, and points map to points by the
/// zoom and the pan alone (`embeddedPoint(_:)`, `outerPoint(_:)`).
///
/// The embedded root's whole frame (its timers, animations, callbacks, layout, layers and paint
/// into this view's pixels) runs inside the outer frame's animation phase, so it is laid out and
/// painted before the outer tree is; the outer root's timers wake it for the embedded root's next
/// timer. Input a host forwards to the embedded root asks for its frame
/// (`setNeedsEmbeddedFrame()`); nothing else runs it: the embedded root refuses a frame outside the
/// outer root's animation phase (`PhaseViolation.Change.embeddedFrameOutsideItsHost`). The outer root lists its embedded roots
/// (`ViewRoot.embeddedRoots`), so a test kit reaches their views by id.
@MainActor
open class EmbeddedRootView: View {
    /// The root shown.
    public private(set) var embeddedRoot: ViewRoot
    /// The embedded root's last frame, nil before the first.
    public private(set) var embeddedPixels: Pixmap?
    private var wakeUp: TimerID?
    /// Points of this view per point of the embedded screen (1: at its own size). The embedded
    /// root's scale follows (the outer scale times the zoom), kept within what a root allows.
    public var zoom: Double {
        get { shownZoom }
        set {
            guard newValue != shownZoom else { return }
            shownZoom = newValue
            setNeedsLayout(); setNeedsDisplay(); setNeedsEmbeddedFrame()
        }
    }
    private var shownZoom = 1.0

    /// Sets `zoom` from inside this view's own placing (`placeSubviews(in:)`: a viewport fitting the
    /// screen into the room it was given): painted and framed again, not marked for layout, since
    /// the layout under way is placing it (nothing is marked for layout while the tree lays out).
    public func setZoomWhilePlacing(_ newZoom: Double) {
        guard newZoom != shownZoom else { return }
        shownZoom = newZoom
        setNeedsDisplay(); setNeedsEmbeddedFrame()
    }
    /// The embedded point shown at this view's top-left corner; negative to leave a margin (a
    /// screen smaller than the view, centred).
    public var pan = Point.zero {
        didSet { if pan != oldValue { setNeedsDisplay() } }
    }

    /// The zooms a root's scale allows at the outer scale `scale`.
    public static func zoomRange(atScale scale: Double) -> ClosedRange<Double> {
        (ViewRoot.scaleRange.lowerBound / scale)...(ViewRoot.scaleRange.upperBound / scale)
    }

    /// A view showing `root`'s frames.
    public init(embedding root: ViewRoot) {
        embeddedRoot = root
        super.init()
        root.embeddingView = self
    }

    /// Shows `root` instead (its first frame comes with the next outer frame).
    public func replaceEmbeddedRoot(with root: ViewRoot) {
        if embeddedRoot.embeddingView === self { embeddedRoot.embeddingView = nil }
        embeddedRoot = root
        root.embeddingView = self
        embeddedPixels = nil
        setNeedsLayout()
        setNeedsEmbeddedFrame()
    }

    /// Asks for a frame of the embedded root (input reached it, or something changed it).
    public func setNeedsEmbeddedFrame() { startAnimating() }

    /// Whether the embedded root has no frame to show yet.
    public var needsFirstEmbeddedFrame: Bool { embeddedPixels == nil }

    /// A point of the outer screen in the embedded root's points.
    public func embeddedPoint(_ p: Point) -> Point {
        Point((p.x - frame.minX) / zoom + pan.x, (p.y - frame.minY) / zoom + pan.y)
    }

    /// A point of the embedded screen on the outer screen.
    public func outerPoint(_ p: Point) -> Point {
        Point((p.x - pan.x) * zoom + frame.minX, (p.y - pan.y) * zoom + frame.minY)
    }

    /// The embedded screen as a screen reader finds it inside the outer one: its elements, placed
    /// on the outer screen, to be read and explored; what is done to them is done by the outer app
    /// (an editor picks a target, it does not press it), so they offer no actions.
    public func embeddedSemanticNodes() -> [SemanticNode] {
        func placed(_ node: SemanticNode) -> SemanticNode {
            var n = node
            n.frame = outerRect(node.frame)
            n.actions = []
            n.state.remove(.focused)
            n.children = node.children.map(placed)
            n.targets = node.targets.map(placed)
            return n
        }
        return embeddedRoot.semanticsTree().children.map(placed)
    }

    /// A rectangle of the embedded screen on the outer screen.
    public func outerRect(_ r: Rect) -> Rect {
        let o = outerPoint(r.origin)
        return Rect(x: o.x, y: o.y, width: r.width * zoom, height: r.height * zoom)
    }

    /// The embedded root's screen at the zoom.
    open override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        Size(embeddedRoot.size.width * zoom, embeddedRoot.size.height * zoom)
    }

    /// The scale the embedded root runs at: the outer one times the zoom.
    public var embeddedScale: Double {
        guard let root else { return embeddedRoot.scale }
        let r = ViewRoot.scaleRange
        return min(r.upperBound, max(r.lowerBound, root.scale * zoom))
    }

    /// The embedded root's frame, into this view's pixels; what it drew is repainted here. It goes on
    /// while the embedded root animates, and the outer root's timer wakes it for the embedded one's.
    open override func advanceAnimations(to time: Double) -> Bool {
        guard let root else { return false }
        // Not placed yet, or to be placed again (the outer screen was resized): its zoom, and so the
        // embedded root's scale, is chosen in this frame's layout; the embedded frame waits for the
        // next one rather than show a zoom that is about to change.
        guard isPlaced, !needsLayout else { return true }
        let scale = embeddedScale
        if abs(embeddedRoot.scale - scale) > 1e-9 { try? embeddedRoot.resize(to: embeddedRoot.size, scale: scale, safeArea: embeddedRoot.safeArea) }
        if embeddedPixels == nil || embeddedPixels!.bounds != embeddedRoot.deviceBounds {
            embeddedPixels = try? embeddedRoot.makePixmap()
            embeddedRoot.invalidateAll()
        }
        guard let pixels = embeddedPixels else { return false }
        let report = embeddedRoot.frame(into: pixels)
        if !report.drawn.isEmpty { setNeedsDisplay() }
        if let wakeUp { root.timers.cancel(wakeUp) }
        wakeUp = nil
        switch report.nextWakeUp {
        case .nextFrame: return true
        case .at(let t): wakeUp = root.timers.after(max(0, t - root.clock.now)) { [weak self] in self?.setNeedsEmbeddedFrame() }
        case .onInput: break
        }
        return false
    }

    /// It draws the embedded root's frame.
    open override var hasOwnContent: Bool { true }

    /// The embedded root's last frame (a subclass draws over it, calling `drawEmbeddedFrame(in:)`).
    open override func draw(in canvas: Canvas) { drawEmbeddedFrame(in: canvas) }

    /// Draws the embedded root's last frame at this view's place, zoomed and panned, inside the view.
    public func drawEmbeddedFrame(in canvas: Canvas) {
        guard let root, let embeddedPixels else { return }
        var inside = canvas
        inside.clip(to: frame)
        let origin = outerPoint(.zero)
        inside.blend(embeddedPixels, atDeviceX: Int(clampedToInt: (origin.x * root.scale).rounded()),
                     y: Int(clampedToInt: (origin.y * root.scale).rounded()))
    }
}

extension ViewRoot {
    /// The views showing roots inside this root's tree (`EmbeddedRootView`s that are placed), in
    /// painting order: each maps its root's points to this screen's (`outerPoint(_:)`).
    public var embeddedRoots: [EmbeddedRootView] {
        var out: [EmbeddedRootView] = []
        content.forEachInDepthFirstOrder { view in
            if let embedding = view as? EmbeddedRootView, embedding.isPlaced { out.append(embedding) }
        }
        return out
    }
}
