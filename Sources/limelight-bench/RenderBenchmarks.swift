import Demo
import Foundation
import Headless
import ProcessMemory
import Raster
import Tours
import Views

/// What `render --all` costs a step, as users run it: every step walked, painted and written as a
/// PNG, each frame's thumbnail, and the storyboard composed and written.
@MainActor
enum RenderBenchmarks {
    /// `render.all` (in this process: `StepFiles.write` over a fresh stage of the sample app, divided
    /// by the steps) and `render.all.process` (the release binary, measured as the peer benchmark
    /// measures: a 12-step `render --all` less a `render --step 1`, over the 11 steps more; the two
    /// commands alternated, medians) at 390x844 and 1920x1080.
    static func all(_ h: Harness, app: AppBenchmarks, rounds: Int = 9) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-bench-render-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let count = TestBenchmarks.targets.count
        for (w, ht) in [(390, 844), (1920, 1080)] {
            let size = "\(w)x\(ht)", dir = (folder as NSString).appendingPathComponent(size)
            try FileManager.default.createDirectory(atPath: dir + "/all", withIntermediateDirectories: true)
            let file = try TestBenchmarks.writeTour("render", text: "Tours find their targets by view id, so they follow the layout.",
                                                    size: size, goldens: "goldens", in: dir)
            let tour = try TestBenchmarks.plan(file).tours[0].tour!
            ProcessMemory.keepLargeBuffersForReuse()  // as `render --all` runs
            let ms = h.median {
                let clock = VirtualClock()
                guard let stage = try? DemoApp(size: Size(Double(w), Double(ht)), textEngine: app.engine, images: app.images, clock: clock) else { return }
                _ = try? StepFiles.write(TourWalk(tour: tour, stage: stage, clock: clock), into: dir + "/all", at: nil, withOverlay: true, reports: false)
            }
            ProcessMemory.returnLargeBuffersToTheSystem()
            h.add("render.all", size: size, milliseconds: ms / Double(count))
            // One frame shrunk to its storyboard panel (960x540 at 1920x1080, 222x480 at 390x844).
            if let frame = try? TestBenchmarks.walkFrame(tour, size: Size(Double(w), Double(ht)), app: app) {
                let limit = Storyboard.Layout.forScreen(Size(Double(w), Double(ht)), scale: 1).thumbnailLimit
                h.record("render.thumbnail", size: size) { _ = Storyboard.thumbnail(of: frame, limit: limit) }
            }
            guard FileManager.default.isExecutableFile(atPath: HostBenchmarks.binary) else {
                h.note("render.all.process: skipped, build `limelight` in release first (swift build -c release)")
                continue
            }
            func run(_ args: [String]) throws -> Double {
                let (status, ms) = try HostBenchmarks.timedRun(["render", "--size", size, "--tour", file] + args, env: ["SDL_VIDEODRIVER": "dummy"])
                guard status == 0 else { throw HeadlessError("render.all.process: `limelight render \(args.joined(separator: " "))` exited \(status)") }
                return ms
            }
            let allArgs = ["--all", "--out", dir + "/process"], oneArgs = ["--step", "1", "--out", dir + "/one.png"]
            _ = try run(allArgs); _ = try run(oneArgs)
            var all: [Double] = [], one: [Double] = []
            for round in 0..<rounds {
                if round % 2 == 0 { all.append(try run(allArgs)); one.append(try run(oneArgs)) } else { one.append(try run(oneArgs)); all.append(try run(allArgs)) }
            }
            func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
            h.add("render.all.process", size: size, milliseconds: (median(all) - median(one)) / Double(count - 1))
            h.note(String(format: "render.all.process at %@: render --all of %d steps %.0f ms (%.0f–%.0f), render --step 1 %.0f ms (%.0f–%.0f), medians of %d alternated",
                          size, count, median(all), all.min()!, all.max()!, median(one), one.min()!, one.max()!, rounds))
        }
        h.note("render.thumbnail: one frame shrunk to its storyboard panel (Storyboard.thumbnail, the exact area mean)")
        h.note("render.all: render --all's whole path in this process (a 12-step tour: the stage made, each step walked, painted, written as a PNG and shrunk to its thumbnail, the storyboard composed and written), divided by 12")
    }
}
