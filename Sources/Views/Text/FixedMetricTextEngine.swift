import Raster

/// A text engine with made-up, font-independent metrics, so layout and pixel tests give the same numbers
/// on every machine.
///
/// Every character (grapheme cluster) advances 0.6 em; the ascent is 0.8 em, the descent 0.2 em and the
/// line height 1.2 em. Rendering draws each non-whitespace character as a solid box 0.5 em wide and
/// 0.7 em tall standing on the baseline at its pen position, with edges rounded to whole device pixels.
/// Nothing is cached and nothing touches the system's fonts. A scale that is not a positive number counts
/// as 1.
@MainActor
public final class FixedMetricTextEngine: TextEngine {
    /// Advance of every character, in em.
    public static let advance = 0.6
    /// Ascent, descent and line height, in em.
    public static let ascent = 0.8, descent = 0.2, lineHeight = 1.2
    /// Size of a character's box, in em.
    public static let boxWidth = 0.5, boxHeight = 0.7

    /// Creates the engine; it has no state.
    public init() {}

    /// 0.8, 0.2 and 1.2 times `font.size`, whatever the scale.
    public func metrics(for font: Font, scale: Double) -> FontMetrics {
        FontMetrics(ascent: Self.ascent * font.size, descent: Self.descent * font.size,
                    lineHeight: Self.lineHeight * font.size)
    }

    /// 0.6 × `font.size` for every character of `text`.
    public func width(of text: String, font: Font, scale: Double) -> Double {
        Double(text.count) * Self.advance * font.size
    }

    /// One solid box per non-whitespace character, in device pixels.
    public func render(_ text: String, font: Font, scale: Double) -> RenderedText {
        let scale = scale.isFinite && scale > 0 ? scale : 1
        let em = font.size * scale
        let advance = Double(text.count) * Self.advance * em
        guard !text.isEmpty, em.isFinite, em > 0 else { return RenderedText(mask: Mask(bounds: .zero), advance: 0) }
        let top = -Int((Self.ascent * em).rounded(.up)), bottom = Int((Self.descent * em).rounded(.up))
        var mask = Mask(bounds: IntRect(x: 0, y: top, width: Int(advance.rounded(.up)), height: bottom - top))
        let boxTop = -Int((Self.boxHeight * em).rounded())
        for (i, character) in text.enumerated() where !character.isWhitespace {
            let penX = Double(i) * Self.advance * em
            let x0 = Int(penX.rounded()), x1 = Int((penX + Self.boxWidth * em).rounded())
            for y in boxTop..<0 {
                let row = (y - top) * mask.width
                for x in x0..<x1 { mask.bytes[row + x] = 255 }
            }
        }
        return RenderedText(mask: mask, advance: advance)
    }
}
