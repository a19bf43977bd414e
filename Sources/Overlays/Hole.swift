import Foundation
import Raster
import Views

/// What a spotlight hole surrounds.
public enum HoleTarget: Hashable, Sendable {
    /// A view by id, followed from its frame of the last layout.
    case view(String)
    /// A fixed rectangle in screen points.
    case rect(Rect)
}

/// The outline of a hole.
public enum HoleShape: Hashable, Sendable {
    /// Centred on the target, radius half its larger side plus the padding.
    case circle
    /// The padded target rectangle's inscribed ellipse.
    case ellipse
    /// The padded target rectangle.
    case rect
    /// The padded target rectangle with circular corners.
    case roundedRect(cornerRadius: Double)
    /// A path in screen points with its fill rule (the target only decides where the bubble points).
    case path(Path, FillRule)
}

/// One hole of a spotlight: a target, a shape, padding around the target and an optional soft edge.
public struct Hole: Hashable, Sendable {
    public var target: HoleTarget
    public var shape: HoleShape
    /// Space between the target and the hole's edge, in points.
    public var padding: Double
    /// Width of the soft edge in points (0 = a crisp anti-aliased edge).
    public var feather: Double

    public init(target: HoleTarget, shape: HoleShape = .circle, padding: Double = 8, feather: Double = 0) {
        self.target = target; self.shape = shape; self.padding = padding; self.feather = feather
    }
}

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
    public var fillRule: FillRule
    /// Soft edge width in points.
    public var feather: Double

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

extension Rect {
    /// This rectangle less `other`: up to four bands (above, below, left, right of it).
    func subtracting(_ other: Rect) -> [Rect] {
        let cut = intersection(other)
        guard !cut.isEmpty else { return [self] }
        var parts: [Rect] = []
        if cut.minY > minY { parts.append(Rect(x: minX, y: minY, width: width, height: cut.minY - minY)) }
        if cut.maxY < maxY { parts.append(Rect(x: minX, y: cut.maxY, width: width, height: maxY - cut.maxY)) }
        if cut.minX > minX { parts.append(Rect(x: minX, y: cut.minY, width: cut.minX - minX, height: cut.height)) }
        if cut.maxX < maxX { parts.append(Rect(x: cut.maxX, y: cut.minY, width: maxX - cut.maxX, height: cut.height)) }
        return parts
    }
}

/// A hole's coverage in device pixels, rasterized on demand for just the area being composited,
/// so a moving hole costs in proportion to the pixels that change, not to its size.
final class HoleMask {
    let geometry: HoleGeometry
    let scale: Double
    /// The screen's device bounds the mask was made for: `box` is cut to them, so a mask must be
    /// made again when the screen changes size, even if the hole stays where it is.
    let clip: IntRect
    /// Every device pixel the hole can change (its outline's box, grown by the feather).
    let box: IntRect
    private let outline: Path
    /// The outline flattened in device pixels, once for all the strips a frame composites.
    private lazy var flat = Rasterizer.Outline(outline, transform: .scale(scale))
    private let featherPixels: Int
    private var crispCache: Mask?
    /// The feathered coverage over all of `box`, once asked for twice.
    private var softCache: Mask?
    private var softRequests = 0

    init(geometry: HoleGeometry, scale: Double, clip: IntRect) {
        self.geometry = geometry
        self.scale = scale
        self.clip = clip
        outline = geometry.outline
        featherPixels = Int(clampedToInt: (geometry.feather * scale).rounded())
        let bounds = outline.controlBounds.scaled(by: scale).roundedOut
        box = IntRect(x: bounds.x - featherPixels, y: bounds.y - featherPixels,
                      width: bounds.width + 2 * featherPixels, height: bounds.height + 2 * featherPixels).intersection(clip)
    }

