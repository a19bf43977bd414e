import Raster

/// The direction a stack lines its children up in.
public enum Axis: Hashable, Sendable {
    /// Side by side (leading to trailing), or one above the other (top to bottom).
    case horizontal, vertical
}

/// Lines children up along an axis with fixed spacing (the base of `HStack` and `VStack`).
///
/// With a finite proposal along the axis, children that all fit at their ideal lengths get them;
/// otherwise room is shared out SwiftUI-style: the least flexible child (smallest difference between
/// its size for a zero and an infinite proposal) is asked first, with an equal share of what is
/// left, so fixed bars keep their size and greedy views split the rest. Spacers come last and share
/// what the other children leave.
public class Stack: View {
    /// The direction of the stack.
    public let axis: Axis
    /// The gap between neighbours, in points.
    public var spacing: Double { didSet { if spacing != oldValue { setNeedsLayout() } } }

    init(axis: Axis, spacing: Double, children: [View]) {
        self.axis = axis
        self.spacing = spacing.isFinite ? max(0, spacing) : 0
        super.init(children: children)
    }

    /// Where a child sits across the axis in `free` points of spare room.
    func crossOffset(free: Double) -> Double { 0 }

    /// Where `child`, of `free` spare room across the axis, goes: as `crossOffset(free:)` says.
    func crossOffset(free: Double, child: View) -> Double { crossOffset(free: free) }

    private func along(_ s: Size) -> Double { axis == .vertical ? s.height : s.width }
    private func across(_ s: Size) -> Double { axis == .vertical ? s.width : s.height }
    private func proposal(along a: Double?, across c: Double?) -> ProposedSize {
        axis == .vertical ? ProposedSize(width: c, height: a) : ProposedSize(width: a, height: c)
    }

    /// The children's sizes for `p`.
    private func childSizes(for p: ProposedSize) -> [Size] {
        let pAlong = axis == .vertical ? p.height : p.width
        let pAcross = axis == .vertical ? p.width : p.height
        guard let total = pAlong, total.isFinite else {
            return children.map { $0.measure(proposal(along: pAlong, across: pAcross)) }
        }
        let n = children.count
        var remaining = max(0, total - spacing * Double(max(0, n - 1)))
        // Spacers only take what the other children leave; reserve their minimum lengths first.
        let spacers = children.indices.filter { children[$0] is Spacer }
        let reserved = spacers.reduce(0) { $0 + along(children[$1].measure(proposal(along: 0, across: pAcross))) }
        remaining = max(0, remaining - reserved)
        let others = children.indices.filter { !(children[$0] is Spacer) }
        var sizes = [Size](repeating: .zero, count: n)
        // When every child fits at its ideal length, each gets it: sharing out room that is enough
        // for all would cut short a text that an earlier, greedier share left too little.
        // Views that grow with the room they are offered (fills, wrapping text) then share what is
        // left over, in equal shares on top of their ideal lengths.
        let ideal = others.map { children[$0].measure(proposal(along: nil, across: pAcross)) }
        let idealTotal = ideal.reduce(0) { $0 + along($1) }
        if idealTotal <= remaining {
            var extra = remaining - idealTotal
            for (i, s) in zip(others, ideal) { sizes[i] = s }
            // Offered more, a view that grows takes it; the others answer with their ideal length.
            let growing = zip(others, ideal).filter { i, s in
                extra > 0 && along(children[i].measure(proposal(along: along(s) + extra, across: pAcross))) > along(s) + 1e-9
            }
            var left = growing.count
            for (i, s) in growing {
                let grown = children[i].measure(proposal(along: along(s) + extra / Double(left), across: pAcross))
                sizes[i] = grown
                extra = max(0, extra - (along(grown) - along(s)))
                left -= 1
            }
            shareOut(extra + reserved, among: spacers, across: pAcross, into: &sizes)
            return sizes
        }
        let flexibility = others.map { i in
            along(children[i].measure(proposal(along: .infinity, across: pAcross))) -
                along(children[i].measure(proposal(along: 0, across: pAcross)))
        }
        let order = others.indices.sorted { flexibility[$0] < flexibility[$1] || (flexibility[$0] == flexibility[$1] && $0 < $1) }.map { others[$0] }
        var left = others.count
        for i in order {
            let offer = max(0, remaining / Double(left))
            let s = children[i].measure(proposal(along: offer, across: pAcross))
            sizes[i] = s
            remaining = max(0, remaining - along(s))
            left -= 1
        }
        shareOut(remaining + reserved, among: spacers, across: pAcross, into: &sizes)
        return sizes
    }

    /// Gives the spacers `room` in equal shares.
    private func shareOut(_ room: Double, among spacers: [Int], across pAcross: Double?, into sizes: inout [Size]) {
        var remaining = room
        var left = spacers.count
        for i in spacers {
            let s = children[i].measure(proposal(along: max(0, remaining / Double(left)), across: pAcross))
            sizes[i] = s
            remaining = max(0, remaining - along(s))
            left -= 1
        }
    }

