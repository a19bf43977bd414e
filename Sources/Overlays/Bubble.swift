import Raster
import Views

/// Where a coach-mark bubble goes relative to its hole.
public enum BubblePlacement: String, CaseIterable, Hashable, Sendable {
    /// Above a target in the lower half, below one in the upper half; flips when there is no room,
    /// then tries left and right, then clamps inside the safe area.
    case auto
    case above, below, left, right
}

/// Step `current` of `total` (1-based).
public struct StepProgress: Hashable, Sendable {
    public var current: Int
    public var total: Int
    public init(current: Int, total: Int) { self.current = current; self.total = total }
    /// "2 / 4".
    public var label: String { "\(current) / \(total)" }
}

/// The text and buttons of a coach mark.
public struct CoachMark: Hashable, Sendable {
    public var title: String?
    public var text: String?
    public var placement: BubblePlacement
    public var showsNextButton: Bool
    public var showsSkipButton: Bool
    /// Shown as "2 / 4" and dots.
    public var progress: StepProgress?
    /// The widest the bubble may be, in points.
    public var maxWidth: Double
    public var nextTitle: String
    public var skipTitle: String

    public init(title: String? = nil, text: String? = nil, placement: BubblePlacement = .auto,
                showsNextButton: Bool = false, showsSkipButton: Bool = false,
                progress: StepProgress? = nil, maxWidth: Double = 280,
                nextTitle: String = "Next", skipTitle: String = "Skip") {
        self.title = title; self.text = text; self.placement = placement
        self.showsNextButton = showsNextButton; self.showsSkipButton = showsSkipButton
        self.progress = progress; self.maxWidth = maxWidth; self.nextTitle = nextTitle; self.skipTitle = skipTitle
    }

    /// Whether there is anything to show in a bubble.
    public var isEmpty: Bool {
        (title ?? "").isEmpty && (text ?? "").isEmpty && !showsNextButton && !showsSkipButton && progress == nil
    }
}

/// The side of the hole a bubble ended up on.
public enum BubbleSide: String, Sendable { case above, below, left, right }

