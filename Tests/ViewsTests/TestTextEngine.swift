import Raster
import Views

/// A fixed-metric text engine for layout tests: every Latin character advances half the font size,
/// CJK characters the full size; line height is 1.2 × size rounded up. Glyphs render as boxes.
/// (Temporary until the shared FixedMetricTextEngine lands.)
@MainActor
final class TestTextEngine: TextEngine {
    func metrics(for font: Font, scale: Double) -> FontMetrics {
        FontMetrics(ascent: font.size * 0.8, descent: font.size * 0.2, lineHeight: (font.size * 1.2).rounded(.up))
    }

    func advance(of c: Character, font: Font) -> Double {
        let v = c.unicodeScalars.first?.value ?? 0
        return (v >= 0x2E80 ? 1.0 : 0.5) * font.size
    }

    func width(of text: String, font: Font, scale: Double) -> Double {
        text.reduce(0) { $0 + advance(of: $1, font: font) }
    }

    func render(_ text: String, font: Font, scale: Double) -> RenderedText {
        let total = width(of: text, font: font, scale: scale) * scale
        let top = Int((font.size * 0.7 * scale).rounded(.up))
        var mask = Mask(bounds: IntRect(x: 0, y: -top, width: max(1, Int(total.rounded(.up))), height: max(1, top)))
        var x = 0.0
        for c in text {
            let a = advance(of: c, font: font) * scale
            if !c.isWhitespace {
                let x0 = Int((x + 1).rounded()), x1 = Int((x + a - 1).rounded())
                if x1 > x0 {
                    for row in 0..<mask.height { for col in x0..<min(x1, mask.width) { mask.bytes[row * mask.width + col] = 255 } }
                }
            }
            x += a
        }
        return RenderedText(mask: mask, advance: total)
    }
}

/// A root over `content` with the test engine and a virtual clock.
@MainActor
func makeRoot(_ content: View, size: Size = Size(390, 844), scale: Double = 1, safeArea: EdgeInsets = .zero) throws -> ViewRoot {
    try ViewRoot(content: content, size: size, scale: scale, safeArea: safeArea, textEngine: TestTextEngine(), clock: VirtualClock())
}

/// A view of a fixed size that counts how often it is measured and placed.
@MainActor
final class Probe: View {
    var size: Size
    var measureCount = 0
    var placeCount = 0
    var color: Color
    init(_ size: Size, color: Color = .black) { self.size = size; self.color = color; super.init() }
    override func sizeThatFits(_ p: ProposedSize) -> Size { measureCount += 1; return size }
    override func placeSubviews(in bounds: Rect) { placeCount += 1 }
    override var hasOwnContent: Bool { true }
    override func draw(in canvas: Canvas) { canvas.fill(frame, color: color) }
}
