import Raster

/// The owner of a view tree on one screen: its size, scale and safe area, the text engine, the
/// clock and its timers, the animations, the dirty regions, the layers above the tree and their
/// surfaces, and the pointer capture.
///
/// A host feeds it `InputEvent`s with `send(_:)` and calls `frame(into:)`, which runs one whole
/// frame in order — due timers, animations, frame callbacks, layout of the tree, layout of the
/// layers, painting the dirty rectangles and compositing the layers over them — and says when the
/// next one is wanted.
/// Nothing else runs a phase.
@MainActor
public final class ViewRoot {
    /// The screen size in points.
    public private(set) var size: Size
    /// Device pixels per point.
    public private(set) var scale: Double
    /// The insets that bars and floating buttons keep clear of.
    public private(set) var safeArea: EdgeInsets
    /// Measures and renders text for every view in the tree.
    public let textEngine: any TextEngine
    /// The app's language (a BCP 47 code such as "ja" or "ar"): texts without their own are laid
    /// out by its line-breaking rules and glyph forms, and a paragraph with no strong character
    /// takes its direction.
    /// Setting it sets `layoutDirection` to the language's.
    public var language: String? {
        didSet {
            guard language != oldValue else { return }
            layoutDirection = TextDirection(language: language)
            layOutEverythingAgain()
        }
    }
    /// The words Limelight shows and speaks (a bubble's buttons, "Step 2 of 5", role and state
    /// words), in `language`: Limelight's own, with what the app added.
    public var strings = InterfaceStrings.builtIn
    /// Which side `leading` is for every view in the tree: right to left mirrors the interface (stacks,
    /// grids and tab bars run from the right, leading alignments and insets are on the right).
    public var layoutDirection: TextDirection = .leftToRight {
        didSet { if layoutDirection != oldValue { layOutEverythingAgain() } }
    }
    /// The source of time for animations and timers.
    public let clock: any Clock
    /// Timers on the root's clock; due ones run first in every frame.
    public let timers: Timers
    /// The colour every repaint starts from.
    public var backgroundColor: Color = .white { didSet { invalidateAll() } }
    /// Layers drawn above the tree, bottom first. Adding or removing one does not invalidate by
    /// itself; use `addLayer(_:)` and `removeLayer(_:)` for that.
    public var layers: [any ScreenLayer] = []
    /// The safe area used for `.resize` events.
    public var safeAreaProvider: @MainActor (Size) -> EdgeInsets = { SafeArea.default(for: $0) }
    /// Receives keys that no layer and no focused view consumed, with the modifiers held.
    public var keyHandler: (@MainActor (Key, Modifiers) -> Bool)?
    /// Receives typed text when no view has the focus.
    public var textHandler: (@MainActor (String) -> Bool)?
    /// The view that takes keys, typed text and compositions first (a text field being edited, or
    /// the button Tab moved to).
    public internal(set) weak var focusedView: View?
    /// Whether Tab, Shift-Tab, Enter and Space move and use the focus (on by default); an app that
    /// gives these keys meanings of its own (the editor) turns it off and gets them in `keyHandler`.
    public var movesFocusWithKeys = true
    /// Whether the focus ring shows (see `isFocusRingVisible`).
    var focusRingShown = false
    /// Who speaks what the app announces (steps, overlays, focus moves); nil: nobody.
    public var announcer: (any Announcer)?
    /// Whether motion is reduced (the user's setting): fades become short cross-fades, morphs jump,
    /// nothing zooms or spins. Views and layers read it when they start an animation.
    public var reducesMotion = false
    /// The modifier keys held during the pointer-down or key being handled (views read it, say, to
    /// tell a Shift-click from a click).
    public internal(set) var modifiers: Modifiers = []
    /// Where copied text goes and pasted text comes from: the system's in a window, this root's own
    /// otherwise.
    public var clipboard: any Clipboard = MemoryClipboard()
    /// How far (points) a pointer may travel between down and up and still count as a tap.
    public var tapSlop: Double = 10
    /// The pixels waiting to be repainted.
    public internal(set) var dirtyRegion: DirtyRegion
    /// Areas (device pixels) where only the layers changed: re-composited from the base layer
    /// without repainting the tree.
    public internal(set) var compositeRegion: DirtyRegion
    /// The painting phase and what it keeps between frames.
    let painter = FramePainter()
    /// The top view; it always fills the screen.
    public private(set) var content: View
    /// The surfaces above the tree, in the order they were attached (bottom first).
    var surfaces: [Surface] = []

