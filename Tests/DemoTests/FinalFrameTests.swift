import Foundation
import ImageFiles
import Testing
import Overlays
import Raster
import Seeded
import Views
@testable import Demo

/// Every animation's last frame shows its end state, whatever the frame times: a window's frames do
/// not come at a steady 60 Hz (a busy host, a frame that took long), and a fade that ends between
/// two frames must still be painted at its end value, not at the last value before it.
@Suite(.serialized) @MainActor struct FinalFrameTests {
    /// Runs `app`'s frames at seeded irregular intervals (1 to 70 ms) until nothing animates.
    func runIrregularly(_ app: DemoApp, clock: VirtualClock, frame: Pixmap, seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var guardFrames = 0
        repeat {
            clock.advance(by: Double(1 + rng.below(70)) / 1000)
            app.root.frame(into: frame)
            guardFrames += 1
        } while app.root.isAnimating && guardFrames < 1000
        // One more frame at the same time, as a window would present after the last animation.
        app.root.frame(into: frame)
    }

    /// The same screen reached without animating.
    func settled(_ build: (DemoApp) -> Void, clock: VirtualClock) throws -> Pixmap {
        let app = try makeApp(Size(390, 844))
        let frame = try Pixmap(width: 390, height: 844)
        build(app)
        app.root.frame(into: frame)
        return frame
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func aFadeInEndsFullyOpaqueAtAnyFrameTimes(seed: UInt64) throws {
        let clock = VirtualClock()
        let app = try DemoApp(size: Size(390, 844), textEngine: FixedMetricTextEngine(), images: solidImages(), clock: clock)
        let frame = try Pixmap(width: 390, height: 844)
        app.root.frame(into: frame)
        app.showFABTip(animated: true)
        runIrregularly(app, clock: clock, frame: frame, seed: seed)
        let still = try settled({ $0.showFABTip(animated: false) }, clock: VirtualClock())
        let difference = PixmapDifference(between: frame, and: still, maxChannelDelta: 0)
        #expect(difference.differingPixels == 0, "seed \(seed): \(difference.differingPixels) pixels differ from the tip shown at once")
    }

    @Test(arguments: [UInt64(11), 12, 13, 14])
    func aMorphEndsExactlyOnItsNewHolesAtAnyFrameTimes(seed: UInt64) throws {
        let clock = VirtualClock()
        let app = try DemoApp(size: Size(390, 844), textEngine: FixedMetricTextEngine(), images: solidImages(), clock: clock)
        let frame = try Pixmap(width: 390, height: 844)
        let tip = app.showFABTip(animated: false)
        app.root.frame(into: frame)
        tip.show(holes: [Hole(target: .view("card.1"), shape: .roundedRect(cornerRadius: 12))], coachMark: CoachMark(text: "A card."))
        runIrregularly(app, clock: clock, frame: frame, seed: seed)
        let still = try settled({ app in
            let t = app.showFABTip(animated: false)
            t.show(holes: [Hole(target: .view("card.1"), shape: .roundedRect(cornerRadius: 12))], coachMark: CoachMark(text: "A card."), animated: false)
        }, clock: VirtualClock())
        let difference = PixmapDifference(between: frame, and: still, maxChannelDelta: 0)
        if difference.differingPixels > 0, ProcessInfo.processInfo.environment["LIMELIGHT_DEBUG_FRAMES"] != nil {
            try? frame.writePNG(to: "/tmp/morph-\(seed)-actual.png"); try? still.writePNG(to: "/tmp/morph-\(seed)-expected.png")
        }
        #expect(difference.differingPixels == 0, "seed \(seed): \(difference.differingPixels) pixels differ after the morph")
    }

    @Test(arguments: [UInt64(21), 22, 23])
    func alertsAndPopUpsEndOnTheirShownFrameAtAnyFrameTimes(seed: UInt64) throws {
        for (kind, make) in [("alert", { DemoOverlays.alert(.en) as Overlay }), ("popup", { DemoOverlays.popup(.en, modal: false) as Overlay })] {
            let clock = VirtualClock()
            let app = try DemoApp(size: Size(390, 844), textEngine: FixedMetricTextEngine(), images: solidImages(), clock: clock)
            let frame = try Pixmap(width: 390, height: 844)
            app.root.frame(into: frame)
            app.overlays.present(make(), animated: true)
            runIrregularly(app, clock: clock, frame: frame, seed: seed)
            let still = try settled({ $0.overlays.present(make(), animated: false) }, clock: VirtualClock())
            let difference = PixmapDifference(between: frame, and: still, maxChannelDelta: 0)
            #expect(difference.differingPixels == 0, "\(kind), seed \(seed): \(difference.differingPixels) pixels differ")
        }
    }

    @Test func aTweenEndsExactlyOnItsEndValue() {
        // 0.1 + 0.9 × 1 is 1 only by luck of rounding: the end of a tween is its `to`, exactly.
        for from in stride(from: 0.0, through: 1.0, by: 0.0137) {
            for easing in [Easing.linear, .easeInOut, .easeOut] {
                let t = Tween(from: from, to: 1, start: 0, duration: 0.3, easing: easing)
                #expect(t.value(at: 0.3) == 1 && t.value(at: 5) == 1, "from \(from), \(easing)")
            }
        }
    }
}
