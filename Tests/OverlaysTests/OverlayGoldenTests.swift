import Testing
import TestSupport
import Raster
import Views
@testable import Overlays

/// Whole frames with overlays, compared exactly with goldens (390×844, real fonts).
@Suite(.serialized) @MainActor struct OverlayGoldenTests {
    func check(_ f: OverlayFixture, _ name: String) throws {
        let result = Golden.compare(try f.frame(), named: name)
        #expect(result.matches, "\(result.message)")
    }

    @Test func fabTip() throws {
        let f = try OverlayFixture()
        f.stack.present(SpotlightOverlay(holes: [Hole(target: .view("fab"))],
                                         coachMark: CoachMark(text: "Tap this button to add an item to the list.")), animated: false)
        try check(f, "fab-tip")
    }

    @Test func alertOverSpotlight() throws {
        let f = try OverlayFixture()
        f.stack.present(AlertOverlay(title: "New items", message: "Items you add appear at the end of the list.",
                                     holes: [Hole(target: .view("card.0"), shape: .roundedRect(cornerRadius: 16))]), animated: false)
        try check(f, "alert-over-spotlight")
    }

    @Test func popup() throws {
        let f = try OverlayFixture()
        let content = VStack(alignment: .leading, spacing: 8, children: [
            Text("Pop-up dialog", font: .headline),
            Text("Any content view fits here. Tap outside or on × to close.", font: .body, color: Color(white: 0.3)),
        ])
        f.stack.present(PopupOverlay(content: content), animated: false)
        try check(f, "popup")
    }

    @Test func popupPoppingIn() throws {
        let f = try OverlayFixture()
        f.stack.present(PopupOverlay(content: Text("Pop-up dialog", font: .headline)), animated: true)
        f.advance(0.1)
        try check(f, "popup-pop-in")
    }

    @Test func loadingMidFadeAndFull() throws {
        let f = try OverlayFixture()
        let loading = LoadingOverlay(stack: f.stack, message: "Loading…")
        loading.show()
        f.advance(0.25)
        try check(f, "loading-mid-fade")
        f.advance(0.5)
        try check(f, "loading-full")
    }

    @Test func starHole() throws {
        let f = try OverlayFixture()
        let c = f.center(of: "card.1")
        f.stack.present(SpotlightOverlay(holes: [Hole(target: .view("card.1"),
            shape: .path(.star(center: c, points: 5, innerRadius: 45, outerRadius: 100), .nonZero))],
            coachMark: CoachMark(text: "A star-shaped hole.")), animated: false)
        try check(f, "hole-star")
    }

    @Test func heartHole() throws {
        let f = try OverlayFixture()
        let c = f.center(of: "card.2")
        f.stack.present(SpotlightOverlay(holes: [Hole(target: .view("card.2"),
            shape: .path(.heart(in: Rect(x: c.x - 90, y: c.y - 85, width: 180, height: 170)), .nonZero))]), animated: false)
        try check(f, "hole-heart")
    }

    @Test func twoHoles() throws {
        let f = try OverlayFixture()
        f.stack.present(SpotlightOverlay(holes: [Hole(target: .view("nav.title"), shape: .roundedRect(cornerRadius: 10)),
                                                 Hole(target: .view("fab"))],
                                         coachMark: CoachMark(title: "Two at once", text: "The title and the add button.")), animated: false)
        try check(f, "two-holes")
    }

    @Test func featheredHole() throws {
        let f = try OverlayFixture()
        f.stack.present(SpotlightOverlay(holes: [Hole(target: .view("card.3"), shape: .ellipse, padding: 12, feather: 8)],
                                         coachMark: CoachMark(text: "A soft spotlight.")), animated: false)
        try check(f, "hole-feathered")
    }

    @Test func fabTipInJapaneseAtTwoTimes() throws {
        let f = try OverlayFixture(scale: 2, language: .ja)
        f.stack.present(SpotlightOverlay(holes: [Hole(target: .view("fab"))],
                                         coachMark: CoachMark(text: "このボタンをタップすると、リストに項目が追加されます。")), animated: false)
        try check(f, "fab-tip-ja@2x")
    }
}
