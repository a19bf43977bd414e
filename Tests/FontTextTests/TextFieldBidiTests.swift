import Foundation
import Testing
import Raster
import Views
@testable import FontText

/// A text field draws what a bubble draws and puts its caret and selection where the text is
/// drawn: colour emoji in colour, and in a line that mixes directions the caret at the leading
/// edge of its character in that character's direction (FriBidi's levels, HarfBuzz's glyphs).
@MainActor
@Suite(.serialized)
struct TextFieldBidiTests {
    let engine: SystemTextEngine
    init() throws { engine = try SystemTextEngine() }

    func field(_ text: String) throws -> (TextField, ViewRoot) {
        let f = TextField(text: text, font: Font(size: 20))
        let root = try ViewRoot(content: FrameView(width: 380, alignment: .topLeading, child: f), size: Size(400, 80), textEngine: engine, clock: VirtualClock())
        root.frame(into: nil)
        root.focus(f)
        return (f, root)
    }

    /// "abc אבג": the Hebrew word runs right to left after the Latin one, so its first letter is
    /// drawn rightmost, and the caret before it sits at its right edge.
    @Test func placesFollowTheDrawnOrderInAMixedLine() {
        let places = engine.characterPlaces(of: "abc אבג", font: Font(size: 20), scale: 1)
        #expect(places.isRightToLeft == [false, false, false, false, true, true, true])
        let alef = places.spans[4], gimel = places.spans[6]
        #expect(alef.left > gimel.left, "א is drawn right of ג: \(alef) \(gimel)")
        #expect(abs(places.caretX(before: 4) - alef.right) < 0.01, "the caret before א is at its right edge")
        #expect(abs(places.caretX(before: 7) - gimel.left) < 0.01, "after the last (RTL) letter: its left edge")
        #expect(abs(places.width - engine.width(of: "abc אבג", font: Font(size: 20), scale: 1)) < 0.01)
        // Selecting "c א" is one stretch across the direction change only if it is adjacent; it is not.
        let spans = places.selectionSpans(2..<5)
        #expect(spans.count == 2, "c and the space on the left, א on the far right: \(spans)")
    }

    /// A click lands on the character drawn under the pointer, not the one at that logical offset.
    @Test func aClickPutsTheCaretWhereTheTextIsDrawn() throws {
        let (f, root) = try field("abc אבג")
        let places = engine.characterPlaces(of: "abc אבג", font: Font(size: 20), scale: 1)
        // Just right of the rightmost glyph (א's right edge): the caret before א, logical place 4.
        let inset = 8.0, x = f.frame.minX + inset + places.spans[4].right - 1
        root.send(.pointerDown(Point(x, f.frame.midY), button: .primary))
        root.send(.pointerUp(Point(x, f.frame.midY), button: .primary))
        #expect(f.head == 4, "\(f.head)")
        // Its caret rectangle is drawn there too.
        let caret = try #require(f.caretRect)
        #expect(abs(caret.minX - (f.frame.minX + inset + places.spans[4].right)) < 0.01)
    }

    /// Emoji in a field are drawn in their own colours, as in a bubble (they were blank gaps).
    @Test func emojiInAFieldAreInColour() throws {
        let (f, root) = try field("🍎🍏")
        root.focus(nil)
        let pixmap = try root.makePixmap()
        root.frame(into: pixmap)
        var coloured = 0
        for y in Int(f.frame.minY)..<Int(f.frame.maxY) {
            for x in Int(f.frame.minX)..<Int(f.frame.maxX) {
                let c = pixmap.color(x: x, y: y)
                if max(c.red, c.green, c.blue) - min(c.red, c.green, c.blue) > 80 { coloured += 1 }
            }
        }
        #expect(coloured > 100, "the apples are red and green: \(coloured) coloured pixels")
    }
}
