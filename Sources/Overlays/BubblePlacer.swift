import Raster
import Views

/// Places bubbles: which side of the hole, where the box goes, and where the tail touches.
public enum BubblePlacer {
    /// Distance from the box to the hole's edge, along the tail.
    public static let tailLength = 10.0
    /// Half the tail's base.
    public static let tailHalfWidth = 9.0
    /// Space kept between the bubble and the safe area's edges.
    public static let margin = 12.0
    /// The box's corner radius.
    public static let cornerRadius = 12.0

    /// Places a box of `size` next to `hole` inside `area` (the safe area of the screen).
    /// `edge(direction)` returns where the hole's drawn outline is crossed going from its centre
    /// in `direction`, so the tail's tip lands on the edge and points at the centre. Automatic
    /// placement tries, after above and below, the leading side before the trailing one: left, or
    /// right in a right-to-left `layoutDirection`.
    public static func place(size: Size, hole: HoleGeometry, placement: BubblePlacement, area: Rect,
                             layoutDirection: TextDirection = .leftToRight, edge: (Point) -> Point) -> BubbleLayout {
        let r = hole.rect
        let inner = area.insetBy(dx: margin, dy: margin)
        let t = tailLength
        let room: [BubbleSide: Double] = [
            .above: r.minY - t - inner.minY, .below: inner.maxY - (r.maxY + t),
            .left: r.minX - t - inner.minX, .right: inner.maxX - (r.maxX + t),
        ]
        func fits(_ s: BubbleSide) -> Bool {
            switch s {
            case .above, .below: return room[s]! >= size.height
            case .left, .right: return room[s]! >= size.width
            }
        }
        let order: [BubbleSide]
        switch placement {
        case .auto:
            let lower = r.midY > area.midY
            let sideways: [BubbleSide] = layoutDirection == .leftToRight ? [.left, .right] : [.right, .left]
            order = (lower ? [.above, .below] : [.below, .above]) + sideways
        case .above: order = [.above, .below, .left, .right]
        case .below: order = [.below, .above, .left, .right]
        case .left: order = [.left, .right, .above, .below]
        case .right: order = [.right, .left, .above, .below]
        }
        // A forced side is kept when it fits; otherwise the first side that fits, else the roomiest.
        let side = order.first(where: fits) ?? order.max { (room[$0]! / (($0 == .above || $0 == .below) ? size.height : size.width)) <
                                                          (room[$1]! / (($1 == .above || $1 == .below) ? size.height : size.width)) }!
        func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double { hi < lo ? lo : min(max(v, lo), hi) }
        var box: Rect
        switch side {
        case .above:
            box = Rect(x: clamp(r.midX - size.width / 2, inner.minX, inner.maxX - size.width),
                       y: clamp(r.minY - t - size.height, inner.minY, inner.maxY - size.height), width: size.width, height: size.height)
        case .below:
            box = Rect(x: clamp(r.midX - size.width / 2, inner.minX, inner.maxX - size.width),
                       y: clamp(r.maxY + t, inner.minY, inner.maxY - size.height), width: size.width, height: size.height)
        case .left:
            box = Rect(x: clamp(r.minX - t - size.width, inner.minX, inner.maxX - size.width),
                       y: clamp(r.midY - size.height / 2, inner.minY, inner.maxY - size.height), width: size.width, height: size.height)
        case .right:
            box = Rect(x: clamp(r.maxX + t, inner.minX, inner.maxX - size.width),
                       y: clamp(r.midY - size.height / 2, inner.minY, inner.maxY - size.height), width: size.width, height: size.height)
        }
        // The tail's base sits on the box edge facing the hole, as near the hole's centre as the
        // rounded corners allow; its tip is where the line from the base to the centre meets the edge.
        let c = hole.center
        let inset = cornerRadius + tailHalfWidth
        let mid: Point
        let along: Point
        switch side {
        case .above:
            mid = Point(clamp(c.x, box.minX + inset, box.maxX - inset), box.maxY); along = Point(1, 0)
        case .below:
            mid = Point(clamp(c.x, box.minX + inset, box.maxX - inset), box.minY); along = Point(1, 0)
        case .left:
            mid = Point(box.maxX, clamp(c.y, box.minY + inset, box.maxY - inset)); along = Point(0, 1)
        case .right:
            mid = Point(box.minX, clamp(c.y, box.minY + inset, box.maxY - inset)); along = Point(0, 1)
        }
        var tip = edge(Point(mid.x - c.x, mid.y - c.y))
        // A box pushed onto the hole (no room anywhere) gets a short tail instead of one that folds back.
        let towardsHole = Point(tip.x - mid.x, tip.y - mid.y)
        let outward: Double
        switch side {
        case .above: outward = towardsHole.y
        case .below: outward = -towardsHole.y
        case .left: outward = towardsHole.x
        case .right: outward = -towardsHole.x
        }
        if outward <= 0 || !tip.x.isFinite || !tip.y.isFinite {
            switch side {
            case .above: tip = Point(mid.x, mid.y + 1)
            case .below: tip = Point(mid.x, mid.y - 1)
            case .left: tip = Point(mid.x + 1, mid.y)
            case .right: tip = Point(mid.x - 1, mid.y)
            }
        }
        let a = Point(mid.x - along.x * tailHalfWidth, mid.y - along.y * tailHalfWidth)
        let b = Point(mid.x + along.x * tailHalfWidth, mid.y + along.y * tailHalfWidth)
        return BubbleLayout(box: box, side: side, baseA: a, baseB: b, tip: tip)
    }
}

