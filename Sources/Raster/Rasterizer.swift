/// Turns paths into anti-aliased coverage.
///
/// Curves are flattened to lines within `tolerance` (0.1 px). Each pixel row is sampled on
/// `subsamples` evenly spaced horizontal lines; along each line coverage is exact (a span's ends add
/// their fractional overlap), so vertical edges are exact and other edges are accurate to 1/16 of a pixel
/// in y. Crossings are accumulated into a difference buffer, so a wide span costs O(1), not O(width).
public enum Rasterizer {
    /// How far a flattened curve may stray from the true one, in device pixels.
    public static let tolerance = 0.1
    /// Sample lines per pixel row.
    public static let subsamples = 16 // the fixed-point resolve below assumes 16 (4096 = full coverage)
    /// The most line segments one curve may be split into (bounds work on absurd input).
    static let maxSegmentsPerCurve = 4096

    struct Edge {
        var x0: Double, y0: Double, x1: Double, y1: Double
        var dxdy: Double
        var winding: Int32
    }

    /// The coverage of `path` (after `transform`) inside `clip`, as a mask over the path's box ∩ `clip`.
    /// A path with non-finite coordinates yields an empty mask.
    public static func mask(for path: Path, fillRule: FillRule = .nonZero, transform: Transform = .identity,
                            clip: IntRect) -> Mask {
        let edges = flatten(path, transform: transform)
        guard !edges.isEmpty else { return Mask(bounds: .zero) }
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for e in edges {
            x0 = min(x0, e.x0, e.x1); x1 = max(x1, e.x0, e.x1)
            y0 = min(y0, e.y0); y1 = max(y1, e.y1)
        }
        let box = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        guard box.isFinite else { return Mask(bounds: .zero) }
        let bounds = box.roundedOut.intersection(clip)
        guard !bounds.isEmpty else { return Mask(bounds: .zero) }
        var mask = Mask(bounds: bounds)
        fill(edges: edges, fillRule: fillRule, into: &mask)
        return mask
    }

