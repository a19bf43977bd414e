import Raster

/// A root's painting phase and what it keeps between frames: the pixmap it last painted into
/// (incremental repaints assume it still holds that frame) and, while layers are present, the
/// base layer of the tree's own pixels that the layers re-composite over.
@MainActor
final class FramePainter {
    /// The tree's own pixels, kept while layers are present so they can re-composite cheaply.
    private var baseLayer: Pixmap?
    /// The pixmap painted into last.
    private weak var lastTarget: Pixmap?

    /// Forgets the last target, so the next paint is a full one.
    func forgetTarget() { lastTarget = nil }

    /// Forgets the last target and the base layer (a host painted the frame itself).
    func forgetAll() { baseLayer = nil; lastTarget = nil }

    /// The painting phase of a frame: repaints the dirty rectangles of `pixmap`, each from the
    /// background colour up, then lets the root.layers composite into it. Returns the rectangles that
    /// were repainted (device pixels) so a host uploads just those. Layout has run before.
    ///
    /// Hazard: incremental repaints assume `pixmap` holds the previous frame. A pixmap other than the
    /// last one painted into, or of another size, is repainted in full.
    ///
    /// With root.layers present the tree is painted into a kept base layer and each dirty rectangle of the
    /// frame is the base's pixels with the root.layers composited over them; a layer that changed only
    /// itself (`invalidateComposite`) costs a copy and its own compositing, not a tree repaint.
    func paint(_ root: ViewRoot, into pixmap: Pixmap) -> [IntRect] {
        if pixmap !== lastTarget || pixmap.bounds != root.deviceBounds { root.dirtyRegion.addAll() }
        lastTarget = pixmap
        let treeRects = root.dirtyRegion.rects.map { $0.intersection(pixmap.bounds) }.filter { !$0.isEmpty }
        root.dirtyRegion.removeAll()
        guard !root.layers.isEmpty else {
            baseLayer = nil
            root.compositeRegion.removeAll()
            for r in treeRects { paintTree(root, region: r, into: pixmap) }
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
                paintTree(root, region: r, into: pixmap)
                for layer in root.layers { layer.composite(into: pixmap, region: r, root: root) }
            }
            return treeRects
        }
        for r in treeToPaint { paintTree(root, region: r, into: base) }
        var region = root.compositeRegion
        region.removeAll()
        for r in treeToPaint + root.compositeRegion.rects { region.add(r) }
        root.compositeRegion.removeAll()
        let rects = region.rects.map { $0.intersection(pixmap.bounds) }.filter { !$0.isEmpty }
        for r in rects {
            // The bottom layer reads the tree's pixels from the base layer as it composites.
            root.layers[0].composite(from: base, into: pixmap, region: r, root: root)
            for layer in root.layers.dropFirst() { layer.composite(into: pixmap, region: r, root: root) }
        }
        return rects
    }

    /// Paints the tree alone (background up) into one device rectangle.
    private func paintTree(_ root: ViewRoot, region: IntRect, into pixmap: Pixmap) {
        pixmap.fill(root.backgroundColor, in: region)
        var canvas = Canvas(pixmap: pixmap, scale: root.scale)
        canvas.clip(toDevice: region)
        root.content.paint(in: canvas)
    }
}
