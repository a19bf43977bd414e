import Foundation

/// How the inside of a path is decided where its contours cross or nest.
public enum FillRule: String, Hashable, Sendable {
    /// Inside where the winding number is not zero.
    case nonZero
    /// Inside where an odd number of edges lie to one side.
    case evenOdd
}

/// One drawing command of a path, in absolute coordinates.
public enum PathElement: Hashable, Sendable {
    /// Starts a contour at the point.
    case move(Point)
    /// A straight segment to the point.
    case line(Point)
    /// A quadratic curve: control point, end point.
    case quad(Point, Point)
    /// A cubic curve: two control points, end point.
    case cubic(Point, Point, Point)
    /// Back to the contour's start.
    case close
}

/// A sequence of contours made of lines and Bézier curves. Elliptical arcs are stored as cubics.
///
/// A path is a value; builders return new paths. Drawing commands before the first `move(to:)` start
/// at the origin, as in SVG.
public struct Path: Hashable, Sendable {
    /// The commands, in order.
    public private(set) var elements: [PathElement] = []
    /// The current point: where the next segment starts.
    public private(set) var currentPoint: Point = .zero
    /// The start of the current contour (where `close()` returns to).
    public private(set) var contourStart: Point = .zero

    /// An empty path.
    public init() {}

    /// Makes room for `n` more elements up front (builders that know their size).
    public mutating func reserveCapacity(_ n: Int) { elements.reserveCapacity(elements.count + n) }

    /// Whether the path has no commands.
    public var isEmpty: Bool { elements.isEmpty }

