import Testing
import TestSupport
import Raster
import Views
import Overlays
@testable import Demo

/// The sample app's overlays: the FAB tip one second after launch, and the Menu's entries.
@Suite @MainActor struct DemoOverlayTests {
    func makeTimedApp() throws -> (DemoApp, VirtualClock) {
        let clock = VirtualClock()
        let app = try DemoApp(size: Size(390, 844), textEngine: FixedMetricTextEngine(), images: solidImages(), clock: clock)
        return (app, clock)
    }

    func run(_ app: DemoApp, _ clock: VirtualClock, for seconds: Double) {
        runFrames(seconds, clock: clock) { app.root.frame(into: nil) }
    }

    @Test func fabTipAppearsOneSecondAfterLaunch() throws {
        let (app, clock) = try makeTimedApp()
        app.scheduleFABTip()
        app.root.frame(into: try app.root.makePixmap())
        #expect(app.root.nextWakeUp == .at(1), "painted, the host sleeps until the tip is due")
        run(app, clock, for: 0.95)
        #expect(app.topOverlayKind == nil)
        run(app, clock, for: 0.1)
        #expect(app.topOverlayKind == .spotlight)
        let tip = app.overlays.top as! SpotlightOverlay
        #expect(tip.coachMark?.text == "Tap this button to add an item to the list.")
        app.tap("fab")
        #expect(app.state.cards.count == 5, "tapping the highlighted FAB adds a card")
        #expect(app.topOverlayKind == nil, "and ends the tip")
    }

    @Test func tipIsInJapaneseWithLangJa() throws {
        let app = try DemoApp(size: Size(390, 844), language: .ja, textEngine: FixedMetricTextEngine(), images: solidImages())
        let tip = app.showFABTip(animated: false)
        #expect(tip.coachMark?.text == "このボタンをタップすると、リストに項目が追加されます。")
    }

    @Test func menuEntriesOpenTheirOverlays() throws {
        let (app, clock) = try makeTimedApp()
        app.tap("tab.menu")
        #expect(app.state.selectedTab == .menu)
        app.tap(MenuAction.alert.viewID)
        #expect(app.topOverlayKind == .alert)
        app.root.send(.key(.enter))
        run(app, clock, for: 0.5)
        app.tap(MenuAction.popup.viewID)
        #expect(app.topOverlayKind == .popup)
        app.tap(at: Point(10, 300))
        run(app, clock, for: 0.5)
        #expect(app.topOverlayKind == nil, "the pop-up closes on a background tap")
        app.tap(MenuAction.modalPopup.viewID)
        run(app, clock, for: 0.5)
        app.tap(at: Point(10, 300))
        #expect(app.topOverlayKind == .popup, "the modal pop-up stays")
        app.root.send(.key(.escape))
        run(app, clock, for: 0.5)
        app.tap(MenuAction.loading.viewID)
        run(app, clock, for: 1)
        #expect(app.topOverlayKind == .loading)
        app.tap("tab.home")
        #expect(app.state.selectedTab == .menu, "loading blocks the tab bar")
        run(app, clock, for: 2.5)
        #expect(app.topOverlayKind == nil, "the loading screen is gone after 3 s and its fade")
        app.tap("tab.home")
        #expect(app.state.selectedTab == .home)
    }
}
