/// The figures of `analyze` as SQL over a table `events` with the contract's fields as columns
/// (`time` a timestamp, `user`, `session`, `event`, `tour`, `step` an integer, `variant`,
/// `cause`, `by`, `name`, `language`, `screen`, `checklist`, `item`), for logs that live in a
/// warehouse. Each figure is
/// one statement, its definition the same as `analyze`'s (README, "What `analyze` counts"), so the
/// numbers agree figure for figure on a log that keeps the contract.
public enum MetricsSQL {
    /// Where the SQL runs.
    public enum Dialect: String, CaseIterable, Sendable {
        /// DuckDB (read the log with `read_json`).
        case duckdb
        /// PostgreSQL.
        case postgres
        /// Google BigQuery (standard SQL).
        case bigquery
    }

    /// The names of the statements, in the order `query` prints them.
    public static let figures = ["arms", "steps", "dwell", "complete", "missing", "buttons", "languages", "screens", "goal",
                                 "checklists", "items"]

    /// Every figure's statement, each after a `-- figure: NAME` line, for `options` (its goal,
    /// window, time range and the tours whose files say they have an experiment).
    public static func query(_ dialect: Dialect, options: AnalysisOptions) -> String {
        let d = SQLWords(dialect)
        var out = "-- limelight analyze: the figures as SQL (\(dialect.rawValue)) over a table `events`\n"
        for name in figures {
            guard name != "goal" || options.goal != nil else { continue }
            out += "\n-- figure: \(name)\n" + statement(name, d, options) + ";\n"
        }
        return out
    }

    /// One figure's statement.
    public static func statement(_ name: String, _ dialect: Dialect, options: AnalysisOptions) -> String {
        statement(name, SQLWords(dialect), options)
    }

