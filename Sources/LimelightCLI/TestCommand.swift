import Files
import Foundation
import Headless
import ImageFiles
import Raster
import Tours

/// `limelight test`: snapshot tests of tours over the matrix each tour asks for, with lint, JUnit XML
/// and an HTML report.
@MainActor
enum TestCommand {
    static let help = """
    usage: \(programName) test FILE|DIR… [--update] [--junit FILE] [--report DIR] [--jobs N] [--only PATTERN]
      Tests each tour file (a folder: every *.json in it with a "steps" list; other JSON files there
      are passed over with a note) over its matrix: every step at each size,
      scale and language of its "test" object (default 390x844, 1x, the languages its texts give),
      settled and at each of its "times" (ms into the step), plus each of its test scripts. Every frame
      is compared with its golden, <case>.png in the tour's goldens folder (default
      <tour file name>.goldens beside it), exactly unless the tour gives a "tolerance". Cases are named
      TOUR/WxH@Sx-LANG-stepNN[-tMS] and TOUR/WxH@Sx-LANG-script-NAME.
      The lint looks at every settled step: a bubble clipped by the screen or the safe area or cut
      short with an ellipsis, a bubble over a hole, a target off-screen, a tapTarget hole under 44x44 pt,
      bubble text under WCAG AA contrast (errors: the case fails); a language without text for a step,
      more than 12 steps (warnings).
      A failing case prints one line (the case, what differed, the image paths) and leaves
      <case>.actual.png and <case>.diff.png (differing pixels in red over a faded golden) in the
      report folder (--report DIR, else ./limelight-test-results), a folder per tour.
      --update        record goldens that are missing or differ, and list what was written; nothing is
                      recorded for a tour with errors or lint errors
      --junit FILE    write JUnit XML (a testsuite per tour, a testcase per case)
      --report DIR    write DIR/index.html: every case with golden, actual and diff, flip and slide
                      between golden and actual, filters by tour, size, language and result
      --jobs N        cases run in N processes (default and most: the machine's cores, and no more
                      than its free memory holds at 128 MiB a process); the results and files are
                      the same for any N
      --only PATTERN  run only the cases whose name contains PATTERN (* and ? match any characters
                      and one): --only 'home/*-ja-*', --only step03; the others count as skipped
      The last line reads "N passed, N failed" (", N skipped" when any were). Exits 0 when every case
      passes, 1 when any fails, 2 for bad usage or bad input (a missing file, a folder with no tours,
      an --only that selects no case). Saved tour progress is neither read nor written.
    """

    /// The artifacts folder when no `--report` is given.
    static let defaultResultsFolder = "limelight-test-results"

