import Foundation
import Raster

/// A vector icon: a filled path drawn in a square design box (24 × 24 units), scaled to any size.
public struct Icon: Hashable, Sendable {
    /// The outline in design units.
    public var path: Path
    /// The side of the design box.
    public var designSize: Double
    /// How overlapping contours fill (even-odd cuts holes).
    public var fillRule: FillRule
    /// Whether the icon points along the reading direction (a chevron that opens something) and so
    /// is drawn mirrored in a right-to-left layout.
    public var flipsForRightToLeft: Bool

    /// An icon from `path` in a `designSize` square.
    public init(path: Path, designSize: Double = 24, fillRule: FillRule = .nonZero, flipsForRightToLeft: Bool = false) {
        self.path = path
        self.designSize = designSize > 0 && designSize.isFinite ? designSize : 24
        self.fillRule = fillRule
        self.flipsForRightToLeft = flipsForRightToLeft
    }

    /// The path placed in `rect` (scaled uniformly and centred), mirrored when `mirrored`.
    public func path(in rect: Rect, mirrored: Bool = false) -> Path {
        let s = min(rect.width, rect.height) / designSize
        let dx = rect.minX + (rect.width - designSize * s) / 2, dy = rect.minY + (rect.height - designSize * s) / 2
        let flip = mirrored ? Transform(a: -1, b: 0, c: 0, d: 1, tx: designSize, ty: 0) : .identity
        return path.applying(flip.concatenating(.scale(s)).concatenating(.translation(dx, dy)))
    }

    /// A circle wound against `Path.circle` and `polygon` (whose angles increase), so under the
    /// non-zero rule it cuts a hole in what it lies on and nothing else.
    private static func hole(center: Point, radius: Double) -> Path {
        polygon((0..<48).map { k in
            let a = -Double(k) * 2 * .pi / 48
            return (center.x + radius * cos(a), center.y + radius * sin(a))
        })
    }

    private static func polygon(_ points: [(Double, Double)]) -> Path {
        var p = Path()
        for (i, pt) in points.enumerated() {
            if i == 0 { p.move(to: Point(pt.0, pt.1)) } else { p.line(to: Point(pt.0, pt.1)) }
        }
        p.close()
        return p
    }

    /// A check mark (a checked box's tick), 2.4 units thick.
    public static let checkmark = Icon(path: polygon([(4.6, 12.6), (6.3, 10.9), (9.8, 14.4), (17.7, 6.5), (19.4, 8.2), (9.8, 17.8)]))

    /// A list of three lines, the first two ticked (a checklist).
    public static let checklist: Icon = {
        var p = Path()
        for (i, y) in [4.0, 10.5, 17.0].enumerated() {
            p.append(.roundedRect(Rect(x: 10.5, y: y + 1.4, width: 10.5, height: 2.2), radius: 1.1))
            if i < 2 {
                p.append(polygon([(2.6, y + 2.4), (3.8, y + 1.2), (5.4, y + 2.8), (8.4, y - 0.2), (9.6, y + 1), (5.4, y + 5.2)]))
            } else {
                p.append(.circle(center: Point(5.6, y + 2.5), radius: 1.9))
            }
        }
        return Icon(path: p)
    }()

    /// A house with a pitched roof, a chimney and a door.
    public static let house: Icon = {
        var p = polygon([(12, 2.6), (22.6, 11.6), (21.2, 13.2), (19.5, 11.8), (19.5, 21), (14.5, 21), (14.5, 15),
                         (9.5, 15), (9.5, 21), (4.5, 21), (4.5, 11.8), (2.8, 13.2), (1.4, 11.6)])
        p.append(.rect(Rect(x: 15.8, y: 3.6, width: 2.4, height: 4.6)))
        return Icon(path: p)
    }()

    /// Three horizontal bars (a menu or a list).
    public static let menu: Icon = {
        var p = Path()
        for y in [5.4, 10.9, 16.4] { p.append(.roundedRect(Rect(x: 3.5, y: y, width: 17, height: 2.2), radius: 1.1)) }
        return Icon(path: p)
    }()

    /// A plus sign with rounded ends.
    public static let plus: Icon = {
        var p = Path.roundedRect(Rect(x: 4.5, y: 10.9, width: 15, height: 2.2), radius: 1.1)
        p.append(.roundedRect(Rect(x: 10.9, y: 4.5, width: 2.2, height: 15), radius: 1.1))
        return Icon(path: p)
    }()

    /// A chevron pointing trailing (a row that opens something): right, or left in a right-to-left layout.
    public static let chevronForward = Icon(path: polygon([(8.2, 5.2), (9.8, 3.6), (18.2, 12), (9.8, 20.4), (8.2, 18.8), (15, 12)]),
                                            flipsForRightToLeft: true)

    /// A chevron pointing back against the reading direction (a back button): left, or right in a
    /// right-to-left layout.
    public static let chevronBackward = Icon(path: polygon([(15.8, 5.2), (14.2, 3.6), (5.8, 12), (14.2, 20.4), (15.8, 18.8), (9, 12)]),
                                             flipsForRightToLeft: true)

    /// A triangle pointing along the reading direction (play).
    public static let play = Icon(path: polygon([(7, 4), (20, 12), (7, 20)]), flipsForRightToLeft: true)

