import Foundation
import Testing
import TestSupport
import Views
@testable import FontText

/// Shaping compared with HarfBuzz's own `hb-shape` on the face the engine chose: the same glyph
/// ids, clusters, offsets and advances (26.6 pixels), so Arabic joins and ligates, Devanagari
/// reorders and forms conjuncts, Thai marks stack, and Latin ligates and kerns as HarfBuzz does.
@MainActor
@Suite(.serialized)
struct ShapingTests {
    let engine: SystemTextEngine

    init() throws { engine = try SystemTextEngine() }

    /// A sample of each script, and the language it is tagged with.
    nonisolated static let samples: [(name: String, text: String, language: String)] = [
        ("Arabic joining and the lam-alef ligature", "مرحبا بك في التطبيق لا", "ar"),
        ("Hebrew with points", "שָׁלוֹם עוֹלָם", "he"),
        ("Devanagari conjuncts and the reordered i", "हिन्दी में स्वागत है", "hi"),
        ("Thai marks", "ภาษาไทยที่นี่น้ำ", "th"),
        ("Latin ligatures and kerning", "Waffle office AVATAR Toy", "en"),
    ]

    /// The engine's glyphs for `text` in hb-shape's notation, and the face they came from.
    func engineShaping(_ text: String, language: String, pixels: Int) throws -> (face: FaceSource, glyphs: String) {
        let line = engine.shapedLine(text, font: Font(size: Double(pixels)), pixelSize: pixels, direction: nil, language: language)
        let chain = engine.chain(for: .regular, language: language)
        let faces = Set(line.glyphs.map(\.faceIndex))
        try #require(faces.count == 1, "\(text) is drawn with one face, got \(faces.map { chain.faces[$0].family })")
        let glyphs = line.glyphs.map { g in
            var s = "\(g.id)=\(g.cluster)"
            if g.xOffset != 0 || g.yOffset != 0 { s += "@\(g.xOffset),\(g.yOffset)" }
            return s + "+\(g.advance)"
        }
        return (chain.faces[faces.first!], "[" + glyphs.joined(separator: "|") + "]")
    }

    @Test(arguments: samples.indices)
    func shapingMatchesHarfBuzzsOwnShaper(sample: Int) throws {
        let (name, text, language) = Self.samples[sample]
        for pixels in [17, 34] {
            let ours = try engineShaping(text, language: language, pixels: pixels)
            let face = try #require(engine.fonts.face(for: ours.face, pixelSize: pixels))
            let reference = try ExternalTool.output(of: "hb-shape", [
                "--font-funcs=ft", "--font-size=\(pixels * 64)", "--font-ppem=\(pixels)",
                "--ft-load-flags=\(face.loadFlags)", "--face-index=\(ours.face.index)",
                "--language=\(language)", "--no-glyph-names", ours.face.file, text,
            ]).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(ours.glyphs == reference, "\(name) at \(pixels) px in \(ours.face.family)")
        }
    }

    @Test func arabicLettersJoinAndLamAlefIsOneGlyph() throws {
        // Isolated letters have one glyph each as in their nominal forms; joined, the shapes differ.
        let joined = try engineShaping("لا", language: "ar", pixels: 20)
        #expect(joined.glyphs.split(separator: "|").count == 1, "lam-alef is one ligature, got \(joined.glyphs)")
        let word = engine.shapedLine("بب", font: Font(size: 20), pixelSize: 20, direction: nil, language: "ar")
        let alone = engine.shapedLine("ب", font: Font(size: 20), pixelSize: 20, direction: nil, language: "ar")
        #expect(word.glyphs.count == 2)
        #expect(!word.glyphs.contains { $0.id == alone.glyphs[0].id }, "both behs take joining forms")
    }

    @Test func devanagariShortIIsDrawnBeforeItsConsonant() throws {
        // हि: the vowel sign, logically second, is drawn first, left of the consonant; one cluster.
        let line = engine.shapedLine("हि", font: Font(size: 20), pixelSize: 20, direction: nil, language: "hi")
        let ha = engine.shapedLine("ह", font: Font(size: 20), pixelSize: 20, direction: nil, language: "hi")
        try #require(line.glyphs.count == 2 && ha.glyphs.count == 1)
        #expect(line.glyphs[1].id == ha.glyphs[0].id, "the consonant comes second")
        #expect(line.glyphs[0].id != ha.glyphs[0].id)
        #expect(line.glyphs.allSatisfy { $0.cluster == 0 }, "one cluster")
        // क्ष: a conjunct, fewer glyphs than its three scalars.
        #expect(engine.shapedLine("क्ष", font: Font(size: 20), pixelSize: 20, direction: nil, language: "hi").glyphs.count < 3)
    }

    @Test func spacesKeepTheFaceOfTheWordsAroundThem() {
        let line = engine.shapedLine("नमस्ते दुनिया", font: Font(size: 20), pixelSize: 20, direction: nil, language: "hi")
        #expect(Set(line.glyphs.map(\.faceIndex)).count == 1, "the space is the Devanagari face's own")
    }

    @Test func aSpaceAfterAnEmojiIsTheTextsSpaceNotTheEmojiFonts() {
        let line = engine.shapedLine("📱 a", font: Font(size: 20), pixelSize: 20, direction: nil, language: nil)
        #expect(line.glyphs.count == 3)
        #expect(line.glyphs[1].faceIndex == 0, "the primary face's space")
        #expect(line.glyphs[1].advance == engine.shapedLine(" ", font: Font(size: 20), pixelSize: 20, direction: nil, language: nil).advance)
    }

    /// A letter with 200,000 combining accents is one character: shaping it would cost the square of
    /// its length, so a character keeps its first 32 scalars (UAX #15's stream-safe limit is 30
    /// marks), and the line shapes as quickly as one with 31 accents.
    @Test func aCharacterKeepsItsFirst32Scalars() {
        let huge = "a" + String(repeating: "\u{301}", count: 200_000)
        let line = engine.shapedLine(huge, font: Font(size: 17), pixelSize: 17, direction: nil, language: "en")
        let capped = engine.shapedLine("a" + String(repeating: "\u{301}", count: 31), font: Font(size: 17), pixelSize: 17, direction: nil, language: "en")
        #expect(line.glyphs.count == capped.glyphs.count && line.glyphs.count <= 32)
        #expect(line.advance == capped.advance)
        let lines = engine.lines(of: "x " + huge + " y", font: Font(size: 17), scale: 1, maxWidth: 100, lineLimit: nil, language: "en")
        #expect(lines.map(\.text.unicodeScalars.count).reduce(0, +) <= 40)
        // Real clusters are far shorter and kept whole: a family with skin tones is 11 scalars.
        let family = "\u{1F468}\u{1F3FB}\u{200D}\u{1F469}\u{1F3FB}\u{200D}\u{1F467}\u{1F3FB}\u{200D}\u{1F466}\u{1F3FB}"
        #expect(BidiParagraph(family, direction: nil, language: nil).scalars.count == family.unicodeScalars.count)
    }
}
