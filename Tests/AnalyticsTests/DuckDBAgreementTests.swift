import Foundation
import Testing
import TestSupport
@testable import Analytics

/// The SQL `analyze --sql duckdb` prints, run by DuckDB (from PyPI) on the same log, gives the
/// figures `analyze` gives, figure for figure.
@Suite(.enabled("needs python3 with duckdb (make test installs it)") { try DuckDB.ready() })
struct DuckDBAgreementTests {
    @Test(arguments: [3, 11])
    func theSQLGivesTheSameFigures(seed: Int) throws {
        let plan = SyntheticTruthTests.plan(seed: UInt64(seed), users: 400)
        let (path, _) = try SyntheticTruthTests.log(plan)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var options = AnalysisOptions()
        options.goal = plan.goal
        options.within = plan.within
        // One log with the checklist's file given (its items are what a user must do), one without
        // (every item seen).
        if seed > 5 { options.checklists = plan.checklists }
        let analysis = EventAnalysis(options: options)
        try analysis.read(path)
        let report = analysis.report()
        let figures = try DuckDB.run(MetricsSQL.query(.duckdb, options: options), log: path)
        func arm(_ tour: String, _ name: String) -> ArmReport? {
            guard let t = report.tours.first(where: { $0.tour == tour }) else { return nil }
            return name == AnalysisReport.everyone ? t.total : t.arms.first { $0.arm == name }
        }
        let arms = try #require(figures["arms"])
        #expect(arms.count == report.tours.reduce(0) { $0 + 1 + $1.arms.count }, "\(arms)")
        for row in arms {
            let a = try #require(arm(row[0] as! String, row[1] as! String), "\(row)")
            #expect([a.assigned, a.shown, a.started, a.finished, a.skipped, a.dismissed] == row[2...7].map { ($0 as! NSNumber).intValue }, "\(row) \(a)")
        }
        for row in try #require(figures["steps"]) {
            let a = try #require(arm(row[0] as! String, row[1] as! String))
            let step = (row[2] as! NSNumber).intValue
            #expect(a.reached[step - 1] == (row[3] as! NSNumber).intValue, "\(row)")
            for m in a.targetMissing where m.step == step { #expect(m.expected == (row[4] as! NSNumber).intValue, "\(row)") }
        }
        var dwellRows = 0
        for row in try #require(figures["dwell"]) {
            let a = try #require(arm(row[0] as! String, row[1] as! String))
            let q = try #require(a.dwellMs[(row[2] as! NSNumber).intValue - 1], "\(row)")
            #expect([Double(q.count), q.median * 1000, q.p90 * 1000] == row[3...5].map { ($0 as! NSNumber).doubleValue }, "\(row) \(q)")
            dwellRows += 1
        }
        #expect(dwellRows == report.tours.reduce(0) { $0 + ($1.arms + [$1.total]).reduce(0) { $0 + $1.dwellMs.compactMap { $0 }.count } })
        for row in try #require(figures["complete"]) {
            let q = try #require(arm(row[0] as! String, row[1] as! String)?.timeToCompleteMs, "\(row)")
            #expect([Double(q.count), q.median * 1000, q.p90 * 1000] == row[2...4].map { ($0 as! NSNumber).doubleValue }, "\(row)")
        }
        for row in try #require(figures["missing"]) {
            let a = try #require(arm(row[0] as! String, row[1] as! String))
            let m = a.targetMissing.first { $0.step == (row[2] as! NSNumber).intValue && $0.cause == row[3] as! String }
            #expect(m?.affected == (row[4] as! NSNumber).intValue, "\(row)")
        }
        #expect(try #require(figures["missing"]).count == report.tours.reduce(0) { $0 + ($1.arms + [$1.total]).reduce(0) { $0 + $1.targetMissing.count } })
        for row in try #require(figures["buttons"]) {
            #expect(report.tours.first { $0.tour == row[0] as! String }?.buttons[row[1] as! String] == (row[2] as! NSNumber).intValue, "\(row)")
        }
        for (figure, key) in [("languages", \TourReport.languages), ("screens", \TourReport.screens)] {
            for row in try #require(figures[figure]) {
                let b = report.tours.first { $0.tour == row[0] as! String }?[keyPath: key].first { $0.value == row[1] as! String }
                #expect(b?.shown == (row[2] as! NSNumber).intValue && b?.finished == (row[3] as! NSNumber).intValue, "\(figure) \(row)")
            }
        }
        for row in try #require(figures["goal"]) {
            let a = try #require(arm(row[0] as! String, row[1] as! String))
            #expect(a.goalUsers == (row[2] as! NSNumber).intValue && a.converted == (row[3] as! NSNumber).intValue, "\(row) \(a)")
        }
        let lists = try #require(figures["checklists"])
        #expect(lists.map { $0[0] as? String } == report.checklists.map(\.checklist).sorted(), "\(lists)")
        for row in lists {
            let c = try #require(report.checklists.first { $0.checklist == row[0] as! String })
            #expect([c.shown, c.completed] == row[1...2].map { ($0 as! NSNumber).intValue }, "\(row) \(c)")
        }
        let items = try #require(figures["items"])
        #expect(items.count == report.checklists.reduce(0) { $0 + $1.items.count } && items.count >= 4, "\(items)")
        for row in items {
            let i = try #require(report.checklists.first { $0.checklist == row[0] as! String }?.items.first { $0.item == row[1] as! String }, "\(row)")
            #expect([i.launched, i.done] == row[2...3].map { ($0 as! NSNumber).intValue }, "\(row) \(i)")
        }
    }
}

