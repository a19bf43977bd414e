/// The checklists' figures as SQL: per checklist the users it showed to and who did every item;
/// per item the users who launched its tour and who did it among those shown (README, "What
/// `analyze` counts").
extension MetricsSQL {
    /// The events of checklists, as SQL strings.
    static let checklistEvents = "'checklistShown', 'itemLaunched', 'itemDone'"

    /// The statement of `checklists` (checklist, shown, completed) or `items` (checklist, item,
    /// launched, done).
    static func checklistStatement(_ name: String, _ d: SQLWords, _ o: AnalysisOptions) -> String {
        let u = d.id("user")
        var filters = ["event IN (\(checklistEvents))"]
        if let s = o.since { filters.append("time >= \(d.timestamp(s))") }
        if let s = o.until { filters.append("time < \(d.timestamp(s))") }
        // The checklists given with --checklist: their items are every item a user must do; a
        // checklist not given needs every item seen of it.
        let declared = o.checklists.flatMap { list in list.items.map { (list.id, $0) } }
        let common = """
        WITH c AS (
          SELECT * FROM events WHERE \(filters.joined(separator: " AND "))
        ),
        declared AS (\(d.pairs(declared, "checklist", "item"))),
        seen AS (SELECT DISTINCT checklist, item FROM c WHERE event IN ('itemLaunched', 'itemDone')),
        shown AS (SELECT DISTINCT checklist, \(u) FROM c WHERE event = 'checklistShown'),
        done AS (SELECT DISTINCT checklist, item, \(u) FROM c WHERE event = 'itemDone')
        """
        if name == "checklists" {
            return common + """
            ,
            lists AS (SELECT DISTINCT checklist FROM c UNION DISTINCT SELECT DISTINCT checklist FROM declared),
            needed AS (
              SELECT checklist, item FROM declared
              UNION DISTINCT
              SELECT checklist, item FROM seen WHERE checklist NOT IN (SELECT checklist FROM declared)
            ),
            needs AS (SELECT checklist, COUNT(*) AS n FROM needed GROUP BY checklist),
            did AS (
              SELECT dn.checklist, dn.\(u), COUNT(*) AS n FROM done dn
              JOIN needed nd ON nd.checklist = dn.checklist AND nd.item = dn.item GROUP BY dn.checklist, dn.\(u)
            )
            SELECT l.checklist, COUNT(s.\(u)) AS shown, COUNT(CASE WHEN did.n = ns.n THEN 1 END) AS completed
            FROM lists l
            LEFT JOIN shown s ON s.checklist = l.checklist
            LEFT JOIN needs ns ON ns.checklist = l.checklist
            LEFT JOIN did ON did.checklist = s.checklist AND did.\(u) = s.\(u)
            GROUP BY l.checklist ORDER BY l.checklist
            """
        }
        return common + """
        ,
        launched AS (SELECT DISTINCT checklist, item, \(u) FROM c WHERE event = 'itemLaunched'),
        items AS (SELECT checklist, item FROM declared UNION DISTINCT SELECT checklist, item FROM seen)
        SELECT i.checklist, i.item,
          (SELECT COUNT(*) FROM launched la WHERE la.checklist = i.checklist AND la.item = i.item) AS launched,
          (SELECT COUNT(*) FROM done dn JOIN shown s ON s.checklist = dn.checklist AND s.\(u) = dn.\(u)
            WHERE dn.checklist = i.checklist AND dn.item = i.item) AS done
        FROM items i ORDER BY i.checklist, i.item
        """
    }
}
