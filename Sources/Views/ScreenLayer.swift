import Raster

/// Something drawn above the whole view tree (the Overlays module's presentation stack).
///
/// The root offers pointer and key events to its layers top first and gives the tree only what no
/// layer consumed. After the tree is painted into a dirty rectangle, each layer composites into that
/// same rectangle, bottom layer first. A layer reports the areas it changes with
/// `root.invalidate(rect:)` and keeps the host ticking with `isAnimating`.
@MainActor
public protocol ScreenLayer: AnyObject {
    /// Handles `event`; true when consumed (the tree does not see it).
    func handle(_ event: InputEvent, root: ViewRoot) -> Bool
    /// Draws over `region` (device pixels) of `frame`, which already holds the tree's pixels there.
    func composite(into frame: Pixmap, region: IntRect, root: ViewRoot)
    /// Like `composite(into:region:root:)` for the bottom layer, when the tree's pixels are in
    /// `base` (the root's kept base layer) and not yet in `frame`: afterwards `frame` holds them with
    /// the layer drawn over, in `region`. A layer that reads every pixel before writing it (a dim)
    /// reads `base` directly and saves copying the region first. The default copies, then composites.
    func composite(from base: Pixmap, into frame: Pixmap, region: IntRect, root: ViewRoot)
    /// Whether the layer wants more ticks.
    var isAnimating: Bool { get }
    /// Advances the layer's animations to `root.clock.now` and invalidates what changed.
    func tick(root: ViewRoot)
    /// Called after each layout pass and before the dirty rectangles are painted: a layer that
    /// follows views (a spotlight on a target) checks their frames here and invalidates what moved.
    func prepare(root: ViewRoot)
}

extension ScreenLayer {
    /// By default a layer lets every event through.
    public func handle(_ event: InputEvent, root: ViewRoot) -> Bool { false }
    /// By default a layer is still.
    public var isAnimating: Bool { false }
    /// By default there is nothing to advance.
    public func tick(root: ViewRoot) {}
    public func prepare(root: ViewRoot) {}
    public func composite(from base: Pixmap, into frame: Pixmap, region: IntRect, root: ViewRoot) {
        frame.copyPixels(from: base, in: region)
        composite(into: frame, region: region, root: root)
    }
}
