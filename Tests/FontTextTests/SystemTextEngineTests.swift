import Foundation
@testable import Raster
import Testing
import Views
@testable import FontText

/// The fontconfig + HarfBuzz + FreeType engine against the fonts installed on this machine (DejaVu
/// Sans and a Japanese font such as VL Gothic are expected). Numbers are checked loosely; exact pixels
/// belong to the fixed-metric engine and the goldens.
@MainActor
@Suite(.serialized)
struct SystemTextEngineTests {
    let engine: SystemTextEngine

    init() throws { engine = try SystemTextEngine() }

    /// The sum of coverage in the columns `x0..<x1` of `mask`.
    func coverage(of mask: Mask, columns range: Range<Int>) -> Int {
        var total = 0
        for y in mask.bounds.y..<mask.bounds.maxY {
            for x in range { total += Int(mask.coverage(x: x, y: y)) }
        }
        return total
    }

    @Test func latinTextRendersCoverageAndWidensWithLength() {
        let short = engine.render("Home", font: .body, scale: 1)
        let long = engine.render("Home screen", font: .body, scale: 1)
        #expect(short.mask.coveredArea > 20, "the glyphs of \"Home\" cover some pixels")
        #expect(short.advance > 20 && short.advance < 60)
        #expect(long.advance > short.advance + 20)
        #expect(engine.width(of: "Home screen", font: .body, scale: 1) > engine.width(of: "Home", font: .body, scale: 1))
    }

    @Test func enginesOnOneConfigurationLoadedOnAnotherThreadSetTextAsTheirOwn() async throws {
        let loaded = try await Task.detached { try FontConfiguration() }.value
        let first = try SystemTextEngine(configuration: loaded), second = try SystemTextEngine(configuration: loaded)
        for text in ["Home screen", "ようこそ", "مرحبًا بك"] {
            let own = engine.render(text, font: .body, scale: 2)
            for shared in [first, second] {
                let made = shared.render(text, font: .body, scale: 2)
                #expect(made.mask == own.mask && made.advance == own.advance, "\(text)")
            }
        }
    }

    @Test func maskSitsOnTheBaseline() {
        let rendered = engine.render("H", font: Font(size: 20), scale: 1)
        #expect(rendered.mask.bounds.x >= 0 && rendered.mask.bounds.x <= 3, "the ink starts at H's left bearing")
        #expect(rendered.mask.bounds.y < -10, "the ink reaches a cap height above the baseline")
        #expect(rendered.mask.bounds.maxY == 0, "H stands on the baseline")
        let stem = (rendered.mask.bounds.x..<rendered.mask.bounds.maxX).map { Int(rendered.mask.coverage(x: $0, y: -2)) }.reduce(0, +)
        #expect(stem > 255, "the stems of H are inked just above the baseline")
        #expect(engine.render("g", font: Font(size: 20), scale: 1).mask.bounds.maxY > 2, "g descends below it")
    }

    @Test func emptyTextIsEmpty() {
        let rendered = engine.render("", font: .body, scale: 2)
        #expect(rendered.mask.isEmpty)
        #expect(rendered.advance == 0)
        #expect(engine.width(of: "", font: .body, scale: 2) == 0)
    }