    /// Bumped when the screen size, scale or safe area changes: every measurement becomes stale.
    var layoutGeneration = 0
    /// Bumped by every layout pass that placed something: what the app's elements were made at.
    var layoutPasses = 0
    /// The app's elements as queries see them, and the layout pass they were made at.
    var elementsMade: (pass: Int, list: ElementList)? { didSet { resolvedQueries.removeAll(keepingCapacity: true) } }
    /// What queries found in `elementsMade`, without the nearest elements of failures.
    var resolvedQueries: [ElementQuery: ElementResolution] = [:]
    var layoutQueue: [View] = []
    /// What `startAnimating(_:)` registered, in order.
    var animations: [any Animating] = []
    /// The time of the frame being made, or of the last one: what layout and painting read, so
    /// every phase of one frame sees the same instant.
    public internal(set) var frameTime: Double
    /// The frame callbacks and the requests for the next frame's callback phase.
    let frameCallbacks = FrameCallbackList()
    /// Who holds the pointer between a down and an up.
    let pointer = PointerTracker()
    /// Shadow masks and resampled images shared by views of the same geometry: the root's own,
    /// unless a host that makes many roots gives them one (a test run makes a root per group and
    /// gives each the run's, so each card's shadow is blurred and each image resampled once for
    /// the run, not once a group). Set it before the first frame.
    public var paintCache = PaintCache()
    /// Where the root is in making a frame: what may change now (see `FramePhase`).
    public internal(set) var phase: FramePhase = .idle
    /// Whether changes are checked against the phase (`FramePhase`): on by default in debug
    /// builds, off in release (`checksPhasesByDefault`).
    public var checksPhases = ViewRoot.checksPhasesByDefault
    /// Receives each change the phase forbids, and each frame that may not run (which then does
    /// not); nil: the program stops with the violation's message, as a failed precondition. Tests
    /// install one to see a check hold without stopping.
    public var onPhaseViolation: (@MainActor (PhaseViolation) -> Void)?
    /// The view showing this root inside another (`EmbeddedRootView`): its frames run only in that
    /// root's animation phase.
    weak var embeddingView: EmbeddedRootView?
    /// Views by id (see `view(withID:)`), made again after any view of this tree gains or loses a
    /// child or changes its id (`View.treeDidChange()`), and when a surface comes or goes.
    private var idIndex: [String: WeakView] = [:]
    var idIndexIsStale = true { didSet { if idIndexIsStale { elementsMade = nil } } }

    /// A root showing `content` on a screen of `size` points at `scale`. `safeArea` defaults to
    /// `SafeArea.default(for: size)`. Refuses sizes and scales that cannot make a pixmap.
    public init(content: View, size: Size, scale: Double = 1, safeArea: EdgeInsets? = nil,
                textEngine: any TextEngine, clock: any Clock) throws(ViewError) {
        try ViewRoot.validate(size: size, scale: scale)
        self.size = size
        self.scale = scale
        self.safeArea = safeArea ?? SafeArea.default(for: size)
        self.textEngine = textEngine
        self.clock = clock
        frameTime = clock.now
        timers = Timers(clock: clock)
        self.content = content
        dirtyRegion = DirtyRegion(bounds: ViewRoot.deviceBounds(size: size, scale: scale))
        dirtyRegion.addAll()
        compositeRegion = DirtyRegion(bounds: ViewRoot.deviceBounds(size: size, scale: scale))
        content.removeFromParent()
        content.owner = self
        scheduleLayout(of: content)
    }

    /// The device pixels per point a root may have.
    public nonisolated static let scaleRange = 0.25...8.0

