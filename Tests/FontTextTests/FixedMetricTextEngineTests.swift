@testable import Raster
import Testing
import Views

/// The font-independent engine that layout tests use: its numbers are exact.
@MainActor
@Suite(.serialized)
struct FixedMetricTextEngineTests {
    let engine = FixedMetricTextEngine()

    @Test func metricsAreFractionsOfTheSize() {
        let metrics = engine.metrics(for: Font(size: 20), scale: 3)
        #expect(metrics == FontMetrics(ascent: 16, descent: 4, lineHeight: 24))
    }

    @Test func everyCharacterAdvancesSixTenthsOfAnEm() {
        #expect(engine.width(of: "Home", font: Font(size: 10), scale: 2) == 24)
        #expect(engine.width(of: "ホーム", font: Font(size: 10), scale: 1) == 18)
        #expect(engine.width(of: "e\u{301}", font: Font(size: 10), scale: 1) == 6, "one grapheme, one advance")
        #expect(engine.width(of: "", font: Font(size: 10), scale: 1) == 0)
    }

    @Test func renderDrawsOneBoxPerVisibleCharacter() {
        let rendered = engine.render("A B", font: Font(size: 10), scale: 2)
        // em = 20 px: advance 3 × 12 px, ascent 16 px, descent 4 px, boxes 10 × 14 px.
        #expect(rendered.advance == 36)
        #expect(rendered.mask.bounds == IntRect(x: 0, y: -16, width: 36, height: 20))
        #expect(rendered.mask.coveredArea == 2 * 10 * 14)
        #expect(rendered.mask.coverage(x: 0, y: -14) == 255, "the first box's top-left pixel")
        #expect(rendered.mask.coverage(x: 9, y: -1) == 255, "the first box's bottom-right pixel")
        #expect(rendered.mask.coverage(x: 10, y: -1) == 0, "the gap after the first box")
        #expect(rendered.mask.coverage(x: 0, y: -15) == 0, "above the box")
        #expect(rendered.mask.coverage(x: 0, y: 0) == 0, "below the baseline")
        #expect(rendered.mask.coverage(x: 15, y: -5) == 0, "the space draws nothing")
        #expect(rendered.mask.coverage(x: 24, y: -5) == 255, "the third character's box")
    }

    @Test func emptyTextIsEmpty() {
        let rendered = engine.render("", font: .body, scale: 2)
        #expect(rendered.mask.isEmpty && rendered.advance == 0)
    }
}
