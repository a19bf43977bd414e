/// How an image is sampled when drawn at another size.
public enum Sampling: Sendable {
    /// The nearest image pixel (sharp; right for one-to-one copies).
    case nearest
    /// A blend of the four nearest image pixels (smooth; right for scaled images).
    case bilinear
}

/// Draws paths, rectangles, images and coverage masks into a Pixmap, through a transform and a clip.
///
/// A canvas is a small value: copy it to save its state, change the copy, drop it to restore.
/// User space is points; `transform` maps it to device pixels (a scale for HiDPI, then translations).
/// The clip is a device rectangle, optionally narrowed by a coverage mask (rounded-rect clips).
///
/// The pixmap may hold only part of device space (`deviceBounds`): an overlay's card keeps the
/// pixels of its own rectangle of the screen and is painted in screen coordinates, so a view draws
/// the same device pixels into it as it would into a whole frame.
/// Hazard: translations and scales are exact; rotated transforms are supported for paths only.
public struct Canvas {
    /// The pixels drawn into.
    public let pixmap: Pixmap
    /// The device pixels `pixmap` holds: its own bounds, or a rectangle of a larger device space.
    public let deviceBounds: IntRect
    /// User space (points) to device pixels.
    public var transform: Transform
    /// Device pixels that may be written.
    public private(set) var clipRect: IntRect
    /// Extra coverage limit inside `clipRect` (nil = none).
    public private(set) var clipMask: Mask?

    /// A canvas over the whole pixmap with `scale` device pixels per point.
    public init(pixmap: Pixmap, scale: Double = 1) {
        self.init(pixmap: pixmap, scale: scale, deviceOrigin: (0, 0))
    }

    /// A canvas whose pixmap holds the device pixels from (`deviceOrigin.x`, `deviceOrigin.y`) on:
    /// device pixel (x, y) is the pixmap's pixel (x − origin.x, y − origin.y).
    public init(pixmap: Pixmap, scale: Double = 1, deviceOrigin: (x: Int, y: Int)) {
        self.pixmap = pixmap
        deviceBounds = IntRect(x: deviceOrigin.x, y: deviceOrigin.y, width: pixmap.width, height: pixmap.height)
        transform = .scale(scale)
        clipRect = deviceBounds
    }

    /// The pixmap's storage for device pixel (`x`, `y`), which must lie inside `deviceBounds`.
    @inline(__always) private func pixel(x: Int, y: Int) -> UnsafeMutablePointer<UInt32> {
        pixmap.row(y - deviceBounds.y) + (x - deviceBounds.x)
    }

    /// Device pixels per point.
    public var scale: Double { transform.maxScale }

    /// Moves the origin of user space.
    public mutating func translate(by dx: Double, _ dy: Double) { transform = transform.translatedBy(dx, dy) }

    /// Narrows the clip to `rect` (user space), snapped outwards to whole device pixels.
    public mutating func clip(to rect: Rect) {
        let device = transform.apply(rect)
        // Snap to the nearest pixel edges so adjacent clips neither overlap nor leave gaps.
        let r = IntRect(x: Int(clampedToInt: device.minX.rounded()), y: Int(clampedToInt: device.minY.rounded()),
                        width: 0, height: 0)
        let r2 = IntRect(x: r.x, y: r.y,
                         width: max(0, Int(clampedToInt: device.maxX.rounded()) - r.x),
                         height: max(0, Int(clampedToInt: device.maxY.rounded()) - r.y))
        clipRect = clipRect.intersection(r2)
        if let m = clipMask { clipMask = m.bounds.intersection(clipRect).isEmpty ? Mask(bounds: .zero) : m }
    }

    /// Narrows the clip to a device-pixel rectangle.
    public mutating func clip(toDevice rect: IntRect) { clipRect = clipRect.intersection(rect) }

    /// Narrows the clip to a rounded rectangle (anti-aliased edges).
    public mutating func clip(to rect: Rect, cornerRadius: Double) {
        guard cornerRadius > 0 else { clip(to: rect); return }
        clip(to: rect)
        let shape = Rasterizer.mask(for: .roundedRect(rect, radius: cornerRadius), transform: transform, clip: clipRect)
        clipMask = clipMask.map { shape.intersection($0) } ?? shape
        clipRect = clipRect.intersection(shape.bounds)
    }

