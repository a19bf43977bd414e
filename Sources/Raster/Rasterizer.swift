/// Turns paths into anti-aliased coverage.
///
/// Curves are flattened to lines within `tolerance` (0.1 px). Each pixel row is sampled on
/// 16 evenly spaced horizontal lines (the fixed-point resolve assumes 16: 4096 is full coverage); along each line coverage is exact (a span's ends add
/// their fractional overlap), so vertical edges are exact and other edges are accurate to 1/16 of a pixel
/// in y. Crossings are accumulated into a difference buffer, so a wide span costs O(1), not O(width).
public enum Rasterizer {
    /// How far a flattened curve may stray from the true one, in device pixels.
    public static let tolerance = 0.1
    /// The most line segments one curve may be split into (bounds work on absurd input).
    static let maxSegmentsPerCurve = 4096
    /// The most line segments all the curves of one path may be split into together; a path that
    /// asks for more gets proportionally fewer per curve (coarser, but bounded work on absurd input).
    static let maxSegmentsPerPath = 1 << 16

    struct Edge: Sendable {
        let x0: Double, y0: Double, x1: Double, y1: Double
        let winding: Int32
        /// The ends in 24.8 fixed point, in device space (each mask subtracts its own whole-pixel
        /// origin, so every clip of the same outline sees the same edges).
        let fx0: Int, fy0: Int, fx1: Int, fy1: Int

        init(x0: Double, y0: Double, x1: Double, y1: Double, winding: Int32) {
            self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1; self.winding = winding
            fx0 = Edge.fixed(x0); fy0 = Edge.fixed(y0); fx1 = Edge.fixed(x1); fy1 = Edge.fixed(y1)
        }

        /// `v` in 24.8 fixed point, within ±2^28 (a million pixels either way), rounded half away
        /// from zero. Without SSE4.1 `rounded()` is a call into libm; here the truncation and the
        /// fraction's test give the same value (the fraction is exact below 2^52).
        static func fixed(_ v: Double) -> Int {
            let limit = Double(1 << 28)
            let c = max(-limit, min(limit, v * 256))
            guard c.isFinite else { return 0 }
            let t = Int(c), f = c - Double(t)
            return f >= 0.5 ? t + 1 : f <= -0.5 ? t - 1 : t
        }
    }

    /// The coverage of `path` (after `transform`) inside `clip`, as a mask over the path's box ∩ `clip`.
    /// A path with non-finite coordinates yields an empty mask.
    public static func mask(for path: Path, fillRule: FillRule = .nonZero, transform: Transform = .identity,
                            clip: IntRect) -> Mask {
        mask(for: Outline(path, transform: transform), fillRule: fillRule, clip: clip)
    }

    /// A path flattened to device-space line edges once, to be rasterized over many clips (a moving
    /// hole's changed strips) without flattening it again for each.
    public struct Outline: Sendable {
        let edges: [Edge]
        /// The edges' box in device pixels, rounded out (`.zero` when there are none or it is not finite).
        public let bounds: IntRect
        /// Runs of device rows (sorted, disjoint, three rows or more) that only vertical edges cross,
        /// each of them from the run's top to its bottom: every row of a run gets the same cells, so
        /// the same coverage. The sides of a rectangle or a rounded rectangle between its corners.
        let uniformRows: [Range<Int>]

        /// `path` flattened after `transform` (into device pixels).
        public init(_ path: Path, transform: Transform = .identity) {
            edges = flatten(path, transform: transform)
            var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
            for e in edges {
                x0 = min(x0, e.x0, e.x1); x1 = max(x1, e.x0, e.x1)
                y0 = min(y0, e.y0); y1 = max(y1, e.y1)
            }
            let box = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            bounds = !edges.isEmpty && box.isFinite ? box.roundedOut : .zero
            uniformRows = bounds.isEmpty ? [] : Self.uniformRows(edges, within: bounds.y..<bounds.maxY)
        }

