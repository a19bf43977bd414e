import CSDL2TTF
import Foundation
import Raster
import Views

/// Text through the system's fonts: fontconfig finds them, SDL_ttf (FreeType with light hinting) draws them.
///
/// Each character is drawn with the first face of a fallback chain that has all of its glyphs: the
/// primary face, a Japanese-capable face, then fontconfig's sorted list. A string is split into runs of one
/// face, measured and rendered run by run and aligned on a common baseline. Bold uses the family's bold
/// face when fontconfig has one and SDL_ttf's synthetic bold otherwise.
///
/// Costs: the first use of a size opens its faces (a few milliseconds each); widths are cached, renders
/// are not. Kerning does not cross a change of face. Lengths come back in points (device pixels ÷ scale);
/// a scale that is not a positive number counts as 1.
@MainActor
public final class SystemTextEngine: TextEngine {
    /// The size at which faces are opened only to ask whether they have a glyph.
    static let probeSize = 16
    /// How many measured widths are kept before the cache starts over.
    static let widthCacheCapacity = 2048

    let fonts: FontCache
    let regularChain: FallbackChain
    let boldChain: FallbackChain
    var faceChoices: [FaceChoiceKey: Int] = [:]
    private var widths: [WidthKey: Double] = [:]
    /// Recently rendered lines: overlays that come back (a tip shown again, a tour step revisited)
    /// draw the same strings, and rendering a line through SDL_ttf costs far more than a lookup.
    private var rendered: [WidthKey: RenderedText] = [:]
    static let renderCacheCapacity = 256

    private struct WidthKey: Hashable {
        var text: String
        var font: Font
        var scale: Double
    }

    /// The primary family's name, as fontconfig (or the font file) names it.
    public var familyName: String { regularChain.primary.family }

    /// An engine for `family` (a name such as "DejaVu Sans", or a generic one such as "sans-serif").
    ///
    /// Throws `FontError.familyNotFound` when fontconfig has no family of that name, rather than quietly
    /// using whatever it would substitute; generic names take fontconfig's preference.
    public convenience init(family: String = "sans-serif") throws {
        let fonts = try FontCache()
        let catalog = try FontCatalog()
        guard let match = catalog.bestMatch(family: family, weight: .regular) else {
            throw FontError.familyNotFound(family: family, matched: nil, installed: catalog.installedFamilies())
        }
        if !FontCatalog.isGeneric(family) && !match.familyNames.contains(where: { Self.sameFamily($0, family) }) {
            throw FontError.familyNotFound(family: family, matched: match.face.family,
                                           installed: catalog.installedFamilies())
        }
        // A bold face counts only when it belongs to the same family; otherwise the regular one is emboldened.
        var boldPrimary = match.face
        if let bold = catalog.bestMatch(family: family, weight: .bold),
           bold.familyNames.contains(where: { Self.sameFamily($0, match.face.family) }) {
            boldPrimary = bold.face
        }
        try self.init(fonts: fonts, catalog: catalog, family: family,
                      regular: match.face, bold: boldPrimary)
    }

