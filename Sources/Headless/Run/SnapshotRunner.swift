import Files
import Foundation
import ImageFiles
import Raster
import Schema
import Tours
import Views

/// Runs the groups of a `TestPlan`: each on a new stage and virtual clock, its frames painted one at a
/// time into the session's one pixmap, compared with their goldens and let go; the lint looks at
/// every settled step. A failing case leaves `<case>.actual.png` (with its digest, so accepting it
/// makes a golden like any other), `<case>.expected.png` and `<case>.diff.png` in the results
/// folder, made only when something is written; with `update`, frames to record are written there
/// for the caller to record once it knows the tour is clean. With `test.semantics`, a settled step's
/// screen-reader tree and spoken words are compared with their goldens too (with `"all"`, the tree
/// holds the app beneath the step's dialog as well).
@MainActor
package struct SnapshotRunner {
    /// What a run does beyond comparing.
    package struct Options: Sendable {
        /// Which cases run (the others are skipped, though their steps are still walked).
        package var filter: CaseFilter
        /// Which goldens a run records (nil: none, compare only).
        package var update: UpdateMode?
        /// The results folder for actual, expected and diff images, a subfolder per tour.
        package var artifacts: String
        /// Whether frames are painted and compared at all; without, only the lint runs (`check --lint`)
        /// and every case counts as skipped.
        package var paints: Bool
        /// Languages whose steps must have texts of their own: one falling back is a lint error.
        package var requiredLanguages: Set<String>
        /// The threads each PNG the run writes is compressed on (nil: one a core). A run spread over
        /// processes gives each one, so it takes as many cores as it has processes.
        package var encodingThreads: Int?
        /// The command line as the user runs it (`limelight`, or an app's own, such as
        /// `recipes-tours`): what the hints in failures tell them to run.
        package var command: String
        /// Whether a target found only by its stable anchors after a change (a drift) is an error,
        /// not a warning (`--strict`).
        package var strictAnchors = false
        /// Whether the lint is only the drift report (`check` without `--lint`).
        package var onlyAnchorFindings = false
        /// Options from their parts.
        package init(filter: CaseFilter = CaseFilter(pattern: nil), update: UpdateMode? = nil, artifacts: String, paints: Bool = true,
                    requiredLanguages: Set<String> = [], encodingThreads: Int? = nil, command: String = "limelight") {
            self.filter = filter; self.update = update; self.artifacts = artifacts; self.paints = paints
            self.requiredLanguages = requiredLanguages; self.encodingThreads = encodingThreads; self.command = command
        }
    }

    /// Makes the stage a group runs on (the app, or the tour's screenshot) at its size, scale
    /// and language, on `clock`.
    package typealias StageMaker = @MainActor (_ tour: PlannedTour, _ group: TestPlan.Group, _ clock: VirtualClock) throws(HeadlessError) -> any TourHost

    /// The plan whose groups are run.
    package let plan: TestPlan
    /// What a run does beyond comparing.
    package let options: Options
    /// Makes each group's stage.
    package let makeStage: StageMaker
    /// The shadows and resampled images every group's root shares, made once for the run.
    let paintCache = PaintCache()

    /// Which goldens `--update` records, as Playwright's `--update-snapshots` modes.
    package enum UpdateMode: String, Sendable, CaseIterable {
        /// Only goldens that do not exist yet.
        case missing
        /// Missing goldens and those the frame differs from (`--update` alone).
        case changed
        /// Every golden of every case run, matching or not (to rewrite them all).
        case all

        /// Whether a golden is written in this mode, given whether it exists and whether what the
        /// run found matches it.
        package func records(exists: Bool, matches: Bool) -> Bool {
            switch self {
            case .missing: return !exists
            case .changed: return !matches
            case .all: return true
            }
        }
    }

    /// A runner of `plan`'s groups.
    package init(plan: TestPlan, options: Options, makeStage: @escaping StageMaker) {
        self.plan = plan; self.options = options; self.makeStage = makeStage
    }

    /// The states a stage declares, which scripts' `expect` lines may check (none over a screenshot).
    package var declaredStates: @MainActor (any TourHost) -> [StateDeclaration] = { _ in [] }
    /// Whether a view id comes to exist only as the app runs (`TargetCatalog.comesLater`): the lint
    /// does not hold its absence from a fresh app against a step.
    package var comesLater: @MainActor (String) -> Bool = { _ in false }
    /// What the lint finds in the app a group's tour runs over, at the group's screen (a screens
    /// file's button cut short, a card hiding its background): added to the findings of the
    /// group's first settled step, so an error fails that case.
    package var appFindings: @MainActor (TestPlan.Group) -> [Diagnostic] = { _ in [] }
    /// Runs once each settled step is shown, with the walk showing it: `check --heal` reads what the
    /// step's anchors find there.
    package var settledStepShown: @MainActor (_ group: TestPlan.Group, _ step: Int, _ walk: TourWalk) -> Void = { _, _, _ in }

    /// The results of group `index`, one per case in the group's order.
    package func run(group index: Int) -> [CaseResult] {
        let group = plan.groups[index]
        let planned = plan.tours[group.tour]
        guard let plannedTour = planned.tour(arm: group.arm) else {
            let why = "the tour file \(planned.file) has \(planned.problems.count) problem\(planned.problems.count == 1 ? "" : "s"): "
                + (planned.problems.first?.description ?? "it cannot be read")
            return group.cases.map { CaseResult.error($0, golden: planned.goldenPath(of: $0), cause: .badInput, problem: why) }
        }
        var results = group.cases.map { c in
            CaseResult(testCase: c, outcome: options.paints && options.filter.keeps(c.name) ? .passed : .skipped, golden: planned.goldenPath(of: c))
        }
        // A group whose every case `--only` leaves out is not run at all (`check --lint`, which
        // paints nothing, still walks every group for its findings).
        if options.paints && results.allSatisfy({ $0.outcome == .skipped }) { return results }
        let files = GroupFiles(planned: planned, results: options.artifacts, encodingThreads: options.encodingThreads)
        let clock = VirtualClock()
        let stage: any TourHost
        do { stage = try makeStage(planned, group, clock) } catch {
            // Skipped cases keep the reason too, for `check --lint`, which paints nothing.
            for i in results.indices {
                if results[i].outcome == .skipped { results[i].problems.append(error.message) } else { fail(&results[i], error.message) }
            }
            return results
        }
        stage.root.paintCache = paintCache
        if group.reducedMotion { stage.root.reducesMotion = true }
        var tour = plannedTour
        if let map = stage.pictures?.rectMapping {
            tour.steps = tour.steps.map { step in var s = step; s.mapRects(map); return s }
        }
        let spoken = RecordingAnnouncer(clock: clock)
        if tour.test.semantics { stage.root.announcer = spoken }
        let walk = TourWalk(tour: tour, stage: stage, clock: clock)
        walk.session.declaredStates = declaredStates(stage)
        let place = "\(group.cases.first?.sizeName ?? "")@\(group.scale.compact)x, \(group.language)" + (group.arm.map { ", variant \($0)" } ?? "")
        // An arm's own steps are `variants[K].steps` in the file.
        let stepsPath = group.arm.flatMap { arm in
            plannedTour.variants.firstIndex { $0.name == arm && $0.steps != nil }.map { "variants[\($0)].steps[" }
        }
        switch group.kind {
        case .unrunnable:
            return results
        case .settledSteps:
            for (i, _) in tour.steps.enumerated() {
                let said = spoken.entries.count
                walk.show(step: i, at: nil)
                settledStepShown(group, i, walk)
                if options.onlyAnchorFindings {
                    results[i].lint = TourLint.anchorFindings(walk, step: i, file: planned.file, place: place, comesLater: comesLater,
                                                              strict: options.strictAnchors)
                } else {
                    results[i].lint = TourLint.stepFindings(walk, step: i, file: planned.file, place: place, comesLater: comesLater,
                                                             required: options.requiredLanguages, strictAnchors: options.strictAnchors)
                    if i == 0 { results[i].lint += appFindings(group) }
                }
                if let stepsPath {
                    for k in results[i].lint.indices where results[i].lint[k].path.hasPrefix("steps[") {
                        results[i].lint[k].path = stepsPath + results[i].lint[k].path.dropFirst("steps[".count)
                    }
                }
                if let shot = stage.pictures { results[i].screenUnder = ScreenRecord.patches(of: tour.steps[i], on: shot) }
                for finding in results[i].lintErrors where results[i].outcome != .skipped { fail(&results[i], finding.description) }
                take(walk.session, into: &results[i], planned: planned, files: files)
                if tour.steps[i].demo != nil && results[i].outcome != .skipped && !group.reducedMotion && stage.pictures == nil,
                   let problem = demoProblem(step: i, tour: tour, planned: planned, group: group) {
                    fail(&results[i], problem)
                }
                if tour.test.semantics && results[i].outcome != .skipped {
                    let words = spoken.entries[said...].map { $0.text + "\n" }.joined()
                    let (tree, hidden) = stage.root.semanticsTreeAndHidden()
                    let json = SemanticsReport.json(tree, hidden: tour.test.semanticsBeneathDialogs ? hidden : [])
                    keepSemantics(json + "\n", spoken: words, into: &results[i], planned: planned, files: files)
                }
            }
        case .timedSteps:
            let times = tour.test.times
            for i in tour.steps.indices {
                walk.begin(step: i)
                var elapsed = 0.0
                for (t, time) in times.enumerated() {
                    walk.session.wait(milliseconds: time - elapsed)
                    elapsed = time
                    take(walk.session, into: &results[i * times.count + t], planned: planned, files: files)
                }
            }
        case .script(let s):
            let script = tour.test.scripts[s]
            guard results[0].outcome != .skipped else { return results }
            walk.engine.start(at: 0, animated: true)
            walk.session.runFrame()
            var runner = ScriptRunner(session: walk.session, engine: walk.engine)
            var scriptHeld = true
            do throws(ScriptFailure) {
                // Read when the tour was loaded (`TestScripts`): a script that does not read fails its case here.
                let commands: ReplayScript
                do { commands = try TestScripts.commands(of: script, file: planned.file) } catch { throw ScriptFailure(line: error.line, message: error.message) }
                let expectation: StateExpectation?
                do { expectation = try TestScripts.expectation(of: script) } catch { throw ScriptFailure(line: script.expectLine, message: error.message) }
                try runner.run(commands)
                if let expect = expectation {
                    let problems = expect.mismatches(in: runner.state.expectationValues)
                    if !problems.isEmpty { throw ScriptFailure(line: script.expectLine, message: "expect " + problems.joined(separator: "; ") + " at the end") }
                }
            } catch {
                let at = error.line > 0 ? "\(planned.file):\(error.line): " : "\(planned.file): "
                fail(&results[0], "script \"\(script.name)\": \(at)\(error.message)")
                scriptHeld = false
            }
            // The frame of a script that stopped or whose `expect` failed is no golden to record.
            take(walk.session, into: &results[0], planned: planned, files: files, recordable: scriptHeld)
        }
        return results
    }


    /// Paints the session's frame for `result`'s case (unless skipped), compares it with its golden,
    /// and writes what a failure or a recording needs. A case that failed already (a script that
    /// stopped, a lint error) keeps its frame as it is at that moment whatever the comparison says.
    /// The golden is read once (`GroupFiles.golden`): what is compared is what is copied. Unless
    /// `recordable`, `update` records nothing: the frame is kept to look at, and the case says why.
    /// What `DemoCheck` finds of step `index`'s gesture, played on a stage of its own (the group's
    /// is left as it was for the steps after).
    private func demoProblem(step index: Int, tour: Tour, planned: PlannedTour, group: TestPlan.Group) -> String? {
        let clock = VirtualClock()
        guard let stage = try? makeStage(planned, group, clock) else { return nil }
        stage.root.paintCache = paintCache
        let walk = TourWalk(tour: tour, stage: stage, clock: clock)
        return DemoCheck.problem(walk: walk, step: index, tour: tour)
    }

    private func take(_ session: HeadlessSession, into result: inout CaseResult, planned: PlannedTour, files: GroupFiles,
                      recordable: Bool = true) {
        guard result.outcome != .skipped, let test = planned.tour?.test else { return }
        let frame: Pixmap
        do { frame = try session.render() } catch {
            fail(&result, error.message); return
        }
        let ignored = ignoredRects(test.ignore, on: session.app.root, scale: session.app.root.scale)
        let read = files.golden(result.golden, kind: "a PNG golden")
        let (verdict, golden) = GoldenVerdict.of(frame, golden: read, tolerance: test.tolerance, ignored: ignored)
        result.goldenExists = verdict != .missing
        let c = result.testCase
        let failedBefore = result.outcome == .failed
        if options.update?.records(exists: verdict != .missing, matches: verdict == .matches) == true {
            guard recordable else {
                fail(&result, "not recorded: its script did not end as it should (fix the script or the tour, then record)")
                result.actual = files.write(frame, TestResultsFolder.key(of: c, .actual), for: &result)
                return
            }
            result.toRecord = files.write(frame, TestResultsFolder.key(of: c, .actual), for: &result)
            return
        }
        switch verdict {
        case .matches:
            if failedBefore { result.actual = files.write(frame, TestResultsFolder.key(of: c, .actual), for: &result) }
            return
        case .missing:
            fail(&result, "no golden \(result.golden) yet (record it with `\(options.command) test --update \(planned.file)`)")
        case let .sizeDiffers(w, h):
            fail(&result, "the frame is \(frame.width)x\(frame.height) pixels, the golden \(w)x\(h)")
        case .unreadable(let why):
            fail(&result, "cannot read the golden \(result.golden): \(why)")
        case .differs(let difference):
            result.differingPixels = difference.differingPixels
            result.largestChannelDelta = difference.largestChannelDelta
            var line = difference.differingPixels == 1 ? "1 pixel differs" : "\(difference.differingPixels) pixels differ"
            line += test.tolerance.perceptualThreshold == nil ? " (largest channel delta \(difference.largestChannelDelta)" : " perceptually (threshold \(test.tolerance.perceptualThreshold!.compact), \(difference.antialiasedPixels) anti-aliased let pass"
            if let first = difference.firstDifference { line += ", first at \(first.x),\(first.y)" }
            line += ")"
            if test.tolerance.maxDifferentPixels > 0 { line += ", more than the tolerance of \(test.tolerance.maxDifferentPixels)" }
            fail(&result, line)
            if let golden, let image = try? PixmapDifference.image(between: frame, and: golden, rule: test.tolerance.rule(ignoring: ignored)) {
                result.diff = files.write(image, TestResultsFolder.key(of: c, .diff), for: &result)
            }
        }
        // The golden's copy is the bytes that were compared, never the file again (nor a link to it).
        if let bytes = read.bytes {
            result.expected = files.write(Data(bytes), TestResultsFolder.key(of: c, .expected), for: &result)
        }
        result.actual = files.write(frame, TestResultsFolder.key(of: c, .actual), for: &result)
    }

    /// Compares a settled step's screen-reader tree and spoken words with their goldens
    /// (`<case>.semantics.json`, `<case>.spoken.txt` beside its PNG), as `take` does the frame.
    private func keepSemantics(_ tree: String, spoken: String, into result: inout CaseResult, planned: PlannedTour, files: GroupFiles) {
        let base = String(result.golden.dropLast(4))
        let c = result.testCase
        for (text, suffix, what) in [(tree, ".semantics.json", "the screen-reader tree differs"), (spoken, ".spoken.txt", "the spoken words differ")] {
            let golden = base + suffix
            guard let kinds = TestResultsFolder.textKinds(ofGolden: golden) else { continue }
            let read = files.golden(golden, kind: "a text golden", limit: 64 << 20)
            let existing = read.bytes
            let matches = existing.map { $0 == Array(text.utf8) } ?? false
            func keep() {
                guard let path = files.write(Data(text.utf8), TestResultsFolder.key(of: c, kinds.found), for: &result) else { return }
                let copy = existing.flatMap { files.write(Data($0), TestResultsFolder.key(of: c, kinds.expected), for: &result) }
                result.texts.append(CaseResult.TextGolden(golden: golden, actual: path, expected: copy))
            }
            if options.update?.records(exists: existing != nil, matches: matches) == true { keep(); continue }
            guard !matches else { continue }
            if case .unreadable(let why) = read {
                fail(&result, "cannot read the golden \(golden): \(why)")
            } else if let existing {
                let was = String(decoding: existing, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                let now = text.split(separator: "\n", omittingEmptySubsequences: false)
                let line = zip(was, now).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(was.count, now.count)
                let shown = line < now.count ? String(now[line]).trimmingCharacters(in: .whitespaces) : "(ends)"
                fail(&result, "\(what) from \(golden) at line \(line + 1): now \(shown.count > 160 ? String(shown.prefix(160)) + "…" : shown)")
            } else {
                fail(&result, "no golden \(golden) yet (record it with `\(options.command) test --update \(planned.file)`)")
            }
            keep()
        }
    }

    /// The device-pixel rectangles of `regions` on `root` at `scale`: a view's frame rounded out, a
    /// rect scaled; a view not on the screen leaves nothing out.
    private func ignoredRects(_ regions: [TourTest.IgnoredRegion], on root: ViewRoot, scale: Double) -> [IntRect] {
        guard !regions.isEmpty else { return [] }
        let views = root.allIdentifiedViews()
        return regions.flatMap { region -> [IntRect] in
            let rects: [Rect]
            switch region {
            case .view(let id): rects = views.filter { $0.id == id }.map(\.frame)
            case .rect(let r): rects = [r]
            }
            return rects.map { r in
                let x0 = Int(clampedToInt: (r.minX * scale).rounded(.down)), y0 = Int(clampedToInt: (r.minY * scale).rounded(.down))
                let x1 = Int(clampedToInt: (r.maxX * scale).rounded(.up)), y1 = Int(clampedToInt: (r.maxY * scale).rounded(.up))
                return IntRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
            }
        }
    }

    /// Marks `result` failed because of `problem` (an error stays an error).
    private func fail(_ result: inout CaseResult, _ problem: String) {
        if result.outcome != .error { result.outcome = .failed }
        result.problems.append(problem)
    }
}
