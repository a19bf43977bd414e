import Testing
import Raster
import Views
import Overlays
import Demo
@testable import Tours

/// A tour's `theme`, a step's over it, and what `check` says of bad colours and ranges.
@Suite(.serialized) @MainActor struct ThemeTests {
    @Test func aStepsThemeGoesOverTheToursKeyByKey() throws {
        let t = try tour("""
            {"id": "t", "theme": {"bubble": {"background": "#1C1C1E", "text": "#FFFFFF", "maxWidth": 320}, "button": {"style": "outlined"}},
             "steps": [{"target": "fab", "text": "one"}, {"target": "fab", "text": "two", "theme": {"bubble": {"accent": "#FF9F0A", "shadow": false}}}]}
            """)
        let f = try AppFixture()
        let engine = TourEngine(tour: t, host: f.app)
        let one = try #require(engine.coachMark(for: 0)), two = try #require(engine.coachMark(for: 1))
        #expect(one.theme.background == Color(red: 0x1C, green: 0x1C, blue: 0x1E) && one.theme.text == .white && one.theme.buttonStyle == .outlined)
        #expect(one.maxWidth == 320 && one.theme.shadow && one.theme.accent == BubbleTheme.standard.accent)
        #expect(two.theme.background == one.theme.background && two.theme.accent == Color(red: 0xFF, green: 0x9F, blue: 0x0A) && !two.theme.shadow)
        #expect(try #require(engine.coachMark(for: 0)) != CoachMark(text: "one"), "not the standard look")
    }

    @Test func badColoursAndRangesAreOneLineEach() {
        #expect(problemLines(#"{"id": "t", "theme": {"bubble": {"background": "white", "cornerRadius": 40}, "button": {"style": "round"}}, "steps": [{"target": "fab", "text": "x"}]}"#) == [
            ##"t.json:1: theme.bubble.background: expected a colour "#RRGGBB" such as "#FFFFFF", found "white""##,
            "t.json:1: theme.bubble.cornerRadius: expected a number from 0 to 16, found 40",
            #"t.json:1: theme.button.style: expected one of "filled", "outlined", "text", found "round""#,
        ])
        #expect(problemLines(#"{"id": "t", "steps": [{"target": "fab", "text": "x", "theme": {"bubble": {"fontSize": 5}}}]}"#)
                == ["t.json:1: steps[0].theme.bubble.fontSize: expected a number from 11 to 28, found 5"])
    }
}
