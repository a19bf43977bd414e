import Files
import Foundation
import Raster
import Schema
import Tours

/// `limelight simulate FILE… --events LOG`: which tours and steps would show when, for an event
/// log, by the tours' `show` rules — to check rules before shipping them.
@MainActor
enum SimulateCommand {
    static func help(_ app: CLIApp) -> String {
        let events = app.definition.events
        return """
        usage: \(programName) simulate FILE|DIR… --events LOG
               \(programName) simulate FILE|DIR… --user ID | --users N
          Replays LOG, the app's events as JSON lines, against empty saved progress and prints, at
          every launch, which of the tours would show and which of their steps, or why not:
            {"ms": 0, "event": "launch"}                  the app starts (tours are decided here)
            {"ms": 5000, "event": "EVENT"}                one of the app's events (\(events.isEmpty ? "it declares none" : events.joined(separator: ", ")))
            {"ms": 9000, "event": "skipped", "tour": "ID"}   how a shown tour ended (finished is assumed)
          "ms" is the time since the first event (7 days are 604800000). A tour that shows is taken to
          be finished at once, with the versions of its steps, unless a later line says it was skipped.
          --user ID   the arm of each tour's experiment the user ID gets (the same on every host)
          --users N   how N users (user-1 … user-N) fall into each tour's arms, beside the shares the
                      weights and the holdout say
        """
    }

    /// One line of the log.
    struct Event { var ms: Double; var name: String; var tour: String? }

    static func run(_ words: [String], app: CLIApp) throws(CLIError) {
        let c = "simulate"
        let args = try Arguments(words, command: c, valued: ["--events", "--user", "--users"], switches: ["--help"], positionalPaths: "a tour file or folder")
        if args.has("--help") { print(help(app)); return }
        guard !args.positional.isEmpty else { throw .usage("\(c): expected one or more tour files (see \(programName) simulate --help)") }
        if args.value("--user") != nil || args.value("--users") != nil { return try assignments(args, app: app, command: c) }
        guard let logPath = args.value("--events") else { throw .usage("\(c): --events LOG is required (see \(programName) simulate --help)") }
        let files = try TestCommand.tourFiles(args.positional, command: c)
        // Tours that name their app count its events.
        let app = try app.forTours(files, command: c)
        let events = try readLog(logPath, events: app.definition.allEvents, command: c)
        let (planned, _, _) = TestCommand.load(files, app: app)
        var tours: [Tour] = []
        for p in planned {
            for d in p.problems { warn("\(c): \(d)") }
            if let t = p.tour, !p.problems.contains(where: { $0.severity == .error }) { tours.append(t) }
        }
        guard !tours.isEmpty else { throw .failure("\(c): no tour without errors to simulate") }
        simulate(tours, events) { print($0) }
    }

    /// `--user ID`: each experiment's arm for the user; `--users N`: how N users fall into the arms.
    static func assignments(_ args: Arguments, app: CLIApp, command c: String) throws(CLIError) {
        guard args.value("--events") == nil, (args.value("--user") == nil) != (args.value("--users") == nil) else {
            throw .usage("\(c): expected one of --events LOG, --user ID and --users N")
        }
        let files = try TestCommand.tourFiles(args.positional, command: c)
        let (planned, _, _) = TestCommand.load(files, app: try app.forTours(files, command: c))
        var any = false
        for p in planned {
            for d in p.problems where d.severity == .error { throw .failure("\(c): \(d)") }
            guard let tour = p.tour, let plan = tour.experimentPlan else { continue }
            any = true
            if let user = args.value("--user") {
                print("\(tour.id): experiment \(plan.name): \(user) is in \(plan.arm(forUser: user))")
                continue
            }
            let n = try parseInt(args.value("--users") ?? "", option: "--users", command: c, range: 1...10_000_000)
            var counts: [String: Int] = [:]
            for i in 1...n { counts[plan.arm(forUser: "user-\(i)"), default: 0] += 1 }
            let total = plan.arms.reduce(0) { $0 + $1.weight }
            var shares = plan.arms.map { ($0.name, $0.weight / total * (1 - plan.holdout)) }
            if plan.holdout > 0 { shares.append((Experiment.holdoutArm, plan.holdout)) }
            print("\(tour.id): experiment \(plan.name), \(n) users")
            for (arm, share) in shares {
                let got = counts[arm] ?? 0
                print("  \(arm): \(got) (\(String(format: "%.1f", Double(got) / Double(n) * 100))%; the weights say \(String(format: "%.1f", share * 100))%)")
            }
        }
        if !any { throw .failure("\(c): none of the tours has an experiment (\"variants\" or \"holdout\")") }
    }