    /// An engine whose primary face is the font file at `path` (face 0 of a collection), with the system's
    /// fonts as fallbacks. Throws `FontError.unreadableFile` naming the file when it cannot be opened.
    public convenience init(fontFile path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FontError.unreadableFile(path: path, reason: "no such font file")
        }
        guard !isDirectory.boolValue, FileManager.default.isReadableFile(atPath: path) else {
            throw FontError.unreadableFile(path: path, reason: isDirectory.boolValue ? "is a directory, not a font file"
                                                                                    : "font file is not readable")
        }
        let fonts = try FontCache()
        var face = FaceSource(file: path, index: 0, family: (path as NSString).lastPathComponent)
        guard let font = fonts.font(for: face, pixelSize: Self.probeSize) else {
            let reason = fonts.openingError(for: face, pixelSize: Self.probeSize) ?? "unknown error"
            throw FontError.unreadableFile(path: path, reason: "not a font SDL_ttf can open (\(reason))")
        }
        if let name = TTF_FontFaceFamilyName(font) { face.family = String(cString: name) }
        try self.init(fonts: fonts, catalog: try FontCatalog(), family: nil, regular: face, bold: face)
    }

    private init(fonts: FontCache, catalog: FontCatalog, family: String?,
                 regular: FaceSource, bold: FaceSource) throws {
        func chain(_ primary: FaceSource, _ weight: Font.Weight) -> FallbackChain {
            let japanese = catalog.bestMatch(family: nil, weight: weight, language: "ja").map { [$0.face] } ?? []
            let sorted = catalog.sortedMatches(family: family ?? "sans-serif", weight: weight)
            return FallbackChain(primary: primary, fallbacks: japanese + sorted, weight: weight)
        }
        self.fonts = fonts
        regularChain = chain(regular, .regular)
        boldChain = chain(bold, .bold)
        for primary in [regularChain.primary, boldChain.primary]
        where fonts.font(for: primary, pixelSize: Self.probeSize) == nil {
            let reason = fonts.openingError(for: primary, pixelSize: Self.probeSize) ?? "unknown error"
            throw FontError.unreadableFile(path: primary.file, reason: "not a font SDL_ttf can open (\(reason))")
        }
    }

    // MARK: - TextEngine

    /// The primary face's ascent, descent and line spacing at `font.size × scale` pixels, in points.
    public func metrics(for font: Font, scale: Double) -> FontMetrics {
        fonts.trimIfNeeded()
        let scale = Self.validScale(scale)
        guard let face = fonts.font(for: chain(for: font.weight).primary, pixelSize: Self.pixelSize(font, scale))
        else { return FontMetrics(ascent: 0.8 * font.size, descent: 0.2 * font.size, lineHeight: 1.2 * font.size) }
        let ascent = Double(TTF_FontAscent(face)), descent = Double(-TTF_FontDescent(face))
        let lineHeight = max(Double(TTF_FontLineSkip(face)), ascent + descent)
        return FontMetrics(ascent: ascent / scale, descent: descent / scale, lineHeight: lineHeight / scale)
    }

    /// The advance of `text` in points, measured without rendering and cached.
    public func width(of text: String, font: Font, scale: Double) -> Double {
        guard !text.isEmpty else { return 0 }
        let scale = Self.validScale(scale)
        let key = WidthKey(text: text, font: font, scale: scale)
        if let width = widths[key] { return width }
        fonts.trimIfNeeded()
        let pixelSize = Self.pixelSize(font, scale)
        let chain = chain(for: font.weight)
        var advance = 0
        for run in runs(of: text, weight: font.weight) {
            guard let face = fonts.font(for: chain.faces[run.faceIndex], pixelSize: pixelSize) else { continue }
            advance += Self.advance(of: run.text, in: face)
        }
        if widths.count >= Self.widthCacheCapacity { widths.removeAll(keepingCapacity: true) }
        let width = Double(advance) / scale
        widths[key] = width
        return width
    }

    /// `text` as coverage in device pixels, its baseline at y = 0 and its pen start at x = 0.
    public func render(_ text: String, font: Font, scale: Double) -> RenderedText {
        guard !text.isEmpty else { return RenderedText(mask: Mask(bounds: .zero), advance: 0) }
        let key = WidthKey(text: text, font: font, scale: scale)
        if let hit = rendered[key] { return hit }
        let line = renderUncached(text, font: font, scale: scale)
        if rendered.count >= Self.renderCacheCapacity { rendered.removeAll(keepingCapacity: true) }
        rendered[key] = line
        return line
    }

    private func renderUncached(_ text: String, font: Font, scale: Double) -> RenderedText {
        fonts.trimIfNeeded()
        let pixelSize = Self.pixelSize(font, Self.validScale(scale))
        let chain = chain(for: font.weight)
        var images: [RunImage] = []
        var penX = 0
        for run in runs(of: text, weight: font.weight) {
            guard let face = fonts.font(for: chain.faces[run.faceIndex], pixelSize: pixelSize) else { continue }
            let advance = Self.advance(of: run.text, in: face)
            if let image = RunImage(rendering: run.text, in: face, at: penX) { images.append(image) }
            penX += advance
        }
        return RenderedText(mask: RunImage.compose(images, advance: penX), advance: Double(penX))
    }

    // MARK: - Fallback

    /// The family that draws `scalar` at `weight`, or nil when no face in the chain has a glyph for it.
    public func fontName(for scalar: Unicode.Scalar, weight: Font.Weight = .regular) -> String? {
        let chain = chain(for: weight)
        return firstFace(providing: [scalar], in: chain).map { chain.faces[$0].family }
    }

    func chain(for weight: Font.Weight) -> FallbackChain { weight == .bold ? boldChain : regularChain }

    // MARK: - Helpers

    private static func sameFamily(_ a: String, _ b: String) -> Bool {
        func normalized(_ s: String) -> String { s.lowercased().filter { !$0.isWhitespace } }
        return normalized(a) == normalized(b)
    }

    static func validScale(_ scale: Double) -> Double { scale.isFinite && scale > 0 ? scale : 1 }

    /// `font.size × scale` rounded to whole pixels, kept within 1...1024.
    static func pixelSize(_ font: Font, _ scale: Double) -> Int {
        let pixels = (font.size * scale).rounded()
        return pixels.isFinite ? Int(min(max(pixels, 1), 1024)) : 1
    }

    /// The run's width in pixels as SDL_ttf lays it out (0 if it cannot).
    static func advance(of text: String, in font: OpaquePointer) -> Int {
        var width: Int32 = 0, height: Int32 = 0
        return TTF_SizeUTF8(font, text, &width, &height) == 0 ? Int(width) : 0
    }
}
