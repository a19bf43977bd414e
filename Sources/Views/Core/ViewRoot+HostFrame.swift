import Raster

extension ViewRoot {
    /// The painting phase for a root whose screen an app draws itself (Limelight's overlays over an
    /// app's own frame, from C): the tree is not painted; the layers composite over `frame`, which
    /// holds the app's pixels. Returns the device rectangles written.
    ///
    /// Without `base`, the whole of `frame` is the app's new drawing and the layers composite over
    /// all of it, in place. With `base` (the app's pixels kept aside, the frame's size, with what it
    /// drew since the last call already copied in and listed in `newlyDrawn`) the layers composite
    /// from `base` into `frame` where the app drew and where they changed since the last call, and
    /// nowhere else: elsewhere `frame` still holds the last composite. A call where nothing changed
    /// writes nothing.
    ///
    /// The layers composite exactly as over the tree's base layer in `frame(into:)`, so the same
    /// layers over the same pixels give the same bytes. Run `frame(into: nil)` first (time, layout
    /// and the layers' layout).
    @discardableResult
    public func composite(overAppFrame frame: Pixmap, from base: Pixmap?, newlyDrawn: [IntRect]) -> [IntRect] {
        let outer = phase
        phase = .paint
        defer { phase = outer }
        // The tree paints nothing here: its invalidations and the layers' only ask for a composite.
        var region = DirtyRegion(bounds: frame.bounds)
        let kept = base.flatMap { $0.bounds == frame.bounds ? $0 : nil }
        if kept != nil {
            for r in dirtyRegion.rects + compositeRegion.rects + newlyDrawn { region.add(r) }
        } else {
            region.addAll()
        }
        dirtyRegion.removeAll()
        compositeRegion.removeAll()
        painter.forgetAll()
        guard !layers.isEmpty else { return [] }
        let rects = region.rects.map { $0.intersection(frame.bounds) }.filter { !$0.isEmpty }
        // Over a kept base, rectangles that overlap are composited twice from the same pixels: the
        // same bytes. In place there is one rectangle, the whole frame.
        let source = kept ?? frame
        for r in rects {
            layers[0].composite(from: source, into: frame, region: r, root: self)
            for layer in layers.dropFirst() { layer.composite(into: frame, region: r, root: self) }
        }
        return rects
    }
}
