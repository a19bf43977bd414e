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
    /// How many cached results of each kind are kept before that cache starts over.
    static let cacheCapacity = 1024

    let fonts: FontCache
    private let catalog: FontCatalog
    private let family: String?
    /// Languages whose faces come right after the text's own language's, for characters the primary
    /// face lacks (an app in English that shows Japanese names lists `ja`).
    public let fallbackLanguages: [String]
    private let regularPrimary: FaceSource
    private let boldPrimary: FaceSource
    private var chains: [ChainKey: FallbackChain] = [:]
    private var faceChoices: [FaceChoiceKey: Int] = [:]
    private var shaped: [LineKey: ShapedLine] = [:]
    private var rendered: [LineKey: RenderedText] = [:]
    private var laidOut: [LayoutKey: [TextLine]] = [:]
    /// What breaking a paragraph needs at any width: its characters in logical order, its direction,
    /// each character's advance (the paragraph shaped as a whole, 26.6) and its break opportunities.
    private struct AnalyzedParagraph {
        var characters: [Character]; var direction: TextDirection; var advances: [Int]
        var breaks: (allowed: Set<Int>, required: Set<Int>)
    }
    private var analyzed: [LineKey: AnalyzedParagraph] = [:]

    private struct ChainKey: Hashable { var weight: Font.Weight; var language: String?; var family: String? = nil }
    /// The regular and bold primary faces of families asked for by name (`Font.family`).
    private var familyPrimaries: [String: (regular: FaceSource, bold: FaceSource)] = [:]

    /// The primary face for `font`: its family's, when it names one fontconfig has, else the engine's.
    private func primary(for font: Font) -> FaceSource {
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
    private struct FaceChoiceKey: Hashable { var character: Character; var chain: ChainKey }
    private struct LineKey: Hashable {
        var text: String; var font: Font; var pixelSize: Int; var direction: TextDirection?; var language: String?
    }
    private struct LayoutKey: Hashable {
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
    /// using whatever it would substitute; generic names take fontconfig's preference.
    public convenience init(family: String = SystemTextEngine.defaultFamily, fallbackLanguages: [String] = []) throws {
        let fonts = try FontCache()
        let catalog = try FontCatalog()
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

    // MARK: - Fallback chains

    /// The faces tried for text at `weight` in `language`, in the engine's family.
    func chain(for weight: Font.Weight, language: String?) -> FallbackChain { chain(for: Font(size: 1, weight: weight), language: language) }

    /// The faces tried for text in `font` (its family first, when it names one) in `language`.
    func chain(for font: Font, language: String?) -> FallbackChain {
        let weight = font.weight
        let key = ChainKey(weight: weight, language: language.map(Self.fontconfigLanguage), family: font.family)
        if let chain = chains[key] { return chain }
        var fallbacks: [FaceSource] = []
        // The language's own faces first (its Han forms), then those of the languages the app
        // prefers for text that says nothing, then colour emoji, then the sorted list.
        if let lang = key.language, let match = catalog.bestMatch(family: nil, weight: weight, language: lang) { fallbacks.append(match.face) }
        for preferred in fallbackLanguages {
            if let match = catalog.bestMatch(family: nil, weight: weight, language: Self.fontconfigLanguage(preferred)) { fallbacks.append(match.face) }
        }
        if let emoji = catalog.bestMatch(family: "emoji", weight: .regular) { fallbacks.append(emoji.face) }
        fallbacks += catalog.sortedMatches(family: family ?? "sans-serif", weight: weight)
        var all = fallbacks
        if font.family != nil { all.insert(weight == .bold ? boldPrimary : regularPrimary, at: 0) }
        var chain = FallbackChain(primary: primary(for: font), fallbacks: all, weight: weight, language: key.language)
        chain.family = font.family
        chains[key] = chain
        return chain
    }

    /// fontconfig's spelling of a language tag (`zh-Hans` is `zh-cn`, `pt_BR` is `pt-br`).
    static func fontconfigLanguage(_ tag: String) -> String {
        let lower = String(tag.lowercased().map { $0 == "_" ? "-" : $0 })
        switch lower {
        case "zh", "zh-hans", "zh-hans-cn", "zh-cn", "zh-sg": return "zh-cn"
        case "zh-hant", "zh-hant-tw", "zh-tw": return "zh-tw"
        case "zh-hk", "zh-hant-hk": return "zh-hk"
        default: return lower
        }
    }

    /// The face for `character`: the first with every glyph it needs (the emoji face first for an
    /// emoji), else the first with its base glyph, else the primary. Nil for characters that draw
    /// nothing on their own.
    func faceIndex(for character: Character, chain: FallbackChain) -> Int? {
        let key = FaceChoiceKey(character: character, chain: ChainKey(weight: chain.weight, language: chain.language, family: chain.family))
        if let index = faceChoices[key] { return index }
        let scalars = Array(character.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint && $0.value != 0xFE0F })
        guard let base = scalars.first else { return nil }
        var order = Array(chain.faces.indices)
        if Self.isEmoji(character), let emoji = chain.faces.firstIndex(where: { isColor($0) }) {
            order.removeAll { $0 == emoji }
            order.insert(emoji, at: 0)
        }
        let index = order.first { covers(chain.faces[$0], scalars) } ?? order.first { covers(chain.faces[$0], [base]) } ?? 0
        if faceChoices.count >= 4096 { faceChoices.removeAll(keepingCapacity: true) }
        faceChoices[key] = index
        return index
    }

    func covers(_ face: FaceSource, _ scalars: [Unicode.Scalar]) -> Bool {
        var probe = face
        probe.syntheticBold = false  // coverage does not depend on emboldening
        return fonts.face(for: probe, pixelSize: Self.probeSize)?.covers(scalars) ?? false
    }

    func isColor(_ face: FaceSource) -> Bool {
        var probe = face
        probe.syntheticBold = false
        return fonts.face(for: probe, pixelSize: Self.probeSize)?.isColor ?? false
    }

    /// Whether a cluster shows as an emoji: an emoji presentation, a variation selector 16, a
    /// skin-tone modifier, a ZWJ sequence of emoji, or a flag.
    static func isEmoji(_ c: Character) -> Bool {
        let scalars = c.unicodeScalars
        if scalars.contains(where: { $0.value == 0xFE0F || $0.properties.isEmojiModifier }) { return true }
        if scalars.contains(where: { (0x1F1E6...0x1F1FF).contains($0.value) }) { return true }
        guard let first = scalars.first else { return false }
        return first.properties.isEmojiPresentation || (scalars.count > 1 && scalars.contains { $0.value == 0x200D } && first.properties.isEmoji)
    }

    /// The family rendering draws `character` with at `weight` in `language` (the face
    /// `faceIndex(for:chain:)` picks), or nil when that face has no glyph for it either.
    func family(drawing character: Character, weight: Font.Weight = .regular, language: String? = nil) -> String? {
        let chain = chain(for: weight, language: language)
        guard let index = faceIndex(for: character, chain: chain) else { return nil }
        let scalars = character.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint && $0.value != 0xFE0F }
        return covers(chain.faces[index], Array(scalars.prefix(1))) ? chain.faces[index].family : nil
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
        if rendered.count >= Self.cacheCapacity { rendered.removeAll(keepingCapacity: true) }
        rendered[key] = image
        return image
    }

    /// `text` broken into lines: paragraphs at line feeds; within one, greedy filling at the line
    /// break opportunities ICU finds for `language`, a word longer than the line broken between
    /// grapheme clusters; past `lineLimit` lines the last one is cut at a cluster boundary and
    /// ends with an ellipsis.
    public func lines(of text: String, font: Font, scale: Double, maxWidth: Double?, lineLimit: Int?, language: String?) -> [TextLine] {
        let scale = Self.validScale(scale)
        let key = LayoutKey(text: text, font: font, scale: scale, maxWidth: maxWidth, lineLimit: lineLimit, language: language)
        if let hit = laidOut[key] { return hit }
        fonts.trimIfNeeded()
        let pixelSize = Self.pixelSize(font, scale)
        let limit = maxWidth.flatMap { $0.isFinite ? max(0, $0) * scale * 64 : nil }
        var out: [TextLine] = []
        var truncated = false
        paragraphs: for paragraphText in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let paragraphText = String(paragraphText)
            let paragraph = analyze(paragraphText, font: font, pixelSize: pixelSize, language: language)
            let direction = paragraph.direction
            let chars = paragraph.characters
            guard !chars.isEmpty else {
                out.append(TextLine(text: "", width: 0, direction: direction, language: language))
                if let lineLimit, out.count > lineLimit { truncated = true; break }
                continue
            }
            guard let limit else {
                out.append(line(chars[...], font: font, scale: scale, pixelSize: pixelSize, direction: direction, language: language))
                if let lineLimit, out.count > lineLimit { truncated = true; break }
                continue
            }
            let advances = paragraph.advances, breaks = paragraph.breaks
            let fit = Int(clampedToInt: limit.rounded(.up))
            var start = 0
            while start < chars.count {
                // The longest run from `start` that fits (spaces at its end not counted) and ends at a
                // break opportunity, stopping at a hard break.
                var width = 0, trailing = 0, end = start
                var best: Int?
                while end < chars.count {
                    if end > start, breaks.required.contains(end) { break }
                    width += advances[end]
                    trailing = chars[end].isWhitespace ? trailing + advances[end] : 0
                    end += 1
                    if width - trailing > fit { break }
                    if end == chars.count || breaks.allowed.contains(end) { best = end }
                }
                var next = best ?? start
                if best == nil {
                    // Not even one word fits: as many whole clusters as do (at least one).
                    var w = advances[start]
                    next = start + 1
                    while next < chars.count, !breaks.required.contains(next), w + advances[next] <= fit { w += advances[next]; next += 1 }
                }
                var slice = chars[start..<next]
                while let last = slice.last, last.isWhitespace, slice.count > 1 { slice = slice.dropLast() }
                out.append(line(slice, font: font, scale: scale, pixelSize: pixelSize, direction: direction, language: language))
                if let lineLimit, out.count > lineLimit { truncated = true; break paragraphs }
                start = next
            }
        }
        if let lineLimit, out.count > lineLimit {
            out.removeLast(out.count - lineLimit)
            truncated = true
        }
        if truncated, let last = out.last {
            out[out.count - 1] = ellipsized(last, font: font, scale: scale, pixelSize: pixelSize, maxWidth: maxWidth, language: language)
        }
        if laidOut.count >= Self.cacheCapacity { laidOut.removeAll(keepingCapacity: true) }
        laidOut[key] = out
        return out
    }

    /// `text` (one paragraph) analysed for breaking, cached: a paragraph laid out again at another
    /// width (a bubble measured, then placed at its widest line) is neither shaped nor broken again.
    private func analyze(_ text: String, font: Font, pixelSize: Int, language: String?) -> AnalyzedParagraph {
        let key = LineKey(text: text, font: font, pixelSize: pixelSize, direction: nil, language: language)
        if let hit = analyzed[key] { return hit }
        let paragraph = BidiParagraph(text, direction: nil, language: language)
        let chars = paragraph.characters
        var result = AnalyzedParagraph(characters: chars, direction: paragraph.direction, advances: [], breaks: ([], []))
        if !chars.isEmpty {
            let shaped = shape(paragraph, range: 0..<chars.count, chain: chain(for: font, language: language), pixelSize: pixelSize, language: language)
            result.advances = shaped.characterAdvances
            result.breaks = LineBreaks.opportunities(in: chars, language: language)
        }
        if analyzed.count >= Self.cacheCapacity { analyzed.removeAll(keepingCapacity: true) }
        analyzed[key] = result
        return result
    }

    // MARK: - Lines

    private func line(_ chars: ArraySlice<Character>, font: Font, scale: Double, pixelSize: Int, direction: TextDirection, language: String?) -> TextLine {
        let text = String(chars)
        let shaped = shapedLine(text, font: font, pixelSize: pixelSize, direction: direction, language: language)
        return TextLine(text: text, width: Double(shaped.advance) / 64 / scale, direction: direction, language: language)
    }

    /// `line` cut at a grapheme cluster boundary so that it and an ellipsis fit `maxWidth`.
    private func ellipsized(_ line: TextLine, font: Font, scale: Double, pixelSize: Int, maxWidth: Double?, language: String?) -> TextLine {
        let chars = Array(line.text)
        let limit = maxWidth.flatMap { $0.isFinite ? $0 : nil } ?? .infinity
        func candidate(_ n: Int) -> TextLine {
            var slice = chars[0..<n]
            while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
            let text = String(slice) + "\u{2026}"
            let shaped = shapedLine(text, font: font, pixelSize: pixelSize, direction: line.direction, language: language)
            return TextLine(text: text, width: Double(shaped.advance) / 64 / scale, direction: line.direction, language: language)
        }
        var lo = 0, hi = chars.count
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if candidate(mid).width <= limit + 1e-6 { lo = mid } else { hi = mid - 1 }
        }
        return candidate(lo)
    }

    /// `text` shaped as one line in `direction` (nil: from its first strong character), cached.
    func shapedLine(_ text: String, font: Font, pixelSize: Int, direction: TextDirection?, language: String?) -> ShapedLine {
        let key = LineKey(text: text, font: font, pixelSize: pixelSize, direction: direction, language: language)
        if let hit = shaped[key] { return hit }
        var paragraph = BidiParagraph(text, direction: direction, language: language)
        paragraph.resetTrailingWhitespace(of: 0..<paragraph.characters.count)
        let line = shape(paragraph, range: 0..<paragraph.characters.count, chain: chain(for: font, language: language),
                         pixelSize: pixelSize, language: language)
        if shaped.count >= Self.cacheCapacity { shaped.removeAll(keepingCapacity: true) }
        shaped[key] = line
        return line
    }

    /// The glyphs of `line` drawn: coverage tinted later, colour glyphs kept as images.
    private func draw(_ line: ShapedLine, font: Font, pixelSize: Int, language: String?) -> RenderedText {
        let chain = chain(for: font, language: language)
        var pieces: [(glyph: ShapingFace.RenderedGlyph, x: Int, y: Int)] = []
        var bounds = IntRect(x: 0, y: 0, width: 0, height: 0)
        var colors: [RenderedText.ColorGlyph] = []
        for g in line.glyphs {
            guard let face = fonts.face(for: chain.faces[g.faceIndex], pixelSize: pixelSize), let glyph = face.glyph(g.id) else { continue }
            // Whole pixels, the pen floored (as SDL_ttf places its glyphs, so Latin text is drawn
            // as before).
            let x = ((g.x + g.xOffset) >> 6) + glyph.left
            let y = -glyph.top - (g.yOffset >> 6)
            if let color = glyph.color {
                colors.append(RenderedText.ColorGlyph(image: color, x: x, y: y))
                continue
            }
            guard glyph.width > 0, glyph.height > 0 else { continue }
            let r = IntRect(x: x, y: y, width: glyph.width, height: glyph.height)
            bounds = bounds.isEmpty ? r : bounds.union(r)
            pieces.append((glyph, x, y))
        }
        var mask = Mask(bounds: bounds)
        if !bounds.isEmpty {
            mask.bytes.withUnsafeMutableBufferPointer { out in
                for (glyph, x, y) in pieces {
                    for row in 0..<glyph.height {
                        let dst = (y + row - bounds.y) * bounds.width + (x - bounds.x)
                        let src = row * glyph.width
                        for col in 0..<glyph.width {
                            let v = glyph.coverage[src + col]
                            if v > out[dst + col] { out[dst + col] = v }
                        }
                    }
                }
            }
        }
        return RenderedText(mask: mask, advance: Double(line.advance) / 64, colorGlyphs: colors)
    }

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
}
