import Raster

/// Gives one child a fixed, minimum or maximum size and aligns it inside.
///
/// A fixed dimension is proposed to the child and answered as is. A flexible one proposes the offer
/// clamped to [min, max] and answers the child's size pulled towards the offer and bounded by min and
/// max: `maxWidth: .infinity` takes all the width offered, `minWidth: 100` at least 100, and
/// `maxWidth: 100` at most 100 even when the child is wider (it overflows).
public final class FrameView: View {
    /// A fixed width (nil = flexible).
    public var width: Double? { didSet { if width != oldValue { setNeedsLayout() } } }
    /// A fixed height (nil = flexible).
    public var height: Double? { didSet { if height != oldValue { setNeedsLayout() } } }
    /// The least width (nil = the child's).
    public var minWidth: Double? { didSet { if minWidth != oldValue { setNeedsLayout() } } }
    /// The most width (nil = the child's; infinity = all offered).
    public var maxWidth: Double? { didSet { if maxWidth != oldValue { setNeedsLayout() } } }
    /// The least height (nil = the child's).
    public var minHeight: Double? { didSet { if minHeight != oldValue { setNeedsLayout() } } }
    /// The most height (nil = the child's; infinity = all offered).
    public var maxHeight: Double? { didSet { if maxHeight != oldValue { setNeedsLayout() } } }
    /// Where a smaller child sits.
    public var alignment: Alignment { didSet { if alignment != oldValue { setNeedsLayout() } } }

    /// A frame around `child`; nil bounds are left to the child.
    public init(width: Double? = nil, height: Double? = nil, minWidth: Double? = nil, maxWidth: Double? = nil,
                minHeight: Double? = nil, maxHeight: Double? = nil, alignment: Alignment = .center, child: View) {
        func clean(_ v: Double?) -> Double? { v.flatMap { $0.isNaN ? nil : max(0, $0) } }
        self.width = clean(width).flatMap { $0.isFinite ? $0 : nil }
        self.height = clean(height).flatMap { $0.isFinite ? $0 : nil }
        self.minWidth = clean(minWidth); self.maxWidth = clean(maxWidth)
        self.minHeight = clean(minHeight); self.maxHeight = clean(maxHeight)
        self.alignment = alignment
        super.init(children: [child])
    }

    /// A fixed size does not depend on the child.
    public override var isLayoutBoundary: Bool { width != nil && height != nil }

    private func childProposal(_ p: ProposedSize) -> ProposedSize {
        func clamp(_ v: Double?, _ lo: Double?, _ hi: Double?) -> Double? {
            v.map { min(max($0, lo ?? 0), hi ?? .infinity) }
        }
        return ProposedSize(width: width ?? clamp(p.width, minWidth, maxWidth),
                            height: height ?? clamp(p.height, minHeight, maxHeight))
    }

    /// objc.io's reading of SwiftUI's flexible frame: the child's size pulled towards the proposal,
    /// then bounded by min and max.
    private func resolve(_ fixed: Double?, _ lo: Double?, _ hi: Double?, proposed: Double?, child: Double) -> Double {
        if let fixed { return fixed }
        var r = child
        if let lo { r = max(lo, min(r, proposed ?? r)) }
        if let hi { r = min(hi, max(r, proposed ?? r)) }
        return r
    }

    /// The fixed or clamped size.
    public override func sizeThatFits(_ p: ProposedSize) -> Size {
        let cs = children.first?.measure(childProposal(p)) ?? .zero
        return Size(width: resolve(width, minWidth, maxWidth, proposed: p.width, child: cs.width),
                    height: resolve(height, minHeight, maxHeight, proposed: p.height, child: cs.height))
    }

    /// The child at the alignment in the frame.
    public override func placeSubviews(in bounds: Rect) {
        guard let c = children.first else { return }
        let s = c.measure(childProposal(ProposedSize(bounds.size)))
        c.place(in: bounds.aligned(s, alignment, direction: layoutDirection))
    }
}

/// Gives one child a width-to-height ratio: the width offered decides the height.
public final class AspectRatioView: View {
    /// Width divided by height.
    public var ratio: Double { didSet { if ratio != oldValue { setNeedsLayout() } } }

    /// Sizes `child` at `ratio` (width / height; bad ratios read as 1).
    public init(_ ratio: Double, child: View) {
        self.ratio = ratio.isFinite && ratio > 0 ? ratio : 1
        super.init(children: [child])
    }

    /// The width offered and the height the ratio gives.
    public override func sizeThatFits(_ p: ProposedSize) -> Size {
        if let w = p.width, w.isFinite { return Size(width: w, height: w / ratio) }
        if let h = p.height, h.isFinite { return Size(width: h * ratio, height: h) }
        let cs = children.first?.measure(.unspecified) ?? .zero
        return Size(width: cs.width, height: cs.width / ratio)
    }
}