    static func run(_ words: [String], app: CLIApp) throws(CLIError) {
        let c = "test"
        let args = try Arguments(words, command: c, valued: ["--junit", "--report", "--jobs", "--only"],
                                 switches: ["--update", "--help", "--worker"], hidden: ["--worker"])
        if args.has("--help") { print(help); return }
        guard !args.positional.isEmpty else { throw .usage("\(c): expected tour files or folders (see \(programName) test --help)") }
        let limit = TestWorkers.processLimit()
        var jobs = try args.value("--jobs").map { v throws(CLIError) in try parseInt(v, option: "--jobs", command: c, range: 1...256) } ?? limit.count
        if jobs > limit.count && !args.has("--worker") {
            warn("\(c): --jobs \(jobs): running \(limit.count) (\(limit.reason))")
            jobs = limit.count
        }
        let files = try tourFiles(args.positional, command: c)
        let (planned, loaded) = load(files, app: app)
        let plan = TestPlan(tours: planned, speaks: { tour in TestStages.languages(of: loaded[planned.firstIndex { $0.file == tour.file }!], app: app) })
        let artifacts = args.value("--report") ?? defaultResultsFolder
        let options = SnapshotRunner.Options(filter: CaseFilter(pattern: args.value("--only")), update: args.has("--update"), artifacts: artifacts)
        let stages = TestStages(loaded: loaded, app: app, command: c)
        var runner = SnapshotRunner(plan: plan, options: options, makeStage: { _, group, clock throws(HeadlessError) in
            try stages.make(group, clock: clock)
        })
        let states = app.definition.states
        runner.declaredStates = { $0 is ScreenshotStage ? [] : states }
        let catalog = app.launchCatalog()
        runner.comesLater = { catalog.comesLater($0) }
        if args.has("--worker") { serve(runner); return }

        try prepareOutputFolder(artifacts, option: args.value("--report") == nil ? "results folder" : "--report", command: c)
        if let junit = args.value("--junit") { try checkOutputFile(junit, command: c, option: "--junit") }
        for tour in planned {
            TestReportFolder.removeStaleImages(in: (artifacts as NSString).appendingPathComponent(tour.name))
            // A run killed while it recorded leaves its temporary files: the next one removes them.
            for name in StaleFiles.remove(in: tour.goldensFolder) { warn("\(c): removed \(Arguments.printable(name)), left in \(tour.goldensFolder) by a run that was stopped") }
        }

        var results = runAll(plan, runner: runner, jobs: jobs, arguments: words)
        // A pattern that selects nothing is a typo, never a green run.
        if let pattern = args.value("--only"), !results.isEmpty, results.allSatisfy({ $0.outcome == .skipped }) {
            let example = results.first.map { " (case names look like \($0.testCase.name))" } ?? ""
            throw .usage("\(c): --only \(Arguments.printable(pattern)) selects none of the \(results.count) cases\(example)")
        }
        var lines: [String] = []
        for tour in planned where tour.tour == nil {
            lines.append("FAIL \(tour.name): the tour file has \(tour.problems.count) problem\(tour.problems.count == 1 ? "" : "s"); nothing of it was run")
            lines += tour.problems.map { "  " + $0.description }
        }
        var warnings: [TourDiagnostic] = []
        for tour in planned where tour.tour != nil { warnings += tour.problems }
        for tour in planned { if let t = tour.tour { warnings += TourLint.tourFindings(t, file: tour.file) } }
        for r in results where r.outcome != .skipped {
            for w in r.lint where w.severity == .warning && !warnings.contains(w) { warnings.append(w) }
        }
        lines += warnings.map { $0.description }
        let written = options.update ? GoldenRecorder.record(&results, tours: planned) : []
        for r in results where r.outcome == .failed {
            var paths: [String] = []
            if r.goldenExists && r.differingPixels != nil { paths.append("golden \(r.golden)") }
            if let a = r.actual { paths.append("actual \(a)") }
            if let d = r.diff { paths.append("diff \(d)") }
            lines.append("FAIL \(r.summary)" + (paths.isEmpty ? "" : "; " + paths.joined(separator: ", ")))
        }
        lines += written.map { "wrote \($0)" }
        if options.update { lines.append("recorded \(written.count) golden\(written.count == 1 ? "" : "s")") }
        if let junit = args.value("--junit") {
            do { try AtomicFile().write(Data(JUnitReport.xml(tours: planned, results: results).utf8), to: junit) } catch {
                throw .failure("\(c): --junit \(junit): \(error)")
            }
            lines.append("wrote \(junit)")
        }
        if let report = args.value("--report") {
            do {
                lines.append("wrote " + (try TestReportFolder.write(report, tours: planned, results: results, warnings: warnings)))
            } catch {
                throw .failure("test: --report \(report): \(error.message)")
            }
        }
        let tally = TestTally(results, brokenTours: planned.filter { $0.tour == nil }.count)
        lines.append(tally.line)
        print(lines.map(escapedForOneLine).joined(separator: "\n"))
        if tally.failed > 0 { throw CLIError(message: "", exitCode: 1) }
    }

