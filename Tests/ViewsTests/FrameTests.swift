import Testing
import Raster
@testable import Views

/// `ViewRoot.frame(into:)` owns the frame: due timers, then animations, then the tree's layout, then
/// the layers' layout, then painting, and a report of what was drawn and when the next frame is due.
@MainActor
@Suite struct FrameTests {
    /// Records, in one list, when each phase of a frame reached it.
    final class Journal { var entries: [String] = [] }

    final class RecordingView: View {
        let journal: Journal
        init(_ journal: Journal) { self.journal = journal; super.init() }
        override func placeSubviews(in bounds: Rect) { journal.entries.append("tree layout") }
        override var hasOwnContent: Bool { true }
        override func draw(in canvas: Canvas) { journal.entries.append("paint"); canvas.fill(frame, color: .white) }
        override func advanceAnimations(to time: Double) -> Bool { journal.entries.append("animation"); setNeedsLayout(); setNeedsDisplay(); return false }
    }

    final class RecordingLayer: ScreenLayer {
        let journal: Journal
        init(_ journal: Journal) { self.journal = journal }
        func layout(root: ViewRoot) {
            journal.entries.append("layer layout")
            root.invalidateComposite(rect: Rect(x: 0, y: 0, width: 5, height: 5))
        }
        func composite(into frame: Pixmap, region: IntRect, root: ViewRoot) { journal.entries.append("composite") }
    }

    @Test func aFrameRunsItsPhasesInOrder() throws {
        let journal = Journal()
        let view = RecordingView(journal)
        let root = try makeRoot(view, size: Size(20, 20))
        root.addLayer(RecordingLayer(journal))
        let pixmap = try root.makePixmap()
        root.frame(into: pixmap)
        journal.entries.removeAll()
        root.timers.after(0) { journal.entries.append("timer"); view.startAnimating() }
        let report = root.frame(into: pixmap)
        #expect(journal.entries == ["timer", "animation", "tree layout", "layer layout", "paint", "composite"],
                "\(journal.entries)")
        #expect(report.drawn == [IntRect(x: 0, y: 0, width: 20, height: 20)], "the view's repaint, composited")
    }

    @Test func aFrameWithoutAPixmapKeepsWhatItInvalidatedForTheNextPaintedOne() throws {
        let root = try makeRoot(Probe(Size(10, 10)), size: Size(20, 20))
        let pixmap = try root.makePixmap()
        root.frame(into: pixmap)
        root.invalidate(rect: Rect(x: 0, y: 0, width: 5, height: 5))
        let unpainted = root.frame(into: nil)
        #expect(unpainted.drawn.isEmpty && unpainted.nextWakeUp == .nextFrame, "nothing painted, and it wants a frame that paints")
        let painted = root.frame(into: pixmap)
        #expect(painted.drawn == [IntRect(x: 0, y: 0, width: 5, height: 5)])
        #expect(painted.nextWakeUp == .onInput, "nothing else to do: the host waits for input")
    }

    @Test func theReportWakesTheHostForTheNextTimerAndForAnimations() throws {
        let clock = VirtualClock()
        let root = try ViewRoot(content: Probe(Size(10, 10)), size: Size(20, 20), textEngine: FixedMetricTextEngine(), clock: clock)
        let pixmap = try root.makePixmap()
        root.timers.after(2) {}
        #expect(root.frame(into: pixmap).nextWakeUp == .at(2))
        final class ThreeFrames: Animating {
            var left = 3
            func advanceAnimations(to time: Double) -> Bool { left -= 1; return left > 0 }
        }
        root.startAnimating(ThreeFrames())
        #expect(root.frame(into: pixmap).nextWakeUp == .nextFrame)
        #expect(root.frame(into: pixmap).nextWakeUp == .nextFrame)
        #expect(root.frame(into: pixmap).nextWakeUp == .at(2), "its animation over, the root sleeps until the timer")
    }

    @Test func repaintingEverythingPaintsTheWholePixmap() throws {
        let root = try makeRoot(Probe(Size(10, 10)), size: Size(20, 20))
        let pixmap = try root.makePixmap()
        root.frame(into: pixmap)
        #expect(root.frame(into: pixmap).drawn.isEmpty)
        #expect(root.frame(into: pixmap, repaintingEverything: true).drawn == [IntRect(x: 0, y: 0, width: 20, height: 20)])
    }
}