    /// True when nothing can be drawn (the clip is empty).
    public var isClippedOut: Bool { clipRect.isEmpty }

    // MARK: - Filling

    /// Fills `path` (user space) with `color`, anti-aliased.
    public func fill(_ path: Path, color: Color, rule: FillRule = .nonZero) {
        guard color.alpha > 0, !clipRect.isEmpty else { return }
        let mask = Rasterizer.mask(for: path, fillRule: rule, transform: transform, clip: clipRect)
        draw(mask, color: color)
    }

    /// Fills a rectangle; pixel-aligned edges take a fast path with no coverage.
    public func fill(_ rect: Rect, color: Color) {
        guard color.alpha > 0, !clipRect.isEmpty else { return }
        let d = transform.apply(rect)
        let aligned = transform.b == 0 && transform.c == 0 &&
            d.minX == d.minX.rounded() && d.minY == d.minY.rounded() && d.maxX == d.maxX.rounded() && d.maxY == d.maxY.rounded()
        guard aligned, clipMask == nil else { fill(.rect(rect), color: color); return }
        let r = d.roundedOut.intersection(clipRect)
        guard !r.isEmpty else { return }
        let c = color.premultiplied
        for y in r.y..<r.maxY { Kernels.fill(pixel(x: r.x, y: y), count: r.width, color: c) }
    }

    /// Fills a rounded rectangle.
    public func fill(_ rect: Rect, cornerRadius: Double, color: Color) {
        if cornerRadius <= 0 { fill(rect, color: color) } else { fill(.roundedRect(rect, radius: cornerRadius), color: color) }
    }

    /// Tints a coverage mask (device pixels) with `color`, through the clip: the glyph blit.
    public func draw(_ mask: Mask, color: Color) {
        draw(mask, offsetX: 0, offsetY: 0, color: color)
    }

    /// Tints a coverage mask moved by (`offsetX`, `offsetY`) device pixels, leaving out the device
    /// pixels in `sparing` (what an opaque fill painted next will cover anyway).
    public func draw(_ mask: Mask, offsetX: Int, offsetY: Int, color: Color, sparing: IntRect? = nil) {
        let placed = IntRect(x: mask.bounds.x + offsetX, y: mask.bounds.y + offsetY, width: mask.width, height: mask.height)
        let r = placed.intersection(clipRect)
        guard !r.isEmpty, color.alpha > 0 else { return }
        let c = color.premultiplied
        let spared = sparing.map { $0.intersection(r) } ?? IntRect(x: r.x, y: r.y, width: 0, height: 0)
        var scratch = [UInt8](repeating: 0, count: r.width)
        mask.bytes.withUnsafeBufferPointer { m in
            scratch.withUnsafeMutableBufferPointer { tmp in
                for y in r.y..<r.maxY {
                    let src = m.baseAddress! + (y - placed.y) * placed.width + (r.x - placed.x)
                    let cov = clippedCoverage(src, row: y, x: r.x, count: r.width, scratch: tmp.baseAddress!)
                    guard !spared.isEmpty, y >= spared.y, y < spared.maxY else {
                        Kernels.fill(pixel(x: r.x, y: y), coverage: cov, count: r.width, color: c)
                        continue
                    }
                    // The row's parts left and right of the spared span.
                    Kernels.fill(pixel(x: r.x, y: y), coverage: cov, count: spared.x - r.x, color: c)
                    let after = spared.maxX - r.x
                    Kernels.fill(pixel(x: spared.maxX, y: y), coverage: cov + after, count: r.width - after, color: c)
                }
            }
        }
    }

    /// Whether a clip mask (a rounded clip) limits drawing, beyond the clip rectangle.
    public var hasClipMask: Bool { clipMask != nil }

    /// Coverage limited by the clip mask, if any (written into `scratch` in that case).
    private func clippedCoverage(_ cov: UnsafePointer<UInt8>, row y: Int, x: Int, count: Int,
                                 scratch: UnsafeMutablePointer<UInt8>) -> UnsafePointer<UInt8> {
        guard let clipMask else { return cov }
        scratch.update(from: cov, count: count)
        clipMask.bytes.withUnsafeBufferPointer { cm in
            let b = clipMask.bounds
            // clipRect lies inside the clip mask's bounds, so the row is inside too.
            Kernels.multiply(scratch, by: cm.baseAddress! + (y - b.y) * b.width + (x - b.x), count: count)
        }
        return UnsafePointer(scratch)
    }

