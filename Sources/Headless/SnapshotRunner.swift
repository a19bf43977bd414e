import Foundation
import ImageFiles
import Raster
import Tours
import Views

/// Runs the groups of a `TestPlan`: each on a new stage and virtual clock, its frames painted one at a
/// time into the session's one pixmap, compared with their goldens and let go; the lint looks at
/// every settled step. A failing frame leaves `<case>.actual.png` and `<case>.diff.png` in the
/// artifacts folder; with `update`, frames that are new or differ are written there with their digest
/// for the caller to record once it knows the tour is clean.
@MainActor
public struct SnapshotRunner {
    /// What a run does beyond comparing.
    public struct Options: Sendable {
        /// Which cases run (the others are skipped, though their steps are still walked).
        public var filter: CaseFilter
        /// Whether frames that are new or differ are written for recording.
        public var update: Bool
        /// The folder for actual and diff images, a subfolder per tour.
        public var artifacts: String
        /// Whether frames are painted and compared at all; without, only the lint runs (`check --lint`)
        /// and every case counts as skipped.
        public var paints: Bool
        /// Options from their parts.
        public init(filter: CaseFilter = CaseFilter(pattern: nil), update: Bool = false, artifacts: String, paints: Bool = true) {
            self.filter = filter; self.update = update; self.artifacts = artifacts; self.paints = paints
        }
    }

    /// Makes the stage a group runs on (the app, or the tour's screenshot) at its size, scale
    /// and language, on `clock`.
    public typealias StageMaker = @MainActor (_ tour: PlannedTour, _ group: TestPlan.Group, _ clock: VirtualClock) throws(HeadlessError) -> any TourHost

    /// The plan whose groups are run.
    public let plan: TestPlan
    /// What a run does beyond comparing.
    public let options: Options
    /// Makes each group's stage.
    public let makeStage: StageMaker

    /// A runner of `plan`'s groups.
    public init(plan: TestPlan, options: Options, makeStage: @escaping StageMaker) {
        self.plan = plan; self.options = options; self.makeStage = makeStage
    }

    /// The states a stage declares, which scripts' `expect` lines may check (none over a screenshot).
    public var declaredStates: @MainActor (any TourHost) -> [StateDeclaration] = { _ in [] }
    /// Whether a view id comes to exist only as the app runs (`TargetCatalog.comesLater`): the lint
    /// does not hold its absence from a fresh app against a step.
    public var comesLater: @MainActor (String) -> Bool = { _ in false }

    /// The results of group `index`, one per case in the group's order.
    public func run(group index: Int) -> [CaseResult] {
        let group = plan.groups[index]
        let planned = plan.tours[group.tour]
        guard let tour = planned.tour else { return [] }
        var results = group.cases.map { c in
            CaseResult(testCase: c, outcome: options.paints && options.filter.keeps(c.name) ? .passed : .skipped, golden: planned.goldenPath(of: c))
        }
        let clock = VirtualClock()
        let stage: any TourHost
        do { stage = try makeStage(planned, group, clock) } catch {
            // Skipped cases keep the reason too, for `check --lint`, which paints nothing.
            for i in results.indices {
                if results[i].outcome == .skipped { results[i].problems.append(error.message) } else { fail(&results[i], error.message) }
            }
            return results
        }
        let walk = TourWalk(tour: tour, stage: stage, clock: clock)
        walk.session.declaredStates = declaredStates(stage)
        let place = "\(group.cases.first?.sizeName ?? "")@\(group.scale.compact)x, \(group.language)"
        switch group.kind {
        case .settledSteps:
            for (i, _) in tour.steps.enumerated() {
                walk.show(step: i, at: nil)
                results[i].lint = TourLint.stepFindings(walk, step: i, file: planned.file, place: place, comesLater: comesLater)
                for finding in results[i].lintErrors where results[i].outcome != .skipped { fail(&results[i], finding.description) }
                take(walk.session, into: &results[i], planned: planned)
            }
        case .timedSteps:
            let times = tour.test.times
            for i in tour.steps.indices {
                walk.begin(step: i)
                var elapsed = 0.0
                for (t, time) in times.enumerated() {
                    walk.session.wait(milliseconds: time - elapsed)
                    elapsed = time
                    take(walk.session, into: &results[i * times.count + t], planned: planned)
                }
            }
        case .script(let s):
            let script = tour.test.scripts[s]
            guard results[0].outcome != .skipped else { return results }
            walk.engine.start(at: 0, animated: true)
            walk.session.settle()
            var runner = ScriptRunner(session: walk.session, engine: walk.engine)
            do throws(ScriptFailure) {
                try runner.run(script.script)
                if let expect = script.expect {
                    let problems = expect.mismatches(in: runner.state.expectationValues)
                    if !problems.isEmpty { throw ScriptFailure(line: script.expectLine, message: "expect " + problems.joined(separator: "; ") + " at the end") }
                }
            } catch {
                let at = error.line > 0 ? "\(planned.file):\(error.line): " : "\(planned.file): "
                fail(&results[0], "script \"\(script.name)\": \(at)\(error.message)")
            }
            take(walk.session, into: &results[0], planned: planned)
        }
        return results
    }

