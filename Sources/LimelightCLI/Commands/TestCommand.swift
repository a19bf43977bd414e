import Files
import FontText
import Foundation
import Headless
import ImageFiles
import ProcessMemory
import Raster
import Schema
import ScreensApp
import Tours

/// `limelight test`: snapshot tests of tours over the matrix each tour asks for, with lint, results
/// to review and accept, JUnit XML, an HTML report, and shards.
@MainActor
enum TestCommand {
    static let help = """
    usage: \(programName) test FILE|DIR… [--update [missing|changed|all]] [--prune] [--only PATTERN]
                            [--results DIR] [--junit FILE] [--report DIR] [--report-all] [--jobs N]
                            [--shard K/N] [--blob FILE] [--strict]
           \(programName) test --accept PATTERN [--results DIR]     (the same as `\(programName) accept PATTERN`)
      Tests each tour file (a folder: every *.json in it with a "steps" list; other JSON files there
      are passed over with a note) over its matrix: every step at each size, scale, language and
      motion of its "test" object (default 390x844, 1x, the languages its texts give, full motion),
      settled and at each of its "times" (ms into the step), plus each of its test scripts. Every frame
      is compared with its golden, <case>.png in the tour's goldens folder (default
      <tour file name>.goldens beside it), exactly unless the tour gives a "tolerance" (channels, or
      "perceptual"); "ignore" leaves views or rects out; with "semantics": true a settled step's
      screen-reader tree and spoken words are goldens too ("all": the tree also holds the app the
      step's dialog hides from a screen reader). Cases are named by the tour's id:
      ID/WxH@Sx-LANG-stepNN[-tMS] and ID/WxH@Sx-LANG-script-NAME (…-LANG-reduced-… under reduced motion).
      The lint looks at every settled step: a bubble clipped by the screen or the safe area or cut
      short with an ellipsis, a bubble over a hole, a target off-screen, a tapTarget hole under 44x44 pt,
      bubble text under WCAG AA contrast (errors: the case fails); a language without text for a step,
      a tapTarget step whose keyboard focus does not start on its target, a named placement with no
      room (the side the bubble took instead), more than 12 steps (warnings); over a screens file, a
      button or tab of its screens whose words are cut short at the case's size, scale and language
      (an error of the first step's case) and a card hiding the background set on it (a warning). A
      target written as anchors is compared with the screen (the drift report): one that is gone or
      ambiguous fails its case, naming the nearest elements; one found only by its stable anchors
      after a change (the id gone but the role and name found, or the name changed but the id held)
      is a warning. A tour file with errors counts each case its goldens name as an error.
      A failing case prints one line (the case, what differed, the image paths) and leaves
      <case>.actual.png, <case>.expected.png and <case>.diff.png in the results folder (--results DIR,
      else a folder of this one in $TMPDIR), made only when there is something to write, with a
      manifest that `\(programName) accept` reads. Goldens no case names are listed as orphans, and so
      is a goldens folder NAME.goldens beside a tour with no NAME.json (a renamed tour's).
      --update [MODE] record goldens: missing (only new ones), changed (new and differing: the
                      default), all (every case run); nothing is recorded for a tour with errors or
                      lint errors, which are listed, each with its line, nor for a test script that
                      stopped or whose expect failed
      --prune         remove the orphan goldens
      --only PATTERN  run only the cases whose name contains PATTERN (* and ? match any characters
                      and one): --only 'home/*-ja-*', --only step03; the others count as skipped
      --results DIR   the results folder
      --junit FILE    write JUnit XML (a testsuite per tour, a testcase per case; paths relative to it)
      --report DIR    write DIR/index.html and its images in DIR/images: every failure with golden, actual
                      and diff (flip, slide), filters, and accept/reject choices that give the command
      --report-all    the report shows every case's image, not only the failures'
      --jobs N        cases run in N processes, each on one core (default and most: the machine's
                      cores, and no more than its free memory holds at 128 MiB a process); the
                      results and files are the same for any N
      --shard K/N     run the K-th of N even shares of the matrix (by cost; a case is always in the
                      same shard) and write its result blob for `\(programName) merge-reports`
      --blob FILE     where the shard's blob goes (default: blob-K-of-N.json in the results folder)
      --strict        a drifted target fails its case too (for CI)
      The last line reads "N passed, N failed" (", N errors", ", N skipped" when any were). Exits 0
      when every case passes, 1 when any fails, 2 for bad usage or bad input (a missing file, a
      folder with no tours, an --only that selects no case, a tour file with errors), 3 when the
      runner could not do its work (a file it cannot write, a worker lost). Saved tour progress is
      neither read nor written.
    """

