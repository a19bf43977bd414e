import Raster

/// A bitmap scaled into the view's frame and clipped to it (optionally to rounded corners). A
/// missing image draws a placeholder.
///
/// The scaled, clipped pixels are prepared once per image, size and scale in the root's paint cache
/// and then copied, so cards that share an illustration also share its resampling.
public final class ImageView: View {
    /// How the image is scaled into the frame.
    public enum ContentMode: Hashable, Sendable {
        /// Covers the whole frame; the overflow is clipped.
        case fill
        /// Fits inside the frame; the rest stays empty.
        case fit
    }

    /// The pixels (nil shows the placeholder).
    public var image: Pixmap? { didSet { if image !== oldValue { setNeedsDisplay() } } }
    /// How the image is scaled into the frame.
    public var contentMode: ContentMode { didSet { if contentMode != oldValue { setNeedsDisplay() } } }
    /// Rounds the clip's corners (a card's image keeps to the card's top corners).
    public var cornerRadii: CornerRadii { didSet { if cornerRadii != oldValue { setNeedsDisplay() } } }
    /// The fill behind a missing image.
    public var placeholderColor = Color(red: 0xE5, green: 0xE5, blue: 0xEA)
    /// The placeholder's picture colour.
    public var placeholderIconColor = Color(red: 0xAE, green: 0xAE, blue: 0xB2)

    /// Shows `image` (one image pixel is one point at its ideal size).
    public init(_ image: Pixmap?, contentMode: ContentMode = .fill, cornerRadii: CornerRadii = .zero) {
        self.image = image
        self.contentMode = contentMode
        self.cornerRadii = cornerRadii
        super.init()
    }

    /// An image when it has a description (`accessibilityLabel`); otherwise decoration.
    public override var semanticRole: SemanticRole? { accessibilityLabel == nil ? nil : .image }

    /// Resizable: takes any finite size offered; its ideal size is the image's.
    public override func sizeThatFits(_ p: ProposedSize) -> Size {
        let natural = image.map { Size(width: Double($0.width), height: Double($0.height)) } ?? .zero
        func pick(_ v: Double?, _ n: Double) -> Double { v.flatMap { $0.isFinite ? $0 : nil } ?? n }
        return Size(width: pick(p.width, natural.width), height: pick(p.height, natural.height))
    }

    /// The image or its placeholder.
    public override var hasOwnContent: Bool { true }

    private var isRounded: Bool { cornerRadii != .zero }

    /// The prepared pixels, or the image scaled, or the placeholder.
    public override func draw(in canvas: Canvas) {
        guard !frame.isEmpty else { return }
        guard let image else { drawPlaceholder(in: canvas); return }
        let t = canvas.transform
        let device = t.apply(frame)
        let w = Int(clampedToInt: device.width.rounded()), h = Int(clampedToInt: device.height.rounded())
        // Frames are snapped to device pixels, so the prepared pixels land one to one.
        func whole(_ v: Double) -> Bool { abs(v - v.rounded()) < 1e-6 }
        if let root, t.b == 0, t.c == 0, whole(device.minX), whole(device.minY), whole(device.width), whole(device.height),
           w > 0, h > 0 {
            let r = cornerRadii, s = max(t.a, t.d)
            let key = PaintCache.Key(kind: "image.\(contentMode)",
                                     values: [Double(w), Double(h), r.topLeft * s, r.topRight * s, r.bottomRight * s, r.bottomLeft * s, s],
                                     source: ObjectIdentifier(image))
            let prepared = root.paintCache.pixmap(for: key, source: image) { prepare(image, width: w, height: h, scale: s) }
            if let prepared { canvas.draw(prepared, in: frame, sampling: .nearest); return }
        }
        var c = canvas
        c.clip(to: frame)
        c.draw(image, in: destination(for: image, in: frame), sampling: .bilinear)
    }

    /// Where the whole image goes for `rect`: covering it (fill) or inside it (fit), centred.
    private func destination(for image: Pixmap, in rect: Rect) -> Rect {
        let iw = Double(image.width), ih = Double(image.height)
        let sx = rect.width / iw, sy = rect.height / ih
        let s = contentMode == .fill ? max(sx, sy) : min(sx, sy)
        return rect.aligned(Size(width: iw * s, height: ih * s), .center)
    }

    /// The image scaled into a `width` × `height` device-pixel pixmap, clipped, corners rounded.
    private func prepare(_ image: Pixmap, width w: Int, height h: Int, scale s: Double) -> Pixmap? {
        // Already that size, square-cornered: the image itself, the pixels a copy would hold (a
        // storyboard's panels, a thumbnail of a frame, are drawn so).
        if image.width == w && image.height == h && !isRounded { return image }
        guard let out = try? Pixmap(width: w, height: h) else { return nil }
        let bounds = Rect(x: 0, y: 0, width: Double(w), height: Double(h))
        Canvas(pixmap: out).draw(image, in: destination(for: image, in: bounds), sampling: .bilinear)
        if isRounded {
            let r = cornerRadii
            let radii = CornerRadii(topLeft: r.topLeft * s, topRight: r.topRight * s,
                                    bottomRight: r.bottomRight * s, bottomLeft: r.bottomLeft * s)
            let mask = Rasterizer.mask(for: .roundedRect(bounds, radii: radii), clip: out.bounds)
            let box = mask.bounds.intersection(out.bounds)
            mask.bytes.withUnsafeBufferPointer { bytes in
                for y in 0..<h {
                    let row = out.row(y)
                    // Outside the mask's box nothing is covered.
                    guard !box.isEmpty, y >= box.y, y < box.maxY else { row.update(repeating: 0, count: w); continue }
                    let coverage = bytes.baseAddress! + (y - mask.bounds.y) * mask.bounds.width - mask.bounds.x
                    for x in 0..<w {
                        let c = x >= box.x && x < box.maxX ? UInt32(coverage[x]) : 0
                        if c != 255 { row[x] = Kernels.scale(row[x], by: c &+ (c >> 7)) }
                    }
                }
            }
        }
        return out
    }

    private func drawPlaceholder(in canvas: Canvas) {
        var c = canvas
        c.clip(to: frame)
        c.fill(.roundedRect(frame, radii: cornerRadii), color: placeholderColor)
        let side = min(frame.width, frame.height) * 0.4
        let box = frame.aligned(Size(width: side, height: side), .center)
        c.fill(Icon.photo.path(in: box), color: placeholderIconColor, rule: Icon.photo.fillRule)
    }
}
