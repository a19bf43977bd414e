import Files
import FontText
import EmbeddedTours
import Foundation
import Headless
import ImageFiles
import Schema
import ScreensApp
import Tours

/// `limelight check`: validates tour files without running them, and with `--lint` runs their
/// settled steps headless to flag what a reviewer would.
@MainActor
enum CheckCommand {
    static let help = """
    usage: \(programName) check FILE [FILE…] [--lint] [--strict] [--heal] [--require TAG,…] [--json] [--catalog FILE]
           \(programName) --app SCREENS.json check [FILE…] […]
      Checks tour files: JSON syntax, every key and value, target ids against the app's views on each
      tab (a step's "tab" counts), the states, events and overlays it declares, SVG path data, and
      the background screenshot (relative to the tour file's folder). Prints every problem as FILE:LINE: JSON.PATH: what was expected, on
      stderr, and "FILE: ok (N steps)" on stdout for good files. Exits 1 if any file has a problem.
      A tour with targets written as anchors is walked step by step at each size, scale and
      language of its "test" object, and each anchored target compared with the screen (the drift
      report): one found only by its stable anchors after a change (the id gone but the role and
      name found, or the name changed but the id held) is a warning naming the element and the
      anchors that no longer agree; one that is ambiguous or gone is an error naming the nearest
      elements.
      A screens file (an object with "screens" and no "steps") is checked as an app: its keys and
      values, its screens, tabs, states, events, ids and images ("FILE: ok (N screens, N views)");
      with --app and no FILE, the app's screens file is checked.
      --lint   also walk every step at each size, scale and language the tour's "test" object lists
               (see \(programName) test --help) and flag a bubble clipped by the screen or the safe area or
               cut short, a bubble over a hole, a target off-screen, a tapTarget hole under 44x44 pt,
               bubble text under WCAG AA contrast (errors), a step whose text falls back to another
               language, a language Limelight has no words or no installed font for, a tapTarget
               step whose keyboard focus does not start on its target, a named placement with no
               room (and the side the bubble took), and more than 12 steps (warnings):
               FILE:LINE: steps[N]: … (at 390x844@1x, en); in a screens file
               (checked, or named by a tour), a text given by language without one of the app's
               languages, or in a language the app does not list (warnings), and, laid out with its
               fonts at its own screen in each of its languages (a tour's app: at the tour's
               sizes, scales and languages), a button or tab whose words are cut short (an error)
               and a card whose white fill covers the background set on it (a warning). Languages may be
               pseudo-locales: en-XA (accented, ~40% longer: finds the bubble a long language clips)
               and ar-XB (mirrored: finds what breaks right to left), made from the source texts.
      --strict a drifted target is an error too (for CI)
      --heal   rewrite each drifted target's anchors to the element found (only those bytes of the
               file change; a tour with any other error is left alone) and list every change; a
               target is healed only when its stable anchors find the same element at every size
               and language the tour tests
      --require TAG,…  with --lint: a step (or a screens file's text) without its own text in one
               of these languages is an error, not a warning (the CI check that nothing ships
               untranslated)
      --json   print every problem as one JSON array on stdout instead: objects with "file", "line"
               (null for the file as a whole), "path", "message" and "severity" ("error", "warning")
      --catalog FILE  check the tours against an app that draws its own frames, as it described
               itself from C (limelight_session_write_catalog: its screen, language, targets with
               their ids, rectangles, roles and names, the states it set and the events it sent)
      Warnings never fail. Never reads or writes saved tour progress.
    """

