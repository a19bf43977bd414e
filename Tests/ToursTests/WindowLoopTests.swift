import Testing
import Raster
import Views
import Demo
@testable import Tours

/// A tour in a host that paints only when something is dirty, as the window does.
@Suite(.serialized) @MainActor struct WindowLoopTests {
    /// Runs `seconds` of 60 Hz frames the way `WindowHost.run` does; returns how many drew anything.
    func loop(_ f: AppFixture, into frame: Pixmap, for seconds: Double) -> Int {
        var painted = 0
        for _ in 0..<Int((seconds * 60).rounded()) {
            f.clock.advance(by: 1.0 / 60)
            if !f.root.frame(into: frame).drawn.isEmpty { painted += 1 }
        }
        return painted
    }

    /// The largest channel difference between two pixmaps of the same size.
    func largestDifference(_ a: Pixmap, _ b: Pixmap) -> Int {
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                for shift in stride(from: 0, through: 24, by: 8) {
                    worst = max(worst, abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF)))
                }
            }
        }
        return worst
    }

    @Test func everyFrameOfAMorphIsPaintedAndTheLastIsRight() throws {
        let f = try AppFixture()
        let engine = TourEngine(tour: try tour(TourEngineTests.fourSteps), host: f.app)
        let frame = try f.root.makePixmap()
        f.root.frame(into: frame)
        engine.start(at: 0, animated: true)
        _ = loop(f, into: frame, for: 0.5)
        f.root.send(.key(.enter))
        let painted = loop(f, into: frame, for: 0.5)
        #expect(painted >= 17, "the 0.3 s morph paints at 60 Hz (painted \(painted) frames)")
        #expect(engine.spotlight?.displayedHoles.first?.rect == f.frame(of: "card.0").outsetBy(8))
        // Tolerance 1: card shadows blurred inside a dirty rectangle can differ by one level from a
        // full repaint near the rectangle's edges; anything the morph left behind would differ by far more.
        #expect(largestDifference(frame, try f.render()) <= 1)
    }
}
