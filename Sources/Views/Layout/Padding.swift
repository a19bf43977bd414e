import Raster

/// Adds empty space around one child (its leading inset on the right in a right-to-left layout).
public final class Padding: View {
    /// The space on each edge, in points.
    public var insets: EdgeInsets { didSet { if insets != oldValue { setNeedsLayout() } } }

    /// Pads `child` by `insets`.
    public init(_ insets: EdgeInsets, child: View) {
        self.insets = insets
        super.init(children: [child])
    }

    /// The child's size plus the insets.
    public override func sizeThatFits(_ p: ProposedSize) -> Size { Padding.size(of: children, inset: insets, for: p) }
    /// The child inside the insets.
    public override func placeSubviews(in bounds: Rect) { Padding.place(children, in: bounds, inset: insets, direction: layoutDirection) }

    static func size(of children: [View], inset e: EdgeInsets, for p: ProposedSize) -> Size {
        let inner = ProposedSize(width: p.width.map { max(0, $0 - e.horizontal) },
                                 height: p.height.map { max(0, $0 - e.vertical) })
        let s = children.first?.measure(inner) ?? .zero
        return Size(width: s.width + e.horizontal, height: s.height + e.vertical)
    }

    /// `children` inside `e`, whose leading inset is on the right in a right-to-left layout.
    static func place(_ children: [View], in bounds: Rect, inset e: EdgeInsets, direction: TextDirection) {
        let r = bounds.inset(by: e.resolved(for: direction))
        for c in children { c.place(in: r) }
    }
}

/// Pads one child by the root's safe-area insets on some edges, plus fixed extra space.
public final class SafeAreaPadding: View {
    /// The edges that keep clear of the safe area.
    public var edges: Edges { didSet { if edges != oldValue { setNeedsLayout() } } }
    /// Space added on top of the safe-area insets.
    public var extra: EdgeInsets { didSet { if extra != oldValue { setNeedsLayout() } } }
    /// The least inset on each edge, where the safe area and `extra` give less (a large title's
    /// margin from a window's top edge, which has no safe area).
    public var minimum: EdgeInsets = .zero { didSet { if minimum != oldValue { setNeedsLayout() } } }

    /// Keeps `child` clear of the safe area on `edges`, plus `extra`.
    public init(_ edges: Edges, extra: EdgeInsets = .zero, child: View) {
        self.edges = edges
        self.extra = extra
        super.init(children: [child])
    }

    /// The insets in effect now, leading and trailing as the layout direction has them (the root's
    /// safe area is in left and right terms).
    public var insets: EdgeInsets {
        let s = (root?.safeArea ?? .zero).resolved(for: layoutDirection)
        return EdgeInsets(top: max(minimum.top, extra.top + (edges.contains(.top) ? s.top : 0)),
                          leading: max(minimum.leading, extra.leading + (edges.contains(.leading) ? s.leading : 0)),
                          bottom: max(minimum.bottom, extra.bottom + (edges.contains(.bottom) ? s.bottom : 0)),
                          trailing: max(minimum.trailing, extra.trailing + (edges.contains(.trailing) ? s.trailing : 0)))
    }

    /// The child's size plus the insets.
    public override func sizeThatFits(_ p: ProposedSize) -> Size { Padding.size(of: children, inset: insets, for: p) }
    /// The child inside the insets.
    public override func placeSubviews(in bounds: Rect) { Padding.place(children, in: bounds, inset: insets, direction: layoutDirection) }
}