    static func run(_ words: [String], app: CLIApp) throws(CLIError) {
        let c = "test"
        let args = try Arguments(words, command: c, valued: ["--junit", "--report", "--jobs", "--only", "--results", "--shard", "--blob", "--accept"],
                                 switches: ["--help", "--prune", "--report-all", "--strict"],
                                 choices: ["--update": SnapshotRunner.UpdateMode.allCases.map(\.rawValue)], positionalPaths: "a tour file or folder")
        if args.has("--help") { print(help); return }
        ProcessMemory.keepLargeBuffersForReuse()
        if let pattern = args.value("--accept") {
            guard args.positional.isEmpty else { throw .usage("\(c): --accept takes the last run's results, not tour files") }
            try AcceptCommand.accept([pattern], results: args.value("--results"), app: app, command: c)
            return
        }
        guard !args.positional.isEmpty else { throw .usage("\(c): expected tour files or folders (see \(programName) test --help)") }
        let shard = try args.value("--shard").map { v throws(CLIError) in try parseShard(v, command: c) }
        if args.value("--blob") != nil && shard == nil { throw .usage("\(c): --blob needs --shard K/N") }
        let results = try TestOutputs.checkResultsFolder(args.value("--results"), command: c)
        let limit = TestWorkers.processLimit()
        var jobs = try args.value("--jobs").map { v throws(CLIError) in try parseInt(v, option: "--jobs", command: c, range: 1...256) } ?? limit.count
        if jobs > limit.count {
            warn("\(c): --jobs \(jobs): running \(limit.count) (\(limit.reason))")
            jobs = limit.count
        }
        let files = try tourFiles(args.positional, command: c)
        try TestOutputs.checkOutputs(args, command: c)
        // A run that forks its workers loads fontconfig's configuration on the second core while
        // this one reads the tours, and each process starts with it loaded; `--jobs 1` keeps to one core.
        let fonts = jobs > 1 ? ThreadedValue { try? FontConfiguration() } : nil
        let (planned, loaded, apps) = load(files, app: app)
        let stages = TestStages(loaded: loaded, apps: apps, command: c, fonts: fonts?.value() ?? nil)
        let plan = stages.plan(planned)
        let update = args.has("--update") ? SnapshotRunner.UpdateMode(rawValue: args.value("--update") ?? "changed")! : nil
        // Each process takes one core: `--jobs N` is the cores the run uses.
        var options = SnapshotRunner.Options(filter: CaseFilter(pattern: args.value("--only")), update: update, artifacts: results, encodingThreads: 1,
                                             command: programName)
        options.strictAnchors = args.has("--strict")
        var runner = SnapshotRunner(plan: plan, options: options, makeStage: { _, group, clock throws(HeadlessError) in
            try stages.make(group, clock: clock)
        })
        runner.declaredStates = { stages.declaredStates(of: $0) }
        runner.comesLater = { stages.comesLater($0) }
        runner.appFindings = { stages.appFindings($0) }

        TestResultsFolder.clear(results, tours: planned.map(\.name))
        for tour in planned {
            // A run killed while it recorded leaves its temporary files: the next one removes them.
            guard let folder = try? tour.openTourFolder(), let goldens = folder.relativePath(of: tour.goldensFolder) else { continue }
            for name in StaleFiles.remove(in: folder, under: goldens) { warn("\(c): removed \(Arguments.printable(name)), left in \(tour.goldensFolder) by a run that was stopped") }
        }

        let groups = shard.map { plan.groups(inShard: $0.index, of: $0.count) }
        // The workers start from here, with the tours loaded and the plan made.
        let running = groups?.count ?? plan.groups.count
        let workers = jobs < 2 || running < 2 ? nil : TestWorkers(forking: min(jobs, running) - 1) { serve(runner, input: $0, output: $1) }
        if let refusal = workers?.forkRefusal { warn("\(c): --jobs \(jobs): one process runs every group (\(refusal))") }
        var byGroup = runAll(plan, runner: runner, workers: workers, only: groups)
        var all = byGroup.flatMap(\.results)
        // A pattern that selects nothing is a typo, never a green run (in a shard, its share may
        // hold none of a pattern's cases: the merged report tells).
        if let pattern = args.value("--only"), shard == nil, !all.isEmpty, all.allSatisfy({ $0.outcome == .skipped }) {
            let example = all.first.map { " (case names look like \($0.testCase.name))" } ?? ""
            throw .usage("\(c): --only \(Arguments.printable(pattern)) selects none of the \(all.count) cases\(example)")
        }
        var lines: [String] = []
        var tourWarnings: [Diagnostic] = []
        for tour in planned where tour.tour != nil { tourWarnings += tour.problems }
        for tour in planned { if let t = tour.tour { tourWarnings += TourLint.tourFindings(t, file: tour.file) } }
        var written: [String] = []
        // `--update all` records over a changed screenshot: what its rects point at is then the user's call.
        if update != .all { ScreenRecord.check(&all, tours: planned, command: programName) }
        if update != nil {
            lines += lintErrorsBlockingRecording(all, tours: planned)
            written = GoldenRecorder.record(&all, tours: planned, resultsFolder: results)
            ScreenRecord.update(with: all, tours: planned)
            GoldenInputs.update(with: all, tours: planned)
        }
        // A frame that differs says whether the app or the tour changed since its golden.
        GoldenInputs.explain(&all, tours: planned)
        var k = 0
        for g in byGroup.indices { for i in byGroup[g].results.indices { byGroup[g].results[i] = all[k]; k += 1 } }
        var orphanLines: [String] = []
        for index in planned.indices {
            for orphan in plan.orphans(ofTour: index) {
                if args.has("--prune") {
                    // Removed beneath the tour's folder: an orphan that is a link goes, not what it points to.
                    let folder = try? planned[index].openTourFolder()
                    if let folder, let relative = folder.relativePath(of: orphan), !relative.isEmpty, folder.remove(relative) {
                        orphanLines.append("removed \(orphan) (no case names it)")
                    } else {
                        orphanLines.append("cannot remove \(orphan): \(String(cString: strerror(errno)))")
                    }
                } else {
                    orphanLines.append("orphan golden \(orphan): no case names it (--prune removes it)")
                }
            }
        }
        // A renamed tour file leaves its goldens under its old name.
        for folder in plan.orphanedGoldensFolders() {
            let stem = String((folder as NSString).lastPathComponent.dropLast(".goldens".count))
            orphanLines.append("orphan goldens folder \(folder): no tour file \(stem).json beside it (renamed? move its goldens to the tour's own goldens folder, or remove it)")
        }
        var run = TestRun(planDigest: TestRun.digest(of: plan), shard: shard, tours: planned.map(\.entry), tourWarnings: tourWarnings, groups: byGroup)
        run.runIdentity = TestRun.runIdentity(environment: ProcessInfo.processInfo.environment)
        let outputs = TestOutputs(junit: args.value("--junit"), report: args.value("--report"), reportAll: args.has("--report-all"),
                                  results: results, blob: shard.map { s in args.value("--blob") ?? (results as NSString).appendingPathComponent("blob-\(s.index)-of-\(s.count).json") },
                                  command: c, goldens: passedGoldens(of: planned))
        // The stages' text engines (their faces and glyph caches) and apps go with the process, which
        // ends now: releasing them object by object took a run ~4 ms. Kept here, they stay reachable
        // to the end, so a leak checker sees no leak.
        keptUntilExit.append(stages)
        try outputs.finish(run, before: lines, written: written, recorded: update != nil, after: orphanLines)
    }

