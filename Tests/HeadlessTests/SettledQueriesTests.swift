import Demo
import Foundation
import Headless
import Overlays
import Raster
import Testing
import Tours
import Views

/// A query never runs a frame: the test kit and the lint read what the last frame left, and the
/// one call that runs frames until the app is at rest is the session's `settle()`, as a host would.
@Suite(.serialized) @MainActor struct SettledQueriesTests {
    static let tour = #"{"id": "q", "allowSkip": true, "showProgress": true, "steps": [{"target": "nav.title", "text": "Your cards."}, {"target": "fab", "text": "Add one.", "advanceOn": "tapTarget"}]}"#

    /// Counts the frames `root` runs.
    final class FrameCounter {
        var frames = 0
        @MainActor init(_ root: ViewRoot) { root.addFrameCallback { [unowned self] _ in self.frames += 1 } }
    }

    func session() throws -> AppSession {
        try AppSession(DemoApp.definition(imagesFolder: nil, toursFolder: nil), textEngine: FixedMetricTextEngine())
    }

    @Test func readingTheScreenRunsNoFrame() throws {
        let app = try session()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("q-\(UUID().uuidString).json").path
        try Self.tour.write(toFile: path, atomically: true, encoding: .utf8)
        try app.start(tourFile: path)
        let counter = FrameCounter(app.app.root)
        let fab = try #require(app.frame(of: "fab"))
        #expect(app.frame(of: "overlay.bubble.next") != nil && app.geometry != nil && app.state("cards") != nil)
        _ = app.semantics
        #expect(counter.frames == 0, "queries ran \(counter.frames) frames")
        // Changed by hand, the app is read as the last frame left it until it is settled.
        app.engine?.next()
        let spotlight = try #require(app.engine?.spotlight)
        #expect(spotlight.displayedHoles.first?.rect.contains(fab.center) == false, "the hole is still on the first step's target")
        app.settle()
        #expect(counter.frames > 0 && !app.app.root.hasPendingFrameWork)
        #expect(spotlight.displayedHoles.first?.rect.contains(fab.center) == true, "settled, the hole is on the FAB")
    }

    /// `settle()` runs frames until nothing is pending: a change asked for before the next frame
    /// that asks for another is run too, at the same time, with no animation to wait for.
    @Test func settleRunsFramesUntilNothingIsPending() throws {
        let app = try session()
        let root = app.app.root
        var ran: [Int] = []
        let start = app.clock.now
        root.beforeNextFrame {
            ran.append(1)
            root.beforeNextFrame {
                ran.append(2)
                root.beforeNextFrame { ran.append(3) }
            }
        }
        app.settle()
        #expect(ran == [1, 2, 3] && !root.hasPendingFrameWork)
        #expect(app.clock.now == start, "nothing animated: no time passed")
    }

    @Test func theLintReadsTheSettledStepAndRunsNoFrame() throws {
        let loaded = try TourLoader.load(bytes: Array(Self.tour.utf8), file: "q.json", folder: ".", appCatalog: { DemoApp.launchCatalog() })
        let clock = VirtualClock()
        let stage = try DemoApp(size: Size(390, 844), textEngine: FixedMetricTextEngine(), clock: clock)
        let walk = TourWalk(tour: loaded.tour, stage: stage, clock: clock)
        walk.show(step: 1, at: nil)
        #expect(!stage.root.hasPendingFrameWork, "the walk settled the step")
        let counter = FrameCounter(stage.root)
        let found = TourLint.stepFindings(walk, step: 1, file: "q.json", place: "390x844@1x, en")
        #expect(counter.frames == 0, "the lint ran \(counter.frames) frames")
        #expect(!found.contains { $0.severity == .error }, "\(found)")
    }
}
