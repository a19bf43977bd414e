import Foundation
import Testing
import TestSupport
import Views
@testable import FontText

/// The visual order of mixed-direction lines compared with FriBidi's own `fribidi` tool (its
/// visual-to-logical map), for whole lines and for the lines a right-to-left paragraph wraps into.
@MainActor
@Suite(.serialized)
struct BidiTests {
    let engine: SystemTextEngine

    init() throws { engine = try SystemTextEngine() }

    /// Mixed lines of one scalar per character (so character and scalar indices agree).
    nonisolated static let lines = [
        "abc אבג 123 דה!",
        "שלום, world 2024 (test) עולם.",
        "Tap ➕ to add مرحبا بك 3.14 card",
        "مرحبا بك في التطبيق 2026 Limelight",
        "המחיר 1,234.56 ₪ - 20% הנחה",
        "[1] שלב ראשון: Home",
        "!?",
        "Tap ➕ to add a card 📱. مرحبا بك",
        "في التطبيق. 한국어도 됩니다. שלום",
    ]

    /// The characters of `text` in the order the engine draws them, left to right.
    func visualOrder(_ text: String, direction: TextDirection?) -> [Int] {
        let line = engine.shapedLine(text, font: Font(size: 20), pixelSize: 20, direction: direction, language: nil)
        var order: [Int] = []
        for g in line.glyphs where order.last != g.character { order.append(g.character) }
        return order
    }

    /// `fribidi`'s visual-to-logical map of `text`.
    func fribidiOrder(_ text: String, direction: TextDirection?) throws -> [Int] {
        var arguments = ["--nopad", "--nobreak", "--novisual", "--vtol"]
        if let direction { arguments.append(direction == .rightToLeft ? "--rtl" : "--ltr") }
        let output = try ExternalTool.output(of: "fribidi", arguments, input: text + "\n")
        return output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    }

    @Test(arguments: lines.indices)
    func visualOrderMatchesFriBidi(line: Int) throws {
        let text = Self.lines[line]
        #expect(text.count == text.unicodeScalars.count)
        #expect(visualOrder(text, direction: nil) == (try fribidiOrder(text, direction: nil)), "\(text)")
    }

    @Test func paragraphDirectionComesFromTheFirstStrongCharacter() {
        #expect(engine.lines(of: "123 שלום abc", font: .body, scale: 1, maxWidth: nil, lineLimit: nil, language: nil).first?.direction == .rightToLeft)
        #expect(engine.lines(of: "abc שלום", font: .body, scale: 1, maxWidth: nil, lineLimit: nil, language: "he").first?.direction == .leftToRight)
    }

    @Test func textWithoutAStrongCharacterTakesTheLanguagesDirection() {
        #expect(engine.lines(of: "123 !", font: .body, scale: 1, maxWidth: nil, lineLimit: nil, language: "ar").first?.direction == .rightToLeft)
        #expect(engine.lines(of: "123 !", font: .body, scale: 1, maxWidth: nil, lineLimit: nil, language: "en").first?.direction == .leftToRight)
        #expect(engine.lines(of: "123 !", font: .body, scale: 1, maxWidth: nil, lineLimit: nil, language: nil).first?.direction == .leftToRight)
    }

    @Test func wrappingIsDoneOnLogicalTextAndEachLineReorderedOnItsOwn() throws {
        let text = "זהו הכפתור Add card שמוסיף כרטיס חדש 2 / 4 למסך הבית"
        let lines = engine.lines(of: text, font: .body, scale: 1, maxWidth: 120, lineLimit: nil, language: nil)
        #expect(lines.count >= 3)
        // The lines are the paragraph's logical text, in order.
        #expect(lines.map(\.text).joined(separator: " ") == text)
        for line in lines {
            #expect(line.direction == .rightToLeft)
            #expect(line.width <= 120)
            #expect(visualOrder(line.text, direction: .rightToLeft) == (try fribidiOrder(line.text, direction: .rightToLeft)), "\(line.text)")
        }
    }

    @Test func spacesAtTheEndOfALineGoBackToTheParagraphsLevel() {
        // Rule L1: "abc אבג דהו" broken after "אבג ": the space between two Hebrew words is at
        // level 1 in the paragraph, and at the end of its line it returns to level 0.
        var paragraph = BidiParagraph("abc אבג דהו", direction: nil, language: nil)
        #expect(paragraph.levels[7] == 1)
        paragraph.resetTrailingWhitespace(of: 0..<8)
        #expect(paragraph.levels[7] == 0)
        #expect(paragraph.levels[6] == 1)
    }
}
