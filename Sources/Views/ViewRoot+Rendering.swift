import Raster

extension ViewRoot {
    /// Lays out what is pending and repaints the dirty rectangles of `pixmap`, each from the
    /// background colour up, then lets the layers composite into it. Returns the rectangles that
    /// were repainted (device pixels) so a host uploads just those.
    ///
    /// Hazard: incremental repaints assume `pixmap` holds the previous frame. A pixmap other than the
    /// last one rendered into, or of another size, is repainted in full.
    @discardableResult
    public func render(into pixmap: Pixmap) -> [IntRect] {
        layoutIfNeeded()
        for layer in layers { layer.prepare(root: self) }
        layoutIfNeeded()
        if pixmap !== lastTarget || pixmap.bounds != deviceBounds { dirtyRegion.addAll() }
        lastTarget = pixmap
        let rects = dirtyRegion.rects.map { $0.intersection(pixmap.bounds) }.filter { !$0.isEmpty }
        dirtyRegion.removeAll()
        for r in rects { paint(region: r, into: pixmap) }
        return rects
    }

    /// Repaints the whole of `pixmap`.
    public func renderFull(into pixmap: Pixmap) {
        invalidateAll()
        lastTarget = nil
        render(into: pixmap)
    }

    /// Paints the tree (no background, no layers) over what `pixmap` holds in `region`: how an
    /// overlay draws the content of its own embedded root into the app's frame.
    public func paintContent(region: IntRect, into pixmap: Pixmap) {
        layoutIfNeeded()
        var canvas = Canvas(pixmap: pixmap, scale: scale)
        canvas.clip(toDevice: region)
        content.paint(in: canvas)
    }

    /// Paints the tree and the layers into one device rectangle.
    func paint(region: IntRect, into pixmap: Pixmap) {
        pixmap.fill(backgroundColor, in: region)
        var canvas = Canvas(pixmap: pixmap, scale: scale)
        canvas.clip(toDevice: region)
        content.paint(in: canvas)
        for layer in layers { layer.composite(into: pixmap, region: region, root: self) }
    }
}
