import Demo
import Foundation
import Headless
import Raster
import Tours
import Views

/// `limelight test`'s figures: one case that passes (walk to the step, paint the frame, digest it,
/// read the golden's stored digest), one that fails (the same, then the golden decoded, compared
/// pixel by pixel, and the actual and diff PNGs written), a `render --all` step (paint and write the
/// PNG), and the throughput of a whole matrix with 1 and 2 worker processes.
@MainActor
enum TestBenchmarks {
    /// The steps of the benchmark tour: every kind of target, twelve steps.
    static let targets = ["nav.title", "card.0", "fab", "tab.home", "card.1", "tab.menu",
                          "nav.title", "card.0", "fab", "tab.home", "card.1", "tab.menu"]

    /// A tour file of the twelve steps with `text` in every bubble, at `size`, into `folder`.
    static func writeTour(_ name: String, text: String, size: String, goldens: String, in folder: String) throws -> String {
        let steps = targets.enumerated().map { i, t in
            #"{"target": "\#(t)", "title": "Step \#(i + 1)", "text": "\#(text)"\#(t == "fab" ? #", "advanceOn": "tapTarget""# : "")}"#
        }
        let json = #"{"id": "\#(name)", "showProgress": true, "allowSkip": true, "test": {"sizes": ["\#(size)"], "goldens": "\#(goldens)"}, "steps": [\#(steps.joined(separator: ", "))]}"#
        let path = (folder as NSString).appendingPathComponent(name + ".json")
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func plan(_ path: String) throws -> TestPlan {
        let loaded = try TourLoader.load(path: path, appCatalog: { DemoApp.launchCatalog() })
        return TestPlan(tours: [PlannedTour(file: path, name: loaded.tour.id, tour: loaded.tour, problems: [])])
    }

    static func runner(_ plan: TestPlan, app: AppBenchmarks, artifacts: String, update: Bool = false) -> SnapshotRunner {
        SnapshotRunner(plan: plan, options: SnapshotRunner.Options(update: update ? .changed : nil, artifacts: artifacts)) { _, group, clock throws(HeadlessError) in
            do { return try DemoApp(size: group.size, scale: group.scale, textEngine: app.engine, images: app.images, clock: clock) } catch {
                throw HeadlessError("\(error)")
            }
        }
    }

    /// `test.case.pass`, `test.case.fail` and `render.step` at 390x844 and 1920x1080.
    static func cases(_ h: Harness, app: AppBenchmarks) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-bench-test-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var frames: [(size: String, frame: Pixmap)] = []
        for (w, ht) in [(390, 844), (1920, 1080)] {
            let size = "\(w)x\(ht)"
            let dir = (folder as NSString).appendingPathComponent(size)
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            let text = "Tours find their targets by view id, so they follow the layout."
            let passing = try plan(try writeTour("pass", text: text, size: size, goldens: "goldens", in: dir))
            // The failing tour's goldens are the passing tour's: every bubble's text differs.
            let failing = try plan(try writeTour("fail", text: "Another text, so every frame differs from its golden.", size: size, goldens: "goldens", in: dir))
            // Record the goldens (with their digests) as `limelight test --update` does.
            for r in runner(passing, app: app, artifacts: dir + "/record", update: true).run(group: 0) {
                if let source = r.toRecord {
                    try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: r.golden).deletingLastPathComponent().path, withIntermediateDirectories: true)
                    try? FileManager.default.removeItem(atPath: r.golden)
                    try FileManager.default.moveItem(atPath: source, toPath: r.golden)
                }
            }
            let count = Double(targets.count)
            let pass = runner(passing, app: app, artifacts: dir + "/artifacts")
            var outcomes = Set<CaseResult.Outcome>()
            var problems: [String] = []
            let passMs = h.median {
                let results = pass.run(group: 0)
                outcomes.formUnion(results.map(\.outcome))
                problems += results.flatMap(\.problems)
            }
            guard outcomes == [.passed] else { throw HeadlessError("test.case.pass at \(size): the cases did not pass (\(problems.first ?? ""))") }
            h.add("test.case.pass", size: size, milliseconds: passMs / count)
            let fail = runner(failing, app: app, artifacts: dir + "/artifacts")
            outcomes = []
            let failMs = h.median { outcomes.formUnion(fail.run(group: 0).map(\.outcome)) }
            guard outcomes == [.failed] else { throw HeadlessError("test.case.fail: the cases did not fail (\(outcomes))") }
            h.add("test.case.fail", size: size, milliseconds: failMs / count)
            // render --all's loop: the step shown, painted and written as a PNG.
            let tour = passing.tours[0].tour!
            let renderMs = h.median {
                let clock = VirtualClock()
                guard let stage = try? DemoApp(size: Size(Double(w), Double(ht)), textEngine: app.engine, images: app.images, clock: clock) else { return }
                let walk = TourWalk(tour: tour, stage: stage, clock: clock)
                for i in tour.steps.indices {
                    walk.show(step: i, at: nil)
                    try? walk.session.writeFrame(to: dir + String(format: "/step-%02d.png", i + 1))
                }
            }
            h.add("render.step", size: size, milliseconds: renderMs / count)
            if let frame = try? walkFrame(tour, size: Size(Double(w), Double(ht)), app: app) { frames.append((size, frame)) }
        }
        PNGEncodeBenchmarks.run(h, frames: frames)
        h.note("test.case.pass / test.case.fail / render.step: a 12-step tour run as one group, its time divided by 12 (the stage's creation included); a passing case encodes and decodes no PNG")
    }

    /// The tour's second step as `render --tour --step 2` draws it at `size`.
    static func walkFrame(_ tour: Tour, size: Size, app: AppBenchmarks) throws -> Pixmap {
        let clock = VirtualClock()
        let stage = try DemoApp(size: size, textEngine: app.engine, images: app.images, clock: clock)
        let walk = TourWalk(tour: tour, stage: stage, clock: clock)
        walk.show(step: 1, at: nil)
        return try walk.session.render().copy()
    }

    /// The CI team's matrix: two tours of the sample app (the shipped home tour's five steps with
    /// three scripts, and its first four with two), each at 390x844 and 768x1024, 1x and 2x, in
    /// English and Japanese, settled and 150 ms into each step: 184 cases in 72 groups. Whole
    /// `limelight test` runs, green and recording every golden (`--update all`), with `--jobs 1`
    /// and `--jobs 2` alternated round by round; figures are medians with the range, and the
    /// ratio of 1 job to 2 is taken round by round.
    static func matrix(_ h: Harness, rounds: Int = 7) throws {
        let binary = HostBenchmarks.binary
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            h.note("test.matrix: skipped, build `limelight` in release first (swift build -c release)")
            return
        }
        guard let data = FileManager.default.contents(atPath: "assets/tours/home.json"),
              let home = try JSONSerialization.jsonObject(with: data) as? [String: Any], let steps = home["steps"] as? [Any],
              let scripts = (home["test"] as? [String: Any])?["scripts"] as? [Any], steps.count >= 5, scripts.count >= 2 else {
            h.note("test.matrix: skipped, run from the repository's root (it reads assets/tours/home.json)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-bench-matrix-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder + "/tours", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let nextTwice: [String: Any] = ["name": "next-twice", "lines": ["tap overlay.bubble.next", "wait 400", "tap overlay.bubble.next", "wait 400"], "expect": "step=3"]
        let next: [String: Any] = ["name": "next", "lines": ["tap overlay.bubble.next", "wait 400"], "expect": "step=2"]
        let shape: [String: Any] = ["sizes": ["390x844", "768x1024"], "scales": [1, 2], "languages": ["en", "ja"], "times": [150]]
        for (id, count, kept) in [("onboarding", 5, scripts + [nextTwice]), ("cards", 4, [scripts[1], next])] {
            var tour = home
            tour["id"] = id
            tour["steps"] = Array(steps.prefix(count))
            tour["test"] = shape.merging(["scripts": kept]) { a, _ in a }
            try JSONSerialization.data(withJSONObject: tour).write(to: URL(fileURLWithPath: "\(folder)/tours/\(id).json"))
        }
        func run(_ args: [String]) throws -> Double {
            let (status, ms) = try HostBenchmarks.timedRun(["test", folder + "/tours", "--results", folder + "/results"] + args, env: ["SDL_VIDEODRIVER": "dummy"])
            guard status == 0 else { throw HeadlessError("test.matrix: `limelight test \(args.joined(separator: " "))` exited \(status)") }
            try? FileManager.default.removeItem(atPath: folder + "/results")
            return ms
        }
        _ = try run(["--update", "all", "--jobs", "2"])
        var times: [String: [Double]] = [:]
        for round in 0..<rounds {
            for jobs in round % 2 == 0 ? ["1", "2"] : ["2", "1"] {
                times["green.jobs\(jobs)", default: []].append(try run(["--jobs", jobs]))
                times["record.jobs\(jobs)", default: []].append(try run(["--jobs", jobs, "--update", "all"]))
            }
        }
        func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
        func range(_ v: [Double]) -> String { String(format: "%.0f–%.0f", v.min()!, v.max()!) }
        for kind in ["green", "record"] {
            let one = times["\(kind).jobs1"]!, two = times["\(kind).jobs2"]!
            h.add("test.matrix.\(kind).jobs1 (184 cases)", size: "mixed", milliseconds: median(one))
            h.add("test.matrix.\(kind).jobs2 (184 cases)", size: "mixed", milliseconds: median(two))
            let ratios = zip(one, two).map { $0 / $1 }
            h.note(String(format: "test.matrix.%@: 2 jobs give %.2fx the throughput of 1 (median of %d rounds, %.2f–%.2f); 1 job %@ ms, 2 jobs %@ ms",
                          kind, median(ratios), rounds, ratios.min()!, ratios.max()!, range(one), range(two)))
        }
    }
}
