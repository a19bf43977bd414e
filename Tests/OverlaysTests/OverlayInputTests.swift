import Testing
import Raster
import Views
@testable import Overlays

/// Overlays block input to everything beneath, bars included, except what they pass through; their
/// own views take input through the root's hit test, found by id.
@Suite(.serialized) @MainActor struct OverlayInputTests {
    /// A spotlight on the round button with a bubble, shown and laid out.
    func buttonTip(_ f: OverlayFixture, coachMark: CoachMark = CoachMark(text: "Tap this button to add a box.")) -> SpotlightOverlay {
        let spot = SpotlightOverlay(holes: [Hole(target: .view("fab"))], coachMark: coachMark)
        f.stack.present(spot, animated: false)
        f.settle()
        return spot
    }

    @Test func aTapOnTheBarBeneathATipReachesNothingAndDismissesIt() throws {
        let f = try OverlayFixture()
        let spot = buttonTip(f)
        f.tap(f.center(of: "tab.b"))
        #expect(f.taps.isEmpty, "the bar beneath got the tap")
        #expect(!spot.isInteractive, "the tip is going away")
        f.advance(0.5)
        #expect(f.stack.overlays.isEmpty)
    }

    @Test func aPressOnABoxBeneathATipCapturesNothing() throws {
        let f = try OverlayFixture()
        let spot = buttonTip(f)
        let box = f.center(of: "box.1")
        f.root.send(.pointerDown(box, button: .primary))
        #expect(f.root.pointerCaptor == nil, "no view beneath captured the pointer")
        f.root.send(.pointerUp(box, button: .primary))
        #expect(f.taps.isEmpty)
        #expect(!spot.isInteractive)
    }

    @Test func aTapOnTheButtonInTheHoleReachesItAndDismisses() throws {
        let f = try OverlayFixture()
        let spot = buttonTip(f)
        f.tap(f.center(of: "fab"))
        #expect(f.taps == ["fab"], "the tap passed through to the button")
        #expect(!spot.isInteractive)
    }

    @Test func aTapInTheHoleButOffTheRoundButtonReachesNothing() throws {
        let f = try OverlayFixture()
        let spot = buttonTip(f)
        // Inside the hole's padding ring, outside the button's circle.
        let fab = f.frame(of: "fab")
        let p = Point(fab.midX, fab.minY - 4)
        #expect(spot.holeContains(p))
        f.tap(p)
        #expect(f.taps.isEmpty)
        #expect(!spot.isInteractive, "a tap in the hole still ends the tip")
    }

    @Test func wheelAndKeysDoNotReachTheTree() throws {
        let f = try OverlayFixture(boxes: 12)
        let spot = buttonTip(f)
        f.root.send(.wheel(dy: 200, at: f.center(of: "box.0")))
        #expect(f.scroll.contentOffset == 0)
        #expect(spot.isInteractive)
        f.root.send(.key(.escape))
        #expect(!spot.isInteractive, "Escape dismisses")
    }

    @Test func nextAndBackComeFromEnterRightAndLeft() throws {
        let f = try OverlayFixture()
        let spot = buttonTip(f)
        var actions: [SpotlightAction] = []
        spot.onAction = { actions.append($0) }
        f.root.send(.key(.enter)); f.root.send(.key(.right)); f.root.send(.key(.left)); f.root.send(.key(.escape))
        // Enter first activates the focused target in the hole (a "target" advance); Right is a key.
        #expect(actions == [.advance(.target), .advance(.key), .back, .dismiss])
    }