    static func statement(_ name: String, _ d: SQLWords, _ o: AnalysisOptions) -> String {
        if name == "checklists" || name == "items" { return checklistStatement(name, d, o) }
        let u = d.id("user"), by = d.id("by")
        // A checklist's lines are no tour's, even when an item's launch names the tour it plays.
        var filters = ["event NOT IN (\(checklistEvents))"]
        if let s = o.since { filters.append("time >= \(d.timestamp(s))") }
        if let s = o.until { filters.append("time < \(d.timestamp(s))") }
        let experimentTours = o.tours.filter { !$0.expectedShares.isEmpty }.map { d.string($0.id) }
        let declared = experimentTours.isEmpty ? "FALSE" : "tour IN (\(experimentTours.joined(separator: ", ")))"
        // The events in range; each user's arm per tour (their first assignment's, else the first
        // variant their events carry); whether a tour is an experiment.
        let base = """
        WITH e AS (
          SELECT * FROM events WHERE \(filters.joined(separator: " AND "))
        ),
        arms AS (
          SELECT tour, \(u), COALESCE(\(d.argMin("variant", "time", "event = 'assigned'")), \(d.argMin("variant", "time", "variant IS NOT NULL"))) AS arm
          FROM e WHERE tour IS NOT NULL GROUP BY tour, \(u)
        ),
        experiments AS (
          SELECT tour, \(d.boolOr("event = 'assigned'")) OR \(declared) AS is_experiment FROM e WHERE tour IS NOT NULL GROUP BY tour
        ),
        ends AS (
          SELECT tour, \(u), session, \(d.argMin("event", "time", nil)) AS ending, MIN(time) AS ended_at
          FROM e WHERE event IN ('finished', 'skipped', 'dismissed') GROUP BY tour, \(u), session
        )
        """
        /// `rows` (a select of tour, user and figures per user) summed per tour and arm and for
        /// everyone (`arm` = 'all'), with `columns` aggregated.
        func perArm(_ perUser: String, _ columns: String, keys: String = "", order: String = "") -> String {
            let k = keys.isEmpty ? "" : ", " + keys
            return base + """
            ,
            per_user AS (\(perUser)),
            tagged AS (SELECT p.*, a.arm FROM per_user p LEFT JOIN arms a ON a.tour = p.tour AND a.\(u) = p.\(u))
            SELECT tour, arm\(k), \(columns) FROM tagged WHERE arm IS NOT NULL GROUP BY tour, arm\(k)
            UNION ALL
            SELECT tour, 'all' AS arm\(k), \(columns) FROM tagged GROUP BY tour\(k)
            ORDER BY tour, arm\(k)\(order)
            """
        }
        switch name {
        case "arms":
            return perArm("""
                SELECT x.tour, x.\(u),
                  \(d.boolOr("x.event = 'assigned'")) AS assigned, \(d.boolOr("x.event = 'shown'")) AS shown,
                  \(d.boolOr("x.event = 'advanced'")) AS started,
                  \(d.boolOr("n.ending = 'finished'")) AS finished, \(d.boolOr("n.ending = 'skipped'")) AS skipped,
                  \(d.boolOr("n.ending = 'dismissed'")) AS dismissed
                FROM e x LEFT JOIN ends n ON n.tour = x.tour AND n.\(u) = x.\(u) AND n.session = x.session
                WHERE x.tour IS NOT NULL GROUP BY x.tour, x.\(u)
                """, """
                \(d.countIf("assigned")) AS assigned, \(d.countIf("shown")) AS shown, \(d.countIf("started")) AS started,
                \(d.countIf("finished")) AS finished, \(d.countIf("skipped")) AS skipped, \(d.countIf("dismissed")) AS dismissed
                """)
        case "steps":
            return perArm("""
                SELECT tour, \(u), step, \(d.boolOr("event = 'shown'")) AS reached, TRUE AS came
                FROM e WHERE event IN ('shown', 'targetMissing') GROUP BY tour, \(u), step
                """, "\(d.countIf("reached")) AS reached, COUNT(*) AS expected", keys: "step")
        case "dwell":
            return perArm("""
                SELECT s.tour, s.\(u), s.step,
                  (SELECT \(d.micros("MIN(x.time)")) FROM e x WHERE x.tour = s.tour AND x.\(u) = s.\(u) AND x.session = s.session AND x.step = s.step
                     AND x.event IN ('advanced', 'finished', 'skipped', 'dismissed') AND x.time >= s.shown_at) - \(d.micros("s.shown_at")) AS dwell
                FROM (SELECT tour, \(u), session, step, MIN(time) AS shown_at FROM e WHERE event = 'shown' GROUP BY tour, \(u), session, step) s
                """, "COUNT(dwell) AS count, \(d.quantile("dwell", 1)) AS median_us, \(d.quantile("dwell", 9)) AS p90_us", keys: "step")
                .replacingOccurrences(of: "FROM tagged WHERE arm IS NOT NULL", with: "FROM tagged WHERE arm IS NOT NULL AND dwell IS NOT NULL")
                .replacingOccurrences(of: "FROM tagged GROUP BY", with: "FROM tagged WHERE dwell IS NOT NULL GROUP BY")
        case "complete":
            return perArm("""
                SELECT n.tour, n.\(u), n.ended_at,
                  \(d.micros("n.ended_at")) - (SELECT \(d.micros("MIN(x.time)")) FROM e x WHERE x.tour = n.tour AND x.\(u) = n.\(u) AND x.session = n.session
                     AND x.event = 'shown' AND x.time <= n.ended_at) AS took
                FROM ends n WHERE n.ending = 'finished'
                """, "COUNT(took) AS count, \(d.quantile("took", 1)) AS median_us, \(d.quantile("took", 9)) AS p90_us")
                .replacingOccurrences(of: "FROM tagged WHERE arm IS NOT NULL", with: "FROM tagged WHERE arm IS NOT NULL AND took IS NOT NULL")
                .replacingOccurrences(of: "FROM tagged GROUP BY", with: "FROM tagged WHERE took IS NOT NULL GROUP BY")
        case "missing":
            return perArm("SELECT DISTINCT tour, \(u), step, cause FROM e WHERE event = 'targetMissing'",
                          "COUNT(*) AS affected", keys: "step, cause")
        case "buttons":
            return base + """

            SELECT tour, COALESCE(\(by), '(none)') AS \(by), COUNT(*) AS count FROM e WHERE event = 'advanced'
            GROUP BY tour, COALESCE(\(by), '(none)') ORDER BY tour, 2
            """
        case "languages", "screens":
            let column = name == "languages" ? "language" : "screen"
            return base + """
            ,
            firsts AS (
              SELECT tour, \(u), \(d.argMin(column, "time", "event = 'shown'")) AS value FROM e WHERE tour IS NOT NULL GROUP BY tour, \(u)
              HAVING \(d.boolOr("event = 'shown'"))
            ),
            done AS (SELECT DISTINCT tour, \(u) FROM ends WHERE ending = 'finished')
            SELECT f.tour, COALESCE(f.value, '(none)') AS value, COUNT(*) AS shown, COUNT(dn.\(u)) AS finished
            FROM firsts f LEFT JOIN done dn ON dn.tour = f.tour AND dn.\(u) = f.\(u)
            GROUP BY f.tour, COALESCE(f.value, '(none)') ORDER BY f.tour, 2
            """
        case "goal":
            let goal = d.string(o.goal ?? "")
            let window = o.within.map { " AND \(d.micros("g.time")) - \(d.micros("p.anchor")) <= \($0)" } ?? ""
            return perArm("""
                SELECT p.tour, p.\(u), MAX(CASE WHEN g.\(u) IS NOT NULL THEN 1 ELSE 0 END) AS converted
                FROM (
                  SELECT x.tour, x.\(u), COALESCE(\(d.minWhere("x.time", "x.event = 'assigned'")), \(d.minWhere("x.time", "x.event = 'shown'"))) AS anchor,
                    \(d.boolOr("x.event = 'assigned'")) AS assigned, \(d.boolOr("x.event = 'shown'")) AS shown
                  FROM e x WHERE x.tour IS NOT NULL GROUP BY x.tour, x.\(u)
                ) p
                JOIN experiments ex ON ex.tour = p.tour
                LEFT JOIN e g ON g.\(u) = p.\(u) AND g.event = 'app' AND g.name = \(goal) AND g.time >= p.anchor\(window)
                WHERE CASE WHEN ex.is_experiment THEN p.assigned ELSE p.shown END
                GROUP BY p.tour, p.\(u)
                """, "COUNT(*) AS users, SUM(converted) AS converted")
        default:
            return "SELECT 1"
        }
    }
}