    /// Coverage of the hole over `clip` (feathered when asked), or nil when the hole misses it.
    func coverage(in clip: IntRect) -> Mask? {
        let target = clip.intersection(box)
        guard !target.isEmpty else { return nil }
        guard featherPixels > 0 else {
            return Rasterizer.mask(for: flat, fillRule: geometry.fillRule, clip: target)
        }
        // A hole that stays for more than one frame is blurred once over its whole box and kept; the
        // first request (often the only one, for a morphing hole) blurs just the area asked for.
        if let softCache { return softCache.cropped(to: target) }
        softRequests += 1
        if softRequests > 1 || target == box {
            let soft = feathered(over: box)
            softCache = soft
            return soft.cropped(to: target)
        }
        return feathered(over: target)
    }

    /// The feathered coverage over `target`: the blur needs the crisp shape up to one radius beyond it.
    private func feathered(over target: IntRect) -> Mask {
        let r = featherPixels
        let grown = IntRect(x: target.x - r, y: target.y - r, width: target.width + 2 * r, height: target.height + 2 * r)
        let crisp = Rasterizer.mask(for: flat, fillRule: geometry.fillRule, clip: grown)
        return crisp.feathered(radius: r).cropped(to: target)
    }

    /// The whole crisp coverage, made once: for hit tests and edge finding.
    private var crisp: Mask {
        if let crispCache { return crispCache }
        let m = Rasterizer.mask(for: flat, fillRule: geometry.fillRule, clip: box)
        crispCache = m
        return m
    }

    /// The box the hole changes (screen points), feather included.
    var affectedRect: Rect {
        Rect(x: Double(box.x) / scale, y: Double(box.y) / scale, width: Double(box.width) / scale, height: Double(box.height) / scale)
    }

    /// A rectangle fully inside the drawn hole (coverage 255 throughout), or `.zero`.
    var innerRect: Rect {
        let g = geometry
        guard g.path == nil else { return .zero }
        var inner: Rect
        if g.isEllipse {
            let a = g.rect.width / 2, b = g.rect.height / 2
            inner = Rect(x: g.rect.midX - a / 2.0.squareRoot(), y: g.rect.midY - b / 2.0.squareRoot(),
                         width: a * 2.0.squareRoot(), height: b * 2.0.squareRoot())
        } else {
            let r = min(g.cornerRadius, min(g.rect.width, g.rect.height) / 2)
            inner = g.rect.insetBy(dx: r * (1 - 1 / 2.0.squareRoot()), dy: r * (1 - 1 / 2.0.squareRoot()))
        }
        // Anti-aliased edge pixels and any feather are not "fully inside".
        let margin = 1 / scale + g.feather * 2
        inner = inner.insetBy(dx: margin, dy: margin)
        return inner.isEmpty ? .zero : inner
    }

    /// The areas (screen points) whose dim changes when the holes go from `old` to `new`: each
    /// pair's boxes, less the part that is fully inside both (clear before and after).
    static func changedAreas(from old: [HoleMask], to new: [HoleMask]) -> [Rect] {
        var out: [Rect] = []
        for i in 0..<max(old.count, new.count) {
            switch (i < old.count ? old[i] : nil, i < new.count ? new[i] : nil) {
            case let (a?, b?):
                let both = a.affectedRect.union(b.affectedRect)
                var parts = both.subtracting(a.innerRect.intersection(b.innerRect))
                for same in unchangedEdgeMiddles(a, b) { parts = parts.flatMap { $0.subtracting(same) } }
                out += parts
            case let (a?, nil): out.append(a.affectedRect)
            case let (nil, b?): out.append(b.affectedRect)
            case (nil, nil): break
            }
        }
        return out
    }

