import Testing
import Raster
import Views
import Demo
@testable import Overlays

/// Overlays block input to everything beneath, bars included, except what they pass through.
@Suite(.serialized) @MainActor struct OverlayInputTests {
    func fabTip(_ f: OverlayFixture) -> SpotlightOverlay {
        let spot = SpotlightOverlay(holes: [Hole(target: .view("fab"))], coachMark: CoachMark(text: "Tap this button to add an item to the list."))
        f.stack.present(spot, animated: false)
        f.settle()
        return spot
    }

    @Test func tapOnTheMenuTabChangesNothingAndDismissesTheTip() throws {
        let f = try OverlayFixture(realText: false)
        let spot = fabTip(f)
        f.tap(f.center(of: "tab.menu"))
        #expect(f.app.state.selectedTab == .home, "the tab bar beneath got the tap")
        #expect(!spot.isInteractive, "the tip is going away")
        f.advance(0.5)
        #expect(f.stack.overlays.isEmpty)
    }

    @Test func tapOnACardChangesNothingAndDismissesTheTip() throws {
        let f = try OverlayFixture(realText: false)
        let spot = fabTip(f)
        let card = f.center(of: "card.1")
        f.root.send(.pointerDown(card, button: .primary))
        #expect(f.root.pointerCaptor == nil, "no view beneath captured the pointer")
        f.root.send(.pointerUp(card, button: .primary))
        #expect(f.app.state.cards.count == 4)
        #expect(!spot.isInteractive)
    }

    @Test func tapOnTheFABInTheHoleAddsACardAndDismisses() throws {
        let f = try OverlayFixture(realText: false)
        let spot = fabTip(f)
        f.tap(f.center(of: "fab"))
        #expect(f.app.state.cards.count == 5, "the tap passed through to the FAB")
        #expect(!spot.isInteractive)
    }

    @Test func tapInTheHoleButOffTheRoundFABAddsNothing() throws {
        let f = try OverlayFixture(realText: false)
        let spot = fabTip(f)
        // Inside the hole's padding ring, outside the FAB's circle.
        let fab = f.root.view(withID: "fab")!.frame
        let p = Point(fab.midX, fab.minY - 4)
        #expect(spot.holeContains(p))
        f.tap(p)
        #expect(f.app.state.cards.count == 4)
        #expect(!spot.isInteractive, "a tap in the hole still ends the tip")
    }

    @Test func wheelAndKeysDoNotReachTheTree() throws {
        let f = try OverlayFixture(realText: false)
        for _ in 0..<6 { f.tap(f.center(of: "fab")) }
        let spot = fabTip(f)
        let scroll = f.root.view(withID: "home.scroll") as! ScrollView
        f.root.send(.wheel(dy: 200, at: f.center(of: "card.0")))
        #expect(scroll.contentOffset == 0)
        #expect(spot.isInteractive)
        f.root.send(.key(.escape))
        #expect(!spot.isInteractive, "Escape dismisses")
    }

    @Test func nextAndBackComeFromEnterRightAndLeft() throws {
        let f = try OverlayFixture(realText: false)
        let spot = fabTip(f)
        var actions: [SpotlightAction] = []
        spot.onAction = { actions.append($0) }
        f.root.send(.key(.enter)); f.root.send(.key(.right)); f.root.send(.key(.left)); f.root.send(.key(.escape))
        #expect(actions == [.advance, .advance, .back, .dismiss])
    }

    @Test func popupWithoutBackgroundClosingStaysUp() throws {
        let f = try OverlayFixture(realText: false)
        let popup = PopupOverlay(content: Text("Hello"), closesOnBackgroundTap: false)
        f.stack.present(popup, animated: false)
        f.settle()
        f.tap(Point(10, f.root.size.height / 2))
        #expect(popup.isInteractive)
        f.tap(f.center(of: "tab.menu"))
        #expect(f.app.state.selectedTab == .home)
        #expect(popup.isInteractive)
        // The × closes it.
        let close = popup.box
        f.tap(Point(close.maxX - 24, close.minY + 24))
        #expect(!popup.isInteractive)
    }

    @Test func popupWithBackgroundClosingCloses() throws {
        let f = try OverlayFixture(realText: false)
        let popup = PopupOverlay(content: Text("Hello"), closesOnBackgroundTap: true)
        f.stack.present(popup, animated: false)
        f.settle()
        f.tap(popup.box.center)
        #expect(popup.isInteractive, "a tap on the dialog itself does not close it")
        f.tap(Point(10, f.root.size.height / 2))
        #expect(!popup.isInteractive)
    }

    @Test func tapsDuringLoadingReachNothing() throws {
        let f = try OverlayFixture(realText: false)
        let loading = LoadingOverlay(stack: f.stack, message: "Loading…")
        loading.showAndHide(for: 3)
        f.advance(0.6)
        f.tap(f.center(of: "fab"))
        f.tap(f.center(of: "tab.menu"))
        f.root.send(.key(.escape))
        #expect(f.app.state.cards.count == 4 && f.app.state.selectedTab == .home)
        #expect(f.stack.top === loading)
        f.advance(3)
        #expect(f.stack.overlays.isEmpty, "gone after 3 s and its fade-out")
        f.tap(f.center(of: "fab"))
        #expect(f.app.state.cards.count == 5, "input reaches the app again")
    }

    @Test func alertOKRunsTheHandlerAndDismisses() throws {
        let f = try OverlayFixture(realText: false)
        var confirmed = 0
        let alert = AlertOverlay(title: "Title", message: "Message", holes: [Hole(target: .view("fab"))], onConfirm: { confirmed += 1 })
        f.stack.present(alert, animated: false)
        f.settle()
        #expect(abs(alert.box.width - 300) < 0.5 || alert.box.width < 300)
        f.tap(f.center(of: "fab"))
        #expect(f.app.state.cards.count == 4, "an alert's hole does not pass taps through")
        let ok = alert.box
        f.tap(Point(ok.midX, ok.maxY - 24 - 22))
        #expect(confirmed == 1)
        #expect(!alert.isInteractive)
    }

    @Test func onlyTheTopOverlayTakesInput() throws {
        let f = try OverlayFixture(realText: false)
        let spot = fabTip(f)
        let alert = AlertOverlay(title: "T", message: "M")
        f.stack.present(alert, animated: false)
        f.settle()
        f.tap(f.center(of: "fab"))
        #expect(f.app.state.cards.count == 4)
        #expect(spot.isInteractive, "the spotlight beneath the alert saw nothing")
        #expect(f.stack.top === alert)
    }

    /// Found by the soak: after a resize an alert placed itself with the height of its last layout,
    /// then moved on the next frame; a resize must settle in one layout.
    @Test func anAlertOffAHoleSettlesInOneLayoutAfterAResize() throws {
        let f = try OverlayFixture(size: Size(96, 84), scale: 2, realText: false)
        let alert = AlertOverlay(title: "Heads up", message: "Alerts sit above every screen, bars included, and take all the input until OK.",
                                 holes: [Hole(target: .rect(Rect(x: 40, y: 250, width: 300, height: 60)), shape: .rect)])
        f.stack.present(alert, animated: false)
        f.settle()
        f.root.send(.resize(Size(815, 657)))
        f.settle()
        let first = alert.box
        f.settle()
        #expect(alert.box == first, "the box moved from \(first) to \(alert.box) with nothing changed")
    }
}
