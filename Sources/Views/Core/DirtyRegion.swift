import Raster

/// The device-pixel rectangles that must be repainted, merged the LVGL way.
///
/// Two rectangles are joined only when their union is smaller than the sum of their areas, so two
/// small changes at opposite corners stay two small repaints instead of one large one. Rectangles may
/// overlap after merging; painting a pixel twice gives the same result, so that is harmless.
public struct DirtyRegion: Hashable, Sendable {
    /// Past this many rectangles the region collapses into their bounding box (bookkeeping stays cheap).
    public static let maxRects = 32

    /// The area everything is clipped to (the screen in device pixels).
    public private(set) var bounds: IntRect
    /// The rectangles to repaint, each inside `bounds`.
    public private(set) var rects: [IntRect] = []

    /// An empty region clipped to `bounds`.
    public init(bounds: IntRect) { self.bounds = bounds }

    /// True when nothing needs repainting.
    public var isEmpty: Bool { rects.isEmpty }
    /// The sum of the rectangles' areas (pixels in overlaps count twice).
    public var area: Int { rects.reduce(0) { $0 + $1.area } }
    /// The smallest rectangle holding every dirty rectangle.
    public var boundingBox: IntRect { rects.reduce(IntRect.zero) { $0.union($1) } }

    /// Adds `rect`, clipped to the bounds, merging it with the rectangles it pays to merge with.
    public mutating func add(_ rect: IntRect) {
        var r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        var merged = true
        while merged {
            merged = false
            for (i, e) in rects.enumerated() {
                if e.contains(r) { return }
                let u = e.union(r)
                if u.area < e.area + r.area {
                    rects.remove(at: i)
                    r = u
                    merged = true
                    break
                }
            }
        }
        rects.append(r)
        if rects.count > DirtyRegion.maxRects { rects = [boundingBox] }
    }

    /// Marks everything inside the bounds dirty.
    public mutating func addAll() { rects = bounds.isEmpty ? [] : [bounds] }

    /// Forgets every rectangle (after they were repainted).
    public mutating func removeAll() { rects.removeAll(keepingCapacity: true) }

    /// Changes the clip; the region becomes all of the new bounds (a resize repaints everything).
    public mutating func reset(bounds newBounds: IntRect) {
        bounds = newBounds
        addAll()
    }
}
