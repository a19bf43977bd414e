import Foundation
import Testing
import Demo
@testable import Tours

/// A step's `go`: the screens shown over its tab, read as one name or a list, kept by the steps
/// after it until a `tab` or another `go`, checked against the app's screens, and its ids looked
/// for on the screen on top.
@Suite(.serialized) @MainActor struct StepNavigationTests {
    @Test func aStepsScreensAreItsOwnOrTheOnesBeforeIt() throws {
        let t = try tour("""
        {"id": "t", "steps": [
          {"target": "fab", "text": "a"},
          {"go": "menu", "target": "menu.alert", "text": "b"},
          {"target": "menu.alert", "text": "c"},
          {"go": ["menu"], "tab": "home", "target": "menu.alert", "text": "d"},
          {"tab": "home", "target": "fab", "text": "e"}
        ]}
        """)
        #expect(t.steps.map(\.go) == [[], ["menu"], [], ["menu"], []])
        #expect((0..<5).map { t.screensOver(forStep: $0) } == [[], ["menu"], ["menu"], ["menu"], []])
        #expect((0..<5).map { t.tab(forStep: $0, firstTab: "home") } == ["home", "home", "home", "home", "home"])
    }

    @Test func goNamesTheAppsScreens() {
        #expect(problemLines("""
        {"id": "t", "steps": [{"go": "settings", "target": "fab", "text": "a"}, {"go": [], "target": "fab", "text": "b"}]}
        """) == [
            "t.json:1: steps[1].go: expected at least one screen's name, found an empty list",
            "t.json:1: steps[0].go: no screen named \"settings\" (known: home, menu)",
        ])
        #expect(problemLines("""
        {"id": "t", "steps": [{"go": "menu", "target": "fab", "text": "a"}]}
        """) == ["t.json:1: steps[0].target: the view \"fab\" is on the tab \"home\", not \"menu\" (add \"tab\": \"home\" to this step)"],
                "the step's ids are on the screen shown over the tab")
    }
}
