import Foundation
import Testing
import Demo
@testable import Overlays
import Raster
import Tours
import Views
@testable import Headless

/// The lint's contrast rule, on the bubble's own views (no tour can colour a bubble yet, so the test
/// recolours them as a theme would). The other rules are tested through `limelight check --lint`.
@Suite(.serialized) @MainActor struct TourLintTests {
    func walk() throws -> TourWalk {
        let json = #"{"id": "t", "showProgress": true, "allowSkip": true, "steps": [{"target": "nav.title", "title": "Hello", "text": "A text."}, {"target": "fab", "text": "Add."}]}"#
        let loaded = try TourLoader.load(bytes: Array(json.utf8), file: "t.json", folder: ".", appCatalog: { DemoApp.launchCatalog() })
        let clock = VirtualClock()
        let app = try DemoApp(size: Size(390, 844), textEngine: FixedMetricTextEngine(), clock: clock)
        let walk = TourWalk(tour: loaded.tour, stage: app, clock: clock)
        walk.show(step: 0, at: nil)
        return walk
    }

    func bubbleTexts(_ walk: TourWalk) -> [(Text, Color)] {
        walk.engine.spotlight!.surfaces.flatMap { TourLint.texts(in: $0.content, over: SpotlightOverlay.bubbleBackground) }
    }

    @Test func theBuiltInBubblePassesAA() throws {
        let w = try walk()
        #expect(bubbleTexts(w).count == 5, "title, text, progress, Skip, Next")
        #expect(TourLint.stepFindings(w, step: 0, file: "t.json", place: "390x844@1x, en").isEmpty)
    }

    @Test func textBelowAAAgainstItsBackgroundIsAnError() throws {
        let w = try walk()
        let texts = bubbleTexts(w)
        // #8E8E93 on white is 3.26:1; the Next button's white on #66A3FF is 2.55:1.
        texts.first { TourLint.owner(of: $0.0) == "overlay.bubble.progress" }!.0.color = Palette.secondaryLabel
        let next = w.engine.spotlight!.surfaces.compactMap { $0.content.view(withID: "overlay.bubble.next") }.first!
        (next.children.first as! Background).color = Color(red: 0x66, green: 0xA3, blue: 0xFF)
        let found = TourLint.stepFindings(w, step: 0, file: "t.json", place: "390x844@1x, en")
        #expect(found.map(\.description) == [
            "t.json:1: steps[0]: the text of overlay.bubble.progress has a contrast of 3.26:1 (#8E8E93 on #FFFFFF), below WCAG AA's 4.5:1 (at 390x844@1x, en)",
            "t.json:1: steps[0]: the text of overlay.bubble.next has a contrast of 2.55:1 (#FFFFFF on #66A3FF), below WCAG AA's 4.5:1 (at 390x844@1x, en)",
        ])
        #expect(found.allSatisfy { $0.severity == .error })
    }

    @Test func largeTextNeedsOnlyThreeToOne() throws {
        let w = try walk()
        let title = bubbleTexts(w).first { TourLint.owner(of: $0.0) == "overlay.bubble.title" }!.0
        title.color = Color(red: 0x8E, green: 0x8E, blue: 0x93)  // 3.26:1
        title.font = Font(size: 24)
        #expect(TourLint.stepFindings(w, step: 0, file: "t.json", place: "p").isEmpty, "24 pt is large text")
        title.font = Font(size: 18.66, weight: .bold)
        #expect(TourLint.stepFindings(w, step: 0, file: "t.json", place: "p").isEmpty, "14 pt bold (18.66 px) is large text")
        title.font = Font(size: 18)
        #expect(TourLint.stepFindings(w, step: 0, file: "t.json", place: "p").count == 1)
    }
}