    // MARK: - Images

    /// Draws `image` scaled to fill `rect` (user space), source-over, at `opacity` (0...1).
    public func draw(_ image: Pixmap, in rect: Rect, sampling: Sampling = .bilinear, opacity: Double = 1) {
        let d = transform.apply(rect)
        guard d.isFinite, d.width > 0, d.height > 0, opacity > 0 else { return }
        let r = d.roundedOut.intersection(clipRect)
        guard !r.isEmpty else { return }
        let op = UInt32((min(1, opacity) * 256).rounded())
        // One device pixel per image pixel at a whole-pixel position: a straight row blend.
        if d.width == Double(image.width), d.height == Double(image.height), d.minX == d.minX.rounded(),
           d.minY == d.minY.rounded(), clipMask == nil {
            let ox = Int(d.minX), oy = Int(d.minY)
            for y in r.y..<r.maxY {
                Kernels.blend(pixel(x: r.x, y: y), image.row(y - oy) + (r.x - ox), count: r.width, opacity: op)
            }
            return
        }
        // Fixed-point 16.16 source coordinates of device pixel centres, stepped from the column where
        // the image starts (not from the clip's left side), so any clip samples exactly what a full
        // draw samples there.
        let sx = Double(image.width) / d.width, sy = Double(image.height) / d.height
        let stepX = Int(clampedToInt: sx * 65536)
        let startColumn = Int(clampedToInt: d.minX.rounded(.down))
        let u0 = (Double(startColumn) + 0.5 - d.minX) * sx
        let nearestStart = Int(clampedToInt: u0 * 65536) &+ (r.x &- startColumn) &* stepX
        let bilinearStart = Int(clampedToInt: (u0 - 0.5) * 65536) &+ (r.x &- startColumn) &* stepX
        var rowPixels = [UInt32](repeating: 0, count: r.width)
        var scratch = [UInt8](repeating: 0, count: r.width)
        let maxX = image.width - 1, maxY = image.height - 1
        // Bilinear sampling is separable: each image row a device row reads is first interpolated
        // across (the columns' sources and weights worked out once), and kept while the next
        // device rows read it too; a device pixel is then one lerp down. The same lerps, in the
        // same order, as interpolating each pixel from its four sources.
        var lines = sampling == .bilinear ? InterpolatedLines(start: bilinearStart, step: stepX, width: r.width, maxX: maxX) : nil
        defer { lines?.deallocate() }
        rowPixels.withUnsafeMutableBufferPointer { buf in
            let out = buf.baseAddress!
            for y in r.y..<r.maxY {
                let v = (Double(y) + 0.5 - d.minY) * sy
                if sampling == .nearest && stepX == 65536 && clipMask == nil {
                    // One image pixel per device pixel at a fractional position (a card at a
                    // fractional point): column i samples image column base + i, clamped at the
                    // image's sides. The unclamped run is blended straight from the image row.
                    let srcRow = image.row(min(maxY, max(0, Int(clampedToInt: v.rounded(.down)))))
                    let base = nearestStart >> 16
                    let lo = min(r.width, max(0, -base)), hi = max(lo, min(r.width, maxX + 1 - base))
                    let dst = pixel(x: r.x, y: y)
                    if lo > 0 { out.update(repeating: srcRow[0], count: lo) }
                    if hi < r.width { (out + hi).update(repeating: srcRow[maxX], count: r.width - hi) }
                    Kernels.blend(dst, out, count: lo, opacity: op)
                    Kernels.blend(dst + lo, srcRow + (base + lo), count: hi - lo, opacity: op)
                    Kernels.blend(dst + hi, out + hi, count: r.width - hi, opacity: op)
                    continue
                }
                switch sampling {
                case .nearest:
                    let srcRow = image.row(min(maxY, max(0, Int(clampedToInt: v.rounded(.down)))))
                    var u = nearestStart
                    for i in 0..<r.width {
                        out[i] = srcRow[min(maxX, max(0, u >> 16))]
                        u &+= stepX
                    }
                case .bilinear:
                    let vf = v - 0.5
                    let vy = Int(clampedToInt: vf.rounded(.down))
                    let fy = UInt32(Int(clampedToInt: (vf - Double(vy)) * 256))
                    let y0 = min(maxY, max(0, vy)), y1 = min(maxY, max(0, vy + 1))
                    let top = lines!.line(y0, keeping: y1, of: image)
                    let bottom = lines!.line(y1, keeping: y0, of: image)
                    for i in 0..<r.width { out[i] = Canvas.lerp(top[i], bottom[i], fy) }
                }
                if clipMask != nil {
                    scratch.withUnsafeMutableBufferPointer { s in
                        s.baseAddress!.update(repeating: 255, count: r.width)
                        let cov = clippedCoverage(s.baseAddress!, row: y, x: r.x, count: r.width, scratch: s.baseAddress!)
                        for i in 0..<r.width { out[i] = Kernels.scale(out[i], by: Kernels.widen(UInt32(cov[i]))) }
                    }
                }
                Kernels.blend(pixel(x: r.x, y: y), out, count: r.width, opacity: op)
            }
        }
    }