    @Test func japaneseFallsBackToAJapaneseFont() throws {
        #expect(engine.family(drawing: "H") == engine.familyName)
        let japanese = try #require(engine.family(drawing: "ホ"), "some installed font has katakana")
        #expect(japanese != engine.familyName)
        #expect(japanese.contains("Gothic") || japanese.contains("CJK") || japanese.contains("Mincho"),
                "katakana come from a Japanese font, got \(japanese)")
        #expect(engine.family(drawing: "ー") == japanese)
        #expect(engine.family(drawing: "ホ", weight: .bold) != nil)
    }

    @Test func mixedScriptsHaveCoverageInTheJapanesePart() {
        let font = Font.body, scale = 2.0
        let rendered = engine.render("Home ホーム", font: font, scale: scale)
        let latinEnd = Int((engine.width(of: "Home ", font: font, scale: scale) * scale).rounded())
        #expect(rendered.advance > Double(latinEnd) + 3 * 15 * scale * 0.8, "three full-width kana follow")
        let kana = coverage(of: rendered.mask, columns: latinEnd..<rendered.mask.bounds.maxX)
        #expect(kana > 40 * 255, "the kana are inked")
    }

    @Test func kanaDoNotDrawTheMissingGlyphBox() throws {
        // U+E000 is private use: no installed font should draw it, so it shows the primary's .notdef box.
        #expect(engine.family(drawing: "\u{E000}") == nil)
        let missing = engine.render("\u{E000}", font: .headline, scale: 2).mask
        let kana = engine.render("ホ", font: .headline, scale: 2).mask
        #expect(missing.coveredArea > 0)
        #expect(kana != missing)
    }

    @Test func doubleScaleRendersAboutTwiceAsWide() {
        let text = "Spotlight tour"
        let one = engine.render(text, font: .body, scale: 1)
        let two = engine.render(text, font: .body, scale: 2)
        let ratio = two.advance / one.advance
        // Hinting rounds each glyph advance to whole pixels at each size, so the ratio is only close to 2.
        #expect(ratio > 1.85 && ratio < 2.15, "ratio \(ratio)")
        #expect(two.mask.height > one.mask.height * 3 / 2)
    }

    @Test(arguments: [1.0, 1.5, 2.0, 3.0])
    func widthMatchesRenderedAdvance(scale: Double) {
        for text in ["Home", "Next step ›", "Home ホーム", "設定", "Ǻ é ñ", "a\tb"] {
            for font in [Font.body, .headline, .largeTitle] {
                let rendered = engine.render(text, font: font, scale: scale)
                #expect(engine.width(of: text, font: font, scale: scale) == rendered.advance / scale,
                        "\(text) at \(font.size)pt ×\(scale)")
                #expect(rendered.mask.bounds.x >= -2 && Double(rendered.mask.bounds.maxX) <= rendered.advance + 3 * scale,
                        "the ink lies within the advance (\(rendered.mask.bounds) for \(rendered.advance))")
            }
        }
    }

    @Test func metricsComeFromThePrimaryFont() {
        let metrics = engine.metrics(for: Font(size: 20), scale: 2)
        #expect(metrics.ascent > 14 && metrics.ascent < 22)
        #expect(metrics.descent > 2 && metrics.descent < 8)
        #expect(metrics.lineHeight >= metrics.ascent + metrics.descent)
    }

    @Test func boldIsHeavierThanRegular() {
        let regular = engine.render("Bold", font: Font(size: 20), scale: 1).mask.coveredArea
        let bold = engine.render("Bold", font: Font(size: 20, weight: .bold), scale: 1).mask.coveredArea
        #expect(bold > regular * 1.15, "bold \(bold) vs regular \(regular)")
    }

    @Test func explicitFamilyIsFoundCaseInsensitively() throws {
        let named = try SystemTextEngine(family: "dejavu sans")
        #expect(named.familyName == "DejaVu Sans")
    }

    @Test func unknownFamilyIsAnErrorNamingIt() {
        do {
            _ = try SystemTextEngine(family: "Foo Sans")
            Issue.record("an unknown family was accepted")
        } catch {
            let message = "\(error)"
            #expect(message.hasPrefix("font family \"Foo Sans\" not found"), "\(message)")
            #expect(message.contains("installed families include"))
            #expect(!message.contains("\n"))
        }
    }

    @Test func missingFontFileIsAnErrorNamingIt() {
        let path = "/nonexistent/limelight/NoSuchFont.ttf"
        #expect(throws: FontError.unreadableFile(path: path, reason: "no such font file")) {
            try SystemTextEngine(fontFile: path)
        }
    }

    @Test func fileThatIsNotAFontIsAnErrorNamingIt() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-not-a-font.ttf").path
        try Data("hello".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try SystemTextEngine(fontFile: path)
            Issue.record("a text file was accepted as a font")
        } catch {
            #expect("\(error)".hasPrefix("\(path): not a font"), "\(error)")
        }
    }

    /// A real font cut short (a broken download, a full disk while copying): refused with one line
    /// naming the file, or, if FreeType can open what is left, text still measures and draws
    /// without a crash.
    @Test(arguments: [64, 1024, 12_000, 200_000])
    func aTruncatedFontFileIsAnErrorOrStillDraws(bytes: Int) throws {
        let match = try #require(try FontCatalog().bestMatch(family: "DejaVu Sans", weight: .regular))
        let whole = try Data(contentsOf: URL(fileURLWithPath: match.face.file))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-cut-\(bytes).ttf").path
        try whole.prefix(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let cut = try SystemTextEngine(fontFile: path)
            for text in ["Home", "Tap this button to add an item to the list.", "ホーム"] {
                let width = cut.width(of: text, font: .body, scale: 2)
                #expect(width.isFinite && width >= 0)
                _ = cut.render(text, font: .body, scale: 2)
            }
        } catch {
            let message = "\(error)"
            #expect(message.hasPrefix("\(path): "), "\(message)")
            #expect(!message.contains("\n"))
        }
    }

    @Test func fontFileBecomesThePrimaryFace() throws {
        let match = try #require(try FontCatalog().bestMatch(family: "DejaVu Sans", weight: .regular))
        let fromFile = try SystemTextEngine(fontFile: match.face.file)
        #expect(fromFile.familyName == "DejaVu Sans")
        #expect(fromFile.width(of: "Home", font: .body, scale: 2) == engine.width(of: "Home", font: .body, scale: 2))
        #expect(fromFile.family(drawing: "ホ") != nil, "fallbacks still come from fontconfig")
    }
}

/// The caches of the text engine hold at most their capacity and keep a working set that fits.
@Suite struct BoundedCacheTests {
    @Test func itHoldsAtMostItsCapacityAndKeepsWhatIsUsed() {
        var cache = BoundedCache<Int, Int>(capacity: 8)
        for i in 0..<1000 {
            cache.insert(i, for: i)
            #expect(cache.count <= 8)
        }
        #expect(cache[999] == 999 && cache[0] == nil, "the recent values are there, the old ones gone")
        // A working set of half the capacity, used over and over between other values, stays.
        var kept = BoundedCache<String, Int>(capacity: 8)
        for round in 0..<100 {
            for k in ["a", "b"] where kept[k] == nil { kept.insert(round, for: k) }
            kept.insert(round, for: "other \(round)")
        }
        #expect(kept["a"] == 0 && kept["b"] == 0, "values in use are never dropped")
        kept.removeAll()
        #expect(kept.count == 0)
    }
}
