/// One checklist's figures: the users it showed to, and per item the users who launched its tour
/// and who did it.
public struct ChecklistReport: Codable, Sendable, Equatable {
    /// One item's figures.
    public struct Item: Codable, Sendable, Equatable {
        /// The item's id.
        public var item: String
        /// Users who chose it and launched its tour.
        public var launched = 0
        /// Users who did it.
        public var done = 0
        /// done ÷ users shown the checklist.
        public var doneRate: Double?
    }

    /// The checklist's id.
    public var checklist: String
    /// Users its launcher showed to.
    public var shown = 0
    /// Users who did every item (the file's items with `--checklist`, else every item seen).
    public var completed = 0
    /// completed ÷ shown.
    public var completionRate: Double?
    /// Its items: the file's order, then the others in the order first seen.
    public var items: [Item] = []
}

/// The users of each checklist event, kept as sets of user numbers: who was shown each checklist,
/// who launched and who did each item.
struct ChecklistTally {
    private var order: [String] = []
    private var shown: [String: Set<Int32>] = [:]
    private var itemOrder: [String: [String]] = [:]
    private var launched: [String: [String: Set<Int32>]] = [:]
    private var done: [String: [String: Set<Int32>]] = [:]
    private var declared: [String: Int] = [:]

    /// A tally whose checklists and items start as `facts` lists them.
    init(facts: [(id: String, items: [String])]) {
        for f in facts {
            note(f.id)
            declared[f.id] = f.items.count
            for item in f.items { noteItem(item, of: f.id) }
        }
    }

    private mutating func note(_ list: String) {
        if shown[list] == nil { shown[list] = []; order.append(list) }
    }

    private mutating func noteItem(_ item: String, of list: String) {
        if itemOrder[list]?.contains(item) != true { itemOrder[list, default: []].append(item) }
    }

    /// Counts `e` of user number `user`.
    mutating func add(_ e: EventLine, user: Int32) {
        guard let list = e.checklist else { return }
        note(list)
        switch e.kind {
        case .checklistShown:
            shown[list, default: []].insert(user)
        case .itemLaunched:
            guard let item = e.item else { return }
            noteItem(item, of: list)
            launched[list, default: [:]][item, default: []].insert(user)
        case .itemDone:
            guard let item = e.item else { return }
            noteItem(item, of: list)
            done[list, default: [:]][item, default: []].insert(user)
        default:
            break
        }
    }

    /// The figures of every checklist.
    func report() -> [ChecklistReport] {
        order.map { list in
            let users = shown[list] ?? []
            let items = itemOrder[list] ?? []
            var r = ChecklistReport(checklist: list, shown: users.count)
            r.items = items.map { item in
                let d = done[list]?[item]?.intersection(users).count ?? 0
                return ChecklistReport.Item(item: item, launched: launched[list]?[item]?.count ?? 0, done: d,
                                            doneRate: users.isEmpty ? nil : Double(d) / Double(users.count))
            }
            // Everyone shown who did every item (a checklist given with --checklist: every item of its file).
            let all = items.prefix(declared[list] ?? items.count)
            r.completed = all.isEmpty ? 0 : users.filter { u in all.allSatisfy { done[list]?[$0]?.contains(u) == true } }.count
            r.completionRate = users.isEmpty ? nil : Double(r.completed) / Double(users.count)
            return r
        }
    }
}