    /// Where two straight-edged holes of the same size and corner radius, one moved straight across
    /// (or straight down) from the other, draw the same coverage although both their boxes cover it:
    /// the middle of the edges they share, away from the corners. A pixel there is crossed by the
    /// shared edge alone, and the winding it gets from the left comes from the same rows of the
    /// other side, so rasterizing it again would give the same bytes. Empty otherwise.
    static func unchangedEdgeMiddles(_ a: HoleMask, _ b: HoleMask) -> [Rect] {
        let g = a.geometry, h = b.geometry
        guard g.path == nil, h.path == nil, !g.isEllipse, !h.isEllipse, g.feather == 0, h.feather == 0,
              a.scale == b.scale, g.rect.width == h.rect.width, g.rect.height == h.rect.height else { return [] }
        let r = min(max(0, g.cornerRadius), min(g.rect.width, g.rect.height) / 2)
        guard r == min(max(0, h.cornerRadius), min(h.rect.width, h.rect.height) / 2) else { return [] }
        // A device pixel of margin and then some, past where the corners end.
        let m = 2 / a.scale
        let far = 1e9
        if g.rect.minY == h.rect.minY {
            let x0 = max(g.rect.minX, h.rect.minX) + r + m, x1 = min(g.rect.maxX, h.rect.maxX) - r - m
            guard x1 > x0 else { return [] }
            // Across the whole height: the shared top and bottom edges' bands are the only parts of
            // the changed areas this column meets.
            return [Rect(x: x0, y: -far, width: x1 - x0, height: 2 * far)]
        }
        if g.rect.minX == h.rect.minX {
            let y0 = max(g.rect.minY, h.rect.minY) + r + m, y1 = min(g.rect.maxY, h.rect.maxY) - r - m
            guard y1 > y0 else { return [] }
            return [Rect(x: -far, y: y0, width: 2 * far, height: y1 - y0)]
        }
        return []
    }

    /// Whether `p` (screen points) is inside the drawn hole: at least half covered.
    func contains(_ p: Point) -> Bool {
        let x = Int(clampedToInt: (p.x * scale).rounded(.down)), y = Int(clampedToInt: (p.y * scale).rounded(.down))
        guard box.contains(x: x, y: y) else { return false }
        return crisp.coverage(x: x, y: y) >= 128
    }

    /// Where the drawn outline is crossed going from the centre towards `direction`.
    ///
    /// Only the part of the ray inside `box` can meet the drawn hole, so only that part is walked:
    /// the cost is bounded by the screen, however large or far away the path is.
    func edgePoint(towards direction: Point) -> Point {
        guard geometry.path != nil else { return geometry.edgePoint(towards: direction) }
        let c = geometry.center
        let len = (direction.x * direction.x + direction.y * direction.y).squareRoot()
        guard len > 0 else { return c }
        guard len.isFinite, c.x.isFinite, c.y.isFinite else { return geometry.edgePoint(towards: direction) }
        let ux = direction.x / len, uy = direction.y / len
        // The ray c + u·t (t ≥ 0) clipped to the box, slab by slab.
        let b = affectedRect
        var t0 = 0.0, t1 = Double.infinity
        for (origin, u, lo, hi) in [(c.x, ux, b.minX, b.maxX), (c.y, uy, b.minY, b.maxY)] {
            if u == 0 {
                if origin < lo || origin > hi { t1 = -1 }
            } else {
                let ta = (lo - origin) / u, tb = (hi - origin) / u
                t0 = max(t0, min(ta, tb)); t1 = min(t1, max(ta, tb))
            }
        }
        guard t0 <= t1, t1.isFinite else { return geometry.edgePoint(towards: direction) }
        let step = 0.25 / scale
        let steps = Int(clampedToInt: ((t1 - t0) / step).rounded(.up)) + 2
        func point(_ t: Double) -> Point { Point(c.x + ux * t, c.y + uy * t) }
        // March outwards; the last point still inside is the edge. A centre outside the shape
        // (an even-odd star's hollow middle) first walks in, then out.
        var p = point(t0)
        var inside = contains(p), seenInside = inside
        for i in 1...steps {
            let next = point(t0 + Double(i) * step)
            let nextInside = contains(next)
            if seenInside && inside && !nextInside { return p }
            inside = nextInside
            seenInside = seenInside || inside
            p = next
        }
        return geometry.edgePoint(towards: direction)
    }
}
