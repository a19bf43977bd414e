import Raster

/// The side of the hole a bubble ended up on.
public enum BubbleSide: String, Sendable {
    /// Above the hole, the tail pointing down.
    case above
    /// Below the hole, the tail pointing up.
    case below
    /// Left of the hole, the tail pointing right.
    case left
    /// Right of the hole, the tail pointing left.
    case right
}

/// A bubble's resolved geometry in screen points: its box and the tail from the box's edge to the
/// hole's. The same triangle is drawn (`tailPath`) and hit-tested (`contains`).
public struct BubbleLayout: Hashable, Sendable {
    /// The rounded box.
    public var box: Rect
    /// The side of the hole the box is on.
    public var side: BubbleSide
    /// The tail's two base corners, on the box's edge.
    var tailBase: (Point, Point) {
        get { (baseA, baseB) }
        set { baseA = newValue.0; baseB = newValue.1 }
    }
    private var baseA: Point
    private var baseB: Point
    /// The tail's tip, on the hole's edge.
    public var tip: Point

    init(box: Rect, side: BubbleSide, baseA: Point, baseB: Point, tip: Point) {
        self.box = box; self.side = side; self.baseA = baseA; self.baseB = baseB; self.tip = tip
    }

    /// A box of `size` in the middle of `area`, with no tail (a step whose target is missing).
    public static func centered(size: Size, in area: Rect, scale: Double) -> BubbleLayout {
        func snap(_ v: Double) -> Double { (v * scale).rounded() / scale }
        let box = Rect(x: snap(area.midX - size.width / 2), y: snap(area.midY - size.height / 2), width: size.width, height: size.height)
        let top = Point(box.midX, box.minY)
        return BubbleLayout(box: box, side: .below, baseA: top, baseB: top, tip: top)
    }

    /// Whether two layouts are the same geometry.
    public static func == (a: BubbleLayout, b: BubbleLayout) -> Bool {
        a.box == b.box && a.side == b.side && a.baseA == b.baseA && a.baseB == b.baseB && a.tip == b.tip
    }
    /// Hashes the box and the tip.
    public func hash(into h: inout Hasher) { h.combine(box); h.combine(tip) }

    /// Box and tail together.
    public var bounds: Rect {
        var r = box
        for p in [baseA, baseB, tip] { r = r.union(Rect(x: p.x, y: p.y, width: 0.01, height: 0.01)) }
        return r
    }

    /// The same bubble moved by (`dx`, `dy`) points.
    func offsetBy(dx: Double, dy: Double) -> BubbleLayout {
        func moved(_ p: Point) -> Point { Point(p.x + dx, p.y + dy) }
        return BubbleLayout(box: box.offsetBy(dx: dx, dy: dy), side: side, baseA: moved(baseA), baseB: moved(baseB), tip: moved(tip))
    }

    /// The same bubble with the tail's tip pulled back along the tail to the edge of `bounds` when
    /// it lies outside; a base outside `bounds` too (a screen smaller than the bubble) gets a tail
    /// one point long.
    func tipClipped(to bounds: Rect) -> BubbleLayout {
        let inside = tip.x >= bounds.minX && tip.x <= bounds.maxX && tip.y >= bounds.minY && tip.y <= bounds.maxY
        guard !inside else { return self }
        let mid = Point((baseA.x + baseB.x) / 2, (baseA.y + baseB.y) / 2)
        let d = Point(tip.x - mid.x, tip.y - mid.y)
        var out = self
        // The part of mid + d·t (0 ≤ t ≤ 1) inside the bounds.
        if let span = bounds.parameters(ofLineFrom: mid, direction: d, within: 0...1), span.lowerBound == 0, span.upperBound.isFinite {
            out.tip = Point(mid.x + d.x * span.upperBound, mid.y + d.y * span.upperBound)
        } else {
            let length = (d.x * d.x + d.y * d.y).squareRoot()
            out.tip = length > 0 && length.isFinite ? Point(mid.x + d.x / length, mid.y + d.y / length) : mid
        }
        return out
    }

    /// The tail as a closed triangle: base corner, tip, other base corner.
    public var tailPath: Path {
        var p = Path()
        p.move(to: baseA); p.line(to: tip); p.line(to: baseB); p.close()
        return p
    }

    /// Whether `p` is on the bubble (box or tail).
    public func contains(_ p: Point) -> Bool {
        if box.contains(p) { return true }
        // Barycentric test against the tail.
        let a = baseA, b = tip, c = baseB
        let d = (b.y - c.y) * (a.x - c.x) + (c.x - b.x) * (a.y - c.y)
        guard d != 0 else { return false }
        let l1 = ((b.y - c.y) * (p.x - c.x) + (c.x - b.x) * (p.y - c.y)) / d
        let l2 = ((c.y - a.y) * (p.x - c.x) + (a.x - c.x) * (p.y - c.y)) / d
        return l1 >= 0 && l2 >= 0 && l1 + l2 <= 1
    }
}
