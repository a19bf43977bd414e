import Raster

/// A font request: a size in points and a weight. Families are the engine's business.
public struct Font: Hashable, Sendable {
    /// How heavy the strokes are: regular or bold.
    public enum Weight: String, Hashable, Sendable { case regular, bold }
    /// The size in points (the em).
    public var size: Double
    /// Regular or bold.
    public var weight: Weight
    /// A family of its own ("DejaVu Serif"); nil: the text engine's.
    public var family: String?
    /// A font request of `size` points and `weight`, in `family` (nil: the engine's).
    public init(size: Double, weight: Weight = .regular, family: String? = nil) { self.size = size; self.weight = weight; self.family = family }

    /// Body text (15 pt).
    public static let body = Font(size: 15)
    /// Small print (13 pt).
    public static let caption = Font(size: 13)
    /// A bold line above body text (17 pt bold).
    public static let headline = Font(size: 17, weight: .bold)
    /// A screen's large title (34 pt bold).
    public static let largeTitle = Font(size: 34, weight: .bold)
}

/// Vertical metrics of a font at one size, in points.
public struct FontMetrics: Hashable, Sendable {
    /// Distance from the top of a line box to the baseline.
    public var ascent: Double
    /// Distance from the baseline to the bottom of a line box (positive).
    public var descent: Double
    /// The distance between two baselines.
    public var lineHeight: Double
    /// Metrics from their three parts.
    public init(ascent: Double, descent: Double, lineHeight: Double) {
        self.ascent = ascent; self.descent = descent; self.lineHeight = lineHeight
    }
}

/// One line of text rendered into coverage, ready to be tinted onto a canvas, and its colour glyphs
/// (emoji), drawn as they are.
///
/// `@unchecked Sendable`: the colour glyphs' pixmaps are made once and never changed after.
public struct RenderedText: @unchecked Sendable {
    /// A glyph in its own colours (an emoji's bitmap), placed like the mask.
    public struct ColorGlyph {
        /// The glyph's pixels, premultiplied.
        public var image: Pixmap
        /// Its top-left corner, in device pixels from the pen's start on the baseline.
        public var x: Int, y: Int
        /// A glyph from its parts.
        public init(image: Pixmap, x: Int, y: Int) { self.image = image; self.x = x; self.y = y }
    }

    /// Glyph coverage in device pixels, placed relative to the pen's start on the baseline (0, 0).
    public var mask: Mask
    /// How far the pen moved, in device pixels.
    public var advance: Double
    /// Glyphs that carry their own colours, never tinted.
    public var colorGlyphs: [ColorGlyph]
    /// A rendered line from its coverage, advance and colour glyphs.
    public init(mask: Mask, advance: Double, colorGlyphs: [ColorGlyph] = []) {
        self.mask = mask; self.advance = advance; self.colorGlyphs = colorGlyphs
    }
}

extension Canvas {
    /// Draws `text` with its pen's start on the baseline at device pixel (`x`, `y`): its coverage
    /// tinted `color`, its colour glyphs (emoji) in their own colours at the tint's opacity.
    public func draw(_ text: RenderedText, atDeviceX x: Int, y: Int, color: Color) {
        draw(text.mask, offsetX: x, offsetY: y, color: color)
        for glyph in text.colorGlyphs {
            blend(glyph.image, atDeviceX: x + glyph.x, y: y + glyph.y, opacity: Double(color.alpha) / 255)
        }
    }
}

/// Measures, breaks into lines and renders text.
///
/// `scale` is device pixels per point: engines measure and render at `font.size × scale` pixels so that
/// text is crisp on HiDPI frames, and report lengths back in points. Engines pick a fallback font per
/// grapheme cluster, so mixed scripts never show missing-glyph boxes. The system engine shapes with
/// HarfBuzz, orders mixed directions with FriBidi and breaks lines with ICU; `lines` and
/// `render(_:font:scale:)` of a `TextLine` default to simple rules for engines that have none.
@MainActor
public protocol TextEngine: AnyObject {
    /// Vertical metrics of `font` at `scale`, in points.
    func metrics(for font: Font, scale: Double) -> FontMetrics
    /// The advance width of `text` on one line, in points.
    func width(of text: String, font: Font, scale: Double) -> Double
    /// `text` on one line as coverage in device pixels.
    func render(_ text: String, font: Font, scale: Double) -> RenderedText
    /// `text` broken into lines at most `maxWidth` points wide (nil: only at line breaks), at most
    /// `lineLimit` of them (the last then ends with an ellipsis), in `language` (its line-breaking
    /// rules and glyph forms; nil: the text's own).
    func lines(of text: String, font: Font, scale: Double, maxWidth: Double?, lineLimit: Int?, language: String?) -> [TextLine]
    /// One line as `lines` made it (its direction decides the order of mixed runs).
    func render(_ line: TextLine, font: Font, scale: Double) -> RenderedText
    /// Where each character of `text` on one line sits as `render(_:font:scale:)` draws it, for
    /// carets and selections.
    func characterPlaces(of text: String, font: Font, scale: Double) -> CharacterPlaces
}

extension TextEngine {
    /// Greedy filling after spaces (see `SimpleLineBreaking`).
    public func lines(of text: String, font: Font, scale: Double, maxWidth: Double?, lineLimit: Int?, language: String?) -> [TextLine] {
        SimpleLineBreaking.lines(of: text, maxWidth: maxWidth, lineLimit: lineLimit) { width(of: $0, font: font, scale: scale) }
    }

    /// The line's text, rendered left to right.
    public func render(_ line: TextLine, font: Font, scale: Double) -> RenderedText { render(line.text, font: font, scale: scale) }

    /// Each character after the one before, left to right (an engine without bidi).
    public func characterPlaces(of text: String, font: Font, scale: Double) -> CharacterPlaces {
        CharacterPlaces(leftToRightWidths: text.map { width(of: String($0), font: font, scale: scale) })
    }
}
