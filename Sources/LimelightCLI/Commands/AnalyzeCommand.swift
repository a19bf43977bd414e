import Analytics
import Files
import Foundation
import Tours

/// `limelight analyze EVENTS…`: what tours did for users, from their events log — funnels, dwell,
/// goals and experiments — as a table, JSON, a page, or the same figures as SQL.
@MainActor
enum AnalyzeCommand {
    static let help = """
    usage: \(programName) analyze EVENTS… [--tour FILE] [--checklist FILE] [--goal EVENT] [--within DURATION] [--since TIME] [--until TIME]
                             [--json | --html DIR | --sql duckdb|postgres|bigquery] [--lenient]
           \(programName) analyze --plan --baseline RATE --mde DIFFERENCE [--alpha A] [--power P]
      Reads events logs (JSON lines, the contract in the README's "The events log") one line at a
      time and prints per tour: users assigned, shown, started, finished, skipped and dismissed per
      arm; the step funnel with the users lost at each step; dwell per step and time to complete
      (median, 90th percentile); missing targets per step and cause; what moved steps on; users by
      language and screen size; per checklist, the users it showed to and who did every item, and
      per item the users who launched its tour and who did it; and, with a goal, each arm's conversion and its difference from the
      control (the holdout, else the first arm) with a 95 % interval, and the sample-ratio check.
      A user's events must come in time order. Memory follows the users, not the log's size.
      --tour FILE       the tour's file: its step count, and its experiment's arms and holdout (their
                        shares, for the sample-ratio check)
      --checklist FILE  the checklist's file: its items in order, so "did every item" counts them all
      --goal EVENT      the app event (`"event": "app", "name": EVENT`) that counts as a conversion
      --within DURATION the goal counts this long after the user's assignment (or first sight of
                        the tour): 7d, 12h, 30m, 45s (default: until the log ends)
      --since TIME, --until TIME   only events at or after, and before, these times (RFC 3339,
                        "2026-12-01T00:00:00.000Z", or a date, "2026-12-01")
      --json            the report as one JSON object: per tour and arm, plain counts beside the rates
      --html DIR        the report as DIR/index.html, one page with its charts inline (SVG)
      --sql DIALECT     print the same figures as SQL over a table `events` (DuckDB, PostgreSQL or
                        BigQuery), for logs too large to move: run it where the events live
      --lenient         count and skip bad lines (each said on stderr) instead of stopping at the first
      --plan            the users each arm needs to tell --baseline RATE (0.2) from RATE + --mde
                        DIFFERENCE (0.02) with a two-sided test at --alpha (0.05) and --power (0.8)
    """

