import Raster

/// A bitmap scaled into the view's frame, clipped to it. A missing image draws a placeholder.
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
    /// The fill behind a missing image.
    public var placeholderColor = Color(red: 0xE5, green: 0xE5, blue: 0xEA)
    /// The placeholder's picture colour.
    public var placeholderIconColor = Color(red: 0xAE, green: 0xAE, blue: 0xB2)

    /// Shows `image` (one image pixel is one point at its ideal size).
    public init(_ image: Pixmap?, contentMode: ContentMode = .fill) {
        self.image = image
        self.contentMode = contentMode
        super.init()
    }

    /// Resizable: takes any finite size offered; its ideal size is the image's.
    public override func sizeThatFits(_ p: ProposedSize) -> Size {
        let natural = image.map { Size(width: Double($0.width), height: Double($0.height)) } ?? .zero
        func pick(_ v: Double?, _ n: Double) -> Double { v.flatMap { $0.isFinite ? $0 : nil } ?? n }
        return Size(width: pick(p.width, natural.width), height: pick(p.height, natural.height))
    }

    public override var hasOwnContent: Bool { true }

    public override func draw(in canvas: Canvas) {
        guard !frame.isEmpty else { return }
        var c = canvas
        c.clip(to: frame)
        guard let image else {
            c.fill(frame, color: placeholderColor)
            let side = min(frame.width, frame.height) * 0.4
            let box = frame.aligned(Size(width: side, height: side), .center)
            c.fill(Icon.photo.path(in: box), color: placeholderIconColor, rule: Icon.photo.fillRule)
            return
        }
        let iw = Double(image.width), ih = Double(image.height)
        let sx = frame.width / iw, sy = frame.height / ih
        let s = contentMode == .fill ? max(sx, sy) : min(sx, sy)
        c.draw(image, in: frame.aligned(Size(width: iw * s, height: ih * s), .center), sampling: .bilinear)
    }
}
