import Raster

/// A font request: a size in points and a weight. Families are the engine's business.
public struct Font: Hashable, Sendable {
    /// How heavy the strokes are: regular or bold.
    public enum Weight: String, Hashable, Sendable { case regular, bold }
    /// The size in points (the em).
    public var size: Double
    /// Regular or bold.
    public var weight: Weight
    /// A font request of `size` points and `weight`.
    public init(size: Double, weight: Weight = .regular) { self.size = size; self.weight = weight }

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

/// One line of text rendered into coverage, ready to be tinted onto a canvas.
public struct RenderedText: Sendable {
    /// Glyph coverage in device pixels, placed relative to the pen's start on the baseline (0, 0).
    public var mask: Mask
    /// How far the pen moved, in device pixels.
    public var advance: Double
    /// A rendered line from its coverage and advance.
    public init(mask: Mask, advance: Double) { self.mask = mask; self.advance = advance }
}

/// Measures and renders single lines of text. Line breaking, truncation and alignment live in Views;
/// the engine only answers for one line at a time.
///
/// `scale` is device pixels per point: engines measure and render at `font.size × scale` pixels so that
/// text is crisp on HiDPI frames, and report lengths back in points. Engines pick a fallback font per
/// glyph, so mixed scripts never show missing-glyph boxes.
@MainActor
public protocol TextEngine: AnyObject {
    /// Vertical metrics of `font` at `scale`, in points.
    func metrics(for font: Font, scale: Double) -> FontMetrics
    /// The advance width of `text` on one line, in points.
    func width(of text: String, font: Font, scale: Double) -> Double
    /// `text` on one line as coverage in device pixels.
    func render(_ text: String, font: Font, scale: Double) -> RenderedText
}
