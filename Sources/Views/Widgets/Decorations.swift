import Raster

/// Fills a shape behind one child.
public final class Background: View {
    /// The fill colour.
    public var color: Color { didSet { if color != oldValue { setNeedsDisplay() } } }
    /// The filled outline.
    public var shape: Shape { didSet { if shape != oldValue { setNeedsDisplay() } } }

    /// Fills `shape` with `color` behind `child`.
    public init(_ color: Color, shape: Shape = .rect, child: View) {
        self.color = color
        self.shape = shape
        super.init(children: [child])
    }

    /// The fill.
    public override var hasOwnContent: Bool { true }

    /// An opaque colour covers the shape's straight middle (between the rounded ends) entirely.
    public override var opaqueInterior: Rect? {
        guard color.alpha == 255, shape != .circle else { return nil }
        let r = shape.cornerRadius(in: frame)
        return frame.width > 2 * r ? frame.insetBy(dx: r, dy: 0) : nil
    }

    /// Fills the shape.
    public override func draw(in canvas: Canvas) {
        switch shape {
        case .rect, .roundedRect, .capsule:
            canvas.fill(frame, cornerRadius: shape.cornerRadius(in: frame), color: color)
        case .circle:
            canvas.fill(shape.path(in: frame), color: color)
        }
    }
}

/// A soft drop shadow of a shape behind one child.
public final class ShadowView: View {
    /// The shadow's colour (its alpha is the shadow's strength).
    public var color: Color { didSet { if color != oldValue { setNeedsDisplay() } } }
    /// The blur distance, in points.
    public var radius: Double
    /// How far the shadow falls, in points.
    public var offset: Point
    /// The outline that casts the shadow.
    public var shape: Shape

    /// A shadow of `shape` blurred by `radius` and moved by `offset`.
    public init(color: Color, radius: Double, offset: Point = .zero, shape: Shape = .rect, child: View) {
        self.color = color
        self.radius = radius.isFinite ? max(0, radius) : 0
        self.offset = offset.x.isFinite && offset.y.isFinite ? offset : .zero
        self.shape = shape
        super.init(children: [child])
    }

    /// The shadow.
    public override var hasOwnContent: Bool { true }
    /// The blur and the offset reach beyond the frame.
    public override var inkOutset: Double { radius + max(abs(offset.x), abs(offset.y)) + 1 }

    /// Draws the blurred shape from the root's mask cache: cards of one size share one mask, and the
    /// mask does not depend on the dirty rectangle, so partial repaints match full ones.
    public override func draw(in canvas: Canvas) {
        let t = canvas.transform
        let device = t.apply(frame)
        let ox = device.minX.rounded(), oy = device.minY.rounded()
        guard let root, t.b == 0, t.c == 0, device.isFinite, abs(ox - device.minX) < 1e-6, abs(oy - device.minY) < 1e-6 else {
            let r = shape.outlineRect(in: frame)
            canvas.drawShadow(of: r, cornerRadius: shape.cornerRadius(in: r), blur: radius,
                              dx: offset.x, dy: offset.y, color: color)
            return
        }
        let sx = t.a, sy = t.d
        let blur = Int(clampedToInt: (radius * max(sx, sy)).rounded())
        let size = Size(width: (device.width * 1e6).rounded() / 1e6, height: (device.height * 1e6).rounded() / 1e6)
        let key = PaintCache.Key(kind: "shadow.\(shape)",
                                 values: [size.width, size.height, Double(blur), offset.x * sx, offset.y * sy])
        let mask = root.paintCache.mask(for: key) {
            // The shape in device pixels relative to the frame's device origin.
            let local = Rect(x: offset.x * sx, y: offset.y * sy, width: size.width, height: size.height)
            let path = shape.path(in: local)
            return Rasterizer.mask(for: path, clip: local.roundedOut).feathered(radius: blur)
        }
        canvas.draw(mask, offsetX: Int(clampedToInt: ox), offsetY: Int(clampedToInt: oy), color: color,
                    sparing: hiddenByChild(in: canvas))
    }