    /// Checks a size and scale against the limits.
    public nonisolated static func validate(size: Size, scale: Double) throws(ViewError) {
        guard scale.isFinite, scaleRange.contains(scale) else { throw .invalidScale(scale) }
        guard size.width.isFinite, size.height.isFinite, size.width >= 1, size.height >= 1 else {
            throw .invalidSize(size, reason: "width and height must be finite and at least 1 point")
        }
        let px = deviceBounds(size: size, scale: scale)
        do { try Pixmap.validate(width: px.width, height: px.height) } catch {
            throw .invalidSize(size, reason: error.description)
        }
    }

    nonisolated static func deviceBounds(size: Size, scale: Double) -> IntRect {
        IntRect(x: 0, y: 0, width: Int(clampedToInt: (size.width * scale).rounded()),
                height: Int(clampedToInt: (size.height * scale).rounded()))
    }

    /// The screen in points.
    public var bounds: Rect { Rect(origin: .zero, size: size) }
    /// The screen in device pixels: the size a frame pixmap must have.
    public var deviceBounds: IntRect { ViewRoot.deviceBounds(size: size, scale: scale) }

    /// A transparent pixmap of the screen's device size.
    public func makePixmap() throws(RasterError) -> Pixmap {
        try Pixmap(width: deviceBounds.width, height: deviceBounds.height)
    }

    /// Replaces the top view; the whole screen is repainted.
    func setContent(_ view: View) {
        guard view !== content else { return }
        content.owner = nil
        content.unplaceWithoutInvalidating()
        view.removeFromParent()
        content = view
        view.owner = self
        view.markSubtreeNeedsLayout()
        scheduleLayout(of: view)
        invalidateAll()
    }

    /// Changes the screen; everything is measured, laid out and painted again.
    public func resize(to newSize: Size, scale newScale: Double? = nil, safeArea newSafeArea: EdgeInsets? = nil) throws(ViewError) {
        let s = newScale ?? scale
        try ViewRoot.validate(size: newSize, scale: s)
        size = newSize
        scale = s
        safeArea = newSafeArea ?? safeAreaProvider(newSize)
        layOutEverythingAgain()
        dirtyRegion.reset(bounds: deviceBounds)
        compositeRegion.reset(bounds: deviceBounds)
        compositeRegion.removeAll()
    }

    /// Measures, places and paints every view again (the size, scale, language or direction changed).
    private func layOutEverythingAgain() {
        layoutGeneration += 1
        content.markSubtreeNeedsLayout()
        scheduleLayout(of: content)
        for surface in surfaces {
            surface.content.markSubtreeNeedsLayout()
            scheduleLayout(of: surface.content)
        }
        invalidateAll()
    }

    // MARK: - Invalidation

    /// Marks a rectangle in screen points for repainting.
    public func invalidate(rect: Rect) {
        guard rect.isFinite, !rect.isEmpty else { return }
        dirtyRegion.add(rect.scaled(by: scale).roundedOut)
    }

    /// Marks a rectangle in device pixels for repainting.
    public func invalidate(deviceRect: IntRect) { dirtyRegion.add(deviceRect) }

    /// Marks a rectangle (points) where only a layer changed: the tree is not repainted there,
    /// the layers are composited again over its kept pixels.
    public func invalidateComposite(rect: Rect) {
        guard rect.isFinite, !rect.isEmpty else { return }
        compositeRegion.add(rect.scaled(by: scale).roundedOut)
    }

    /// `invalidateComposite(rect:)` for a rectangle in device pixels.
    public func invalidateComposite(deviceRect: IntRect) { compositeRegion.add(deviceRect) }

    /// Whether anything waits to be painted or composited.
    public var needsDisplay: Bool { !dirtyRegion.isEmpty || !compositeRegion.isEmpty }

    /// Marks the whole screen for repainting.
    public func invalidateAll() { dirtyRegion.addAll() }

    /// Adds a layer on top and repaints the screen.
    public func addLayer(_ layer: any ScreenLayer) {
        layers.append(layer)
        invalidateAll()
    }

    /// Removes a layer and repaints the screen.
    public func removeLayer(_ layer: any ScreenLayer) {
        layers.removeAll { $0 === layer }
        invalidateAll()
    }

    // MARK: - Layout

    func scheduleLayout(of view: View) {
        if !layoutQueue.contains(where: { $0 === view }) { layoutQueue.append(view) }
    }

