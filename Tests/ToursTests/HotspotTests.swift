import Testing
import Raster
import Views
import Overlays
@testable import Demo
@testable import Tours

/// Hotspot steps: beacons with no dim over an app that stays usable, a tap on one opening its step,
/// a group up at once, and a pulse that follows the clock but stands still under reduced motion.
@Suite(.serialized) @MainActor struct HotspotTests {
    static let json = """
        {"id": "spots", "steps": [
          {"kind": "hotspot", "group": "g", "target": "card.0", "title": "Cards", "text": "Each card is an article."},
          {"kind": "hotspot", "group": "g", "target": "fab", "title": "Add", "text": "This adds a card."},
          {"target": "nav.title", "text": "That is all."}
        ]}
        """

    func run(reduced: Bool = false) throws -> (AppFixture, TourEngine) {
        let f = try AppFixture()
        f.root.reducesMotion = reduced
        let engine = TourEngine(tour: try tour(Self.json), host: f.app)
        engine.start(at: 0, animated: false)
        f.advance(0.5)
        return (f, engine)
    }

    @Test func aGroupOfBeaconsLeavesTheAppUsableAndOpensOneAtATime() throws {
        let (f, engine) = try run()
        #expect(f.app.topOverlayKind == .hotspot && engine.spotlight == nil && engine.hotspotGroup == [0, 1])
        #expect(f.frame(of: "overlay.hotspot.0") != .zero && f.frame(of: "overlay.hotspot.1") != .zero)
        // The app works beneath: a tap on the Menu tab goes through, and back.
        f.tap(f.frame(of: "tab.menu").center)
        f.advance(0.2)
        #expect(f.app.state.selectedTab == .menu)
        f.tap(f.frame(of: "tab.home").center)
        f.advance(0.5)
        f.tap(f.frame(of: "overlay.hotspot.1").center)
        f.advance(0.5)
        #expect(engine.currentStep == 1 && f.app.topOverlayKind == .spotlight && f.app.state.cards.count == 4, "the beacon opened its step; the FAB was not tapped")
        f.tap(f.frame(of: "overlay.bubble.next").center)
        f.advance(0.5)
        #expect(f.app.topOverlayKind == .hotspot && f.frame(of: "overlay.hotspot.0") != .zero && f.frame(of: "overlay.hotspot.1") == .zero,
                "back to the beacon not opened yet")
        f.tap(f.frame(of: "overlay.hotspot.0").center)
        f.advance(0.5)
        #expect(engine.currentStep == 0)
        f.tap(f.frame(of: "overlay.bubble.next").center)
        f.advance(0.5)
        #expect(engine.currentStep == 2 && f.app.topOverlayKind == .spotlight, "the group done, the tour goes on")
    }

    @Test func beaconsAreButtonsForTheKeyboardAndScreenReaders() throws {
        let (f, _) = try run()
        let tree = f.root.semanticsTree()
        #expect(tree.children.count > 1, "not modal: the app stays in the tree")
        let spots = tree.children.last
        #expect(spots?.role == .dialog && spots?.node(withID: "overlay.hotspot.0")?.label == "Cards")
        #expect(f.root.focusOrder.contains { $0.id == "overlay.hotspot.1" } && f.root.focusOrder.contains { $0.id == "tab.menu" })
    }

    @Test func thePulseFollowsTheClockButNotUnderReducedMotion() throws {
        for reduced in [false, true] {
            let (f, _) = try run(reduced: reduced)
            let a = try f.render()
            f.advance(0.5)
            let b = try f.render()
            #expect(PixmapDifference(between: a, and: b).isEmpty == reduced)
        }
    }
}