    /// Converts the path into monotone-in-y line edges (horizontal ones dropped), in device space.
    static func flatten(_ path: Path, transform: Transform) -> [Edge] {
        var edges: [Edge] = []
        var start = Point.zero, current = Point.zero
        var open = false
        func addLine(_ a: Point, _ b: Point) {
            guard a.y != b.y, a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return }
            if a.y < b.y {
                edges.append(Edge(x0: a.x, y0: a.y, x1: b.x, y1: b.y, dxdy: (b.x - a.x) / (b.y - a.y), winding: 1))
            } else {
                edges.append(Edge(x0: b.x, y0: b.y, x1: a.x, y1: a.y, dxdy: (a.x - b.x) / (a.y - b.y), winding: -1))
            }
        }
        func segments(_ deviation: Double) -> Int {
            guard deviation.isFinite else { return 1 }
            let n = (deviation / tolerance).squareRoot().rounded(.up)
            return Int(max(1, min(Double(maxSegmentsPerCurve), n)))
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                if open, current != start { addLine(current, start) }
                start = transform.apply(p); current = start; open = true
            case .line(let p):
                let q = transform.apply(p); addLine(current, q); current = q
            case .quad(let c, let p):
                let c1 = transform.apply(c), q = transform.apply(p)
                // Max distance of a chord from the curve is |p0 - 2c + p1| / 4 per n² segments.
                let dd = Point(current.x - 2 * c1.x + q.x, current.y - 2 * c1.y + q.y)
                let n = segments((dd.x * dd.x + dd.y * dd.y).squareRoot() / 4)
                let p0 = current
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let pt = i == n ? q : Point(u * u * p0.x + 2 * u * t * c1.x + t * t * q.x,
                                                u * u * p0.y + 2 * u * t * c1.y + t * t * q.y)
                    addLine(current, pt); current = pt
                }
            case .cubic(let c1, let c2, let p):
                let a = transform.apply(c1), b = transform.apply(c2), q = transform.apply(p)
                let p0 = current
                let d1 = Point(p0.x - 2 * a.x + b.x, p0.y - 2 * a.y + b.y)
                let d2 = Point(a.x - 2 * b.x + q.x, a.y - 2 * b.y + q.y)
                let dd = max((d1.x * d1.x + d1.y * d1.y).squareRoot(), (d2.x * d2.x + d2.y * d2.y).squareRoot())
                // Flattening error of a cubic with n chords is at most 3·dd / (4·n²).
                let n = segments(0.75 * dd)
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let pt = i == n ? q : Point(
                        u * u * u * p0.x + 3 * u * u * t * a.x + 3 * u * t * t * b.x + t * t * t * q.x,
                        u * u * u * p0.y + 3 * u * u * t * a.y + 3 * u * t * t * b.y + t * t * t * q.y)
                    addLine(current, pt); current = pt
                }
            case .close:
                if open, current != start { addLine(current, start) }
                current = start
            }
        }
        if open, current != start { addLine(current, start) }
        return edges
    }

    /// Accumulates coverage of `edges` into `mask` (whose bounds are the clip).
    ///
    /// Coverage is counted in fixed point: each sample line adds up to 256 per pixel, so a fully covered
    /// pixel sums to 16 × 256 = 4096 over a row.
    static func fill(edges unsorted: [Edge], fillRule: FillRule, into mask: inout Mask) {
        let edges = unsorted.sorted { $0.y0 < $1.y0 }
        let b = mask.bounds
        let w = b.width
        let n = subsamples
        let full = Int32(n * 256)
        var partial = [Int32](repeating: 0, count: w + 2)
        var delta = [Int32](repeating: 0, count: w + 2)
        var active: [Edge] = []
        active.reserveCapacity(64)
        var xs: [Int] = []       // crossing x in 1/256 px, relative to the mask's left edge
        var ws: [Int32] = []     // their winding directions
        xs.reserveCapacity(64); ws.reserveCapacity(64)
        var nextEdge = 0
        let left = Double(b.x)
        let maxFixed = w * 256
        let evenOdd = fillRule == .evenOdd
        partial.withUnsafeMutableBufferPointer { partial in
        delta.withUnsafeMutableBufferPointer { delta in
        mask.bytes.withUnsafeMutableBufferPointer { out in
            for row in b.y..<b.maxY {
                let rowTop = Double(row)
                while nextEdge < edges.count && edges[nextEdge].y0 < rowTop + 1 {
                    if edges[nextEdge].y1 > rowTop { active.append(edges[nextEdge]) }
                    nextEdge += 1
                }
                active.removeAll { $0.y1 <= rowTop }
                if active.isEmpty { continue }
                var touched = false
                for s in 0..<n {
                    let y = rowTop + (Double(s) + 0.5) / Double(n)
                    xs.removeAll(keepingCapacity: true); ws.removeAll(keepingCapacity: true)
                    for e in active where y >= e.y0 && y < e.y1 {
                        let x = (e.x0 + (y - e.y0) * e.dxdy - left) * 256
                        // Clamp to one pixel beyond the mask on either side: winding still counts there.
                        let xi = x <= -256 ? -256 : (x >= Double(maxFixed + 256) ? maxFixed + 256 : Int(x.rounded()))
                        // Insertion sort: a row rarely has more than a handful of crossings.
                        var k = xs.count
                        xs.append(xi); ws.append(e.winding)
                        while k > 0 && xs[k - 1] > xi { xs[k] = xs[k - 1]; ws[k] = ws[k - 1]; k -= 1 }
                        xs[k] = xi; ws[k] = e.winding
                    }
                    if xs.count < 2 { continue }
                    var winding: Int32 = 0
                    for k in 0..<(xs.count - 1) {
                        winding += ws[k]
                        let inside = evenOdd ? (winding & 1) != 0 : winding != 0
                        guard inside else { continue }
                        let xa = max(0, xs[k]), xb = min(maxFixed, xs[k + 1])
                        guard xb > xa else { continue }
                        touched = true
                        let ia = xa >> 8, ib = xb >> 8
                        if ia == ib {
                            partial[ia] += Int32(xb - xa)
                        } else {
                            partial[ia] += Int32(256 - (xa & 255))
                            delta[ia + 1] += 256
                            delta[ib] -= 256
                            partial[ib] += Int32(xb & 255)
                        }
                    }
                }
                guard touched else { continue }
                let base = (row - b.y) * w
                var run: Int32 = 0
                for i in 0..<w {
                    run &+= delta[i]
                    let c = min(full, run &+ partial[i])
                    // full = 16 × 256 = 1 << 12, so the division is a shift (and the loop vectorizes).
                    out[base + i] = UInt8(truncatingIfNeeded: (c &* 255 &+ 2048) >> 12)
                }
                (partial.baseAddress!).update(repeating: 0, count: w + 2)
                (delta.baseAddress!).update(repeating: 0, count: w + 2)
            }
        }
        }
        }
    }
}
