import Testing
import Raster
import Views
@testable import Overlays
@testable import Demo

/// Reduced motion: fades become short cross-fades, morphs jump, the pop-up does not zoom, the
/// spinner stands still, a new card appears without a glide, and every end state is the same frame.
@MainActor
@Suite struct ReducedMotionTests {
    func app(reduced: Bool, cards: Int = 4) throws -> (DemoApp, VirtualClock) {
        let clock = VirtualClock()
        let samples = (0..<cards).map { CardContent.samples[$0 % 4] }
        let app = try DemoApp(size: Size(390, 844), textEngine: FixedMetricTextEngine(), images: solidImages(), cards: samples, clock: clock)
        app.root.reducesMotion = reduced
        app.root.frame(into: nil)
        return (app, clock)
    }

    func advance(_ app: DemoApp, _ clock: VirtualClock, _ seconds: Double) {
        clock.advance(by: seconds)
        app.root.frame(into: nil)
    }

    @Test func aFadeIsAShortCrossFade() throws {
        for reduced in [false, true] {
            let (app, clock) = try app(reduced: reduced)
            let tip = app.showFABTip()
            advance(app, clock, 0.05)
            #expect(abs(tip.presentationOpacity - (reduced ? 0.5 : 0.2)) < 1e-9)
            advance(app, clock, 0.05)
            #expect(reduced ? tip.phase == .shown : tip.phase == .appearing, "done in 0.1 s only when reduced")
        }
    }

    @Test func aMorphJumps() throws {
        for reduced in [false, true] {
            let (app, clock) = try app(reduced: reduced)
            let spot = SpotlightOverlay(holes: [Hole(target: .view("card.0"))], coachMark: CoachMark(text: "One"))
            app.overlays.present(spot, animated: false)
            app.root.frame(into: nil)
            spot.show(holes: [Hole(target: .view("card.3"))], coachMark: CoachMark(text: "Two"))
            advance(app, clock, 0.01)
            let target = app.frame(of: "card.3").center
            let hole = try #require(spot.displayedHoles.first)
            #expect(spot.isAnimating == !reduced)
            #expect((hole.center.distance(to: target) < 0.5) == reduced, "at the new target at once only when reduced")
        }
    }

    @Test func thePopUpDoesNotZoom() throws {
        for reduced in [false, true] {
            let (app, clock) = try app(reduced: reduced)
            app.open(.popup)
            advance(app, clock, 0.02)
            let popup = try #require(app.overlays.top as? PopupOverlay)
            #expect((popup.zoom == 1) == reduced)
        }
    }

    @Test func theSpinnerStandsStill() throws {
        for reduced in [false, true] {
            let (app, clock) = try app(reduced: reduced)
            app.tap("tab.menu")
            app.open(.loading)
            let frame = try app.root.makePixmap()
            advance(app, clock, 0.8)
            app.root.frame(into: frame)
            let first = frame.copy()
            advance(app, clock, 0.2)
            app.root.frame(into: frame)
            #expect(PixmapDifference(between: first, and: frame).isEmpty == reduced, "the same pixels a fifth of a second later only when reduced")
        }
    }

    @Test func theNewCardAppearsWithoutAGlide() throws {
        for reduced in [false, true] {
            let (app, clock) = try app(reduced: reduced, cards: 8)
            let scroll = try #require(app.root.view(withID: "home.scroll") as? ScrollView)
            app.tap("fab")
            app.root.frame(into: nil)
            let first = scroll.contentOffset
            advance(app, clock, 1)
            let settled = scroll.contentOffset
            #expect(settled > 0, "card.8 was below the fold")
            #expect((first == settled) == reduced, "\(first) then \(settled)")
            let card = try #require(app.root.view(withID: "card.8") as? CardView)
            #expect(card.imageView.image != nil, "the added card shows the fourth sample's picture")
        }
    }

    @Test func everyEndStateIsTheSameFrame() throws {
        var frames: [Pixmap] = []
        for reduced in [false, true] {
            let (app, clock) = try app(reduced: reduced)
            app.showFABTip()
            advance(app, clock, 1)
            let frame = try app.root.makePixmap()
            app.root.frame(into: frame, repaintingEverything: true)
            frames.append(frame)
        }
        #expect(PixmapDifference(between: frames[0], and: frames[1]).isEmpty)
    }
}