/// DuckDB through Python, with the events log as the view `events`.
enum DuckDB {
    /// The Python `make test` installed DuckDB for: the one on PATH, else Debian's.
    static var python: [String]? {
        [["/usr/bin/env", "python3"], ["/usr/bin/python3"]].first { p in run(p + ["-c", "import duckdb"]).status == 0 }
    }

    /// Whether DuckDB runs here: a missing one skips the suite, and fails it under `CI=true`.
    static func ready() throws -> Bool {
        if python != nil { return true }
        switch RequiredTools.decision(missing: ["python3 with duckdb (pip install duckdb)"], environment: ProcessInfo.processInfo.environment) {
        case .run: return true
        case .skip: return false
        case .fail(let message): throw DuckDBFailure(message: message)
        }
    }

    static func run(_ args: [String]) -> (status: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: args[0])
        p.arguments = Array(args.dropFirst())
        let out = Pipe(), err = Pipe()
        p.standardOutput = out; p.standardError = err
        guard (try? p.run()) != nil else { return (127, "", "cannot start \(args[0])") }
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    /// Each figure's rows from running `sql` (statements after `-- figure: NAME` lines) over `log`.
    static func run(_ sql: String, log: String) throws -> [String: [[Any]]] {
        let script = """
        import duckdb, json, sys
        cols = {'time': 'TIMESTAMPTZ', 'user': 'VARCHAR', 'session': 'VARCHAR', 'event': 'VARCHAR', 'tour': 'VARCHAR', 'step': 'INTEGER',
                'variant': 'VARCHAR', 'cause': 'VARCHAR', 'by': 'VARCHAR', 'name': 'VARCHAR', 'language': 'VARCHAR', 'screen': 'VARCHAR',
                'checklist': 'VARCHAR', 'item': 'VARCHAR'}
        con = duckdb.connect()
        con.execute("SET TimeZone = 'UTC'")
        con.execute("CREATE VIEW events AS SELECT * FROM read_json('" + sys.argv[1].replace("'", "''") + "', format = 'newline_delimited', columns = " + str(cols) + ")")
        out = {}
        for part in open(sys.argv[2]).read().split('-- figure: ')[1:]:
            name, statement = part.split('\\n', 1)
            out[name.strip()] = [list(r) for r in con.execute(statement.strip().rstrip(';')).fetchall()]
        print(json.dumps(out, default=int))
        """
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-duckdb-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try script.write(toFile: dir + "/run.py", atomically: true, encoding: .utf8)
        try sql.write(toFile: dir + "/figures.sql", atomically: true, encoding: .utf8)
        let r = run((python ?? ["/usr/bin/python3"]) + [dir + "/run.py", log, dir + "/figures.sql"])
        guard r.status == 0, let object = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: [[Any]]] else {
            throw DuckDBFailure(message: r.err.isEmpty ? r.out : r.err)
        }
        return object
    }

    struct DuckDBFailure: Error, CustomStringConvertible { var message: String; var description: String { message } }
}