        /// The rows between the rows that any sloped edge, or the end of a vertical one, touches (with
        /// a row's margin either side, so that rounding to fixed point never matters).
        static func uniformRows(_ edges: [Edge], within rows: Range<Int>) -> [Range<Int>] {
            var busy: [Range<Int>] = []
            busy.reserveCapacity(edges.count * 2)
            func row(_ y: Double) -> Int { Int(clampedToInt: y.rounded(.down)) }
            for e in edges {
                if e.x0 == e.x1 {
                    busy.append(row(e.y0) - 1 ..< row(e.y0) + 2)
                    busy.append(row(e.y1) - 1 ..< row(e.y1) + 2)
                } else {
                    busy.append(row(e.y0) - 1 ..< row(e.y1) + 2)
                }
            }
            busy.sort { $0.lowerBound < $1.lowerBound }
            var runs: [Range<Int>] = []
            runs.reserveCapacity(busy.count + 1)
            var y = rows.lowerBound
            for b in busy {
                let end = min(b.lowerBound, rows.upperBound)
                if end - y >= 3 { runs.append(y..<end) }
                y = max(y, b.upperBound)
                if y >= rows.upperBound { break }
            }
            if rows.upperBound - y >= 3 { runs.append(y..<rows.upperBound) }
            return runs
        }
    }

    /// The coverage of a flattened outline inside `clip`, as a mask over its box ∩ `clip`.
    ///
    /// Rows of a uniform run are rasterized once and copied; the rest are rasterized as usual. The
    /// result is the same byte for byte.
    public static func mask(for outline: Outline, fillRule: FillRule = .nonZero, clip: IntRect) -> Mask {
        guard !outline.bounds.isEmpty else { return Mask(bounds: .zero) }
        let bounds = outline.bounds.intersection(clip)
        guard !bounds.isEmpty else { return Mask(bounds: .zero) }
        var mask = Mask(uninitializedBounds: bounds)
        let w = bounds.width
        // The uniform runs inside the mask; the rows between them are rasterized, each stretch of
        // them straight into the mask's rows, a strip at a time, all with one cell grid.
        var runs: [Range<Int>] = []
        runs.reserveCapacity(outline.uniformRows.count)
        var tallest = 0, y = bounds.y
        for run in outline.uniformRows {
            let r = run.clamped(to: bounds.y..<bounds.maxY)
            guard r.count >= 3 else { continue }
            runs.append(r)
            tallest = max(tallest, r.lowerBound + 1 - y)
            y = r.upperBound
        }
        tallest = max(tallest, bounds.maxY - y)
        let stripRows = Self.stripRows(width: w)
        let cells = CellGrid.Storage(width: w, height: min(tallest, stripRows))
        defer { cells.deallocate() }
        // Many strips (a large mask) take up the edges as they reach them, in the order of their
        // tops, and let them go below their bottoms, so each strip walks only the edges that cross
        // it. A few strips each pass over every edge: most return at once, and that is cheaper than
        // sorting them.
        let rasterized = runs.reduce(bounds.height) { $0 - ($1.count - 1) }
        let strips = rasterized > 8 * stripRows
        let edges = strips ? outline.edges.sorted { $0.fy0 < $1.fy0 } : outline.edges
        var active: [Edge] = []
        var next = 0
        mask.bytes.withUnsafeMutableBufferPointer { out in
            let base = out.baseAddress!
            /// Rasterizes rows `rows` of the mask on their own, `stripRows` at a time.
            func rasterize(_ rows: Range<Int>) {
                var top = rows.lowerBound
                while top < rows.upperBound {
                    let bottom = min(rows.upperBound, top + stripRows)
                    let strip = IntRect(x: bounds.x, y: top, width: w, height: bottom - top)
                    if strips {
                        let stripTop = top << 8, stripBottom = bottom << 8
                        active.removeAll { $0.fy1 <= stripTop }
                        while next < edges.count && edges[next].fy0 < stripBottom {
                            if edges[next].fy1 > stripTop { active.append(edges[next]) }
                            next += 1
                        }
                        fill(edges: active, fillRule: fillRule, bounds: strip, cells: cells, into: base + (top - bounds.y) * w)
                    } else {
                        fill(edges: edges, fillRule: fillRule, bounds: strip, cells: cells, into: base + (top - bounds.y) * w)
                    }
                    top = bottom
                }
            }
            var y = bounds.y
            for run in runs {
                // A run's first row is rasterized with the rows above it, then copied down the run.
                rasterize(y..<run.lowerBound + 1)
                let source = base + (run.lowerBound - bounds.y) * w
                for k in 1..<run.count { (source + k * w).update(from: source, count: w) }
                y = run.upperBound
            }
            rasterize(y..<bounds.maxY)
        }
        return mask
    }