    /// Starts a new contour at `p`.
    public mutating func move(to p: Point) {
        elements.append(.move(p)); currentPoint = p; contourStart = p
    }
    /// A straight segment to `p`.
    public mutating func line(to p: Point) {
        ensureContour(); elements.append(.line(p)); currentPoint = p
    }
    /// A quadratic curve to `p` bending towards `c`.
    public mutating func quad(to p: Point, control c: Point) {
        ensureContour(); elements.append(.quad(c, p)); currentPoint = p
    }
    /// A cubic curve to `p` with the control points `c1` and `c2`.
    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        ensureContour(); elements.append(.cubic(c1, c2, p)); currentPoint = p
    }
    /// Closes the contour with a straight segment back to its start.
    public mutating func close() {
        guard !elements.isEmpty else { return }
        if case .close = elements.last! { return }
        elements.append(.close); currentPoint = contourStart
    }

    /// An SVG-style elliptical arc from the current point to `p`.
    ///
    /// Out-of-range radii are scaled up as SVG requires; a zero radius draws a straight line.
    public mutating func arc(to p: Point, radiusX: Double, radiusY: Double, rotation degrees: Double,
                             largeArc: Bool, sweep: Bool) {
        ensureContour()
        let p0 = currentPoint
        if p0 == p { return }
        var rx = abs(radiusX), ry = abs(radiusY)
        guard rx > 0, ry > 0, rx.isFinite, ry.isFinite else { line(to: p); return }
        let phi = degrees * .pi / 180
        let cosPhi = cos(phi), sinPhi = sin(phi)
        // Step 1: compute (x1', y1').
        let dx2 = (p0.x - p.x) / 2, dy2 = (p0.y - p.y) / 2
        let x1p = cosPhi * dx2 + sinPhi * dy2
        let y1p = -sinPhi * dx2 + cosPhi * dy2
        // Ensure the radii are large enough.
        let lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
        if lambda > 1 { let s = lambda.squareRoot(); rx *= s; ry *= s }
        // Step 2: the centre (cx', cy').
        let num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
        let den = rx * rx * y1p * y1p + ry * ry * x1p * x1p
        var coef = den == 0 ? 0 : (max(0, num) / den).squareRoot()
        if largeArc == sweep { coef = -coef }
        let cxp = coef * (rx * y1p / ry)
        let cyp = coef * -(ry * x1p / rx)
        let cx = cosPhi * cxp - sinPhi * cyp + (p0.x + p.x) / 2
        let cy = sinPhi * cxp + cosPhi * cyp + (p0.y + p.y) / 2
        // Step 3: start angle and sweep.
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
            let dot = ux * vx + uy * vy
            let len = (ux * ux + uy * uy).squareRoot() * (vx * vx + vy * vy).squareRoot()
            var a = acos(max(-1, min(1, dot / len)))
            if ux * vy - uy * vx < 0 { a = -a }
            return a
        }
        let theta1 = angle(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry)
        var dTheta = angle((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry)
        if !sweep && dTheta > 0 { dTheta -= 2 * .pi } else if sweep && dTheta < 0 { dTheta += 2 * .pi }
        guard dTheta.isFinite, theta1.isFinite else { line(to: p); return }
        appendEllipticArc(center: Point(cx, cy), radiusX: rx, radiusY: ry, rotation: phi,
                          startAngle: theta1, sweepAngle: dTheta, endPoint: p)
    }

    /// Appends an arc of an ellipse as cubic segments of at most 90° each, starting at the current point.
    mutating func appendEllipticArc(center: Point, radiusX rx: Double, radiusY ry: Double, rotation phi: Double,
                                    startAngle: Double, sweepAngle: Double, endPoint: Point? = nil) {
        // A full turn is four segments; a sweep that is not finite (or absurd) draws none of its own.
        let quarters = (abs(sweepAngle) / (.pi / 2) - 1e-9).rounded(.up)
        let segments = quarters.isFinite ? max(1, min(64, Int(quarters))) : 1
        let delta = sweepAngle / Double(segments)
        let k = 4.0 / 3.0 * tan(delta / 4)
        let cosPhi = cos(phi), sinPhi = sin(phi)
        func map(_ x: Double, _ y: Double) -> Point {
            Point(x: center.x + cosPhi * x - sinPhi * y, y: center.y + sinPhi * x + cosPhi * y)
        }
        var t = startAngle
        for i in 0..<segments {
            let t2 = t + delta
            let c1 = map(rx * (cos(t) - k * sin(t)), ry * (sin(t) + k * cos(t)))
            let c2 = map(rx * (cos(t2) + k * sin(t2)), ry * (sin(t2) - k * cos(t2)))
            var e = map(rx * cos(t2), ry * sin(t2))
            if i == segments - 1, let endPoint { e = endPoint }
            cubic(to: e, control1: c1, control2: c2)
            t = t2
        }
    }

    private mutating func ensureContour() {
        if elements.isEmpty { elements.append(.move(currentPoint)); contourStart = currentPoint; return }
        if case .close = elements.last! { elements.append(.move(currentPoint)) }
    }

    /// Appends every contour of `other`.
    public mutating func append(_ other: Path) {
        for e in other.elements {
            switch e {
            case .move(let p): move(to: p)
            case .line(let p): line(to: p)
            case .quad(let c, let p): quad(to: p, control: c)
            case .cubic(let c1, let c2, let p): cubic(to: p, control1: c1, control2: c2)
            case .close: close()
            }
        }
    }

    /// The path with every point mapped through `t`.
    public func applying(_ t: Transform) -> Path {
        if t.isIdentity { return self }
        var out = Path()
        for e in elements {
            switch e {
            case .move(let p): out.move(to: t.apply(p))
            case .line(let p): out.line(to: t.apply(p))
            case .quad(let c, let p): out.quad(to: t.apply(p), control: t.apply(c))
            case .cubic(let c1, let c2, let p): out.cubic(to: t.apply(p), control1: t.apply(c1), control2: t.apply(c2))
            case .close: out.close()
            }
        }
        return out
    }

    /// The box of every point and control point (a slight overestimate for curves); `.zero` when empty.
    public var controlBounds: Rect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        func add(_ p: Point) { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
        for e in elements {
            switch e {
            case .move(let p), .line(let p): add(p)
            case .quad(let c, let p): add(c); add(p)
            case .cubic(let c1, let c2, let p): add(c1); add(c2); add(p)
            case .close: break
            }
        }
        guard x0 <= x1, y0 <= y1 else { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether every coordinate is finite (NaN or infinite input makes a path unfit to draw).
    ///
    /// Checked point by point: the control bounds of finite points far apart can overflow.
    public var isFinite: Bool {
        func finite(_ p: Point) -> Bool { p.x.isFinite && p.y.isFinite }
        return elements.allSatisfy { e in
            switch e {
            case .move(let p), .line(let p): return finite(p)
            case .quad(let c, let p): return finite(c) && finite(p)
            case .cubic(let c1, let c2, let p): return finite(c1) && finite(c2) && finite(p)
            case .close: return true
            }
        }
    }
}