    /// Paints the session's frame for `result`'s case (unless skipped), compares it with its golden,
    /// and writes what a failure or a recording needs.
    private func take(_ session: HeadlessSession, into result: inout CaseResult, planned: PlannedTour) {
        guard result.outcome != .skipped, let tolerance = planned.tour?.test.tolerance else { return }
        let frame: Pixmap
        do { frame = try session.render() } catch {
            fail(&result, error.message); return
        }
        let (verdict, golden) = GoldenVerdict.of(frame, againstGoldenAt: result.golden, tolerance: tolerance)
        result.goldenExists = verdict != .missing
        let folder = (options.artifacts as NSString).appendingPathComponent(result.testCase.tour)
        let stem = (folder as NSString).appendingPathComponent(result.testCase.shortName)
        func write(_ pixmap: Pixmap, _ path: String, digest: Bool = false) -> String? {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try pixmap.writePNG(to: path, digest: digest)
                return path
            } catch {
                fail(&result, "cannot write \(path): \(error)")
                return nil
            }
        }
        if options.update && verdict != .matches {
            result.toRecord = write(frame, stem + ".actual.png", digest: true)
            return
        }
        switch verdict {
        case .matches:
            return
        case .missing:
            fail(&result, "no golden \(result.golden) yet (record it with `limelight test --update \(planned.file)`)")
        case let .sizeDiffers(w, h):
            fail(&result, "the frame is \(frame.width)x\(frame.height) pixels, the golden \(w)x\(h)")
        case .unreadable(let why):
            fail(&result, "cannot read the golden \(result.golden): \(why)")
        case .differs(let difference):
            result.differingPixels = difference.differingPixels
            result.largestChannelDelta = difference.largestChannelDelta
            var line = "\(difference.differingPixels) pixel\(difference.differingPixels == 1 ? "" : "s") differ (largest channel delta \(difference.largestChannelDelta)"
            if let first = difference.firstDifference { line += ", first at \(first.x),\(first.y)" }
            line += ")"
            if tolerance != .exact { line += ", more than the tolerance of \(tolerance.maxDifferentPixels)" }
            fail(&result, line)
            if let golden, let image = try? PixmapDifference.image(between: frame, and: golden, maxChannelDelta: tolerance.maxChannelDelta) {
                result.diff = write(image, stem + ".diff.png")
            }
        }
        result.actual = write(frame, stem + ".actual.png")
    }

    /// Marks `result` failed because of `problem`.
    private func fail(_ result: inout CaseResult, _ problem: String) {
        result.outcome = .failed
        result.problems.append(problem)
    }
}