    @Test func theBubblesViewsAreFoundByIDWhileItShowsAndGoneAfter() throws {
        let f = try OverlayFixture()
        let spot = buttonTip(f, coachMark: CoachMark(title: "Add", text: "Tap it.", showsNextButton: true, showsSkipButton: true,
                                                     progress: StepProgress(current: 1, total: 3)))
        let ids = ["overlay.bubble", "overlay.bubble.title", "overlay.bubble.text", "overlay.bubble.footer",
                   "overlay.bubble.progress", "overlay.bubble.skip", "overlay.bubble.next"]
        for id in ids {
            let view = try #require(f.root.view(withID: id), "\(id) is in the root's id space")
            #expect(view.isPlaced && spot.displayedBubble!.box.outsetBy(0.5).contains(view.frame.center), "\(id) is inside the bubble")
        }
        #expect(f.root.view(withID: "overlay.bubble")!.frame == spot.displayedBubble!.box, "the bubble's id names its box")
        let listed = Set(f.root.allIdentifiedViews().map(\.id))
        #expect(Set(ids).isSubset(of: listed), "and they are listed with the tree's")
        spot.dismiss(animated: false)
        for id in ids { #expect(f.root.view(withID: id) == nil, "\(id) is gone with the tip") }
    }

    @Test func theBubblesNextButtonTakesATapFoundByItsID() throws {
        let f = try OverlayFixture()
        let spot = buttonTip(f, coachMark: CoachMark(text: "Tap Next.", showsNextButton: true, showsSkipButton: true))
        var actions: [SpotlightAction] = []
        spot.onAction = { actions.append($0) }
        f.tap(f.center(of: "overlay.bubble.next"))
        f.tap(f.center(of: "overlay.bubble.skip"))
        #expect(actions == [.advance(.next), .dismiss])
        #expect(f.taps.isEmpty, "nothing beneath saw the taps")
    }

    @Test func aPressOnNextThatLeavesTheButtonDoesNotFire() throws {
        let f = try OverlayFixture()
        let spot = buttonTip(f, coachMark: CoachMark(text: "Tap Next.", showsNextButton: true))
        var actions: [SpotlightAction] = []
        spot.onAction = { actions.append($0) }
        let next = f.frame(of: "overlay.bubble.next")
        f.root.send(.pointerDown(next.center, button: .primary))
        let button = try #require(f.root.view(withID: "overlay.bubble.next") as? Button)
        #expect(button.isPressed && f.root.pointerCaptor === button, "the root's capture holds the bubble's button")
        f.root.send(.pointerMove(Point(next.center.x, next.minY - 40)))
        #expect(!button.isPressed)
        f.root.send(.pointerUp(Point(next.center.x, next.minY - 40), button: .primary))
        #expect(actions.isEmpty && spot.isInteractive)
    }

    @Test func aPopupWithoutBackgroundClosingClosesOnlyWithItsCloseButton() throws {
        let f = try OverlayFixture()
        let popup = PopupOverlay(content: Text("Hello"), closesOnBackgroundTap: false)
        f.stack.present(popup, animated: false)
        f.settle()
        f.tap(Point(10, f.root.size.height / 2))
        #expect(popup.isInteractive)
        f.tap(f.center(of: "tab.b"))
        #expect(f.taps.isEmpty)
        #expect(popup.isInteractive)
        f.tap(f.center(of: "overlay.popup.close"))
        #expect(!popup.isInteractive)
    }

    @Test func aPopupWithBackgroundClosingClosesOnABackgroundTap() throws {
        let f = try OverlayFixture()
        let popup = PopupOverlay(content: Text("Hello"), closesOnBackgroundTap: true)
        f.stack.present(popup, animated: false)
        f.settle()
        #expect(f.frame(of: "overlay.popup") == popup.box)
        f.tap(popup.box.center)
        #expect(popup.isInteractive, "a tap on the dialog itself does not close it")
        f.tap(Point(10, f.root.size.height / 2))
        #expect(!popup.isInteractive)
    }

    @Test func tapsDuringLoadingReachNothing() throws {
        let f = try OverlayFixture()
        let loading = LoadingOverlay(stack: f.stack, message: "Loading…")
        loading.showAndHide(for: 3)
        f.advance(0.6)
        #expect(f.root.view(withID: "overlay.loading.message") != nil)
        f.tap(f.center(of: "fab"))
        f.tap(f.center(of: "tab.b"))
        f.root.send(.key(.escape))
        #expect(f.taps.isEmpty)
        #expect(f.stack.top === loading)
        f.advance(3)
        #expect(f.stack.overlays.isEmpty, "gone after 3 s and its fade-out")
        f.tap(f.center(of: "fab"))
        #expect(f.taps == ["fab"], "input reaches the screen again")
    }

    @Test func theAlertsOKRunsTheHandlerAndDismisses() throws {
        let f = try OverlayFixture()
        var confirmed = 0
        let alert = AlertOverlay(title: "Title", message: "Message", holes: [Hole(target: .view("fab"))], onConfirm: { confirmed += 1 })
        f.stack.present(alert, animated: false)
        f.settle()
        #expect(abs(alert.box.width - 300) < 0.5 || alert.box.width < 300)
        f.tap(f.center(of: "fab"))
        #expect(f.taps.isEmpty, "an alert's hole does not pass taps through")
        f.tap(f.center(of: "overlay.alert.ok"))
        #expect(confirmed == 1)
        #expect(!alert.isInteractive)
    }

    @Test func onlyTheTopOverlayTakesInput() throws {
        let f = try OverlayFixture()
        let spot = buttonTip(f)
        let alert = AlertOverlay(title: "T", message: "M")
        f.stack.present(alert, animated: false)
        f.settle()
        f.tap(f.center(of: "fab"))
        #expect(f.taps.isEmpty)
        #expect(spot.isInteractive, "the spotlight beneath the alert saw nothing")
        #expect(f.stack.top === alert)
    }

    /// Found by the soak: after a resize an alert placed itself with the height of its last layout,
    /// then moved on the next frame; a resize must settle in one layout.
    @Test func anAlertOffAHoleSettlesInOneLayoutAfterAResize() throws {
        let f = try OverlayFixture(size: Size(96, 84), scale: 2)
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
