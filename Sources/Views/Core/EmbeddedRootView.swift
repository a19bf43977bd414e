import Raster

/// A root inside another root's tree (an editor's app, a preview of a screen): a view the size of
/// the embedded root's screen that shows its frames at its own place.
///
/// The embedded root's whole frame (its timers, animations, callbacks, layout, layers and paint
/// into this view's pixels) runs inside the outer frame's animation phase, so it is laid out and
/// painted before the outer tree is; the outer root's timers wake it for the embedded root's next
/// timer. Input a host forwards to the embedded root asks for its frame
/// (`setNeedsEmbeddedFrame()`); nothing else runs it. The outer root lists its embedded roots
/// (`ViewRoot.embeddedRoots`), so a test kit reaches their views by id.
@MainActor
open class EmbeddedRootView: View {
    /// The root shown.
    public private(set) var embeddedRoot: ViewRoot
    /// The embedded root's last frame, nil before the first.
    public private(set) var embeddedPixels: Pixmap?
    private var wakeUp: TimerID?

    /// A view showing `root`'s frames.
    public init(embedding root: ViewRoot) {
        embeddedRoot = root
        super.init()
    }

    /// Shows `root` instead (its first frame comes with the next outer frame).
    public func replaceEmbeddedRoot(with root: ViewRoot) {
        embeddedRoot = root
        embeddedPixels = nil
        setNeedsLayout()
        setNeedsEmbeddedFrame()
    }

    /// Asks for a frame of the embedded root (input reached it, or something changed it).
    public func setNeedsEmbeddedFrame() { startAnimating() }

    /// Whether the embedded root has no frame to show yet.
    public var needsFirstEmbeddedFrame: Bool { embeddedPixels == nil }

    /// A point of the outer screen in the embedded root's points.
    public func embeddedPoint(_ p: Point) -> Point { Point(p.x - frame.minX, p.y - frame.minY) }

    /// As large as the embedded root's screen.
    open override func sizeThatFits(_ proposal: ProposedSize) -> Size { embeddedRoot.size }

    /// The embedded root's frame, into this view's pixels; what it drew is repainted here. It goes on
    /// while the embedded root animates, and the outer root's timer wakes it for the embedded one's.
    open override func advanceAnimations(to time: Double) -> Bool {
        guard let root else { return false }
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

    /// Draws the embedded root's last frame at this view's place.
    public func drawEmbeddedFrame(in canvas: Canvas) {
        guard let root, let embeddedPixels else { return }
        canvas.blend(embeddedPixels, atDeviceX: Int(clampedToInt: (frame.minX * root.scale).rounded()),
                     y: Int(clampedToInt: (frame.minY * root.scale).rounded()))
    }
}

extension ViewRoot {
    /// The roots shown inside this root's tree (`EmbeddedRootView`s that are placed), each with the
    /// point of this screen where its screen starts, in painting order.
    public var embeddedRoots: [(root: ViewRoot, origin: Point)] {
        var out: [(root: ViewRoot, origin: Point)] = []
        content.forEachInDepthFirstOrder { view in
            if let embedding = view as? EmbeddedRootView, embedding.isPlaced { out.append((embedding.embeddedRoot, embedding.frame.origin)) }
        }
        return out
    }
}