    /// How many rows of a mask `width` pixels wide are rasterized at a time. The cell grid (8 bytes a
    /// cell) is reused from strip to strip and kept to about 128 KiB, so it stays in the core's own
    /// cache however large the mask. A grid for all the rows of a 1000-pixel circle would take 8 MB:
    /// a mapping of its own, faulted in again at every frame of a spotlight.
    static func stripRows(width: Int) -> Int {
        max(8, (128 << 10) / (((max(1, width) + 7) & ~7) * 8))
    }

    /// Converts the path into monotone-in-y line edges (horizontal ones dropped), in device space.
    static func flatten(_ path: Path, transform: Transform) -> [Edge] {
        var edges: [Edge] = []
        var start = Point.zero, current = Point.zero
        var open = false
        func addLine(_ a: Point, _ b: Point) {
            guard a.y != b.y, a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return }
            if a.y < b.y {
                edges.append(Edge(x0: a.x, y0: a.y, x1: b.x, y1: b.y, winding: 1))
            } else {
                edges.append(Edge(x0: b.x, y0: b.y, x1: a.x, y1: a.y, winding: -1))
            }
        }
        let wanted = segmentCounts(path, transform: transform)
        let total = wanted.reduce(0, +)
        // Every chord of every curve, plus the lines and closing sides.
        edges.reserveCapacity(min(total, maxSegmentsPerPath) + path.elements.count)
        let share = total > maxSegmentsPerPath ? Double(maxSegmentsPerPath) / Double(total) : 1
        var curve = 0
        func segments() -> Int {
            defer { curve += 1 }
            return share < 1 ? max(1, Int(Double(wanted[curve]) * share)) : wanted[curve]
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
                let n = segments()
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
                let n = segments()
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

    /// How many chords each curve of `path` (after `transform`), in order, needs to stay within
    /// `tolerance`, at most `maxSegmentsPerCurve` each.
    static func segmentCounts(_ path: Path, transform: Transform) -> [Int] {
        func segments(_ deviation: Double) -> Int {
            guard deviation.isFinite else { return 1 }
            let n = (deviation / tolerance).squareRoot().rounded(.up)
            return Int(max(1, min(Double(maxSegmentsPerCurve), n)))
        }
        var counts: [Int] = []
        counts.reserveCapacity(path.elements.count)
        var start = Point.zero, current = Point.zero
        for element in path.elements {
            switch element {
            case .move(let p):
                start = transform.apply(p); current = start
            case .line(let p):
                current = transform.apply(p)
            case .quad(let c, let p):
                let c1 = transform.apply(c), q = transform.apply(p)
                // Max distance of a chord from the curve is |p0 - 2c + p1| / 4 per n² segments.
                let dd = Point(current.x - 2 * c1.x + q.x, current.y - 2 * c1.y + q.y)
                counts.append(segments((dd.x * dd.x + dd.y * dd.y).squareRoot() / 4))
                current = q
            case .cubic(let c1, let c2, let p):
                let a = transform.apply(c1), b = transform.apply(c2), q = transform.apply(p)
                let d1 = Point(current.x - 2 * a.x + b.x, current.y - 2 * a.y + b.y)
                let d2 = Point(a.x - 2 * b.x + q.x, a.y - 2 * b.y + q.y)
                let dd = max((d1.x * d1.x + d1.y * d1.y).squareRoot(), (d2.x * d2.x + d2.y * d2.y).squareRoot())
                // Flattening error of a cubic with n chords is at most 3·dd / (4·n²).
                counts.append(segments(0.75 * dd))
                current = q
            case .close:
                current = start
            }
        }
        return counts
    }

    /// Accumulates exact-area coverage of `edges` into `mask` (whose bounds are the clip).
    ///
    /// The cell method of FreeType's "smooth" rasterizer and libart: every edge is walked cell by cell
    /// in 24.8 fixed point, adding to each cell it crosses its `cover` (signed height inside the cell)
    /// and `area` (height × twice its mean distance from the cell's left side). A sweep along each row
    /// then turns the running cover into coverage: exact area for a single contour, and winding-aware
    /// (non-zero or even-odd) between cells. Edges left of the clip are pushed onto its left side, so
    /// they still count towards the winding; pieces right of it are dropped (they change no pixel).
    static func fill(edges: [Edge], fillRule: FillRule, into mask: inout Mask) {
        let cells = CellGrid.Storage(width: mask.width, height: mask.height)
        defer { cells.deallocate() }
        let b = mask.bounds
        mask.bytes.withUnsafeMutableBufferPointer { fill(edges: edges, fillRule: fillRule, bounds: b, cells: cells, into: $0.baseAddress!) }
    }

    /// `fill` of the rows `bounds` covers into `out` (`bounds.width` bytes a row), with `cells` (at
    /// least as large as `bounds`) for its cell grid.
    static func fill(edges: [Edge], fillRule: FillRule, bounds b: IntRect, cells: CellGrid.Storage,
                     into out: UnsafeMutablePointer<UInt8>) {
        guard !b.isEmpty else { return }
        let w = b.width, h = b.height
        // One flag per block of eight cells: set when an edge first touches the block, which zeroes its
        // cells then. Untouched blocks are never read (they hold no cover or area), so the grid needs
        // no clearing up front, and the sweep fills them with the running coverage in one store.
        let blocks = (w + 7) >> 3
        let stride = blocks << 3
        let left = b.x << 8, top = b.y << 8
        let flags = cells.touched
        flags.update(repeating: 0, count: blocks * h)
        let cover = cells.cover, area = cells.area
        var grid = CellGrid(cover: cover, area: area, touched: flags, blocks: blocks,
                            stride: stride, width: w, height: h)
        for e in edges {
            grid.addLine(x0: e.fx0 - left, y0: e.fy0 - top, x1: e.fx1 - left, y1: e.fy1 - top, sign: Int(e.winding))
        }
        let evenOdd = fillRule == .evenOdd
        /// Coverage 0...255 from the running cover (and a cell's area), by the fill rule.
        @inline(__always) func coverage(_ acc: Int32, _ area: Int32) -> UInt8 {
            var v = abs(acc &* 512 &- area) >> 9
            if evenOdd {
                v &= 511
                v = v > 256 ? 512 &- v : v
            } else {
                v = min(256, v)
            }
            return UInt8(truncatingIfNeeded: v &- (v >> 8))
        }
        for row in 0..<h {
            let c = cover + row * stride, a = area + row * stride
            let o = out + row * w
            let f = flags + row * blocks
            var acc: Int32 = 0
            var block = 0
            while block < blocks {
                if f[block] != 0 {
                    let x0 = block << 3, x1 = min(w, x0 + 8)
                    for x in x0..<x1 {
                        acc &+= c[x]
                        o[x] = coverage(acc, a[x])
                    }
                    block &+= 1
                } else {
                    // A run of untouched blocks: the running cover does not change across
                    // it, so the whole run gets one coverage value.
                    var end = block &+ 1
                    // Eight flags at a time: the first set byte of a word ends the run.
                    while end &+ 8 <= blocks {
                        let word = UInt64(littleEndian: UnsafeRawPointer(f + end).loadUnaligned(as: UInt64.self))
                        if word != 0 { end &+= word.trailingZeroBitCount >> 3; break }
                        end &+= 8
                    }
                    if end &+ 8 > blocks { while end < blocks && f[end] == 0 { end &+= 1 } }
                    let x0 = block << 3, x1 = min(w, end << 3)
                    let v = coverage(acc, 0)
                    if x1 - x0 == 8 {
                        UnsafeMutableRawPointer(o + x0).storeBytes(of: UInt64(v) &* 0x0101_0101_0101_0101, as: UInt64.self)
                    } else {
                        (o + x0).update(repeating: v, count: x1 - x0)
                    }
                    block = end
                }
            }
        }
    }
}
