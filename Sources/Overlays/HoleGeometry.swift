import Raster

/// A hole resolved to screen geometry: an ellipse or rounded rectangle (interpolable), or a path.
public struct HoleGeometry: Hashable, Sendable {
    /// The outline's box in screen points.
    public var rect: Rect
    /// Corner radius (rounded rectangles; a circle is a square with half its side).
    public var cornerRadius: Double
    /// Whether the outline is the ellipse inscribed in `rect`.
    public var isEllipse: Bool
    /// A free path (no interpolation), with its fill rule.
    public var path: Path?
    /// How a free path that crosses itself fills.
    public var fillRule: FillRule
    /// Soft edge width in points.
    public var feather: Double

    /// A geometry from its parts (a rounded rectangle by default).
    public init(rect: Rect, cornerRadius: Double = 0, isEllipse: Bool = false, path: Path? = nil,
                fillRule: FillRule = .nonZero, feather: Double = 0) {
        self.rect = rect; self.cornerRadius = cornerRadius; self.isEllipse = isEllipse
        self.path = path; self.fillRule = fillRule; self.feather = feather
    }

    /// The geometry of `hole` around a target frame `frame` (screen points).
    public static func resolve(_ hole: Hole, frame: Rect) -> HoleGeometry {
        let p = hole.padding.isFinite ? hole.padding : 0
        let feather = hole.feather.isFinite ? max(0, hole.feather) : 0
        switch hole.shape {
        case .circle:
            let r = max(frame.width, frame.height) / 2 + p
            let box = Rect(x: frame.midX - r, y: frame.midY - r, width: 2 * r, height: 2 * r)
            return HoleGeometry(rect: box, cornerRadius: r, feather: feather)
        case .ellipse:
            return HoleGeometry(rect: frame.outsetBy(p), isEllipse: true, feather: feather)
        case .rect:
            return HoleGeometry(rect: frame.outsetBy(p), feather: feather)
        case .roundedRect(let radius):
            return HoleGeometry(rect: frame.outsetBy(p), cornerRadius: max(0, radius.isFinite ? radius : 0), feather: feather)
        case .path(let path, let rule):
            return HoleGeometry(rect: path.controlBounds, path: path, fillRule: rule, feather: feather)
        }
    }

    /// The outline as a path in screen points.
    public var outline: Path {
        if let path { return path }
        if isEllipse { return .ellipse(in: rect) }
        return .roundedRect(rect, radius: cornerRadius)
    }

    /// The hole's centre (what the bubble's tail points at).
    public var center: Point { rect.center }

    /// Interpolates position, size and corner radius (ease applied by the caller).
    /// Free paths do not interpolate: the result jumps to `to` half way.
    public func interpolated(to other: HoleGeometry, by t: Double) -> HoleGeometry {
        if path != nil || other.path != nil { return t < 0.5 ? self : other }
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        let r = Rect(x: mix(rect.minX, other.rect.minX), y: mix(rect.minY, other.rect.minY),
                     width: mix(rect.width, other.rect.width), height: mix(rect.height, other.rect.height))
        let bothEllipse = isEllipse && other.isEllipse
        // An ellipse morphing into anything else travels as a rounded rectangle of the same box.
        let r0 = isEllipse ? min(rect.width, rect.height) / 2 : cornerRadius
        let r1 = other.isEllipse ? min(other.rect.width, other.rect.height) / 2 : other.cornerRadius
        return HoleGeometry(rect: r, cornerRadius: mix(r0, r1), isEllipse: bothEllipse,
                            fillRule: .nonZero, feather: mix(feather, other.feather))
    }

    /// A hole of no size at this one's centre (where a new hole grows from).
    public var collapsed: HoleGeometry {
        HoleGeometry(rect: Rect(x: rect.midX, y: rect.midY, width: 0, height: 0), cornerRadius: 0,
                     isEllipse: isEllipse, feather: feather)
    }

    /// Where a ray from the centre towards `direction` leaves the outline (screen points).
    /// Free paths use their coverage mask via `HoleMask.edgePoint`.
    public func edgePoint(towards direction: Point) -> Point {
        let c = center
        let len = (direction.x * direction.x + direction.y * direction.y).squareRoot()
        guard len > 0, len.isFinite else { return Point(c.x, rect.minY) }
        let ux = direction.x / len, uy = direction.y / len
        let a = rect.width / 2, b = rect.height / 2
        if isEllipse {
            let t = 1 / ((ux * ux) / max(a * a, 1e-12) + (uy * uy) / max(b * b, 1e-12)).squareRoot()
            return Point(c.x + ux * t, c.y + uy * t)
        }
        // Ray against the box.
        let tx = ux == 0 ? Double.infinity : a / abs(ux)
        let ty = uy == 0 ? Double.infinity : b / abs(uy)
        var t = min(tx, ty)
        var p = Point(c.x + ux * t, c.y + uy * t)
        let r = min(cornerRadius, min(a, b))
        if r > 0 {
            // In a corner region the edge is the corner circle.
            let ix = a - r, iy = b - r
            let dx = abs(p.x - c.x), dy = abs(p.y - c.y)
            if dx > ix + 1e-9 && dy > iy + 1e-9 {
                let cx = c.x + (ux < 0 ? -ix : ix), cy = c.y + (uy < 0 ? -iy : iy)
                // Solve |c + u·t − corner| = r for the far root.
                let ox = c.x - cx, oy = c.y - cy
                let bq = ox * ux + oy * uy
                let cq = ox * ox + oy * oy - r * r
                let disc = bq * bq - cq
                if disc >= 0 { t = -bq + disc.squareRoot(); p = Point(c.x + ux * t, c.y + uy * t) }
            }
        }
        return p
    }
}
