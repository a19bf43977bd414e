import Raster

extension ViewRoot {
    /// The painting phase of a frame: repaints the dirty rectangles of `pixmap`, each from the
    /// background colour up, then lets the layers composite into it. Returns the rectangles that
    /// were repainted (device pixels) so a host uploads just those. Layout has run before.
    ///
    /// Hazard: incremental repaints assume `pixmap` holds the previous frame. A pixmap other than the
    /// last one painted into, or of another size, is repainted in full.
    ///
    /// With layers present the tree is painted into a kept base layer and each dirty rectangle of the
    /// frame is the base's pixels with the layers composited over them; a layer that changed only
    /// itself (`invalidateComposite`) costs a copy and its own compositing, not a tree repaint.
    func paint(into pixmap: Pixmap) -> [IntRect] {
        if pixmap !== lastTarget || pixmap.bounds != deviceBounds { dirtyRegion.addAll() }
        lastTarget = pixmap
        let treeRects = dirtyRegion.rects.map { $0.intersection(pixmap.bounds) }.filter { !$0.isEmpty }
        dirtyRegion.removeAll()
        guard !layers.isEmpty else {
            baseLayer = nil
            compositeRegion.removeAll()
            for r in treeRects { paintTree(region: r, into: pixmap) }
            return treeRects
        }
        // The base layer holds the tree alone; a new one is painted in full.
        var treeToPaint = treeRects
        if baseLayer == nil || baseLayer!.bounds != pixmap.bounds {
            // Painted whole just below, background first: no need to clear it.
            baseLayer = try? Pixmap(unfilledWidth: pixmap.width, height: pixmap.height)
            treeToPaint = [pixmap.bounds]
        }
        guard let base = baseLayer else {
            for r in treeRects {
                paintTree(region: r, into: pixmap)
                for layer in layers { layer.composite(into: pixmap, region: r, root: self) }
            }
            return treeRects
        }
        for r in treeToPaint { paintTree(region: r, into: base) }
        var region = compositeRegion
        region.removeAll()
        for r in treeToPaint + compositeRegion.rects { region.add(r) }
        compositeRegion.removeAll()
        let rects = region.rects.map { $0.intersection(pixmap.bounds) }.filter { !$0.isEmpty }
        for r in rects {
            // The bottom layer reads the tree's pixels from the base layer as it composites.
            layers[0].composite(from: base, into: pixmap, region: r, root: self)
            for layer in layers.dropFirst() { layer.composite(into: pixmap, region: r, root: self) }
        }
        return rects
    }

    /// Paints the tree alone (background up) into one device rectangle.
    func paintTree(region: IntRect, into pixmap: Pixmap) {
        pixmap.fill(backgroundColor, in: region)
        var canvas = Canvas(pixmap: pixmap, scale: scale)
        canvas.clip(toDevice: region)
        content.paint(in: canvas)
    }
}
