import Testing
import Raster
import Views
import Overlays
@testable import Demo

/// Keyboard focus in the sample app: the order Tab follows on each screen and in each overlay, the
/// trap while an overlay is up, where focus goes when it leaves, and Enter on a target in a hole.
@MainActor
@Suite struct FocusTests {
    /// The ids (nearest ancestor's) of the focus order now.
    func order(_ app: DemoApp) -> [String] {
        app.root.frame(into: nil)
        return app.root.focusOrder.map { v in
            var view: View? = v
            while let x = view, x.id == nil { view = x.parent }
            return view?.id ?? "?"
        }
    }

    func focusedID(_ app: DemoApp) -> String? {
        var view = app.root.focusedView
        while let x = view, x.id == nil { view = x.parent }
        return view?.id
    }

    func advance(_ app: DemoApp, _ seconds: Double) {
        (app.root.clock as! VirtualClock).advance(by: seconds)
        app.root.frame(into: nil)
    }

    func key(_ app: DemoApp, _ key: Key, _ modifiers: Modifiers = []) {
        app.root.send(.key(key, modifiers: modifiers))
        app.root.frame(into: nil)
    }

    @Test func homeAndMenuInReadingOrder() throws {
        let app = try makeApp(Size(390, 844))
        #expect(order(app) == ["card.0", "card.1", "card.2", "card.3", "fab", "tab.home", "tab.menu"])
        app.tap("tab.menu")
        #expect(order(app) == ["menu.alert", "menu.popup", "menu.popup.modal", "menu.loading", "tab.home", "tab.menu"])
    }

    @Test func underRightToLeftTheOrderStaysLogical() throws {
        let app = try makeApp(Size(390, 844), language: .ar)
        #expect(order(app) == ["card.0", "card.1", "card.2", "card.3", "fab", "tab.home", "tab.menu"])
        #expect(app.frame(of: "card.0").minX > app.frame(of: "card.1").minX, "the first card is on the right")
    }

    @Test func tabWrapsAroundAndShiftTabGoesBack() throws {
        let app = try makeApp(Size(390, 844))
        key(app, .tab)
        #expect(focusedID(app) == "card.0" && app.root.isFocusRingVisible)
        key(app, .tab, .shift)
        #expect(focusedID(app) == "tab.menu", "Shift-Tab from the first goes round to the last")
        key(app, .tab)
        #expect(focusedID(app) == "card.0")
        app.tap(at: Point(5, 400))
        #expect(!app.root.isFocusRingVisible, "the pointer hides the ring")
    }

    @Test func enterAndSpaceActivateAndArrowsMoveBetweenTabs() throws {
        let app = try makeApp(Size(390, 844))
        for _ in 0..<5 { key(app, .tab) }
        #expect(focusedID(app) == "fab")
        key(app, .enter)
        #expect(app.state.cards.count == 5)
        key(app, .space)
        #expect(app.state.cards.count == 6)
        key(app, .tab)
        #expect(focusedID(app) == "tab.home")
        key(app, .right)
        #expect(focusedID(app) == "tab.menu" && app.state.selectedTab == .menu)
        key(app, .left)
        #expect(focusedID(app) == "tab.home" && app.state.selectedTab == .home)
    }

    @Test func arrowsFollowTheMirroredTabBar() throws {
        let app = try makeApp(Size(390, 844), language: .he)
        for _ in 0..<6 { key(app, .tab) }
        #expect(focusedID(app) == "tab.home")
        key(app, .left)
        #expect(focusedID(app) == "tab.menu", "the Menu tab is left of Home under right-to-left")
        key(app, .right)
        #expect(focusedID(app) == "tab.home")
    }

    @Test func eachOverlayTrapsTheFocusAndGivesItBack() throws {
        let app = try makeApp(Size(390, 844))
        app.tap("tab.menu")
        for _ in 0..<1 { key(app, .tab) }
        #expect(focusedID(app) == "menu.alert")
        for (action, inside) in [(MenuAction.alert, ["overlay.alert.ok"]), (.popup, ["overlay.popup.close"]),
                                 (.modalPopup, ["overlay.popup.close"]), (.loading, [])] {
            let row = action.viewID
            while focusedID(app) != row { key(app, .tab) }
            key(app, .enter)
            #expect(order(app) == inside, "\(action)")
            #expect(focusedID(app) == inside.first, "the focus starts on \(inside.first ?? "nothing")")
            key(app, .tab)
            #expect(focusedID(app) == inside.first, "and stays inside")
            if action == .loading {
                advance(app, 4)
            } else {
                key(app, action == .modalPopup ? .escape : .enter)
            }
            advance(app, 1)
            app.root.frame(into: nil)
            #expect(app.topOverlayKind == nil)
            #expect(focusedID(app) == row, "the focus goes back to \(row)")
        }
    }

    @Test func enterOnTheFABInTheFABTipAddsACardAndEndsTheTip() throws {
        let app = try makeApp(Size(390, 844))
        app.showFABTip(animated: false)
        #expect(order(app) == ["fab"], "the FAB tip's loop holds the FAB in its hole")
        #expect(focusedID(app) == "fab")
        key(app, .tab)
        #expect(focusedID(app) == "fab")
        key(app, .enter)
        #expect(app.state.cards.count == 5)
        advance(app, 1)
        app.root.frame(into: nil)
        #expect(app.topOverlayKind == nil)
    }

    @Test func aFocusedCardScrollsIntoView() throws {
        let samples = (0..<12).map { CardContent.samples[$0 % 4] }
        let app = try DemoApp(size: Size(390, 844), textEngine: FixedMetricTextEngine(), images: solidImages(), cards: samples)
        for _ in 0..<8 { key(app, .tab) }
        #expect(focusedID(app) == "card.7")
        let scroll = try #require(app.root.view(withID: "home.scroll"))
        let card = app.frame(of: "card.7")
        #expect(card.minY >= scroll.frame.minY && card.maxY <= scroll.frame.maxY, "card.7 is fully on screen: \(card)")
    }
}
