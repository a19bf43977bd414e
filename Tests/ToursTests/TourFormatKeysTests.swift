import Schema
import Testing
@testable import Tours

/// Every key of the format, nested or not, is one row of the schema with what a settings panel
/// needs: a label, a kind with its range or choices, a default and a line of what it does.
@Suite struct TourFormatKeysTests {
    @Test func everyKeyHasALabelAKindADefaultAndADoc() {
        let keys = TourFormat.keys
        #expect(keys.count > 70, "nested keys included: \(keys.count)")
        for key in keys {
            #expect(!key.label.isEmpty && key.label.first!.isUppercase, "\(key.path): label \(key.label)")
            #expect(!key.defaultValue.isEmpty && !key.doc.isEmpty && !key.value.isEmpty, "\(key.path)")
            if case .choice(let names) = key.kind { #expect(!names.isEmpty, "\(key.path) has choices") }
            if case .number(let range) = key.kind { #expect(range.lowerBound <= range.upperBound, "\(key.path)") }
        }
        #expect(Set(keys.map(\.path)).count == keys.count, "every path once")
    }

    @Test func theNestedObjectsAreRowsToo() {
        let paths = Set(TourFormat.keys.map(\.path))
        for path in ["show.afterLaunches", "show.notWithin", "steps[].advanceOn.event", "steps[].advanceOn.goto",
                     "steps[].buttons[].title", "steps[].rects[].cornerRadius", "theme.bubble.accent", "steps[].theme.button.style",
                     "steps[].outline.pulse", "screen.scale", "test.tolerance.maxChannelDelta", "test.scripts[].lines", "dim.opacity"] {
            #expect(paths.contains(path), "\(path) is a row")
        }
        let radius = TourFormat.keys.first { $0.path == "theme.bubble.cornerRadius" }
        #expect(radius?.label == "Corner radius" && radius?.kind == .number(0...16))
        #expect(TourFormat.keys.first { $0.path == "steps[].kind" }?.kind == .choice(["spotlight", "hotspot"]))
    }

    /// A theme key is one row: it reads, merges (a step's over its tour's) and reaches the bubble.
    @Test func aThemeKeyIsOneRowFromTheFileToTheBubble() throws {
        let json = ##"{"id": "t", "theme": {"bubble": {"accent": "#FF0000", "maxWidth": 300}}, "steps": [{"target": "x", "text": "A", "theme": {"bubble": {"accent": "#00FF00"}, "button": {"style": "outlined"}}}]}"##
        let decoded = TourDecoder.decode(try JSONParser.parse(json), file: "t.json")
        let tour = try #require(decoded.tour, "\(decoded.diagnostics)")
        let theme = tour.theme.overlaid(by: tour.steps[0].theme)
        var mark = CoachMarkProbe.mark()
        theme.apply(to: &mark)
        #expect(mark.theme.accent.red == 0 && mark.theme.accent.green == 255, "the step's accent over the tour's")
        #expect(mark.maxWidth == 300, "the tour's width stays")
        #expect(mark.theme.buttonStyle == .outlined)
        #expect(theme.bubble.accent == mark.theme.accent)
    }
}

import Overlays

/// A coach mark with the standard look.
enum CoachMarkProbe {
    static func mark() -> CoachMark { CoachMark(text: "A") }
}
