extension Rect {
    /// This rectangle less `other`: up to four bands (above, below, left, right of it).
    public func subtracting(_ other: Rect) -> [Rect] {
        let cut = intersection(other)
        guard !cut.isEmpty else { return [self] }
        var parts: [Rect] = []
        if cut.minY > minY { parts.append(Rect(x: minX, y: minY, width: width, height: cut.minY - minY)) }
        if cut.maxY < maxY { parts.append(Rect(x: minX, y: cut.maxY, width: width, height: maxY - cut.maxY)) }
        if cut.minX > minX { parts.append(Rect(x: minX, y: cut.minY, width: cut.minX - minX, height: cut.height)) }
        if cut.maxX < maxX { parts.append(Rect(x: cut.maxX, y: cut.minY, width: maxX - cut.maxX, height: cut.height)) }
        return parts
    }

    /// The parameters t, from `range`, for which `origin + direction·t` lies inside the rectangle
    /// (edges included), clipped slab by slab (Liang–Barsky); nil when the line misses it there.
    public func parameters(ofLineFrom origin: Point, direction: Point, within range: ClosedRange<Double>) -> ClosedRange<Double>? {
        var t0 = range.lowerBound, t1 = range.upperBound
        for (start, delta, lo, hi) in [(origin.x, direction.x, minX, maxX), (origin.y, direction.y, minY, maxY)] {
            if delta == 0 {
                if start < lo || start > hi { return nil }
            } else {
                let ta = (lo - start) / delta, tb = (hi - start) / delta
                t0 = max(t0, min(ta, tb)); t1 = min(t1, max(ta, tb))
            }
        }
        return t0 <= t1 ? t0...t1 : nil
    }
}
