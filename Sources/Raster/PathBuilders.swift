import Foundation

/// Radii for the four corners of a rounded rectangle.
public struct CornerRadii: Hashable, Sendable {
    /// The radius of each corner, in user units.
    public var topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double
    /// Radii corner by corner.
    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft; self.topRight = topRight; self.bottomRight = bottomRight; self.bottomLeft = bottomLeft
    }
    /// The same radius at every corner.
    public init(all r: Double) { self.init(topLeft: r, topRight: r, bottomRight: r, bottomLeft: r) }
    /// Square corners.
    public static let zero = CornerRadii(all: 0)
}

extension Path {
    /// A closed rectangle, clockwise on screen.
    public static func rect(_ r: Rect) -> Path {
        var p = Path()
        p.reserveCapacity(5)
        p.move(to: Point(r.minX, r.minY)); p.line(to: Point(r.maxX, r.minY))
        p.line(to: Point(r.maxX, r.maxY)); p.line(to: Point(r.minX, r.maxY)); p.close()
        return p
    }

    /// A rectangle with circular corners. Each radius is clamped to half the shorter side (negative = 0).
    public static func roundedRect(_ r: Rect, radii: CornerRadii) -> Path {
        let limit = max(0, min(r.width, r.height) / 2)
        func clamp(_ v: Double) -> Double { v.isFinite ? min(max(0, v), limit) : 0 }
        let tl = clamp(radii.topLeft), tr = clamp(radii.topRight), br = clamp(radii.bottomRight), bl = clamp(radii.bottomLeft)
        if tl == 0 && tr == 0 && br == 0 && bl == 0 { return rect(r) }
        var p = Path()
        // A move, four sides, up to four quarter arcs (one cubic each) and the close.
        p.reserveCapacity(10)
        p.move(to: Point(r.minX + tl, r.minY))
        p.line(to: Point(r.maxX - tr, r.minY))
        if tr > 0 { p.appendEllipticArc(center: Point(r.maxX - tr, r.minY + tr), radiusX: tr, radiusY: tr, rotation: 0, startAngle: -.pi / 2, sweepAngle: .pi / 2) }
        p.line(to: Point(r.maxX, r.maxY - br))
        if br > 0 { p.appendEllipticArc(center: Point(r.maxX - br, r.maxY - br), radiusX: br, radiusY: br, rotation: 0, startAngle: 0, sweepAngle: .pi / 2) }
        p.line(to: Point(r.minX + bl, r.maxY))
        if bl > 0 { p.appendEllipticArc(center: Point(r.minX + bl, r.maxY - bl), radiusX: bl, radiusY: bl, rotation: 0, startAngle: .pi / 2, sweepAngle: .pi / 2) }
        p.line(to: Point(r.minX, r.minY + tl))
        if tl > 0 { p.appendEllipticArc(center: Point(r.minX + tl, r.minY + tl), radiusX: tl, radiusY: tl, rotation: 0, startAngle: .pi, sweepAngle: .pi / 2) }
        p.close()
        return p
    }

    /// A rectangle with the same radius at every corner.
    public static func roundedRect(_ r: Rect, radius: Double) -> Path { roundedRect(r, radii: CornerRadii(all: radius)) }

    /// The ellipse inscribed in `r`.
    public static func ellipse(in r: Rect) -> Path {
        var p = Path()
        let rx = r.width / 2, ry = r.height / 2
        p.move(to: Point(r.maxX, r.midY))
        p.appendEllipticArc(center: r.center, radiusX: rx, radiusY: ry, rotation: 0, startAngle: 0, sweepAngle: 2 * .pi)
        p.close()
        return p
    }

    /// A circle around `center`.
    public static func circle(center: Point, radius: Double) -> Path {
        ellipse(in: Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
    }

    /// A regular star with `points` tips on `outerRadius`, the notches on `innerRadius`, the first tip straight up.
    /// Fewer than 2 points gives an empty path.
    public static func star(center: Point, points: Int, innerRadius: Double, outerRadius: Double) -> Path {
        var p = Path()
        guard points >= 2 else { return p }
        let n = points * 2
        for i in 0..<n {
            let r = i % 2 == 0 ? outerRadius : innerRadius
            let a = -Double.pi / 2 + Double(i) * .pi / Double(points)
            let pt = Point(center.x + r * cos(a), center.y + r * sin(a))
            if i == 0 { p.move(to: pt) } else { p.line(to: pt) }
        }
        p.close()
        return p
    }

    /// A self-intersecting star polygon {n/2}: each tip joined to the one two steps on (a pentagram for n = 5).
    /// Its centre is inside under non-zero and outside under even-odd.
    public static func starPolygon(center: Point, points: Int, radius: Double) -> Path {
        var p = Path()
        guard points >= 5 else { return p }
        for i in 0..<points {
            let k = (i * 2) % points
            let a = -Double.pi / 2 + Double(k) * 2 * .pi / Double(points)
            let pt = Point(center.x + radius * cos(a), center.y + radius * sin(a))
            if i == 0 { p.move(to: pt) } else { p.line(to: pt) }
        }
        p.close()
        return p
    }

    /// A heart that fills `r`: two lobes at the top, the point at the bottom centre.
    public static func heart(in r: Rect) -> Path {
        func pt(_ u: Double, _ v: Double) -> Point { Point(r.minX + u * r.width, r.minY + v * r.height) }
        var p = Path()
        p.move(to: pt(0.5, 0.25))
        p.cubic(to: pt(0.0, 0.3), control1: pt(0.45, 0.0), control2: pt(0.0, 0.0))
        p.cubic(to: pt(0.5, 1.0), control1: pt(0.0, 0.6), control2: pt(0.35, 0.75))
        p.cubic(to: pt(1.0, 0.3), control1: pt(0.65, 0.75), control2: pt(1.0, 0.6))
        p.cubic(to: pt(0.5, 0.25), control1: pt(1.0, 0.0), control2: pt(0.55, 0.0))
        p.close()
        return p
    }
}