    /// Two upright bars (pause).
    public static let pause: Icon = {
        var p = Path.roundedRect(Rect(x: 6, y: 4.5, width: 4, height: 15), radius: 1)
        p.append(.roundedRect(Rect(x: 14, y: 4.5, width: 4, height: 15), radius: 1))
        return Icon(path: p)
    }()

    /// Two triangles and a bar: the next item (skip forward).
    public static let next: Icon = {
        var p = polygon([(4, 5), (12, 12), (4, 19)])
        p.append(polygon([(11, 5), (19, 12), (11, 19)]))
        p.append(.rect(Rect(x: 18.5, y: 5, width: 2, height: 14)))
        return Icon(path: p, flipsForRightToLeft: true)
    }()

    /// A bar and two triangles: the previous item (skip back).
    public static let previous: Icon = {
        var p = polygon([(20, 5), (12, 12), (20, 19)])
        p.append(polygon([(13, 5), (5, 12), (13, 19)]))
        p.append(.rect(Rect(x: 3.5, y: 5, width: 2, height: 14)))
        return Icon(path: p, flipsForRightToLeft: true)
    }()

    /// A heart (a favourite).
    public static let heart = Icon(path: .heart(in: Rect(x: 2.5, y: 3.5, width: 19, height: 17)))

    /// A magnifying glass (search).
    public static let search: Icon = {
        var p = Path.circle(center: Point(10, 10), radius: 6.8)
        p.append(hole(center: Point(10, 10), radius: 4.6))
        let handle = Path.roundedRect(Rect(x: -1.2, y: 0, width: 2.4, height: 7.8), radius: 1.2)
        p.append(handle.applying(Transform.rotation(-.pi / 4).concatenating(.translation(14.2, 14.2))))
        return Icon(path: p)
    }()

    /// A head and shoulders (a person, an account).
    public static let person: Icon = {
        var p = Path.circle(center: Point(12, 7.8), radius: 4.3)
        p.append(.roundedRect(Rect(x: 4, y: 13.6, width: 16, height: 7.4), radii: CornerRadii(topLeft: 7, topRight: 7, bottomRight: 1.5, bottomLeft: 1.5)))
        return Icon(path: p)
    }()

    /// A cog wheel with eight teeth and a hole (settings).
    public static let gear: Icon = {
        var points: [(Double, Double)] = []
        for k in 0..<8 {
            let a = Double(k) * .pi / 4
            for (r, da) in [(7.2, -0.30), (10.2, -0.19), (10.2, 0.19), (7.2, 0.30)] {
                points.append((12 + r * cos(a + da), 12 + r * sin(a + da)))
            }
        }
        var p = polygon(points)
        p.append(hole(center: Point(12, 12), radius: 3))
        return Icon(path: p)
    }()

    /// A note of music (a song, a library of them).
    public static let note: Icon = {
        var p = Path.ellipse(in: Rect(x: 4, y: 15, width: 7.5, height: 5.6))
        p.append(.rect(Rect(x: 9.6, y: 3.5, width: 2, height: 14.5)))
        p.append(polygon([(9.6, 3.5), (19, 6.2), (19, 9.6), (11.6, 7.4)]))
        return Icon(path: p)
    }()

    /// An × of two crossed, rounded bars (a close button).
    public static let close: Icon = {
        var p = Path()
        let bar = Path.roundedRect(Rect(x: 2.5, y: 10.75, width: 19, height: 2.5), radius: 1.25)
        let c = Transform.translation(-12, -12)
        p.append(bar.applying(c.concatenating(.rotation(.pi / 4)).concatenating(.translation(12, 12))))
        p.append(bar.applying(c.concatenating(.rotation(-.pi / 4)).concatenating(.translation(12, 12))))
        return Icon(path: p)
    }()

    /// A framed picture with mountains and a sun (the placeholder for a missing image).
    public static let photo: Icon = {
        var p = Path.roundedRect(Rect(x: 2, y: 4, width: 20, height: 16), radius: 2)
        p.append(.roundedRect(Rect(x: 3.8, y: 5.8, width: 16.4, height: 12.4), radius: 0.8))
        p.append(polygon([(3.8, 18.2), (9, 10.5), (13, 15.5), (15.5, 13), (20.2, 18.2)]))
        p.append(.circle(center: Point(16, 9.2), radius: 1.8))
        return Icon(path: p, fillRule: .evenOdd)
    }()
}

/// Draws an icon at a fixed size in one colour.
public final class IconView: View {
    /// The icon drawn.
    public var icon: Icon { didSet { if icon != oldValue { setNeedsDisplay() } } }
    /// The fill colour.
    public var color: Color { didSet { if color != oldValue { setNeedsDisplay() } } }
    /// The side of the icon, in points.
    public var size: Double { didSet { if size != oldValue { setNeedsLayout() } } }

    /// `icon` in `color`, `size` points square.
    public init(_ icon: Icon, color: Color, size: Double = 24) {
        self.icon = icon
        self.color = color
        self.size = size.isFinite ? max(0, size) : 24
        super.init()
    }

    /// The icon's square.
    public override func sizeThatFits(_ p: ProposedSize) -> Size { Size(width: size, height: size) }
    /// The icon.
    public override var hasOwnContent: Bool { true }
    /// Fills the icon's path, mirrored in a right-to-left layout when the icon points along the text.
    public override func draw(in canvas: Canvas) {
        let mirrored = icon.flipsForRightToLeft && layoutDirection == .rightToLeft
        canvas.fill(icon.path(in: frame, mirrored: mirrored), color: color, rule: icon.fillRule)
    }
}
