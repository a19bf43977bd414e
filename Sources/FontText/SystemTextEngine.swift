import CFontconfig
import CHarfBuzz
import Foundation
import Raster
import Views

/// Text through the system's fonts, as Pango would set it: fontconfig finds the faces, HarfBuzz
/// shapes every run (Arabic joining, Devanagari conjuncts, Thai marks, ligatures, kerning), FriBidi
/// orders mixed directions (UAX #9), ICU breaks lines (UAX #14 with the language's rules) and
/// FreeType draws the glyphs — colour emoji in their own colours.
///
/// Why HarfBuzz on FreeType faces rather than through SDL_ttf: SDL_ttf shapes one run at a time and
/// gives back a picture, not glyphs, so it cannot place a line whose runs change direction, measure
/// where a line may break inside a run, cut at a grapheme cluster, or draw a colour glyph in colour.
///
/// Each grapheme cluster (UAX #29) is drawn with the first face of a fallback chain that has all of
/// its glyphs: the primary face, the faces fontconfig prefers for the text's language (so Han takes
/// its Japanese, Simplified or Traditional Chinese or Korean forms), the colour emoji face (first for
/// clusters with an emoji presentation), then fontconfig's sorted list. A line is split into items
/// of one embedding level, script and face, each shaped with its neighbours as context, and the
/// items are put in visual order.
///
/// Costs: the first use of a size opens its faces; shaped lines, widths, renders and line breaks are
/// cached per string, font, scale and width.
@MainActor
public final class SystemTextEngine: TextEngine {
    /// The size at which faces are opened only to ask whether they have a glyph.
    static let probeSize = 16
    /// How many cached results of each kind are kept (see `BoundedCache`).
    static let cacheCapacity = 2048

    let fonts: FontCache
    let catalog: FontCatalog
    let family: String?
    /// Languages whose faces come right after the text's own language's, for characters the primary
    /// face lacks (an app in English that shows Japanese names lists `ja`).
    public let fallbackLanguages: [String]
    let regularPrimary: FaceSource
    let boldPrimary: FaceSource
    var chains = BoundedCache<ChainKey, FallbackChain>(capacity: 256)
    var faceChoices = BoundedCache<FaceChoiceKey, Int>(capacity: 8192)
    var shaped = BoundedCache<LineKey, ShapedLine>(capacity: cacheCapacity)
    var rendered = BoundedCache<LineKey, RenderedText>(capacity: cacheCapacity)
    var laidOut = BoundedCache<LayoutKey, [TextLine]>(capacity: cacheCapacity)
    /// What breaking a paragraph needs at any width: its characters in logical order, its direction,
    /// each character's advance (the paragraph shaped as a whole, 26.6) and its break opportunities.
    struct AnalyzedParagraph {
        var characters: [Character]; var direction: TextDirection; var advances: [Int]
        var breaks: (allowed: Set<Int>, required: Set<Int>)
    }
    var analyzed = BoundedCache<LineKey, AnalyzedParagraph>(capacity: cacheCapacity)

    struct ChainKey: Hashable { var weight: Font.Weight; var language: String?; var family: String? = nil }
    /// The regular and bold primary faces of families asked for by name (`Font.family`).
    var familyPrimaries: [String: (regular: FaceSource, bold: FaceSource)] = [:]

    /// The primary face for `font`: its family's, when it names one fontconfig has, else the engine's.
    func primary(for font: Font) -> FaceSource {
        guard let family = font.family else { return font.weight == .bold ? boldPrimary : regularPrimary }
        if let p = familyPrimaries[family] { return font.weight == .bold ? p.bold : p.regular }
        var p = (regular: regularPrimary, bold: boldPrimary)
        if let match = catalog.bestMatch(family: family, weight: .regular), match.familyNames.contains(where: { Self.sameFamily($0, family) }) {
            var bold = match.face
            bold.syntheticBold = true
            if let b = catalog.bestMatch(family: family, weight: .bold), b.familyNames.contains(where: { Self.sameFamily($0, family) }) { bold = b.face }
            p = (match.face, bold)
        }
        familyPrimaries[family] = p
        return font.weight == .bold ? p.bold : p.regular
    }
    struct FaceChoiceKey: Hashable { var character: Character; var chain: ChainKey }
    struct LineKey: Hashable {
        var text: String; var font: Font; var pixelSize: Int; var direction: TextDirection?; var language: String?
    }
    struct LayoutKey: Hashable {
        var text: String; var font: Font; var scale: Double; var maxWidth: Double?; var lineLimit: Int?; var language: String?
    }

