import Raster
import Views

/// What a spotlight hole surrounds.
public enum HoleTarget: Hashable, Sendable {
    /// A view by id, followed from its frame of the last layout.
    case view(String)
    /// A fixed rectangle in screen points.
    case rect(Rect)
    /// The element a query finds on the app's screen, followed as the screen is laid out again:
    /// found with every anchor, or by its stable anchors after a change (a drift, which `check` and
    /// `test` report); while the query finds none, or several, the target is missing.
    case element(ElementQuery)

    /// The view id, for view targets.
    public var viewID: String? {
        if case .view(let id) = self { return id }
        return nil
    }

    /// The id the target names as written: a view target's, or its query's `id` anchor.
    public var namedID: String? {
        switch self {
        case .view(let id): return id
        case .element(let query): return query.id
        case .rect: return nil
        }
    }

    /// Whether the target is on the app's screen and may be missing from it (a view, an element),
    /// not a fixed rectangle.
    public var followsTheScreen: Bool {
        if case .rect = self { return false }
        return true
    }

    /// The id of the view the target is on `root` now: a view target's own, or the one the element
    /// its query finds carries (nil: a rectangle, an element without an id, or none found).
    @MainActor
    public func viewID(in root: ViewRoot) -> String? {
        switch self {
        case .view(let id): return id
        case .rect: return nil
        case .element(let query): return query.id.flatMap { root.view(withID: $0) != nil ? $0 : nil } ?? root.resolve(query).element?.id
        }
    }

    /// The view the target is on `root` now, placed or not (see `viewID(in:)`).
    @MainActor
    public func view(in root: ViewRoot) -> View? { viewID(in: root).flatMap { root.view(withID: $0) } }
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

/// A line drawn around a hole's shape, outside it: a width, a colour, an optional glow beyond it
/// and an optional pulse (its opacity breathing once every 1.6 s, still under reduced motion).
public struct HoleOutline: Hashable, Sendable {
    /// The line's width in points.
    public var width: Double
    /// Its colour.
    public var color: Color
    /// Points the glow fades over beyond the line (0: none).
    public var glow: Double
    /// Whether it pulses.
    public var pulse: Bool
    /// An outline.
    public init(width: Double = 3, color: Color = Color(red: 0xFF, green: 0xFF, blue: 0xFF), glow: Double = 0, pulse: Bool = false) {
        self.width = width; self.color = color; self.glow = glow; self.pulse = pulse
    }
    /// How far it reaches beyond the hole, in points.
    public var reach: Double { width + 3 * glow + 2 }
}

/// One hole of a spotlight: a target, a shape, padding around the target and an optional soft edge.
public struct Hole: Hashable, Sendable {
    /// What the hole surrounds.
    public var target: HoleTarget
    /// The hole's outline.
    public var shape: HoleShape
    /// Space between the target and the hole's edge, in points.
    public var padding: Double
    /// Width of the soft edge in points (0 = a crisp anti-aliased edge).
    public var feather: Double
    /// What a screen reader calls the target: needed for a rectangle (a part of a screenshot), which
    /// nothing else names; a view target's own label is used when this is nil.
    public var label: String?
    /// A line around the hole, outside it.
    public var outline: HoleOutline?
    /// What a screen reader is told a rectangle target is (nil: an image); a view's own role is its view's.
    public var role: SemanticRole?

    /// A hole around `target`, `padding` points out, in `shape`, with a soft edge `feather` points
    /// wide, named `label` for assistive technology.
    public init(target: HoleTarget, shape: HoleShape = .circle, padding: Double = 8, feather: Double = 0, label: String? = nil,
                outline: HoleOutline? = nil) {
        self.target = target; self.shape = shape; self.padding = padding; self.feather = feather; self.label = label; self.outline = outline
    }

    /// The target's element for assistive technology: the view's own (its label unless `label`
    /// says otherwise), or for a rectangle an image of that part of the screen named `label`.
    @MainActor
    public func targetNode(in root: ViewRoot) -> SemanticNode? {
        switch target {
        case .rect(let r):
            return SemanticNode(role: role ?? .image, label: label ?? "", frame: r)
        case .view(let id):
            guard let v = root.view(withID: id), v.isPlaced else { return nil }
            var node = v.semanticNodes().first ?? SemanticNode(role: .image, label: "", id: id, frame: v.frame)
            if let label { node.label = label }
            return node
        case .element(let query):
            guard var node = root.resolve(query).element else { return nil }
            if let label { node.label = label }
            return node
        }
    }

    /// The hole's geometry around its target as `root` last laid it out: nil when the target view is
    /// missing or not placed (scrolled far away, on another tab), or its rectangle is not finite.
    @MainActor
    public func geometry(in root: ViewRoot) -> HoleGeometry? {
        switch target {
        case .rect(let r):
            return r.isFinite ? HoleGeometry.resolve(self, frame: r) : nil
        case .view(let id):
            guard let v = root.view(withID: id), v.isPlaced, v.frame.isFinite else { return nil }
            return HoleGeometry.resolve(self, frame: v.frame)
        case .element(let query):
            guard let element = root.resolve(query).element else { return nil }
            let frame = root.frame(of: element)
            return frame.isFinite ? HoleGeometry.resolve(self, frame: frame) : nil
        }
    }
}