    /// What a run leaves to the process's end instead of releasing it (see `run`).
    private static var keptUntilExit: [AnyObject] = []

    /// A passed case's golden, read beneath its tour's folder (for `--report-all`).
    static func passedGoldens(of planned: [PlannedTour]) -> (CaseResult) -> [UInt8]? {
        var folders: [String: (PlannedTour, OwnedFolder?)] = [:]
        for tour in planned where folders[tour.name] == nil { folders[tour.name] = (tour, try? tour.openTourFolder()) }
        return { r in
            guard let (_, folder) = folders[r.testCase.tour], let folder, let relative = folder.relativePath(of: r.golden), !relative.isEmpty else { return nil }
            return GoldenBytes.read(relative, in: folder).bytes
        }
    }

    /// `K/N` of `--shard`: 1 ≤ K ≤ N ≤ 1000.
    static func parseShard(_ value: String, command: String) throws(CLIError) -> TestRun.Shard {
        let parts = value.split(separator: "/", omittingEmptySubsequences: false)
        let max = TestRun.maxShards
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
            throw .usage("\(command): --shard \(Arguments.printable(value)): expected K/N with 1 ≤ K ≤ N ≤ \(max), such as 2/4")
        }
        guard (1...max).contains(n) else { throw .usage("\(command): --shard \(Arguments.printable(value)): expected from 1 to \(max) shards, found \(n)") }
        guard (1...n).contains(k) else { throw .usage("\(command): --shard \(Arguments.printable(value)): the index \(k) is out of range (expected 1 to \(n))") }
        return TestRun.Shard(index: k, count: n)
    }

    /// The lint errors that keep tours from being recorded, once each with its file and line, under
    /// a line per tour.
    static func lintErrorsBlockingRecording(_ results: [CaseResult], tours: [PlannedTour]) -> [String] {
        var lines: [String] = []
        for tour in tours {
            var errors: [Diagnostic] = []
            for r in results where r.testCase.tour == tour.name && r.outcome != .skipped {
                for e in r.lintErrors where !errors.contains(e) { errors.append(e) }
            }
            guard !errors.isEmpty else { continue }
            lines.append("not recorded: \(tour.name) has \(errors.count) lint error\(errors.count == 1 ? "" : "s"), so none of its goldens is written:")
            lines += errors.map { "  " + $0.description }
        }
        return lines
    }

    /// The tour files named by `paths`: files as given, folders as their `*.json` files in name
    /// order; with `forTranslation`, a folder's screens files and checklist files too (`l10n`
    /// translates them).
    static func tourFiles(_ paths: [String], command: String, forTranslation: Bool = false) throws(CLIError) -> [String] {
        var files: [String] = []
        var seen = Set<String>()
        for path in paths {
            let kind: FileKind?
            do { kind = try InputFile.kind(of: path) } catch { throw .usage("\(command): \(Arguments.printable(path)): \(error.reason)") }
            guard let kind else {
                throw .usage("\(command): \(Arguments.printable(path)): no such file or folder")
            }
            guard kind.isFolder else {
                if seen.insert(path).inserted { files.append(path) }
                continue
            }
            let names: [String]
            do { names = try FileManager.default.contentsOfDirectory(atPath: path) } catch {
                throw .failure("\(command): \(path): cannot list the folder (\(SystemErrors.describe(error)))")
            }
            let jsons = names.filter { $0.lowercased().hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
            // A folder's JSON files that are not tours (a package.json, a screens file) are passed
            // over with a note, checklists quietly; a file named on its own is always tested as a tour.
            var tours: [String] = []
            for name in jsons {
                let file = (path as NSString).appendingPathComponent(name)
                if isTour(file) || (forTranslation && (ScreensLoader.isScreensFile(path: file) || ChecklistLoader.isChecklistFile(file))) {
                    tours.append(file)
                } else if ChecklistLoader.isChecklistFile(file) {
                    // A checklist beside the tours its items play is no test and no stranger.
                    continue
                } else {
                    warn("\(command): \(Arguments.printable(file)): skipped, not a tour (no \"steps\" list at its top)\(forTranslation ? ", a screens file or a checklist" : "")")
                }
            }
            guard !tours.isEmpty else {
                throw .usage("\(command): \(path): the folder has no tour files (.json with a \"steps\" list)\(forTranslation ? ", screens files or checklists" : "")")
            }
            for tour in tours where seen.insert(tour).inserted { files.append(tour) }
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

    /// Each file loaded and checked against its app (`app`, or the screens file the tour names):
    /// its plan entry, the loaded tour (nil when it has errors) and the app.
    static func load(_ files: [String], app: CLIApp) -> ([PlannedTour], [LoadedTour?], [CLIApp]) {
        var planned: [PlannedTour] = [], loaded: [LoadedTour?] = [], apps: [CLIApp] = []
        for file in files {
            let tourApp: CLIApp
            switch app.app(forTour: file) {
            case .success(let own): tourApp = own
            case .failure(let error):
                planned.append(PlannedTour(file: file, name: "", tour: nil, problems: error.diagnostics))
                loaded.append(nil)
                apps.append(app)
                continue
            }
            apps.append(tourApp)
            do {
                let tour = try tourApp.load(file)
                var entry = PlannedTour(file: file, name: tour.tour.id, tour: tour.tour, problems: tour.warnings)
                entry.screen = tour.screen
                entry.digest = (try? TourLoader.read(file)).map { TestRun.fingerprint(bytes: $0) } ?? ""
                entry.inputs = TestRun.inputs(of: tour.tour, file: file, captures: tour.captureFiles)
                planned.append(entry)
                loaded.append(tour)
            } catch {
                planned.append(PlannedTour(file: file, name: "", tour: nil, problems: error.diagnostics))
                loaded.append(nil)
            }
        }
        for (i, name) in TestPlan.names(for: planned.map { ($0.file, $0.tour?.id) }).enumerated() { planned[i].name = name }
        // Tours whose `after` rules wait for each other in a circle can never show: an error.
        let indices = planned.indices.filter { planned[$0].tour != nil }
        for (k, circle) in ShowRule.circles(in: indices.map { planned[$0].tour! }) {
            let i = indices[k]
            let tour = planned[i].tour!
            let how = circle.count == 2 ? "the tour waits for itself to be finished"
                : "the tours \(circle.map { "\"\($0)\"" }.joined(separator: " → ")) each wait for the next to be finished"
            planned[i].problems.append(Diagnostic(file: planned[i].file, line: tour.afterLine, path: "after",
                                                      message: "\(how), so it can never show"))
            planned[i].tour = nil
            loaded[i] = nil
        }
        return (planned, loaded, apps)
    }

    /// The results of the groups in `only` (nil: all), in plan order: in this process alone without
    /// `workers`, else on it and them. A group whose worker was lost is an error of the runner's.
    static func runAll(_ plan: TestPlan, runner: SnapshotRunner, workers: TestWorkers?, only: Set<Int>?) -> [TestRun.GroupResults] {
        let order = plan.costliestFirst.filter { only?.contains($0) ?? true }
        let mine = plan.groups.indices.filter { only?.contains($0) ?? true }
        guard let workers else { return mine.map { TestRun.GroupResults(group: $0, results: runner.run(group: $0)) } }
        // Numbers for each group's screen (size, scale, language), family (scale, language) and language.
        func numbering(_ key: (TestPlan.Group) -> String) -> [Int] {
            var numbers: [String: Int] = [:]
            return plan.groups.map { g in
                let k = key(g)
                if let n = numbers[k] { return n }
                numbers[k] = numbers.count
                return numbers.count - 1
            }
        }
        let affinity = TestWorkers.Affinity(screen: numbering { "\($0.size.width)x\($0.size.height)@\($0.scale)-\($0.language)" },
                                            family: numbering { "\($0.scale)-\($0.language)" },
                                            language: numbering { $0.language })
        let (replies, failures) = workers.run(order: order, affinity: affinity) { runner.run(group: $0) }
        return mine.map { i in
            if let reply = replies[i] { return TestRun.GroupResults(group: i, results: reply) }
            let why = failures[i] ?? "no reply from its worker"
            let group = plan.groups[i]
            return TestRun.GroupResults(group: i, results: group.cases.map {
                CaseResult.error($0, golden: plan.tours[group.tour].goldenPath(of: $0), cause: .runner, problem: why)
            })
        }
    }

    /// A worker's life: group numbers in on `input`, one JSON line of results out on `output` per
    /// group, until `input` ends.
    static func serve(_ runner: SnapshotRunner, input: FileHandle, output: FileHandle) {
        let reader = LineReader(input)
        while let line = reader.line() {
            guard let group = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)), runner.plan.groups.indices.contains(group) else { continue }
            do { try output.write(contentsOf: Data((jsonLine(TestWorkers.Reply(group: group, results: runner.run(group: group))) + "\n").utf8)) } catch { return }
        }
    }
}