/// The words that differ between dialects.
struct SQLWords {
    let dialect: MetricsSQL.Dialect
    init(_ dialect: MetricsSQL.Dialect) { self.dialect = dialect }

    /// An identifier that may be a reserved word (`user`, `by`).
    func id(_ name: String) -> String { dialect == .bigquery ? "`\(name)`" : "\"\(name)\"" }

    /// A string literal.
    func string(_ s: String) -> String {
        let body = dialect == .bigquery ? s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
                                        : s.replacingOccurrences(of: "'", with: "''")
        return "'\(body)'"
    }

    /// A timestamp literal of `micros` since 1970.
    func timestamp(_ micros: Int64) -> String {
        let text = Timestamps.text(micros).replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: "+00")
        return dialect == .bigquery ? "TIMESTAMP '\(text)'" : "TIMESTAMPTZ '\(text)'"
    }

    /// Microseconds since 1970 of a timestamp expression.
    func micros(_ t: String) -> String {
        switch dialect {
        case .duckdb: return "epoch_us(\(t))"
        case .postgres: return "CAST(EXTRACT(EPOCH FROM \(t)) * 1000000 AS BIGINT)"
        case .bigquery: return "UNIX_MICROS(\(t))"
        }
    }

    /// A table of two text columns named `a` and `b` holding `rows` (none: an empty table).
    func pairs(_ rows: [(String, String)], _ a: String, _ b: String) -> String {
        let text = dialect == .bigquery ? "STRING" : "TEXT"
        guard !rows.isEmpty else {
            return "SELECT CAST(NULL AS \(text)) AS \(a), CAST(NULL AS \(text)) AS \(b)" + (dialect == .bigquery ? " FROM UNNEST([1])" : "") + " WHERE FALSE"
        }
        if dialect == .bigquery {
            return "SELECT * FROM UNNEST([" + rows.map { "STRUCT(\(string($0.0)) AS \(a), \(string($0.1)) AS \(b))" }.joined(separator: ", ") + "])"
        }
        return "SELECT * FROM (VALUES " + rows.map { "(\(string($0.0)), \(string($0.1)))" }.joined(separator: ", ") + ") AS v(\(a), \(b))"
    }

    /// Whether `condition` held for any row.
    func boolOr(_ condition: String) -> String { dialect == .bigquery ? "LOGICAL_OR(\(condition))" : "BOOL_OR(\(condition))" }

    /// How many rows `condition` (a boolean column) holds for.
    func countIf(_ condition: String) -> String { dialect == .bigquery ? "COUNTIF(\(condition))" : "COUNT(*) FILTER (WHERE \(condition))" }

    /// The earliest `value` of the rows where `condition` holds.
    func minWhere(_ value: String, _ condition: String) -> String {
        dialect == .bigquery ? "MIN(IF(\(condition), \(value), NULL))" : "MIN(\(value)) FILTER (WHERE \(condition))"
    }

    /// `value` of the row with the least `order` (among those where `condition` holds).
    func argMin(_ value: String, _ order: String, _ condition: String?) -> String {
        switch dialect {
        case .duckdb: return condition.map { "arg_min(\(value), \(order)) FILTER (WHERE \($0))" } ?? "arg_min(\(value), \(order))"
        case .postgres:
            return "(ARRAY_AGG(\(value) ORDER BY \(order))" + (condition.map { " FILTER (WHERE \($0))" } ?? "") + ")[1]"
        case .bigquery:
            let v = condition.map { "IF(\($0), \(value), NULL)" } ?? value
            return "ARRAY_AGG(\(v) IGNORE NULLS ORDER BY \(order) LIMIT 1)[SAFE_OFFSET(0)]"
        }
    }

    /// The value at rank ⌈p·n⌉ (p = `tenths` / 10 for 9, the median for 1) of `value`.
    func quantile(_ value: String, _ tenths: Int) -> String {
        let p = tenths == 1 ? "0.5" : "0.9"
        switch dialect {
        case .duckdb: return "quantile_disc(\(value), \(p))"
        case .postgres: return "percentile_disc(\(p)) WITHIN GROUP (ORDER BY \(value))"
        case .bigquery:
            let rank = tenths == 1 ? "DIV(COUNT(\(value)) + 1, 2)" : "DIV(9 * COUNT(\(value)) + 9, 10)"
            return "ARRAY_AGG(\(value) IGNORE NULLS ORDER BY \(value))[SAFE_OFFSET(\(rank) - 1)]"
        }
    }
}