    /// Blends `image` source-over with its top-left pixel at device pixel (`x`, `y`), one image pixel
    /// per device pixel, at `opacity` (0...1), through the clip rectangle (an offscreen card put back).
    public func blend(_ image: Pixmap, atDeviceX x: Int, y: Int, opacity: Double = 1) {
        let placed = IntRect(x: x, y: y, width: image.width, height: image.height)
        guard opacity > 0, clipMask == nil else {
            if opacity > 0 { draw(image, in: Rect(x: Double(x), y: Double(y), width: Double(image.width), height: Double(image.height))
                                  .scaled(by: 1 / scale), sampling: .nearest, opacity: opacity) }
            return
        }
        let r = placed.intersection(clipRect)
        guard !r.isEmpty else { return }
        let op = UInt32((min(1, opacity) * 256).rounded())
        for row in r.y..<r.maxY {
            Kernels.blend(pixel(x: r.x, y: row), image.row(row - y) + (r.x - x), count: r.width, opacity: op)
        }
    }

    /// Interpolates two premultiplied pixels by `t / 256`.
    @inline(__always) static func lerp(_ a: UInt32, _ b: UInt32, _ t: UInt32) -> UInt32 {
        let u = 256 &- t
        let rb = ((a & 0x00FF_00FF) &* u &+ (b & 0x00FF_00FF) &* t &+ 0x0080_0080) >> 8 & 0x00FF_00FF
        let ag = (((a >> 8) & 0x00FF_00FF) &* u &+ ((b >> 8) & 0x00FF_00FF) &* t &+ 0x0080_0080) & 0xFF00_FF00
        return rb | ag
    }

    // MARK: - Shadows

    /// The feather radius, in device pixels, of a shadow blurred by `blur` points at `scale`.
    static func shadowRadius(blur: Double, scale: Double) -> Int { Int(clampedToInt: (blur * scale).rounded()) }

    /// How far (points) a shadow blurred by `blur` points at `scale` reaches beyond its shape, before
    /// any offset: nothing it draws lies further out.
    public static func shadowReach(blur: Double, scale: Double) -> Double {
        Double(Mask.featherReach(radius: shadowRadius(blur: blur, scale: scale))) / scale
    }

    /// Draws the shadow of a rounded rectangle: `rect` moved by (`dx`, `dy`), blurred by `blur`
    /// points, tinted `color`.
    public func drawShadow(of rect: Rect, cornerRadius: Double, blur: Double, dx: Double = 0, dy: Double = 0, color: Color) {
        let shape = Path.roundedRect(rect.offsetBy(dx: dx, dy: dy), radius: cornerRadius)
        let radius = Canvas.shadowRadius(blur: blur, scale: scale)
        let grown = IntRect(x: clipRect.x - radius, y: clipRect.y - radius,
                            width: clipRect.width + 2 * radius, height: clipRect.height + 2 * radius)
        let mask = Rasterizer.mask(for: shape, transform: transform, clip: grown).feathered(radius: radius)
        draw(mask, color: color)
    }
}
