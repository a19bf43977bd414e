import Testing
import Raster
import Views
@testable import Overlays

/// Fades, morphs and timers on the virtual clock.
@Suite(.serialized) @MainActor struct OverlayTimingTests {
    @Test func loadingFadesInOverHalfASecond() throws {
        let f = try OverlayFixture()
        let loading = LoadingOverlay(stack: f.stack, message: "Loading")
        loading.show()
        f.advance(0.25)
        #expect(abs(loading.presentationOpacity - 0.5) < 0.05, "about half faded in: \(loading.presentationOpacity)")
        f.advance(0.3)
        #expect(loading.presentationOpacity == 1 && loading.phase == .shown)
    }

    @Test func hideDuringTheFadeInWaitsForItThenFadesOut() throws {
        let f = try OverlayFixture()
        let loading = LoadingOverlay(stack: f.stack, message: "Loading")
        loading.show()
        f.advance(0.3)
        loading.hide()
        f.advance(0.15)
        #expect(loading.phase == .appearing && loading.presentationOpacity > 0.85, "still fading in at 0.45 s")
        f.advance(0.1)
        #expect(loading.phase == .disappearing || loading.presentationOpacity == 1, "fade-in done at 0.5 s")
        f.advance(0.2)
        #expect(loading.phase == .disappearing && loading.presentationOpacity < 0.7 && loading.presentationOpacity > 0.3,
                "half way out at 0.7 s: \(loading.presentationOpacity)")
        f.advance(0.25)
        #expect(loading.phase == .removed && f.stack.overlays.isEmpty)
    }

    @Test func showAfterADelayWaitsOnTheClock() throws {
        let f = try OverlayFixture()
        let loading = LoadingOverlay(stack: f.stack, message: "Loading")
        loading.show(after: 1)
        _ = try f.frame()
        #expect(f.root.nextWakeUp == .at(1), "painted, the host sleeps until the loading screen is due")
        f.advance(0.9)
        #expect(f.stack.overlays.isEmpty && loading.isPending)
        f.tap(f.center(of: "fab"))
        #expect(f.taps == ["fab"], "input is not blocked before it shows")
        f.advance(0.2)
        #expect(f.stack.top === loading)
    }

    @Test func spotlightMorphsBetweenTargetsWithEaseInOut() throws {
        let f = try OverlayFixture()
        let spot = SpotlightOverlay(holes: [Hole(target: .view("fab"))])
        f.stack.present(spot, animated: false)
        f.settle()
        let from = spot.displayedHoles[0].rect
        spot.show(holes: [Hole(target: .view("box.0"), shape: .roundedRect(cornerRadius: 12))], coachMark: nil)
        f.settle()
        #expect(spot.displayedHoles[0].rect == from, "a morph starts where the hole was")
        f.advance(0.15)
        f.settle()
        let mid = spot.displayedHoles[0]
        let to = HoleGeometry.resolve(Hole(target: .view("box.0"), shape: .roundedRect(cornerRadius: 12)), frame: f.frame(of: "box.0"))
        #expect(abs(mid.rect.midX - (from.midX + to.rect.midX) / 2) < 2, "half way at half time (ease-in-out is symmetric)")
        #expect(mid.cornerRadius < from.width / 2 && mid.cornerRadius > 12)
        f.advance(0.2)
        f.settle()
        #expect(spot.displayedHoles[0] == to)
        #expect(!spot.isAnimating)
    }

    @Test func presentFadesInAndDismissFadesOut() throws {
        let f = try OverlayFixture()
        let spot = SpotlightOverlay(holes: [Hole(target: .view("fab"))])
        f.stack.present(spot)
        #expect(spot.presentationOpacity == 0 && f.root.isAnimating)
        f.advance(0.125)
        #expect(abs(spot.presentationOpacity - 0.5) < 0.05)
        f.advance(0.2)
        #expect(spot.presentationOpacity == 1 && !f.root.isAnimating)
        spot.dismiss()
        #expect(!spot.isInteractive)
        f.advance(0.3)
        #expect(f.stack.overlays.isEmpty)
    }

    /// Found by the address sanitizer's leak check: a loading screen held its stack strongly while
    /// the stack held it (showing, or waiting for its delay), so an app dropped with one up (a live
    /// reload that swaps the screen) stayed in memory with its overlays.
    @Test(arguments: [0.0, 2.0])
    func aLoadingScreenDoesNotKeepItsAppAlive(delay: Double) throws {
        weak var stack: PresentationStack?
        weak var loading: LoadingOverlay?
        weak var root: ViewRoot?
        do {
            let f = try OverlayFixture()
            let l = LoadingOverlay(stack: f.stack, message: "Loading…")
            l.show(after: delay)
            f.advance(0.6)
            _ = try f.frame()
            stack = f.stack; loading = l; root = f.root
        }
        #expect(stack == nil && loading == nil && root == nil, "the app, its stack and the loading screen are freed")
    }
}
