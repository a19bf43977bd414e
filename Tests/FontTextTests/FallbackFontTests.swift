@testable import Raster
import Testing
import Views
@testable import FontText

/// Faces by fontconfig fallback: every script has one, Han takes the forms of the text's language,
/// and emoji come from the colour face, in colour, at the text's size.
@MainActor
@Suite(.serialized)
struct FallbackFontTests {
    let engine: SystemTextEngine

    init() throws { engine = try SystemTextEngine() }

    @Test(arguments: [
        ("مرحبا", "Arabic"), ("שלום", "Hebrew"), ("नमस्ते", "Devanagari"), ("สวัสดี", "Thai"),
        ("你好", "Han"), ("안녕", "Hangul"), ("ありがとう", "Kana"), ("Γειά", "Greek"), ("Привет", "Cyrillic"),
        ("বাংলা", "Bengali"), ("தமிழ்", "Tamil"), ("ქართული", "Georgian"), ("አማርኛ", "Ethiopic"),
    ])
    func everyScriptHasAFace(text: String, script: String) throws {
        for scalar in text.unicodeScalars where !scalar.properties.isGraphemeExtend {
            #expect(engine.family(drawing: Character(scalar)) != nil, "\(script) U+\(String(scalar.value, radix: 16, uppercase: true)) has a face")
        }
        let rendered = engine.render(text, font: .body, scale: 1)
        #expect(rendered.mask.coveredArea > 20, "\(script) draws ink")
    }

    @Test func fontconfigSaysWhichLanguagesHaveAFont() {
        for language in ["en", "de", "ja", "ar", "he", "zh-TW", "en-XA", "ar-XB"] {
            #expect(engine.hasFont(forLanguage: language), "\(language)")
        }
        // A private-use tag no font declares.
        #expect(!engine.hasFont(forLanguage: "qaa"))
    }

    @Test func hanTakesTheFormsOfTheTextsLanguage() throws {
        // 直 and 骨 differ between Simplified Chinese, Traditional Chinese, Japanese and Korean forms.
        let chinese = try #require(engine.family(drawing: "直", language: "zh-Hans"))
        let traditional = try #require(engine.family(drawing: "直", language: "zh-Hant"))
        let korean = try #require(engine.family(drawing: "直", language: "ko"))
        let japanese = try #require(engine.family(drawing: "直", language: "ja"))
        #expect(chinese.contains("SC"), "Simplified Chinese: \(chinese)")
        #expect(traditional.contains("TC"), "Traditional Chinese: \(traditional)")
        #expect(korean.contains("KR"), "Korean: \(korean)")
        #expect(!japanese.contains("SC") && !japanese.contains("KR") && !japanese.contains("TC"), "Japanese: \(japanese)")
        let masks = ["zh-Hans", "ja", "ko"].map { language in
            engine.render(TextLine(text: "直骨", width: 80, direction: .leftToRight, language: language), font: Font(size: 40), scale: 1).mask
        }
        #expect(masks[0].bytes != masks[1].bytes && masks[0].bytes != masks[2].bytes, "the glyphs themselves differ")
    }

    @Test(arguments: ["🎉", "📱", "👍🏽", "👨‍👩‍👧‍👦", "🇯🇵", "❤️"])
    func emojiAreOneColourGlyphAtTheTextsSize(emoji: String) throws {
        for size in [17.0, 34.0] {
            let rendered = engine.render(emoji, font: Font(size: size), scale: 1)
            try #require(rendered.colorGlyphs.count == 1, "\(emoji) is one colour glyph (modifiers, ZWJ and flags ligate)")
            #expect(rendered.mask.coveredArea == 0, "nothing of it is drawn as coverage")
            let image = rendered.colorGlyphs[0].image
            #expect(Double(image.height) >= size * 0.9 && Double(image.height) <= size * 1.4, "\(emoji) is \(image.height) px high at \(size) px")
            #expect(rendered.advance >= size * 0.9 && rendered.advance <= size * 1.5)
        }
    }

    @Test func skinToneModifiersChangeTheColour() throws {
        let plain = try #require(engine.render("👍", font: Font(size: 34), scale: 1).colorGlyphs.first?.image)
        let toned = try #require(engine.render("👍🏿", font: Font(size: 34), scale: 1).colorGlyphs.first?.image)
        #expect(!plain.hasSamePixels(as: toned))
    }

    @Test func emojiAreNeverTintedByTheTextColour() throws {
        // 🎉 in red text over white: its yellow and blue stay yellow and blue.
        let text = Text("🎉 🎉", font: Font(size: 34), color: Color(red: 255, green: 0, blue: 0))
        let root = try ViewRoot(content: text, size: Size(120, 60), textEngine: engine, clock: VirtualClock())
        let pixmap = try root.makePixmap()
        root.frame(into: pixmap)
        var blueish = 0, yellowish = 0
        for y in 0..<pixmap.height {
            for x in 0..<pixmap.width {
                let c = pixmap.color(x: x, y: y)
                let r = Int(c.red), g = Int(c.green), b = Int(c.blue)
                if b > r + 40 { blueish += 1 }
                if g > 150 && r > 150 && b < 100 { yellowish += 1 }
            }
        }
        #expect(blueish > 20 && yellowish > 20, "the emoji keep their colours (blue \(blueish), yellow \(yellowish) pixels)")
    }
}