    /// One problem as `--json` prints it.
    struct Problem: Encodable {
        var file: String
        var line: Int?
        var path: String
        var message: String
        var severity: String
        init(_ d: Diagnostic) { file = d.file; line = d.line; path = d.path; message = d.message; severity = d.severity.rawValue }
        enum CodingKeys: String, CodingKey { case file, line, path, message, severity }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(file, forKey: .file)
            try c.encode(line, forKey: .line)
            try c.encode(path, forKey: .path)
            try c.encode(message, forKey: .message)
            try c.encode(severity, forKey: .severity)
        }
    }

    /// Checks every file named in `words`; failure when any has an error.
    static func run(_ words: [String], app given: CLIApp) throws(CLIError) {
        let c = "check"
        let args = try Arguments(words, command: c, valued: ["--require", "--catalog"], switches: ["--help", "--lint", "--json", "--strict", "--heal"], positionalPaths: "a tour file or a screens file")
        if args.has("--help") { print(help); return }
        var app = given
        if let file = args.value("--catalog") {
            // The app is the one the catalog describes: its targets on one screen, its states and events.
            do { app = CLIApp(try PublishedCatalog.load(path: file).appDefinition, namedByCommandLine: true, images: given.images) } catch {
                for d in error.diagnostics { StandardStreams.writeError(d.description + "\n") }
                throw .usage("\(c): --catalog \(Arguments.printable(file)): not a catalog Limelight can read")
            }
        }
        let required = Set((args.value("--require") ?? "").split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        if args.value("--require") != nil && !args.has("--lint") { throw .usage("\(c): --require works with --lint") }
        // With --app and no file, the app's own screens file is what is checked.
        let files = args.positional.isEmpty ? app.screensFile.map { [$0] } ?? [] : args.positional
        guard !files.isEmpty else { throw .usage("\(c): expected one or more tour or screens files (see \(programName) check --help)") }
        let screensFiles = files.filter { ScreensLoader.isScreensFile(path: $0) }
        let checklistFiles = files.filter { ChecklistLoader.isChecklistFile($0) }
        let tourFiles = files.filter { !screensFiles.contains($0) && !checklistFiles.contains($0) }
        if !tourFiles.isEmpty {
            for tag in required where app.definition.language(named: tag) == nil {
                throw .usage("\(c): --require \(Arguments.printable(tag)): the app speaks \(app.languagesSpelledOut) (or a pseudo-locale en-XA, ar-XB)")
            }
        }
        let (planned, loaded, apps) = TestCommand.load(tourFiles, app: app)
        var found: [[Diagnostic]] = planned.map(\.problems)
        // With --json the heals are listed on stderr: stdout is the one JSON array.
        let heal = args.has("--heal") ? HealRecord(listsOnStderr: args.has("--json")) : nil
        if args.has("--lint") {
            for (i, findings) in lint(planned, loaded, apps: apps, required: required, strict: args.has("--strict"), heal: heal).enumerated() { found[i] += findings }
        } else if planned.contains(where: { $0.tour?.steps.contains(where: \.hasAnchoredTargets) == true }) {
            // Anchors are compared with the screen the step is on: the drift report walks the steps.
            for (i, findings) in lint(planned, loaded, apps: apps, onlyAnchors: true, strict: args.has("--strict"), heal: heal).enumerated() { found[i] += findings }
        }
        if let heal {
            for (i, tour) in planned.enumerated() { found[i] = try heal.apply(to: tour, index: i, findings: found[i]) }
        }
        // Each file's problems and, when it loaded, what it holds: the tours, then the screens files.
        var checked: [(file: String, problems: [Diagnostic], summary: String?)] = zip(planned, found).map { tour, problems in
            (tour.file, problems, tour.tour.map { t in "\(t.steps.count) step\(t.steps.count == 1 ? "" : "s")" })
        }
        for file in screensFiles {
            let (problems, summary) = checkScreens(file, lint: args.has("--lint"), required: required, images: app.images)
            checked.append((file, problems, summary))
        }
        let tourIDs = tourFiles.isEmpty ? nil : Set(planned.compactMap { $0.tour?.id })
        for file in checklistFiles {
            let (problems, summary) = checkChecklist(file, tours: tourIDs, catalog: app.launchCatalog())
            checked.append((file, problems, summary))
        }
        let all = checked.flatMap(\.problems)
        let errors = all.filter { $0.severity == .error }.count
        if args.has("--json") {
            print(jsonLine(all.map(Problem.init)))
        } else {
            for (file, problems, summary) in checked {
                for d in problems { StandardStreams.writeError(d.description + "\n") }
                if let summary, !problems.contains(where: { $0.severity == .error }) {
                    let warnings = problems.count
                    print("\(file): ok (\(summary)\(warnings > 0 ? ", \(warnings) warning\(warnings == 1 ? "" : "s")" : ""))")
                }
            }
        }
        if errors > 0 {
            throw .failure(args.has("--json") ? "" : "\(c): \(errors) problem\(errors == 1 ? "" : "s") found")
        }
    }

    /// The problems of the checklist file at `path` on the app of `catalog` and, when it loads, how
    /// many items it has; with the ids of the tours checked with it, an item's tour that is none of
    /// them is an error.
    static func checkChecklist(_ path: String, tours: Set<String>?, catalog: TargetCatalog) -> ([Diagnostic], String?) {
        let list: Checklist
        do { list = try ChecklistLoader.load(path: path) } catch { return (error.diagnostics, nil) }
        var problems = ChecklistValidator.validate(list, against: catalog, file: path)
        if let tours {
            for (i, item) in list.items.enumerated() {
                guard let tour = item.tour, !tours.contains(tour) else { continue }
                problems.append(Diagnostic(file: path, line: item.line, path: "items[\(i)].tour",
                                           message: "no tour \(quoted(tour)) among the tours checked with it (known: \(KnownNames.list(tours.sorted(), near: tour)))"))
            }
        }
        return (problems, "\(list.items.count) item\(list.items.count == 1 ? "" : "s")")
    }

    /// The problems of the screens file at `path` (with `lint`, its texts' languages too, those in
    /// `required` errors) and, when it loads, what it declares ("3 screens, 41 views").
    static func checkScreens(_ path: String, lint: Bool, required: Set<String>, images: DecodedImageCache) -> ([Diagnostic], String?) {
        let file: ScreensFile
        do { file = try ScreensLoader.load(path: path, images: images) } catch { return (error.diagnostics, nil) }
        var problems: [Diagnostic] = []
        if lint {
            for tag in required.sorted() where !file.languages.contains(where: { LanguageTag.hasText(in: [tag: ""], language: $0) }) {
                problems.append(Diagnostic(file: path, line: nil, path: "languages",
                                               message: "--require \(tag): the app's languages are \(KnownNames.list(file.languages, near: tag))"))
            }
            problems += ScreensLint.languageFindings(file, required: required)
            // Laid out on its own screen in each of its languages, measured with its fonts.
            do {
                let engine = try SystemTextEngine(family: file.font, fallbackLanguages: file.fallbackLanguages)
                problems += ScreensLint.layoutFindings(file, at: ScreensLint.ownPlaces(of: file), textEngine: engine)
            } catch {
                problems.append(Diagnostic(file: path, line: nil, path: "font", message: "the screens were not laid out: \(error)", severity: .warning))
            }
        }
        // The checklists it names are read and checked against the app it declares.
        if !file.checklists.isEmpty {
            let catalog = file.appDefinition.launchCatalog()
            for list in file.checklists {
                guard FileManager.default.fileExists(atPath: list) else {
                    problems.append(Diagnostic(file: path, line: nil, path: "checklists", message: "no checklist file \(list)"))
                    continue
                }
                problems += checkChecklist(list, tours: nil, catalog: catalog).0
            }
        }
        let n = file.screens.count
        return (problems, "\(n) screen\(n == 1 ? "" : "s"), \(file.viewCount) view\(file.viewCount == 1 ? "" : "s")")
    }

    /// The lint's findings for each tour that loaded, at every size, scale and language of its test
    /// matrix, each finding once.
    static func lint(_ planned: [PlannedTour], _ loaded: [LoadedTour?], apps: [CLIApp], required: Set<String> = [],
                     onlyAnchors: Bool = false, strict: Bool = false, heal: HealRecord? = nil) -> [[Diagnostic]] {
        let stages = TestStages(loaded: loaded, apps: apps, command: "check")
        let plan = stages.plan(planned)
        var options = SnapshotRunner.Options(artifacts: "", paints: false, requiredLanguages: required, command: programName)
        options.strictAnchors = strict
        options.onlyAnchorFindings = onlyAnchors
        var runner = SnapshotRunner(plan: plan, options: options) { _, group, clock throws(HeadlessError) in
            try stages.make(group, clock: clock)
        }
        runner.comesLater = { stages.comesLater($0) }
        runner.appFindings = { stages.appFindings($0) }
        // Heals are written into the tour's own steps: an arm's are reported, not healed.
        if let heal {
            runner.settledStepShown = { group, step, walk in
                if group.arm == nil { heal.record.record(tour: group.tour, group: group, step: step, walk: walk) }
            }
        }
        var found = [[Diagnostic]](repeating: [], count: planned.count)
        for (i, tour) in planned.enumerated() where !onlyAnchors {
            guard let t = tour.tour else { continue }
            found[i] = TourLint.tourFindings(t, file: tour.file)
            if loaded[i]?.background == nil {
                let engine = try? AppSetup.textEngine(family: nil, app: apps[i], command: "check")
                found[i] += TourLint.languageFindings(t, file: tour.file, strings: apps[i].definition.interfaceStrings,
                                                      hasFont: { engine?.hasFont(forLanguage: $0) ?? true })
            }
        }
        // The texts of each screens file the tours run over, once, with the first tour over it.
        var linted: Set<String> = []
        for (i, tour) in planned.enumerated() where tour.tour != nil && !onlyAnchors {
            guard let screens = apps[i].screens, linted.insert(screens.file).inserted else { continue }
            found[i] += ScreensLint.languageFindings(screens, required: required)
        }
        // A finding in a screens file that several tours run over is listed with the first.
        var appFindings: Set<String> = []
        for (g, group) in plan.groups.enumerated() where group.kind == .settledSteps {
            var results = runner.run(group: g)
            // A screenshot shot again since the goldens: which rect's screen changed under it.
            ScreenRecord.check(&results, tours: planned, command: programName)
            for result in results {
                for finding in result.lint where !found[group.tour].contains(finding) {
                    if finding.file != planned[group.tour].file, !appFindings.insert(finding.description).inserted { continue }
                    found[group.tour].append(finding)
                }
                for problem in result.problems where result.lint.isEmpty {
                    let d = Diagnostic(file: planned[group.tour].file, line: nil, path: "", message: problem)
                    if !found[group.tour].contains(d) { found[group.tour].append(d) }
                }
            }
        }
        return found
    }
}

