import Foundation
import Testing
import Raster
import Overlays
import Views
@testable import Tours

/// A target written as anchors: read with names per language, refused without a stable anchor,
/// made a query in the run's language; and on the sample app a step follows what its anchors find.
@Suite(.serialized) @MainActor struct AnchoredTargetFormatTests {
    @Test func anObjectOfAnchorsIsReadWithItsNamesByLanguage() throws {
        let t = try tour("""
            {"id": "a", "steps": [{"target": {"id": "fab", "role": "button", "name": {"en": "Add a card", "ja": "カードを追加"},
                                              "text": "Add", "within": {"role": "list", "name": "Cards"}, "index": 0}, "text": "x"}]}
            """)
        let step = t.steps[0]
        let anchors = try #require(step.anchors(ofTarget: 0))
        #expect(anchors.id == "fab" && anchors.role == .button && anchors.names == ["en": "Add a card", "ja": "カードを追加"])
        #expect(anchors.within == TargetAnchors(role: .list, name: "Cards") && anchors.index == 0 && anchors.text == "Add")
        #expect(step.holeTargets(in: "ja") == [.element(ElementQuery(id: "fab", role: .button, name: "カードを追加", text: "Add",
                                                                      within: ElementQuery(role: .list, name: "Cards"), index: 0))])
        #expect(step.holes(in: "en").first?.target == .element(ElementQuery(id: "fab", role: .button, name: "Add a card", text: "Add",
                                                                              within: ElementQuery(role: .list, name: "Cards"), index: 0)))
        // A plain string stays an id; `targets` mixes both.
        let both = try tour(#"{"id": "b", "steps": [{"targets": ["nav.title", {"role": "button", "name": "Add a card"}], "text": "x"}]}"#)
        #expect(both.steps[0].targets == [.view("nav.title"), .element(ElementQuery(role: .button, name: "Add a card"))])
        #expect(both.steps[0].anchors(ofTarget: 0) == nil && both.steps[0].hasAnchoredTargets)
    }

    /// A part of a screenshot named on its own: its hole is the element a screen reader hears, with
    /// its role and its name in the language shown.
    @Test func aRectangleMayCarryARoleAndAName() throws {
        let t = try tour("""
            {"id": "r", "steps": [{"rects": [{"rect": [10, 20, 80, 40], "role": "button", "name": {"en": "Save", "de": "Sichern"}},
                                             [100, 20, 80, 40]], "label": "Toolbar", "text": "x"}]}
            """)
        let de = t.steps[0].holes(in: "de")
        #expect(de.map(\.label) == ["Sichern", "Toolbar"] && de.map(\.role) == [.button, nil])
        #expect(de[0].target == .rect(Rect(x: 10, y: 20, width: 80, height: 40)), "still a rectangle")
        #expect(t.steps[0].holes(in: "en").first?.label == "Save")
        #expect(!t.steps[0].hasAnchoredTargets)
        #expect(problemLines(#"{"id": "t", "steps": [{"rects": [{"rect": [0, 0, 1, 1], "role": "screen"}], "text": "x"}]}"#).first?
                    .hasPrefix(#"t.json:1: steps[0].rects[0].role: expected one of "button""#) == true)
    }

    /// A picture has no element tree: anchors over a screenshot are refused, as ids are, pointing
    /// at a rectangle with a role and a name.
    @Test func anchorsOverAScreenshotAreRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-anchors-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Pixmap(width: 39, height: 84, fill: .white).writePNG(to: folder + "/s.png")
        #expect(problemLines(#"{"id": "t", "background": "s.png", "steps": [{"target": {"role": "button", "name": "Save"}, "text": "x"}]}"#, folder: folder)
                == [#"t.json:1: steps[0].target: a tour over a screenshot has no elements to find by anchors; use "rects": [{"rect": [x, y, width, height], "role": …, "name": …}]"#])
    }

    @Test func anchorsThatCannotFindAnElementAloneAreRefused() {
        #expect(problemLines(#"{"id": "t", "steps": [{"target": {"text": "Add"}, "text": "x"}]}"#)
                == [#"t.json:1: steps[0].target: expected "id", or "role" with "name": "text" alone cannot find an element (text, within and index only narrow a match)"#])
        #expect(problemLines(#"{"id": "t", "steps": [{"target": {"role": "button", "index": 2}, "text": "x"}]}"#)
                == [#"t.json:1: steps[0].target: expected "id", or "role" with "name": "role", "index" alone cannot find an element (text, within and index only narrow a match)"#])
        #expect(problemLines(#"{"id": "t", "steps": [{"target": {}, "text": "x"}]}"#)
                == [#"t.json:1: steps[0].target: expected "id", or "role" with "name": no anchor is given (text, within and index only narrow a match)"#])
        #expect(problemLines(#"{"id": "t", "steps": [{"target": {"id": "fab", "role": "wizard"}, "text": "x"}]}"#).first?
                    .hasPrefix(#"t.json:1: steps[0].target.role: expected one of "button""#) == true)
        #expect(problemLines(#"{"id": "t", "steps": [{"target": {"id": "fab", "index": -1}, "text": "x"}]}"#).count == 1)
        #expect(problemLines(#"{"id": "t", "steps": [{"target": {"id": "fab", "nmae": "x"}, "text": "x"}]}"#).first?
                    .contains("unknown key (did you mean \"name\"?)") == true)
        #expect(problemLines(#"{"id": "t", "steps": [{"targets": [3], "text": "x"}]}"#)
                == [#"t.json:1: steps[0].targets[0]: expected a view id or an object of anchors: "id", or "role" with "name" ("text", "within" and "index" narrow them), found a number"#])
        // `within` is read with the same rules.
        #expect(problemLines(#"{"id": "t", "steps": [{"target": {"id": "fab", "within": {"index": 1}}, "text": "x"}]}"#).first?
                    .hasPrefix(#"t.json:1: steps[0].target.within: expected "id", or "role" with "name""#) == true)
    }

    /// On the sample app: a step whose target's id was renamed finds it by role and name and points
    /// at it; one whose anchors find nothing waits, then does what `ifMissing` says.
    @Test func aStepFollowsWhatItsAnchorsFind() throws {
        let (f, engine, events) = try startTour("""
            {"id": "a", "steps": [
              {"target": {"id": "addButton", "role": "button", "name": "Add a card"}, "text": "Add"},
              {"target": {"role": "button", "name": "Nothing like it"}, "text": "Gone", "waitFor": 300}
            ]}
            """)
        let spot = try #require(engine.spotlight)
        let fab = f.frame(of: "fab")
        #expect(spot.displayedHoles.first.map { $0.rect.contains(fab.center) } == true, "the hole is on the FAB")
        #expect(spot.displayedBubble != nil)
        engine.next()
        f.advance(0.1)
        #expect(events.events.last == .targetMissing(1, cause: .missing))
        f.advance(0.3)
        #expect(engine.state == .finished || engine.currentStep == nil, "the last step passed over ends the tour")
    }
}
