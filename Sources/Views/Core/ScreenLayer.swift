import Raster

/// Something drawn above the whole view tree (the Overlays module's presentation stack, a banner).
///
/// The root offers pointer and key events to its layers top first and gives the tree only what no
/// layer consumed. In every frame, before the tree is laid out, each layer updates its views
/// (`update(root:)`); after the tree is laid out, each layer lays itself out once
/// (`layout(root:)`), then what arrived takes the focus (`arrive(root:)`); after the tree is
/// painted into a dirty rectangle, each layer composites into that same rectangle, bottom layer first. A layer reports what it changes: `root.invalidate(rect:)`
/// where the tree beneath must be painted again, `root.invalidateComposite(rect:)` where only the
/// layer's own pixels changed. Layers that animate register with `root.startAnimating(_:)`.
@MainActor
public protocol ScreenLayer: AnyObject {
    /// Handles `event`; true when consumed (the tree does not see it).
    func handle(_ event: InputEvent, root: ViewRoot) -> Bool
    /// The end of a frame's callback phase, before the tree's layout: a layer changes its own views
    /// for what it shows now (builds a step's bubble, attaches and detaches surfaces), so they are
    /// laid out and painted in this frame. Anything may change here.
    func update(root: ViewRoot)
    /// The layer-layout phase of a frame, after the tree's layout and before painting: a layer that
    /// follows views (a spotlight on a target) reads their frames here, places its surfaces and
    /// invalidates what moved. Nothing may be added, removed or marked for layout here (the root
    /// checks): what it would change waits for `arrive(root:)` or `root.beforeNextFrame(_:)`.
    func layout(root: ViewRoot)
    /// The arrival phase of a frame, after every layer's layout and before painting: the focus moves
    /// into what arrived and it is announced. Anything may change; what is marked for layout here is
    /// laid out (tree and layers) before painting.
    func arrive(root: ViewRoot)
    /// Draws over `region` (device pixels) of `frame`, which already holds the tree's pixels there.
    func composite(into frame: Pixmap, region: IntRect, root: ViewRoot)
    /// Like `composite(into:region:root:)` for the bottom layer, when the tree's pixels are in
    /// `base` (the root's kept base layer) and not yet in `frame`: afterwards `frame` holds them with
    /// the layer drawn over, in `region`. A layer that reads every pixel before writing it (a dim)
    /// reads `base` directly and saves copying the region first. The default copies, then composites.
    func composite(from base: Pixmap, into frame: Pixmap, region: IntRect, root: ViewRoot)
    /// The subtrees the keyboard focus stays in while the layer is up (an overlay's views, and the
    /// targets a spotlight lets taps reach), in order; nil: the layer does not trap the focus.
    func focusScope(root: ViewRoot) -> [View]?
    /// The layer's element of the semantics tree, and whether it is modal (the tree beneath it is
    /// then hidden); nil: none.
    func semantics(root: ViewRoot) -> (node: SemanticNode, isModal: Bool)?
    /// The keyboard activated `view` (Enter or Space on the focused view), after its action ran: a
    /// spotlight whose target it is moves on, as it does for a tap through its hole.
    func didActivate(_ view: View, root: ViewRoot)
}

extension ScreenLayer {
    /// By default a layer lets every event through.
    public func handle(_ event: InputEvent, root: ViewRoot) -> Bool { false }
    /// By default a layer has nothing to update.
    public func update(root: ViewRoot) {}
    /// By default a layer has nothing to lay out.
    public func layout(root: ViewRoot) {}
    /// By default nothing arrives.
    public func arrive(root: ViewRoot) {}
    /// Copies the base's pixels into the frame, then composites over them.
    public func composite(from base: Pixmap, into frame: Pixmap, region: IntRect, root: ViewRoot) {
        frame.copyPixels(from: base, in: region)
        composite(into: frame, region: region, root: root)
    }
}

extension ScreenLayer {
    /// By default a layer does not trap the focus.
    public func focusScope(root: ViewRoot) -> [View]? { nil }
    /// By default a layer adds nothing to the semantics tree.
    public func semantics(root: ViewRoot) -> (node: SemanticNode, isModal: Bool)? { nil }
    /// By default a layer does nothing when a view is activated.
    public func didActivate(_ view: View, root: ViewRoot) {}
}
