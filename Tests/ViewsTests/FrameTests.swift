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

    /// A recording view under a recording layer, after a first frame: the journal, the view, the
    /// root and its pixmap.
    func journaledRoot() throws -> (Journal, RecordingView, ViewRoot, Pixmap) {
        let journal = Journal()
        let view = RecordingView(journal)
        let root = try makeRoot(view, size: Size(20, 20))
        root.addLayer(RecordingLayer(journal))
        let pixmap = try root.makePixmap()
        root.frame(into: pixmap)
        return (journal, view, root, pixmap)
    }

    @Test func aFrameRunsItsPhasesInOrder() throws {
        let (journal, view, root, pixmap) = try journaledRoot()
        journal.entries.removeAll()
        root.timers.after(0) { journal.entries.append("timer"); view.startAnimating() }
        let report = root.frame(into: pixmap)
        #expect(journal.entries == ["timer", "animation", "tree layout", "layer layout", "paint", "composite"],
                "\(journal.entries)")
        #expect(report.drawn == [IntRect(x: 0, y: 0, width: 20, height: 20)], "the view's repaint, composited")
    }

    /// Frame callbacks run after the animations and before the tree's layout, so what they change
    /// is laid out and painted in that frame; each frame lays the tree out once.
    @Test func frameCallbacksRunBeforeLayoutInEveryFrameUntilRemoved() throws {
        let (journal, view, root, pixmap) = try journaledRoot()
        let id = root.addFrameCallback { time in
            journal.entries.append("callback at \(time)")
            view.setNeedsLayout()
        }
        journal.entries.removeAll()
        root.timers.after(0) { journal.entries.append("timer"); view.startAnimating() }
        root.frame(into: pixmap)
        #expect(journal.entries == ["timer", "animation", "callback at \(root.frameTime)", "tree layout", "layer layout", "paint", "composite"],
                "\(journal.entries)")
        journal.entries.removeAll()
        root.frame(into: nil)
        #expect(journal.entries.filter { $0 == "tree layout" }.count == 1, "one tree layout a frame: \(journal.entries)")
        root.removeFrameCallback(id)
        #expect(!root.hasFrameCallback(id))
        journal.entries.removeAll()
        root.frame(into: nil)
        #expect(!journal.entries.contains { $0.hasPrefix("callback") }, "a removed callback does not run")
    }

    /// A change asked for during a layer's layout runs once, in the next frame's callback phase
    /// (before that frame's layout), and the report asks for that frame.
    @Test func aRequestMadeDuringLayerLayoutRunsInTheNextFramesCallbackPhase() throws {
        final class AskingLayer: ScreenLayer {
            let journal: Journal
            var asks = true
            init(_ journal: Journal) { self.journal = journal }
            func layout(root: ViewRoot) {
                journal.entries.append("layer layout")
                guard asks else { return }
                asks = false
                root.beforeNextFrame { [journal] in journal.entries.append("request") }
            }
            func composite(into frame: Pixmap, region: IntRect, root: ViewRoot) {}
        }
        let journal = Journal()
        let root = try makeRoot(RecordingView(journal), size: Size(20, 20))
        let pixmap = try root.makePixmap()
        root.frame(into: pixmap)
        root.addLayer(AskingLayer(journal))
        root.frame(into: pixmap)
        journal.entries.removeAll()
        let report = root.frame(into: pixmap)
        #expect(report.nextWakeUp == .onInput, "the request ran; nothing else is due")
        #expect(journal.entries.first == "request" && journal.entries.contains("layer layout"),
                "the request runs first in the frame, before layout: \(journal.entries)")
        journal.entries.removeAll()
        root.frame(into: pixmap)
        #expect(!journal.entries.contains("request"), "a request runs once")
    }

    @Test func aRequestAsksForTheNextFrame() throws {
        let root = try makeRoot(Probe(Size(10, 10)), size: Size(20, 20))
        let pixmap = try root.makePixmap()
        root.frame(into: pixmap)
        var ran = 0
        root.beforeNextFrame { ran += 1 }
        #expect(root.nextWakeUp == .nextFrame)
        root.frame(into: pixmap)
        #expect(ran == 1 && root.nextWakeUp == .onInput)
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
