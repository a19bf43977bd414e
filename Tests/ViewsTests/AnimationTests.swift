import Testing
import Raster
@testable import Views

/// Fades its colour from black to white over one second of clock time.
@MainActor
final class Fader: View {
    var start: Double = 0
    var level = 0.0
    func begin(at time: Double) { start = time; startAnimating() }
    override func advanceAnimations(to time: Double) -> Bool {
        level = min(1, (time - start) / 1)
        setNeedsDisplay()
        return level < 1
    }
    override var hasOwnContent: Bool { true }
    override func draw(in canvas: Canvas) { canvas.fill(frame, color: Color(white: level)) }
}

@MainActor
@Suite struct AnimationTests {
    @Test func virtualClockMovesOnlyForward() {
        let clock = VirtualClock(now: 5)
        clock.advance(by: 0.5)
        clock.advance(by: -3)
        clock.advance(by: .nan)
        #expect(clock.now == 5.5)
    }

    @Test func viewsAnimateOnTheInjectedClock() throws {
        let clock = VirtualClock()
        let fader = Fader()
        let root = try ViewRoot(content: fader, size: Size(10, 10), textEngine: FixedMetricTextEngine(), clock: clock)
        let frame = try root.makePixmap()
        root.frame(into: frame)
        fader.begin(at: clock.now)
        #expect(root.isAnimating)
        clock.advance(by: 0.5)
        root.frame(into: nil)
        #expect(root.frame(into: frame).drawn == [IntRect(x: 0, y: 0, width: 10, height: 10)])
        #expect(frame.color(x: 5, y: 5) == Color(white: 0.5))
        clock.advance(by: 0.5)
        root.frame(into: nil)
        #expect(!root.isAnimating)
        root.frame(into: frame)
        #expect(frame.color(x: 5, y: 5) == .white)
    }

    @Test func aLayersAnimationKeepsFramesComingUntilItEnds() throws {
        final class Spinner: ScreenLayer, Animating {
            var ticks = 0
            func advanceAnimations(to time: Double) -> Bool { ticks += 1; return ticks < 3 }
            func composite(into frame: Pixmap, region: IntRect, root: ViewRoot) {}
        }
        let root = try makeRoot(View(), size: Size(10, 10))
        let frame = try root.makePixmap()
        let s = Spinner()
        root.layers.append(s)
        root.startAnimating(s)
        var n = 0
        while root.frame(into: frame).nextWakeUp == .nextFrame && n < 10 { n += 1 }
        #expect(s.ticks == 3 && n == 2, "advanced in three frames; after the third the root sleeps")
        #expect(root.nextWakeUp == .onInput)
    }
}
