import Raster

/// The outline of a view: what a background fills, a clip keeps and a hit test accepts.
/// One description serves all three, so taps follow the drawn geometry.
public enum Shape: Hashable, Sendable {
    /// The rectangle itself.
    case rect
    /// A rectangle with circular corners of the given radius (clamped to half the shorter side).
    case roundedRect(cornerRadius: Double)
    /// A rectangle whose shorter sides are half circles.
    case capsule
    /// The largest circle centred in the rectangle.
    case circle

    /// The rectangle actually outlined inside `rect` (a circle uses a centred square).
    public func outlineRect(in rect: Rect) -> Rect {
        guard case .circle = self else { return rect }
        let side = min(rect.width, rect.height)
        return Rect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side)
    }

    /// The corner radius of the outline inside `rect`.
    public func cornerRadius(in rect: Rect) -> Double {
        let limit = max(0, min(rect.width, rect.height) / 2)
        switch self {
        case .rect: return 0
        case .roundedRect(let r): return r.isFinite ? min(max(0, r), limit) : 0
        case .capsule, .circle: return limit
        }
    }

    /// The outline as a path.
    public func path(in rect: Rect) -> Path {
        switch self {
        case .rect: return .rect(rect)
        case .circle: return .ellipse(in: outlineRect(in: rect))
        case .roundedRect, .capsule: return .roundedRect(rect, radius: cornerRadius(in: rect))
        }
    }

    /// Whether `p` is inside the outline (the drawn edge at half coverage is the boundary).
    public func contains(_ p: Point, in rect: Rect) -> Bool {
        let r = outlineRect(in: rect)
        guard r.contains(p) else { return false }
        let radius = cornerRadius(in: r)
        guard radius > 0 else { return true }
        // Outside the corner squares the rectangle test is exact; inside them, test the corner's circle.
        let cx = min(max(p.x, r.minX + radius), r.maxX - radius)
        let cy = min(max(p.y, r.minY + radius), r.maxY - radius)
        let dx = p.x - cx, dy = p.y - cy
        return dx * dx + dy * dy <= radius * radius
    }
}