    /// What is decided at each launch of `events`, one line a launch and one a tour.
    static func simulate(_ tours: [Tour], _ events: [Event]) -> [String] {
        var out: [String] = []
        simulate(tours, events) { out.append($0) }
        return out
    }

    /// What is decided at each launch of `events`, one line a launch and one a tour, each given to
    /// `say` as it is decided: a log of a million launches is never held as text. Each launch
    /// costs the same, however many came before.
    static func simulate(_ tours: [Tour], _ events: [Event], say: (String) -> Void) {
        var progress = TourProgress()
        let start = Date(timeIntervalSince1970: 0)
        // A step's version is a digest of everything it shows: made once a tour, not at every launch.
        let versions = tours.map { $0.steps.map(\.contentVersion) }
        for e in events {
            let at = start.addingTimeInterval(e.ms / 1000)
            switch e.name {
            case "launch":
                progress.recordLaunch()
                say("launch \(progress.launches) at \(format(e.ms)):")
                for (tour, stepVersions) in zip(tours, versions) {
                    let d = ShowDecision.decide(tour, progress: progress, now: at, stepVersions: stepVersions)
                    guard d.shows else {
                        say("  \(tour.id): not shown (\(d.reason))")
                        continue
                    }
                    let steps = d.steps.count == tour.steps.count ? "all \(tour.steps.count) step\(tour.steps.count == 1 ? "" : "s")"
                                                                  : "step\(d.steps.count == 1 ? "" : "s") " + d.steps.map { String($0 + 1) }.joined(separator: ", ")
                    say("  \(tour.id): shows \(steps) (\(d.reason))")
                    progress.recordShown(tour.id, at: at)
                    progress.recordEnd(tour.id, outcome: .finished, at: at, versions: stepVersions)
                }
            case "finished", "skipped":
                if let id = e.tour, progress.tours[id] != nil {
                    progress.recordEnd(id, outcome: e.name == "finished" ? .finished : .skipped, at: at, versions: nil)
                }
            default:
                progress.recordEvent(e.name)
            }
        }
    }

    private static func format(_ ms: Double) -> String {
        if ms >= 86_400_000 { return String(format: "%.1f d", ms / 86_400_000) }
        if ms >= 3_600_000 { return String(format: "%.1f h", ms / 3_600_000) }
        return String(format: "%.1f s", ms / 1000)
    }

    /// The latest time a log may give: about 100 years, in milliseconds.
    static let maxMilliseconds = 100 * 365.25 * 86_400_000

    /// The log's events, in order; a bad line is one error naming it.
    static func readLog(_ path: String, events: [String], command c: String) throws(CLIError) -> [Event] {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, limit: 64 << 20, kind: "an event log, JSON lines") } catch {
            throw .failure("\(c): --events \(Arguments.printable(path)): \(error.reason)")
        }
        return try parseLog(bytes, path: path, events: events, command: c)
    }

    /// The events of a log's `bytes` (from the file `path`), in order; a bad line is one error naming it.
    static func parseLog(_ bytes: [UInt8], path: String, events: [String], command c: String) throws(CLIError) -> [Event] {
        var out: [Event] = []
        var last = -Double.infinity
        let known = events + ["finished", "skipped"]
        let knownSet = Set(known)
        for (i, raw) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            func fail(_ what: String) -> CLIError { .failure("\(c): \(Arguments.printable(path)):\(i + 1): \(what)") }
            guard raw.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
            guard let node = try? JSONParser.parse(Array(raw)), case .object(let members) = node.value else {
                throw fail("expected a JSON object such as {\"ms\": 0, \"event\": \"launch\"}")
            }
            func member(_ key: String) -> JSONNode.Value? { members.first { $0.key == key }?.value.value }
            guard case .number(let ms)? = member("ms"), ms.isFinite, ms >= 0, ms <= maxMilliseconds else {
                throw fail("expected \"ms\": a number of milliseconds from 0 to \(maxMilliseconds.compact) (about 100 years)")
            }
            guard ms >= last else { throw fail("the events go back in time (\(ms.compact) ms after \(last.compact) ms)") }
            last = ms
            guard case .string(let name)? = member("event"), knownSet.contains(name) else {
                let given: String? = if case .string(let name)? = member("event") { name } else { nil }
                throw fail("expected \"event\": one of \(KnownNames.list(known, near: given))")
            }
            var tour: String?
            if case .string(let id)? = member("tour") { tour = id }
            if ["finished", "skipped"].contains(name), tour == nil { throw fail("\"\(name)\" needs \"tour\": the tour's id") }
            out.append(Event(ms: ms, name: name, tour: tour))
        }
        return out
    }
}