/// A bubble's resolved geometry in screen points.
public struct BubbleLayout: Hashable, Sendable {
    /// The rounded box.
    public var box: Rect
    public var side: BubbleSide
    /// The tail's two base corners, on the box's edge.
    public var tailBase: (Point, Point) {
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

    public static func == (a: BubbleLayout, b: BubbleLayout) -> Bool {
        a.box == b.box && a.side == b.side && a.baseA == b.baseA && a.baseB == b.baseB && a.tip == b.tip
    }
    public func hash(into h: inout Hasher) { h.combine(box); h.combine(tip) }

    /// Box and tail together.
    public var bounds: Rect {
        var r = box
        for p in [baseA, baseB, tip] { r = r.union(Rect(x: p.x, y: p.y, width: 0.01, height: 0.01)) }
        return r
    }

    /// The same bubble with the tail's tip pulled back along the tail to the edge of `bounds` when
    /// it lies outside; a base outside `bounds` too (a screen smaller than the bubble) gets a tail
    /// one point long.
    func tipClipped(to bounds: Rect) -> BubbleLayout {
        let inside = tip.x >= bounds.minX && tip.x <= bounds.maxX && tip.y >= bounds.minY && tip.y <= bounds.maxY
        guard !inside else { return self }
        let mid = Point((baseA.x + baseB.x) / 2, (baseA.y + baseB.y) / 2)
        let d = Point(tip.x - mid.x, tip.y - mid.y)
        // The part of mid + d·t (0 ≤ t ≤ 1) inside the bounds, slab by slab.
        var t0 = 0.0, t1 = 1.0
        for (origin, delta, lo, hi) in [(mid.x, d.x, bounds.minX, bounds.maxX), (mid.y, d.y, bounds.minY, bounds.maxY)] {
            if delta == 0 {
                if origin < lo || origin > hi { t1 = -1 }
            } else {
                let ta = (lo - origin) / delta, tb = (hi - origin) / delta
                t0 = max(t0, min(ta, tb)); t1 = min(t1, max(ta, tb))
            }
        }
        var out = self
        if t0 == 0, t0 <= t1, t1.isFinite {
            out.tip = Point(mid.x + d.x * t1, mid.y + d.y * t1)
        } else {
            let length = (d.x * d.x + d.y * d.y).squareRoot()
            out.tip = length > 0 && length.isFinite ? Point(mid.x + d.x / length, mid.y + d.y / length) : mid
        }
        return out
    }

    /// The tail as a closed triangle.
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
    /// in `direction`, so the tail's tip lands on the edge and points at the centre.
    public static func place(size: Size, hole: HoleGeometry, placement: BubblePlacement, area: Rect,
                             edge: (Point) -> Point) -> BubbleLayout {
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
            order = lower ? [.above, .below, .left, .right] : [.below, .above, .left, .right]
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

/// Draws the bubble's box, tail and shadow behind its content, which it places in the box.
/// Geometry is in the card's own coordinates, so moving the card repaints nothing.
final class BubbleChrome: View {
    /// The box's shadow: its blur (points) and how far down it falls.
    static let shadowBlur = 8.0
    static let shadowOffsetY = 2.0

    /// What a bubble laid out as `layout` draws on (screen points): box and tail, the shadow's reach
    /// around them (less its drop above, more below) and a device pixel for anti-aliasing.
    static func ink(of layout: BubbleLayout, scale: Double) -> Rect {
        let reach = Canvas.shadowReach(blur: shadowBlur, scale: scale) + 1 / scale
        let above = max(0, reach - shadowOffsetY), below = reach + shadowOffsetY, b = layout.bounds
        return Rect(x: b.minX - reach, y: b.minY - above, width: b.width + 2 * reach, height: b.height + above + below)
    }

    /// The box in card coordinates.
    private(set) var box: Rect = .zero
    /// The tail's base corners and tip in card coordinates.
    private(set) var tail: [Point] = []

    init(content: View) { super.init(children: [content]) }

    /// Takes a layout in screen points for a card whose top-left corner is `origin`.
    func update(layout: BubbleLayout, origin: Point) {
        let dx = -origin.x, dy = -origin.y
        let newBox = layout.box.offsetBy(dx: dx, dy: dy)
        let newTail = [layout.tailBase.0, layout.tip, layout.tailBase.1].map { Point($0.x + dx, $0.y + dy) }
        guard newBox != box || newTail != tail else { return }
        if newBox.size != box.size { setNeedsLayout() }
        box = newBox
        tail = newTail
        setNeedsLayout()
        setNeedsDisplay()
    }

    override var hasOwnContent: Bool { true }

    override func sizeThatFits(_ proposal: ProposedSize) -> Size { Size(proposal.width ?? 0, proposal.height ?? 0) }

    override func placeSubviews(in bounds: Rect) {
        children.first?.place(in: box.offsetBy(dx: bounds.minX, dy: bounds.minY))
    }

    override func draw(in canvas: Canvas) {
        let b = box.offsetBy(dx: frame.minX, dy: frame.minY)
        canvas.drawShadow(of: b, cornerRadius: BubblePlacer.cornerRadius, blur: BubbleChrome.shadowBlur, dy: BubbleChrome.shadowOffsetY,
                          color: Color(white: 0, alpha: 0.25))
        canvas.fill(b, cornerRadius: BubblePlacer.cornerRadius, color: .white)
        guard tail.count == 3 else { return }
        var p = Path()
        p.move(to: Point(tail[0].x + frame.minX, tail[0].y + frame.minY))
        p.line(to: Point(tail[1].x + frame.minX, tail[1].y + frame.minY))
        p.line(to: Point(tail[2].x + frame.minX, tail[2].y + frame.minY))
        p.close()
        canvas.fill(p, color: .white)
    }
}

/// The bubble's content: title, text, progress and buttons.
@MainActor
enum BubbleContent {
    static let padding = 16.0

    static func make(_ mark: CoachMark, showsDots: Bool = true, onNext: @escaping @MainActor () -> Void,
                     onSkip: @escaping @MainActor () -> Void) -> View {
        var rows: [View] = []
        if let title = mark.title, !title.isEmpty {
            rows.append(Text(title, font: .headline, color: .black).id("bubble.title"))
        }
        if let text = mark.text, !text.isEmpty {
            rows.append(Text(text, font: .body, color: Color(white: 0.2)).id("bubble.text"))
        }
        var footer: [View] = []
        if let p = mark.progress {
            footer.append(Text(p.label, font: .caption, color: Palette.secondaryLabel, lineLimit: 1).id("bubble.progress"))
            if showsDots, p.total > 1, p.total <= 12 {
                footer.append(ProgressDots(current: p.current, total: p.total))
            }
        }
        if mark.showsSkipButton || mark.showsNextButton {
            footer.append(Spacer(minLength: 8))
            if mark.showsSkipButton {
                footer.append(Button(shape: .capsule, action: onSkip,
                                     label: Padding(EdgeInsets(horizontal: 10, vertical: 6),
                                                    child: Text(mark.skipTitle, font: .body, color: Palette.secondaryLabel, lineLimit: 1))).id("bubble.skip"))
            }
            if mark.showsNextButton {
                footer.append(Button(shape: .capsule, pressedColor: Color(white: 0, alpha: 0.15), action: onNext,
                                     label: Background(Palette.tint, shape: .capsule,
                                                       child: Padding(EdgeInsets(horizontal: 16, vertical: 6),
                                                                      child: Text(mark.nextTitle, font: Font(size: 15, weight: .bold), color: .white, lineLimit: 1)))).id("bubble.next"))
            }
        }
        if !footer.isEmpty { rows.append(HStack(spacing: 8, children: footer).id("bubble.footer")) }
        return Padding(EdgeInsets(all: padding), child: VStack(alignment: .leading, spacing: 8, children: rows))
    }
}

/// Small dots for tour progress: the current one filled.
final class ProgressDots: View {
    let current: Int
    let total: Int
    init(current: Int, total: Int) { self.current = current; self.total = total; super.init() }
    override var hasOwnContent: Bool { true }
    override func sizeThatFits(_ proposal: ProposedSize) -> Size { Size(Double(total) * 10 - 4, 6) }
    override func draw(in canvas: Canvas) {
        for i in 0..<total {
            let c = Point(frame.minX + 3 + Double(i) * 10, frame.midY)
            canvas.fill(.circle(center: c, radius: 3), color: i + 1 == current ? Palette.tint : Palette.tertiaryLabel)
        }
    }
}
