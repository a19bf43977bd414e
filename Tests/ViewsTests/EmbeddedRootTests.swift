import Testing
import Raster
@testable import Views

/// A root inside another root's tree: its frame runs in the outer frame, its timers wake the outer
/// host, its pixels show at the view's place, and the outer root lists it for a test kit.
@MainActor
@Suite struct EmbeddedRootTests {
    final class Shows: View {
        var embedded: EmbeddedRootView
        init(_ embedded: EmbeddedRootView) { self.embedded = embedded; super.init(); addChild(embedded) }
        override func placeSubviews(in bounds: Rect) { embedded.place(in: Rect(x: 10, y: 20, width: 40, height: 30)) }
    }

    @Test func theEmbeddedFrameRunsInTheOuterFrameAndShowsAtItsPlace() throws {
        let clock = VirtualClock()
        let inner = Probe(Size(40, 30), color: .black)
        let innerRoot = try ViewRoot(content: inner, size: Size(40, 30), textEngine: FixedMetricTextEngine(), clock: clock)
        innerRoot.backgroundColor = Color(red: 255, green: 0, blue: 0)
        let embedding = EmbeddedRootView(embedding: innerRoot)
        let outer = try ViewRoot(content: Shows(embedding), size: Size(100, 100), textEngine: FixedMetricTextEngine(), clock: clock)
        let pixmap = try outer.makePixmap()
        embedding.setNeedsEmbeddedFrame()
        outer.frame(into: pixmap)
        outer.frame(into: pixmap)
        #expect(!embedding.needsFirstEmbeddedFrame, "the embedded root made its frame in the outer one")
        #expect(pixmap.color(x: 30, y: 35) == .black, "its pixels at the view's place")
        #expect(pixmap.color(x: 5, y: 5) == .white, "the outer tree around it")
        #expect(outer.embeddedRoots.count == 1 && outer.embeddedRoots.first?.outerPoint(.zero) == Point(10, 20))
        #expect(outer.embeddedRoots.first?.embeddedRoot === innerRoot)

        // A timer of the embedded root wakes the outer host, and its change shows.
        var fired = false
        innerRoot.timers.after(0.5) { fired = true; inner.color = .white; inner.setNeedsDisplay() }
        embedding.setNeedsEmbeddedFrame()
        outer.frame(into: pixmap)
        guard case .at(let t) = outer.nextWakeUp else { Issue.record("the outer root waits for the embedded timer: \(outer.nextWakeUp)"); return }
        #expect(abs(t - 0.5) < 1e-9)
        clock.advance(by: 0.5)
        outer.frame(into: pixmap)
        outer.frame(into: pixmap)
        #expect(fired && pixmap.color(x: 30, y: 35) == .white, "the timer's change is on the outer screen")
    }

    /// At a zoom the embedded root runs at the outer scale times it (sharp, never resampled), its
    /// pixels land zoomed and panned inside the view, and points map both ways.
    @Test func aZoomedEmbeddedRootRunsAtTheZoomedScaleAndMapsPoints() throws {
        let clock = VirtualClock()
        let inner = Probe(Size(40, 30), color: .black)
        let innerRoot = try ViewRoot(content: inner, size: Size(40, 30), textEngine: FixedMetricTextEngine(), clock: clock)
        let embedding = EmbeddedRootView(embedding: innerRoot)
        let outer = try ViewRoot(content: Shows(embedding), size: Size(100, 100), scale: 2, textEngine: FixedMetricTextEngine(), clock: clock)
        embedding.zoom = 0.5
        let pixmap = try outer.makePixmap()
        embedding.setNeedsEmbeddedFrame()
        outer.frame(into: pixmap)
        outer.frame(into: pixmap)
        #expect(innerRoot.scale == 1, "outer scale 2 at 50%")
        #expect(pixmap.color(x: 2 * 25, y: 2 * 30) == .black, "the screen, half size, at the view's corner")
        #expect(pixmap.color(x: 2 * 35, y: 2 * 40) == .white, "beyond its half-size screen: nothing")
        #expect(embedding.embeddedPoint(Point(20, 25)) == Point(20, 10))
        embedding.pan = Point(-10, 0)
        #expect(embedding.outerPoint(Point(0, 0)) == Point(15, 20), "panned 10 points of the screen to the left")
        #expect(embedding.embeddedPoint(embedding.outerPoint(Point(7, 9))) == Point(7, 9))
        outer.frame(into: pixmap)
        #expect(pixmap.color(x: 2 * 12, y: 2 * 30) == .white && pixmap.color(x: 2 * 16, y: 2 * 30) == .black, "the pixels follow the pan")
    }
}