    /// The children's lengths and gaps along the axis, the widest across it.
    public override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        let sizes = childSizes(for: proposal)
        guard !sizes.isEmpty else { return .zero }
        let a = sizes.reduce(0) { $0 + along($1) } + spacing * Double(sizes.count - 1)
        let c = sizes.reduce(0) { max($0, across($1)) }
        return axis == .vertical ? Size(width: c, height: a) : Size(width: a, height: c)
    }

    /// Lines the children up along the axis.
    public override func placeSubviews(in bounds: Rect) {
        let sizes = childSizes(for: ProposedSize(bounds.size))
        let direction = layoutDirection
        var pos = axis == .vertical ? bounds.minY : 0
        for (c, s) in zip(children, sizes) {
            if axis == .vertical {
                let x = bounds.minX + crossOffset(free: bounds.width - s.width, child: c)
                c.place(in: Rect(x: x, y: pos, width: s.width, height: s.height))
                pos += s.height + spacing
            } else {
                // Leading to trailing: from the right in a right-to-left layout.
                let y = bounds.minY + crossOffset(free: bounds.height - s.height)
                c.place(in: Rect(x: bounds.x(ofLeadingOffset: pos, width: s.width, direction: direction), y: y, width: s.width, height: s.height))
                pos += s.width + spacing
            }
        }
    }
}

/// Children in a column, top to bottom; `leading` is the layout direction's start.
public final class VStack: Stack {
    /// Where children narrower than the stack sit.
    public var alignment: HorizontalAlignment { didSet { if alignment != oldValue { setNeedsLayout() } } }

    /// A column of `children`.
    public init(alignment: HorizontalAlignment = .center, spacing: Double = 0, children: [View]) {
        self.alignment = alignment
        super.init(axis: .vertical, spacing: spacing, children: children)
    }

    /// A column of the views `content` builds.
    public convenience init(alignment: HorizontalAlignment = .center, spacing: Double = 0,
                            @ViewBuilder _ content: () -> [View]) {
        self.init(alignment: alignment, spacing: spacing, children: content())
    }

    override func crossOffset(free: Double) -> Double { alignment.offset(in: free, direction: layoutDirection) }

    /// With `alignsTextByItsDirection`, a text child's leading side is its own paragraph's.
    override func crossOffset(free: Double, child: View) -> Double {
        guard alignsTextByItsDirection, let text = child as? Text else { return crossOffset(free: free) }
        return alignment.offset(in: free, direction: text.direction)
    }

    /// Whether `.leading` and `.trailing` place a `Text` child by its own paragraph's direction
    /// (from its first strong character) rather than the layout's: a right-to-left title in a
    /// left-to-right bubble sits on the right, where its wrapped text's lines start. Off by default.
    public var alignsTextByItsDirection = false { didSet { if alignsTextByItsDirection != oldValue { setNeedsLayout() } } }
}

/// Children in a row, leading to trailing (right to left in a right-to-left layout).
public final class HStack: Stack {
    /// Where children shorter than the stack sit.
    public var alignment: VerticalAlignment { didSet { if alignment != oldValue { setNeedsLayout() } } }

    /// A row of `children`.
    public init(alignment: VerticalAlignment = .center, spacing: Double = 0, children: [View]) {
        self.alignment = alignment
        super.init(axis: .horizontal, spacing: spacing, children: children)
    }

    /// A row of the views `content` builds.
    public convenience init(alignment: VerticalAlignment = .center, spacing: Double = 0,
                            @ViewBuilder _ content: () -> [View]) {
        self.init(alignment: alignment, spacing: spacing, children: content())
    }

    override func crossOffset(free: Double) -> Double { alignment.offset(in: free) }
}

/// Children layered on top of each other, back to front, each aligned in the stack's frame.
public final class ZStack: View {
    /// Where children smaller than the stack sit.
    public var alignment: Alignment { didSet { if alignment != oldValue { setNeedsLayout() } } }

    /// Layers `children`, the first at the back.
    public init(alignment: Alignment = .center, children: [View]) {
        self.alignment = alignment
        super.init(children: children)
    }

    /// Layers the views `content` builds.
    public convenience init(alignment: Alignment = .center, @ViewBuilder _ content: () -> [View]) {
        self.init(alignment: alignment, children: content())
    }

    /// Every child at the alignment in the frame.
    public override func placeSubviews(in bounds: Rect) {
        let direction = layoutDirection
        for c in children {
            let s = c.measure(ProposedSize(bounds.size))
            c.place(in: bounds.aligned(s, alignment, direction: direction))
        }
    }
}

/// Flexible empty space along the axis of the stack it is in (both axes elsewhere).
public final class Spacer: View {
    /// The least room the spacer takes, in points.
    public var minLength: Double { didSet { if minLength != oldValue { setNeedsLayout() } } }

    /// A spacer that shrinks to no less than `minLength`.
    public init(minLength: Double = 0) {
        self.minLength = minLength.isFinite ? max(0, minLength) : 0
        super.init()
    }

    /// Its minimum length along the stack, or what is offered.
    public override func sizeThatFits(_ p: ProposedSize) -> Size {
        func grow(_ v: Double?) -> Double { max(minLength, v ?? minLength) }
        switch (parent as? Stack)?.axis {
        case .vertical: return Size(width: 0, height: grow(p.height))
        case .horizontal: return Size(width: grow(p.width), height: 0)
        case nil: return Size(width: grow(p.width), height: grow(p.height))
        }
    }
}

extension Rect {
    /// A rectangle of `size` placed inside this one at `alignment`.
    public func aligned(_ size: Size, _ alignment: Alignment) -> Rect {
        Rect(x: minX + alignment.horizontal.offset(in: width - size.width),
             y: minY + alignment.vertical.offset(in: height - size.height),
             width: size.width, height: size.height)
    }
}