    /// The tour files named by `paths`: files as given, folders as their `*.json` files in name order.
    static func tourFiles(_ paths: [String], command: String) throws(CLIError) -> [String] {
        var files: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw .usage("\(command): \(Arguments.printable(path)): no such file or folder")
            }
            guard isFolder.boolValue else {
                if !files.contains(path) { files.append(path) }
                continue
            }
            let names: [String]
            do { names = try FileManager.default.contentsOfDirectory(atPath: path) } catch {
                throw .failure("\(command): \(path): cannot list the folder (\(error.localizedDescription))")
            }
            let jsons = names.filter { $0.lowercased().hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
            // A folder's JSON files that are not tours (a package.json, a screens file) are passed
            // over with a note; a file named on its own is always tested as a tour.
            var tours: [String] = []
            for name in jsons {
                let file = (path as NSString).appendingPathComponent(name)
                if isTour(file) { tours.append(file) } else { warn("\(command): \(Arguments.printable(file)): skipped, not a tour (no \"steps\" list at its top)") }
            }
            guard !tours.isEmpty else { throw .usage("\(command): \(path): the folder has no tour files (.json with a \"steps\" list)") }
            for tour in tours where !files.contains(tour) { files.append(tour) }
        }
        return files
    }

    /// Whether the JSON file at `path` is meant as a tour: its top is an object with a `steps` key,
    /// or it does not parse at all (a broken tour is still a tour, and fails as one).
    static func isTour(_ path: String) -> Bool {
        guard let bytes = try? TourLoader.read(path), let node = try? JSONParser.parse(bytes) else { return true }
        guard case .object(let members) = node.value else { return false }
        return members.contains { $0.key == "steps" }
    }

    /// Each file loaded and checked against `app`: its plan entry, and the loaded tour (nil when it
    /// has errors).
    static func load(_ files: [String], app: CLIApp) -> ([PlannedTour], [LoadedTour?]) {
        let names = TestPlan.names(forFiles: files)
        var planned: [PlannedTour] = [], loaded: [LoadedTour?] = []
        for (file, name) in zip(files, names) {
            do {
                let tour = try app.load(file)
                var entry = PlannedTour(file: file, name: name, tour: tour.tour, problems: tour.warnings)
                entry.screen = tour.screen
                planned.append(entry)
                loaded.append(tour)
            } catch {
                planned.append(PlannedTour(file: file, name: name, tour: nil, problems: error.diagnostics))
                loaded.append(nil)
            }
        }
        // Tours whose `after` rules wait for each other in a circle can never show: an error.
        let indices = planned.indices.filter { planned[$0].tour != nil }
        for (k, circle) in ShowRule.circles(in: indices.map { planned[$0].tour! }) {
            let i = indices[k]
            let tour = planned[i].tour!
            let how = circle.count == 2 ? "the tour waits for itself to be finished"
                : "the tours \(circle.map { "\"\($0)\"" }.joined(separator: " → ")) each wait for the next to be finished"
            planned[i].problems.append(TourDiagnostic(file: planned[i].file, line: tour.afterLine, path: "after",
                                                      message: "\(how), so it can never show"))
            planned[i].tour = nil
            loaded[i] = nil
        }
        return (planned, loaded)
    }

    /// Every group's results in plan order: in this process for one job, else on worker processes.
    static func runAll(_ plan: TestPlan, runner: SnapshotRunner, jobs: Int, arguments: [String]) -> [CaseResult] {
        let count = plan.groups.count
        let workers = min(jobs, count)
        guard workers > 1 else { return (0..<count).flatMap { runner.run(group: $0) } }
        let (replies, failures) = TestWorkers().run(order: plan.costliestFirst, jobs: workers, arguments: arguments) { runner.run(group: $0) }
        var results: [CaseResult] = []
        for (i, group) in plan.groups.enumerated() {
            if let reply = replies[i] { results += reply; continue }
            let why = failures[i] ?? "no reply from its worker"
            for c in group.cases {
                var r = CaseResult(testCase: c, outcome: .failed, golden: plan.tours[group.tour].goldenPath(of: c))
                r.problems = [why]
                results.append(r)
            }
        }
        return results
    }

    /// Worker mode: group numbers in on stdin, one JSON line of results out per group, until stdin ends.
    static func serve(_ runner: SnapshotRunner) {
        while let line = readLine() {
            guard let group = Int(line.trimmingCharacters(in: .whitespaces)), runner.plan.groups.indices.contains(group) else { continue }
            FileHandle.standardOutput.write(Data((jsonLine(TestWorkers.Reply(group: group, results: runner.run(group: group))) + "\n").utf8))
        }
    }
}