/// `check --heal`: what the drift report saw of each anchored target, and the tour files rewritten
/// with the heals it allows.
@MainActor
final class HealRecord {
    /// What each anchored target found at each place.
    var record = AnchorHeal()
    /// Whether the changes are listed on stderr (stdout holds `--json`'s array).
    let listsOnStderr: Bool

    /// A record whose changes are listed on stdout, or on stderr.
    init(listsOnStderr: Bool) { self.listsOnStderr = listsOnStderr }

    /// Heals the drifted targets of tour `index` (one with errors of its own is left alone): the file
    /// rewritten, each change printed, the drift warnings of healed targets taken from `findings`,
    /// and a line for each drifted target that does not heal.
    func apply(to tour: PlannedTour, index: Int, findings: [Diagnostic]) throws(CLIError) -> [Diagnostic] {
        guard let loaded = tour.tour, loaded.steps.contains(where: \.hasAnchoredTargets) else { return findings }
        guard !tour.problems.contains(where: { $0.severity == .error }) else {
            return findings + [Diagnostic(file: tour.file, line: nil, path: "", message: "not healed: the tour has errors of its own", severity: .warning)]
        }
        let (changes, refused) = record.heals(of: index, loaded, file: tour.file)
        var kept = findings + refused.map { var d = $0; d.severity = .warning; return d }
        guard !changes.isEmpty else { return kept }
        let text: String
        do {
            text = try AnchorHeal.rewrite(String(decoding: try TourLoader.read(tour.file), as: UTF8.self), with: changes)
            try AtomicFile().write(Data(text.utf8), to: tour.file)
        } catch {
            throw .failure("check: --heal: \(Arguments.printable(tour.file)): \(error)")
        }
        let healed = Set(changes.map(\.path))
        kept.removeAll { healed.contains($0.path) && $0.message.contains(") changed: found ") }
        for change in changes {
            let line = "\(tour.file):\(change.line): \(change.path): healed: \(change.summary)"
            if listsOnStderr { StandardStreams.writeError(line + "\n") } else { print(line) }
        }
        return kept
    }
}