    /// Whether a layout pass is pending.
    public var needsLayout: Bool { !layoutQueue.isEmpty }

    /// Lays out what changed: each scheduled layout boundary is placed again in its own frame,
    /// shallowest first (a deeper one is usually reached by its ancestor's pass). A surface that
    /// its layer has not placed yet waits for it.
    ///
    /// `frame(into:)` runs this as its layout phase; inside Views, hit tests and scrolling run it
    /// first so they see current frames. While it runs the root is in `.treeLayout`: nothing may be
    /// added, removed or marked for layout.
    func layoutIfNeeded() {
        guard !layoutQueue.isEmpty else { return }
        layoutPasses += 1
        let outer = phase
        phase = .treeLayout
        defer { phase = outer }
        var passes = 0
        while !layoutQueue.isEmpty && passes < 8 {
            passes += 1
            let queue = layoutQueue.map { ($0.depth, $0) }.sorted { $0.0 < $1.0 }.map(\.1)
            layoutQueue.removeAll()
            for v in queue where v.needsLayout && v.root === self {
                if v === content {
                    v.place(in: bounds)
                } else if v.parent != nil || v.isPlaced {
                    v.place(in: v.frame)
                }
            }
        }
    }

    // MARK: - Lookup

    /// The attached view with `id`, placed or not: the topmost surface's first (depth first), then
    /// the tree's. Answered from an index made in one walk and kept until the tree's structure, an
    /// id or the surfaces change, so looking up every hole's target every frame does not walk a
    /// tree of thousands of cards each time.
    public func view(withID id: String) -> View? {
        if idIndexIsStale {
            var index: [String: WeakView] = [:]
            func add(_ v: View) { if let key = v.id, index[key] == nil { index[key] = WeakView(v) } }
            for surface in surfaces.reversed() { surface.content.forEachInDepthFirstOrder(add) }
            content.forEachInDepthFirstOrder(add)
            idIndex = index
            idIndexIsStale = false
        }
        return idIndex[id]?.view
    }

    /// Every placed view with an id and its frame (screen points), in painting order: the tree's,
    /// then each surface's, bottom first.
    public func allIdentifiedViews() -> [(id: String, frame: Rect)] {
        content.allIdentifiedViews() + surfaces.flatMap { $0.content.allIdentifiedViews() }
    }

    /// The deepest view of the tree under `point`, after laying out what is pending.
    public func hitTest(_ point: Point) -> View? {
        layoutIfNeeded()
        return content.hitTest(point)
    }

    // MARK: - Animation

    /// Registers `animation` to be advanced at every frame until it answers that it has finished.
    /// Registering one that is already registered does nothing.
    public func startAnimating(_ animation: any Animating) {
        if !animations.contains(where: { $0 === animation }) { animations.append(animation) }
    }

    /// Whether anything animates (the host should keep producing frames).
    public var isAnimating: Bool { !animations.isEmpty }

    /// Advances every registered animation to `time`, in the order they were registered; the ones
    /// that finished are dropped. Animations registered while this runs are advanced next frame.
    func advanceAnimations(to time: Double) {
        let running = animations
        animations.removeAll()
        var still: [any Animating] = []
        for a in running {
            if let v = a as? View, v.root !== self { continue }
            if a.advanceAnimations(to: time) { still.append(a) }
        }
        animations = still + animations.filter { added in !still.contains { $0 === added } }
    }
}

extension View {
    /// Marks every laid-out view of the subtree for layout (after a change of size, scale or safe area).
    func markSubtreeNeedsLayout() {
        needsLayout = true
        for c in visibleChildren { c.markSubtreeNeedsLayout() }
    }

    /// Clears the placed state of a subtree that is leaving the screen wholesale.
    func unplaceWithoutInvalidating() {
        guard isPlaced else { return }
        for c in visibleChildren { c.unplaceWithoutInvalidating() }
        isPlaced = false
        lastInk = .zero
        needsLayout = true
    }
}

/// An index entry that does not keep a removed view alive.
@MainActor
struct WeakView {
    weak var view: View?
    init(_ view: View) { self.view = view }
}