    /// The device pixels of the shadow that the child paints over with opaque colour (a card's
    /// white), which the shadow need not draw: whole pixels inside the child's opaque interior,
    /// when nothing clips the child differently from the shadow.
    private func hiddenByChild(in canvas: Canvas) -> IntRect? {
        guard !canvas.hasClipMask, let child = children.first, child.isPlaced,
              visibleChildren.first === child, let inside = child.opaqueInterior else { return nil }
        let covered = canvas.transform.apply(inside).roundedIn
        return covered.isEmpty ? nil : covered
    }
}

/// Clips one child to a shape ("rounded corners"); taps outside the shape miss the child.
public final class ClipView: View {
    /// The outline children are clipped to.
    public var shape: Shape { didSet { if shape != oldValue { setNeedsDisplay() } } }

    /// Clips `child` to `shape`.
    public init(_ shape: Shape, child: View) {
        self.shape = shape
        super.init(children: [child])
    }

    /// Always clips.
    public override var clipsChildren: Bool { true }
    /// To its shape.
    public override var clipShape: Shape { shape }
    /// Inside the shape.
    public override func contains(_ point: Point) -> Bool { shape.contains(point, in: frame) }
}

/// A second view drawn over a base view, aligned in the base's frame (a floating button over a list).
public final class OverlayView: View {
    /// Where the overlay sits in the base's frame.
    public var alignment: Alignment { didSet { if alignment != oldValue { setNeedsLayout() } } }

    /// `overlay` over `base`, at `alignment`. The base decides the size.
    public init(base: View, overlay: View, alignment: Alignment) {
        self.alignment = alignment
        super.init(children: [base, overlay])
    }

    /// The view that decides the size.
    public var base: View { children[0] }
    /// The view drawn over the base.
    public var overlay: View { children[1] }

    /// The base's size.
    public override func sizeThatFits(_ p: ProposedSize) -> Size { children.first?.measure(p) ?? .zero }

    /// The base fills the frame; the overlay sits at the alignment.
    public override func placeSubviews(in bounds: Rect) {
        guard children.count == 2 else { return }
        base.place(in: bounds)
        let s = overlay.measure(ProposedSize(bounds.size))
        overlay.place(in: bounds.aligned(s, alignment, direction: layoutDirection))
    }
}

/// Shows one content view at a time; swapping it replaces the whole subtree (tab screens).
public final class ContainerView: View {
    /// An empty container, or one showing `content`.
    public init(content: View? = nil) {
        super.init(children: content.map { [$0] } ?? [])
    }

    /// The view shown now.
    public var content: View? {
        get { children.first }
        set {
            guard newValue !== children.first else { return }
            replaceChildren(with: newValue.map { [$0] } ?? [])
        }
    }

    /// The content's size, or the proposal when empty.
    public override func sizeThatFits(_ p: ProposedSize) -> Size {
        children.first?.measure(p) ?? Size(width: p.width ?? 0, height: p.height ?? 0)
    }
}

/// A hairline (one device pixel) across the stack it is in.
public final class Divider: View {
    /// The line's colour.
    public var color: Color { didSet { if color != oldValue { setNeedsDisplay() } } }

    /// A hairline of `color`.
    public init(color: Color) {
        self.color = color
        super.init()
    }

    private var thickness: Double { 1 / (root?.scale ?? 1) }

    /// One device pixel across the stack, the proposal along it.
    public override func sizeThatFits(_ p: ProposedSize) -> Size {
        func finite(_ v: Double?) -> Double { v.map { $0.isFinite ? $0 : 0 } ?? 0 }
        if (parent as? Stack)?.axis == .horizontal { return Size(width: thickness, height: finite(p.height)) }
        return Size(width: finite(p.width), height: thickness)
    }

    /// The line.
    public override var hasOwnContent: Bool { true }
    /// Fills the hairline.
    public override func draw(in canvas: Canvas) { canvas.fill(frame, color: color) }
}