    static func run(_ words: [String], app: CLIApp) throws(CLIError) {
        let c = "analyze"
        let args = try Arguments(words, command: c, valued: ["--tour", "--checklist", "--goal", "--within", "--since", "--until", "--html", "--sql",
                                                             "--baseline", "--mde", "--alpha", "--power"],
                                 switches: ["--help", "--json", "--lenient", "--plan"], positionalPaths: "an events log")
        if args.has("--help") { print(help); return }
        if args.has("--plan") { return try plan(args, command: c) }
        guard !args.positional.isEmpty else { throw .usage("\(c): expected one or more events logs (see \(programName) analyze --help)") }
        let outputs = [args.has("--json"), args.value("--html") != nil, args.value("--sql") != nil].filter { $0 }.count
        guard outputs <= 1 else { throw .usage("\(c): expected one of --json, --html and --sql") }
        var options = AnalysisOptions()
        options.lenient = args.has("--lenient")
        options.goal = args.value("--goal")
        if let goal = options.goal, goal.isEmpty { throw .usage("\(c): --goal expects an app event's name") }
        if let w = args.value("--within") {
            guard let micros = Durations.micros(w) else { throw .usage("\(c): --within expects a duration such as 7d, 12h, 30m or 45s (got \"\(Arguments.printable(w))\")") }
            options.within = micros
        }
        options.since = try time(args.value("--since"), option: "--since", command: c)
        options.until = try time(args.value("--until"), option: "--until", command: c)
        if let tour = args.value("--tour") {
            let loaded = try TourSetup.load(tour, app: app, command: c)
            options.tours = [AnalyzeCommand.facts(of: loaded.tour)]
        }
        if let path = args.value("--checklist") {
            do {
                let list = try ChecklistLoader.load(path: path)
                options.checklists = [(list.id, list.items.map(\.id))]
            } catch { throw TourSetup.failure(error, command: c) }
        }
        if let dialect = args.value("--sql") {
            guard let d = MetricsSQL.Dialect(rawValue: dialect) else { throw .usage("\(c): --sql expects duckdb, postgres or bigquery (got \"\(Arguments.printable(dialect))\")") }
            print(MetricsSQL.query(d, options: options), terminator: "")
            return
        }
        if let html = args.value("--html") { try prepareOutputFolder(html, option: "--html", command: c) }
        let analysis = EventAnalysis(options: options)
        var said = 0
        for path in args.positional {
            do {
                try analysis.read(path) { line in
                    said += 1
                    if said <= 20 { warn("\(c): \(line) (skipped)") }
                }
            } catch { throw CLIError(message: "\(c): \(error.description)", exitCode: 2) }
        }
        if said > 20 { warn("\(c): \(said - 20) more bad lines skipped") }
        let report = analysis.report()
        if args.has("--json") {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            guard let data = try? encoder.encode(report) else { throw .failure("\(c): cannot write the report as JSON") }
            print(String(decoding: data, as: UTF8.self))
        } else if let html = args.value("--html") {
            let path = (html as NSString).appendingPathComponent("index.html")
            do { try AtomicFile().write(Data(ReportPage.html(report).utf8), to: path) } catch {
                throw .failure("\(c): --html \(Arguments.printable(html)): cannot write index.html (\(error.reason))")
            }
            print("wrote \(path)")
        } else {
            print(ReportText.text(report), terminator: "")
        }
    }

    /// What `analyze` needs of `tour`: its steps and its experiment.
    static func facts(of tour: Tour) -> TourFacts {
        var facts = TourFacts(id: tour.id, steps: tour.steps.count)
        facts.stepIDs = tour.steps.map(\.id)
        if let plan = tour.experimentPlan {
            facts.variants = plan.arms.map { ($0.name, $0.weight) }
            facts.holdout = plan.holdout
        }
        facts.armSteps = Dictionary(tour.variants.compactMap { v in v.steps.map { (v.name, $0.count) } }, uniquingKeysWith: { a, _ in a })
        return facts
    }

    /// `text` (RFC 3339 in UTC, or a date) in microseconds since 1970.
    static func time(_ text: String?, option: String, command c: String) throws(CLIError) -> Int64? {
        guard let text else { return nil }
        if let t = Timestamps.micros(text) { return t }
        if text.count == 10, let t = Timestamps.micros(text + "T00:00:00.000Z") { return t }
        throw .usage("\(c): \(option) expects a time such as 2026-12-01T09:30:00.000Z or a date such as 2026-12-01 (got \"\(Arguments.printable(text))\")")
    }

    /// `--plan`: the users each arm needs.
    static func plan(_ args: Arguments, command c: String) throws(CLIError) {
        func number(_ option: String, _ fallback: Double?, in range: ClosedRange<Double>) throws(CLIError) -> Double {
            guard let text = args.value(option) else {
                if let fallback { return fallback }
                throw .usage("\(c): --plan expects \(option)")
            }
            guard let v = Double(text), v.isFinite, range.contains(v), v != range.lowerBound else {
                throw .usage("\(c): \(option) expects a number above \(range.lowerBound) and at most \(range.upperBound) (got \"\(Arguments.printable(text))\")")
            }
            return v
        }
        let baseline = try number("--baseline", nil, in: 0...0.999_999), mde = try number("--mde", nil, in: 0...1)
        let alpha = try number("--alpha", 0.05, in: 0...0.5), power = try number("--power", 0.8, in: 0...0.999_999)
        guard baseline + mde < 1 else { throw .usage("\(c): --baseline plus --mde must stay below 1") }
        guard let n = Statistics.usersPerArm(baseline: baseline, effect: mde, alpha: alpha, power: power) else {
            throw .usage("\(c): --mde \(mde) is too small to tell from noise with any number of users")
        }
        print("\(n) users per arm to tell \(baseline) from \(baseline + mde) (two-sided, alpha \(alpha), power \(power); two-proportion z-test)")
    }
}