    /// The primary family's name, as fontconfig (or the font file) names it.
    var familyName: String { regularPrimary.family }

    /// The family text is set in unless an app names its own: DejaVu Sans, named rather than
    /// "sans-serif" so that installing more fonts (fontconfig then prefers Noto Sans) changes no frame.
    public static let defaultFamily = "DejaVu Sans"

    /// An engine for `family` (a name such as "DejaVu Sans", or a generic one such as "sans-serif"),
    /// trying the faces of `fallbackLanguages` first for characters the family lacks.
    ///
    /// Throws `FontError.familyNotFound` when fontconfig has no family of that name, rather than quietly
    /// using whatever it would substitute; generic names take fontconfig's preference. Faces are
    /// found through `configuration` (loaded now when nil).
    public convenience init(family: String = SystemTextEngine.defaultFamily, fallbackLanguages: [String] = [],
                            configuration: FontConfiguration? = nil) throws {
        let fonts = try FontCache()
        let catalog = try FontCatalog(configuration: configuration)
        guard let match = catalog.bestMatch(family: family, weight: .regular) else {
            throw FontError.familyNotFound(family: family, matched: nil, installed: catalog.installedFamilies())
        }
        if !FontCatalog.isGeneric(family) && !match.familyNames.contains(where: { Self.sameFamily($0, family) }) {
            throw FontError.familyNotFound(family: family, matched: match.face.family, installed: catalog.installedFamilies())
        }
        // A bold face counts only when it belongs to the same family; otherwise the regular one is emboldened.
        var boldPrimary = match.face
        boldPrimary.syntheticBold = true
        if let bold = catalog.bestMatch(family: family, weight: .bold),
           bold.familyNames.contains(where: { Self.sameFamily($0, match.face.family) }) {
            boldPrimary = bold.face
        }
        try self.init(fonts: fonts, catalog: catalog, family: family, regular: match.face, bold: boldPrimary, fallbackLanguages: fallbackLanguages)
    }

    /// Whether an installed font covers `language` (a BCP 47 tag): false when its text would show
    /// as empty boxes. The pseudo-locales are Latin, so English's fonts cover them.
    public func hasFont(forLanguage language: String) -> Bool {
        if PseudoLocale.isPseudo(language) { return true }
        let primary = String(language.prefix { $0 != "-" })
        return catalog.covers(language: language) || catalog.covers(language: primary)
    }

    /// An engine whose primary face is the font file at `path` (face 0 of a collection), with the system's
    /// fonts as fallbacks. Throws `FontError.unreadableFile` naming the file when it cannot be opened.
    public convenience init(fontFile path: String, fallbackLanguages: [String] = []) throws {
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
        guard let opened = fonts.face(for: face, pixelSize: Self.probeSize) else {
            throw FontError.unreadableFile(path: path, reason: "not a font FreeType can open")
        }
        if let name = opened.face.pointee.family_name { face.family = String(cString: name) }
        var bold = face
        bold.syntheticBold = true
        try self.init(fonts: fonts, catalog: try FontCatalog(), family: nil, regular: face, bold: bold, fallbackLanguages: fallbackLanguages)
    }

    private init(fonts: FontCache, catalog: FontCatalog, family: String?, regular: FaceSource, bold: FaceSource,
                 fallbackLanguages: [String]) throws {
        self.fonts = fonts
        self.catalog = catalog
        self.family = family
        self.fallbackLanguages = fallbackLanguages
        regularPrimary = regular
        boldPrimary = bold
        for primary in [regular, bold] where fonts.face(for: primary, pixelSize: Self.probeSize) == nil {
            throw FontError.unreadableFile(path: primary.file, reason: "not a font FreeType can open")
        }
    }

    // MARK: - TextEngine

    /// The primary face's ascent, descent and line spacing at `font.size × scale` pixels, in points.
    public func metrics(for font: Font, scale: Double) -> FontMetrics {
        fonts.trimIfNeeded()
        let scale = Self.validScale(scale)
        guard let face = fonts.face(for: primary(for: font), pixelSize: Self.pixelSize(font, scale))
        else { return FontMetrics(ascent: 0.8 * font.size, descent: 0.2 * font.size, lineHeight: 1.2 * font.size) }
        let ascent = Double(face.ascent), descent = Double(face.descent)
        let lineHeight = max(Double(face.lineSkip), ascent + descent)
        return FontMetrics(ascent: ascent / scale, descent: descent / scale, lineHeight: lineHeight / scale)
    }

