import Raster

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

    /// The ring of `outline` around the hole's crisp shape (device pixels), made once per outline.
    func ring(_ outline: HoleOutline) -> Mask {
        if let ringCache, ringCache.outline == outline { return ringCache.mask }
        // The shape over its own box and cut to the screen grown by the ring's reach: a ring near the
        // edge stays even, and a hole far larger than the screen costs no more than the screen.
        let reach = Int(clampedToInt: min(outline.reach * scale, 65536).rounded(.up))
        let screen = IntRect(x: clip.x - reach, y: clip.y - reach, width: clip.width + 2 * reach, height: clip.height + 2 * reach)
        let bounds = self.outline.controlBounds.scaled(by: scale).roundedOut.intersection(screen)
        let shape = Rasterizer.mask(for: flat, fillRule: geometry.fillRule, clip: bounds)
        let m = shape.outlineRing(width: outline.width * scale, glow: outline.glow * scale)
        ringCache = (outline, m)
        return m
    }
    private var ringCache: (outline: HoleOutline, mask: Mask)?

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
        // The ray c + u·t (t ≥ 0) clipped to the box.
        guard let span = affectedRect.parameters(ofLineFrom: c, direction: Point(ux, uy), within: 0...Double.infinity),
              span.upperBound.isFinite else { return geometry.edgePoint(towards: direction) }
        let t0 = span.lowerBound, t1 = span.upperBound
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
