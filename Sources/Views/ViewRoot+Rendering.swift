import Raster

extension ViewRoot {
    /// Lays out what is pending and repaints the dirty rectangles of `pixmap`, each from the
    /// background colour up, then lets the layers composite into it. Returns the rectangles that
    /// were repainted (device pixels) so a host uploads just those.
    ///
    /// Hazard: incremental repaints assume `pixmap` holds the previous frame. A pixmap other than the
    /// last one rendered into, or of another size, is repainted in full.
    ///
    /// With layers present the tree is painted into a kept base layer and each dirty rectangle of the
    /// frame is the base's pixels with the layers composited over them; a layer that changed only
    /// itself (`invalidateComposite`) costs a copy and its own compositing, not a tree repaint.
    @discardableResult
    public func render(into pixmap: Pixmap) -> [IntRect] {
        layoutIfNeeded()
        for layer in layers { layer.prepare(root: self) }
        layoutIfNeeded()
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
            baseLayer = try? Pixmap(width: pixmap.width, height: pixmap.height)
            treeToPaint = [pixmap.bounds]
        }
        guard let base = baseLayer else {
            for r in treeRects { paint(region: r, into: pixmap) }
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
        paintTree(region: region, into: pixmap)
        for layer in layers { layer.composite(into: pixmap, region: region, root: self) }
    }

    /// Paints the tree alone (background up) into one device rectangle.
    func paintTree(region: IntRect, into pixmap: Pixmap) {
        pixmap.fill(backgroundColor, in: region)
        var canvas = Canvas(pixmap: pixmap, scale: scale)
        canvas.clip(toDevice: region)
        content.paint(in: canvas)
    }
}
