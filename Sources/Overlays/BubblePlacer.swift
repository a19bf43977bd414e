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
        place(size: size, hole: hole, placement: placement, area: area, layoutDirection: layoutDirection,
              avoiding: [], edge: edge).layout
    }

    /// The sides in the order `placement` tries them.
    static func order(_ placement: BubblePlacement, hole r: Rect, area: Rect, layoutDirection: TextDirection) -> [BubbleSide] {
        switch placement {
        case .auto:
            let lower = r.midY > area.midY
            let sideways: [BubbleSide] = layoutDirection == .leftToRight ? [.left, .right] : [.right, .left]
            return (lower ? [.above, .below] : [.below, .above]) + sideways
        case .above: return [.above, .below, .left, .right]
        case .below: return [.below, .above, .left, .right]
        case .left: return [.left, .right, .above, .below]
        case .right: return [.right, .left, .above, .below]
        }
    }

    /// Like `place(size:hole:placement:area:layoutDirection:edge:)`, keeping off `obstacles` (the
    /// step's other holes, other bubbles): the sides in order, then each side slid along, then
    /// narrower boxes (`sizeAt(width)` gives the height of one, down to `minimumWidth`), and only
    /// then the spot where the least of them is covered. Says whether the box still covers any.
    public static func place(size: Size, hole: HoleGeometry, placement: BubblePlacement, area: Rect,
                             layoutDirection: TextDirection = .leftToRight, avoiding obstacles: [Rect],
                             sizeAt: ((Double) -> Size)? = nil, minimumWidth: Double = 160,
                             edge: (Point) -> Point) -> (layout: BubbleLayout, covers: Bool) {
        let r = hole.rect
        let inner = area.insetBy(dx: margin, dy: margin)
        let t = tailLength
        let order = order(placement, hole: r, area: area, layoutDirection: layoutDirection)
        func covered(_ box: Rect) -> Double {
            obstacles.reduce(0) { sum, o in
                let i = box.intersection(o)
                return sum + (i.isEmpty ? 0 : i.width * i.height)
            }
        }
        func fits(_ s: BubbleSide, _ size: Size) -> Bool {
            switch s {
            case .above: return r.minY - t - inner.minY >= size.height
            case .below: return inner.maxY - (r.maxY + t) >= size.height
            case .left: return r.minX - t - inner.minX >= size.width
            case .right: return inner.maxX - (r.maxX + t) >= size.width
            }
        }
        let plain = layout(size: size, side: firstSide(size: size, order: order, hole: r, inner: inner), hole: hole, inner: inner, edge: edge)
        guard !obstacles.isEmpty, covered(plain.box) > 0 else { return (plain, false) }
        var best: (layout: BubbleLayout, cover: Double)?
        func consider(_ l: BubbleLayout) -> Bool {
            let c = covered(l.box)
            if best == nil || c < best!.cover - 1e-9 { best = (l, c) }
            return c == 0
        }
        var widths = [size.width]
        if sizeAt != nil {
            var w = size.width - 20
            while w >= minimumWidth { widths.append(w); w -= 20 }
            if widths.last != minimumWidth, minimumWidth < size.width { widths.append(minimumWidth) }
        }
        for w in widths {
            let s = w == size.width ? size : (sizeAt?(w) ?? size)
            // The sides in order, where the box fits…
            for side in order where fits(side, s) {
                if consider(layout(size: s, side: side, hole: hole, inner: inner, edge: edge)) { return (best!.layout, false) }
            }
            // …then slid along each of them, nearest first, keeping beside the hole.
            for side in order where fits(side, s) {
                for offset in slideOffsets(side: side, size: s, hole: r, inner: inner) {
                    if consider(layout(size: s, side: side, hole: hole, inner: inner, edge: edge, slide: offset)) { return (best!.layout, false) }
                }
            }
        }
        // Nowhere free: the least covered spot (the plain placement when nothing is better).
        _ = consider(plain)
        return (best!.layout, true)
    }

    /// The first side in `order` with room for `size`, else the roomiest for it.
    static func firstSide(size: Size, order: [BubbleSide], hole r: Rect, inner: Rect) -> BubbleSide {
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
        // A forced side is kept when it fits; otherwise the first side that fits, else the roomiest.
        return order.first(where: fits) ?? order.max { (room[$0]! / (($0 == .above || $0 == .below) ? size.height : size.width)) <
                                                      (room[$1]! / (($1 == .above || $1 == .below) ? size.height : size.width)) }!
    }

    /// Offsets (points, along the side) to slide a box from its centred place, nearest first, as far
    /// as the box still shares some of the hole's span (so its tail still points at it).
    static func slideOffsets(side: BubbleSide, size: Size, hole r: Rect, inner: Rect) -> [Double] {
        let horizontal = side == .above || side == .below
        let length = horizontal ? size.width : size.height
        let span = horizontal ? (r.minX, r.maxX) : (r.minY, r.maxY)
        let bounds = horizontal ? (inner.minX, inner.maxX) : (inner.minY, inner.maxY)
        let centred = (span.0 + span.1) / 2 - length / 2
        // The box's start may go from where its end just reaches the hole's start to where its
        // start just reaches the hole's end, inside the area.
        let lo = max(bounds.0, span.0 - length + cornerRadius + tailHalfWidth), hi = min(bounds.1 - length, span.1 - cornerRadius - tailHalfWidth)
        guard hi >= lo else { return [] }
        var out: [Double] = []
        var d = 8.0
        while d <= (hi - lo) + 8 && out.count < 400 {
            for start in [centred + d, centred - d] where start >= lo && start <= hi { out.append(start - centred) }
            d += 8
        }
        return out
    }

    /// The box of `size` on `side` of the hole (slid by `slide` along it), clamped inside `inner`,
    /// with its tail.
    static func layout(size: Size, side: BubbleSide, hole: HoleGeometry, inner: Rect, edge: (Point) -> Point, slide: Double = 0) -> BubbleLayout {
        let r = hole.rect
        let t = tailLength
        func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double { hi < lo ? lo : min(max(v, lo), hi) }
        let box: Rect
        switch side {
        case .above:
            box = Rect(x: clamp(r.midX - size.width / 2 + slide, inner.minX, inner.maxX - size.width),
                       y: clamp(r.minY - t - size.height, inner.minY, inner.maxY - size.height), width: size.width, height: size.height)
        case .below:
            box = Rect(x: clamp(r.midX - size.width / 2 + slide, inner.minX, inner.maxX - size.width),
                       y: clamp(r.maxY + t, inner.minY, inner.maxY - size.height), width: size.width, height: size.height)
        case .left:
            box = Rect(x: clamp(r.minX - t - size.width, inner.minX, inner.maxX - size.width),
                       y: clamp(r.midY - size.height / 2 + slide, inner.minY, inner.maxY - size.height), width: size.width, height: size.height)
        case .right:
            box = Rect(x: clamp(r.maxX + t, inner.minX, inner.maxX - size.width),
                       y: clamp(r.midY - size.height / 2 + slide, inner.minY, inner.maxY - size.height), width: size.width, height: size.height)
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

