import Testing
import Raster
@testable import Views

@MainActor
/// Layout through the fixed-metric engine's simple line filling (the system engine's line breaking
/// by UAX #14 is tested in FontTextTests).
@Suite struct TextTests {
    let engine = FixedMetricTextEngine()

    func lines(_ s: String, width: Double?, limit: Int? = nil, font: Font = Font(size: 10)) -> [String] {
        TextLayout.make(s, font: font, scale: 1, maxWidth: width, lineLimit: limit, reservesSpace: false, language: nil, engine: engine).lines.map(\.text)
    }

    @Test func wrapsAtSpaces() {
        // 6 points a character: 60 points hold 10 characters.
        #expect(lines("the quick brown fox jumps", width: 60) == ["the quick", "brown fox", "jumps"])
    }

    @Test func breaksLongWordsBetweenCharacters() {
        #expect(lines("abcdefghijklmnop", width: 36) == ["abcdef", "ghijkl", "mnop"])
    }

    @Test func keepsNewlines() {
        #expect(lines("one\n\ntwo", width: nil) == ["one", "", "two"])
    }

    @Test func endsTheLastLineWithAnEllipsis() {
        #expect(lines("the quick brown fox jumps over", width: 60, limit: 2) == ["the quick", "brown fox\u{2026}"])
        #expect(lines("the quick brownish fox", width: 60, limit: 2) == ["the quick", "brownish\u{2026}"])
        #expect(lines("abcdefghijklmnop", width: 36, limit: 1) == ["abcde\u{2026}"])
    }

    @Test func textViewMeasuresToItsWidestLine() throws {
        let t = Text("the quick brown fox jumps", font: Font(size: 10))
        let root = try makeRoot(VStack(alignment: .leading) { t.frame(width: 60, alignment: .topLeading); Spacer() }, size: Size(200, 200))
        root.frame(into: nil)
        #expect(t.frame.size == Size(54, 36))
        #expect(t.lines == ["the quick", "brown fox", "jumps"])
    }

    @Test func reservedLinesKeepTheHeight() throws {
        let t = Text("short", font: Font(size: 10), lineLimit: 2, reservesSpace: true)
        let root = try makeRoot(VStack(alignment: .leading) { t; Spacer() }, size: Size(200, 200))
        root.frame(into: nil)
        #expect(t.frame.height == 24)
    }

    @Test func changingTheStringRelaysOut() throws {
        let t = Text("ab", font: Font(size: 10))
        let root = try makeRoot(VStack(alignment: .leading) { t; Spacer() }, size: Size(200, 200))
        root.frame(into: nil)
        #expect(t.frame.width == 12)
        t.string = "abcd"
        root.frame(into: nil)
        #expect(t.frame.width == 24)
    }
}