    /// The advance of `text` on one line in points (its direction from its first strong character).
    public func width(of text: String, font: Font, scale: Double) -> Double {
        guard !text.isEmpty else { return 0 }
        let scale = Self.validScale(scale)
        return Double(shapedLine(text, font: font, pixelSize: Self.pixelSize(font, scale), direction: nil, language: nil).advance) / 64 / scale
    }

    /// Where each character of `text` sits on its shaped line (its direction from its first strong
    /// character, as `render` draws it): the span of its glyphs, and FriBidi's level for its
    /// direction. The characters of a ligature after its first share its glyph's span.
    public func characterPlaces(of text: String, font: Font, scale: Double) -> CharacterPlaces {
        guard !text.isEmpty else { return CharacterPlaces(spans: [], isRightToLeft: [], width: 0) }
        let scale = Self.validScale(scale)
        let shaped = shapedLine(text, font: font, pixelSize: Self.pixelSize(font, scale), direction: nil, language: nil)
        var paragraph = BidiParagraph(text, direction: nil, language: nil)
        paragraph.resetTrailingWhitespace(of: 0..<paragraph.characters.count)
        let count = paragraph.characters.count
        var left = [Int?](repeating: nil, count: count), right = [Int?](repeating: nil, count: count)
        for g in shaped.glyphs where g.character < count {
            left[g.character] = min(left[g.character] ?? g.x, g.x)
            right[g.character] = max(right[g.character] ?? g.x + g.advance, g.x + g.advance)
        }
        // A ligature's later characters: an equal share of the span of the character that has its glyph.
        var spans = [(left: Double, right: Double)](repeating: (0, 0), count: count)
        var c = 0
        while c < count {
            var end = c + 1
            while end < count, left[end] == nil { end += 1 }
            let l = Double(left[c] ?? 0) / 64 / scale, r = Double(right[c] ?? left[c] ?? 0) / 64 / scale
            let share = (r - l) / Double(end - c)
            let rtl = paragraph.levels[c] & 1 == 1
            for k in c..<end {
                let i = Double(k - c)
                spans[k] = rtl ? (r - share * (i + 1), r - share * i) : (l + share * i, l + share * (i + 1))
            }
            c = end
        }
        return CharacterPlaces(spans: spans, isRightToLeft: paragraph.levels.map { $0 & 1 == 1 }, width: Double(shaped.advance) / 64 / scale)
    }

    /// `text` on one line, shaped and in visual order, as coverage and colour glyphs.
    public func render(_ text: String, font: Font, scale: Double) -> RenderedText {
        render(TextLine(text: text, width: 0, direction: BidiParagraph(text, direction: nil, language: nil).direction), font: font, scale: scale)
    }

    /// One line, in its paragraph's direction: shaped, in visual order, drawn.
    public func render(_ line: TextLine, font: Font, scale: Double) -> RenderedText {
        guard !line.text.isEmpty else { return RenderedText(mask: Mask(bounds: .zero), advance: 0) }
        let scale = Self.validScale(scale)
        let pixelSize = Self.pixelSize(font, scale)
        let key = LineKey(text: line.text, font: font, pixelSize: pixelSize, direction: line.direction, language: line.language)
        if let hit = rendered[key] { return hit }
        fonts.trimIfNeeded()
        let shaped = shapedLine(line.text, font: font, pixelSize: pixelSize, direction: line.direction, language: line.language)
        let image = draw(shaped, font: font, pixelSize: pixelSize, language: line.language)
        rendered.insert(image, for: key)
        return image
    }

    // MARK: - Helpers

    static func sameFamily(_ a: String, _ b: String) -> Bool {
        func normalized(_ s: String) -> String { s.lowercased().filter { !$0.isWhitespace } }
        return normalized(a) == normalized(b)
    }

    static func validScale(_ scale: Double) -> Double { scale.isFinite && scale > 0 ? scale : 1 }

    /// `font.size × scale` rounded to whole pixels, kept within 1...1024.
    static func pixelSize(_ font: Font, _ scale: Double) -> Int {
        let pixels = (font.size * scale).rounded()
        return pixels.isFinite ? Int(min(max(pixels, 1), 1024)) : 1
    }
}
