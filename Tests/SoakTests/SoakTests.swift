import Foundation
import Testing
import Soak
import Raster

/// Thousands of random events against the sample app, checked after each (see `Soak`); `make soak`
/// runs the same driver for 100,000 events in a release build, rendering every event.
@Suite(.serialized) @MainActor struct SoakTests {
    /// 5,000 events (LIMELIGHT_SOAK_EVENTS and LIMELIGHT_SOAK_SEED override). Debug builds paint
    /// slowly (about 8 s here for the whole run), so the screen stays at most 360×560 points and
    /// frames are rendered only at the 10 checkpoints, each an incremental repaint of everything
    /// invalidated since the last one, compared with a full repaint. Layout and the overlays'
    /// geometry still run after every event, and every other check runs after every event.
    @Test func fiveThousandRandomEventsKeepEveryInvariant() throws {
        let environment = ProcessInfo.processInfo.environment
        let events = environment["LIMELIGHT_SOAK_EVENTS"].flatMap { Int($0) } ?? 5000
        let seed = environment["LIMELIGHT_SOAK_SEED"].flatMap { UInt64($0) } ?? 1
        let soak = try Soak(seed: seed, size: Size(320, 480), largestSize: Size(360, 560),
                            checkpointInterval: 500, renderInterval: 500)
        do { try soak.run(events: events) } catch { Issue.record("\(error)"); return }
        let s = soak.stats
        #expect(s.events == events)
        #expect(s.checkpoints == events / 500)
        // The run reached what it is meant to exercise.
        for kind in ["tap", "drag", "pointer", "wheel", "key", "resize", "rescale", "wait", "tour", "present", "dismiss", "language"] {
            #expect(s.counts[kind, default: 0] > 0, "no \(kind) events")
        }
        #expect(s.toursStarted > 0 && s.toursFinished > 0 && s.toursSkipped > 0)
        #expect(s.holeChecks > 0 && s.maxCards > 4)
    }

    /// The same seed drives the same run.
    @Test func aSeedReplaysTheSameRun() throws {
        func run() throws -> String {
            let soak = try Soak(seed: 42, size: Size(320, 480), largestSize: Size(360, 560), checkpointInterval: 0, renderInterval: 1_000)
            try soak.run(events: 300)
            return soak.describeState() + "\(soak.stats.counts.sorted { $0.key < $1.key })"
        }
        #expect(try run() == run())
    }
}
