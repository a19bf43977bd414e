import Foundation
import Testing
import TestSupport
import Raster
import Views
import FontText
import Overlays
@testable import Demo

/// The sample app under each kind of overlay, whole frames compared exactly with goldens (390×844,
/// real fonts and the card illustrations).
@Suite(.serialized) @MainActor struct OverlayGoldenTests {
    /// The sample app on a virtual clock, with its overlays.
    @MainActor struct Scene {
        let app: DemoApp
        let clock: VirtualClock
        var root: ViewRoot { app.root }
        var stack: PresentationStack { app.overlays }

        init(scale: Double = 1, language: Language = .en) throws {
            setenv("SDL_VIDEODRIVER", "dummy", 1)
            clock = VirtualClock()
            app = try DemoApp(size: Size(390, 844), scale: scale, language: language, textEngine: try SystemTextEngine(),
                              images: CardImages.load(from: assetImagesFolder()).images, clock: clock)
        }

        /// The centre of the view `id` after a frame.
        func center(of id: String) -> Point {
            root.frame(into: nil)
            return root.view(withID: id)!.frame.center
        }

        /// Lets `seconds` pass in 60 Hz frames.
        func advance(_ seconds: Double) { runFrames(seconds, clock: clock) { root.frame(into: nil) } }
    }

    func expectGolden(_ scene: Scene, _ name: String) throws {
        let frame = try scene.root.makePixmap()
        scene.root.frame(into: frame, repaintingEverything: true)
        let result = Golden.compare(frame, named: name)
        #expect(result.matches, "\(result.message)")
    }

    @Test func theFABTipDimsTheAppAroundTheFABWithItsBubbleAbove() throws {
        let s = try Scene()
        s.stack.present(SpotlightOverlay(holes: [Hole(target: .view("fab"))],
                                         coachMark: CoachMark(text: "Tap this button to add an item to the list.")), animated: false)
        try expectGolden(s, "fab-tip")
    }

    @Test func anAlertSitsOffTheCardItsSpotlightShows() throws {
        let s = try Scene()
        s.stack.present(AlertOverlay(title: "New items", message: "Items you add appear at the end of the list.",
                                     holes: [Hole(target: .view("card.0"), shape: .roundedRect(cornerRadius: 16))]), animated: false)
        try expectGolden(s, "alert-over-spotlight")
    }

    @Test func aPopupShowsItsContentInAWhiteBoxOverAGrayBackdrop() throws {
        let s = try Scene()
        let content = VStack(alignment: .leading, spacing: 8, children: [
            Text("Pop-up dialog", font: .headline),
            Text("Any content view fits here. Tap outside or on × to close.", font: .body, color: Color(white: 0.3)),
        ])
        s.stack.present(PopupOverlay(content: content), animated: false)
        try expectGolden(s, "popup")
    }

    @Test func aPopupZoomsInAsItFadesIn() throws {
        let s = try Scene()
        s.stack.present(PopupOverlay(content: Text("Pop-up dialog", font: .headline)), animated: true)
        s.advance(0.1)
        try expectGolden(s, "popup-pop-in")
    }

    @Test func theLoadingScreenFadesInOverHalfASecond() throws {
        let s = try Scene()
        let loading = LoadingOverlay(stack: s.stack, message: "Loading…")
        loading.show()
        s.advance(0.25)
        try expectGolden(s, "loading-mid-fade")
        s.advance(0.5)
        try expectGolden(s, "loading-full")
    }

    @Test func aStarShapedHoleClearsItsPathAroundACard() throws {
        let s = try Scene()
        let c = s.center(of: "card.1")
        s.stack.present(SpotlightOverlay(holes: [Hole(target: .view("card.1"),
            shape: .path(.star(center: c, points: 5, innerRadius: 45, outerRadius: 100), .nonZero))],
            coachMark: CoachMark(text: "A star-shaped hole.")), animated: false)
        try expectGolden(s, "hole-star")
    }

    @Test func aHeartShapedHoleClearsItsPath() throws {
        let s = try Scene()
        let c = s.center(of: "card.2")
        s.stack.present(SpotlightOverlay(holes: [Hole(target: .view("card.2"),
            shape: .path(.heart(in: Rect(x: c.x - 90, y: c.y - 85, width: 180, height: 170)), .nonZero))]), animated: false)
        try expectGolden(s, "hole-heart")
    }

    @Test func twoHolesShowTogetherWithOneBubble() throws {
        let s = try Scene()
        s.stack.present(SpotlightOverlay(holes: [Hole(target: .view("nav.title"), shape: .roundedRect(cornerRadius: 10)),
                                                 Hole(target: .view("fab"))],
                                         coachMark: CoachMark(title: "Two at once", text: "The title and the add button.")), animated: false)
        try expectGolden(s, "two-holes")
    }

    @Test func aFeatheredEllipseHasASoftEdge() throws {
        let s = try Scene()
        s.stack.present(SpotlightOverlay(holes: [Hole(target: .view("card.3"), shape: .ellipse, padding: 12, feather: 8)],
                                         coachMark: CoachMark(text: "A soft spotlight.")), animated: false)
        try expectGolden(s, "hole-feathered")
    }

    @Test func theFABTipInJapaneseAtTwoTimesIsSharp() throws {
        let s = try Scene(scale: 2, language: .ja)
        s.stack.present(SpotlightOverlay(holes: [Hole(target: .view("fab"))],
                                         coachMark: CoachMark(text: "このボタンをタップすると、リストに項目が追加されます。")), animated: false)
        try expectGolden(s, "fab-tip-ja@2x")
    }

    @Test func theFABTipInArabicSitsOverTheMirroredFAB() throws {
        // The FAB 20 pt from the left, the bubble's text from the right, as the app shows it in Arabic.
        let s = try Scene(language: .ar)
        s.app.showFABTip(animated: false)
        try expectGolden(s, "fab-tip-ar")
        #expect(s.root.view(withID: "fab")!.frame.minX == 20)
    }
}
