import Foundation

/// Checklists in saved progress, and two copies of progress made one (a user's progress from two
/// devices, or two windows of one app that each saved): merging is commutative and idempotent, and
/// nothing done is ever undone by it — a finished tour stays finished, a ticked item stays ticked.
extension TourProgress {
    /// The progress after checklist `id` showed at `date`.
    public mutating func recordChecklistShown(_ id: String, at date: Date) {
        checklistsShown = (checklistsShown ?? [:]).merging([id: Self.shown(checklistsShown?[id], at: date)]) { $1 }
    }

    /// The progress after every item of checklist `id` was done, at `date`.
    public mutating func recordChecklistFinished(_ id: String, at date: Date) {
        checklistsShown = (checklistsShown ?? [:]).merging([id: Self.ended(checklistsShown?[id], outcome: .finished, at: date, versions: nil)]) { $1 }
    }

    /// Whether item `item` of checklist `checklist` was ticked.
    public func isChecked(_ item: String, in checklist: String) -> Bool { checklists?[checklist]?[item] != nil }

    /// The progress after item `item` of checklist `checklist` was done at `date` (the first date
    /// it was ticked is kept).
    public mutating func recordChecked(_ item: String, in checklist: String, at date: Date) {
        var all = checklists ?? [:]
        var ticked = all[checklist] ?? [:]
        if ticked[item] == nil { ticked[item] = date }
        all[checklist] = ticked
        checklists = all
    }

    /// This progress and `other` made one: each tour's entry the one that finished (the later, when
    /// both did or neither did), with the most times shown, the latest showing and the seen
    /// versions of the entry kept; counts the larger of the two; experiments the union; items
    /// ticked the union, each with its earlier date; the user id the one this copy has, else the
    /// other's (the smaller, when both have one and they differ).
    public func merged(with other: TourProgress) -> TourProgress {
        var out = TourProgress()
        out.version = max(version, other.version)
        for id in Set(tours.keys).union(other.tours.keys) {
            out.tours[id] = Self.merge(tours[id], other.tours[id])
        }
        out.appLaunches = Self.larger(appLaunches, other.appLaunches)
        if appEvents != nil || other.appEvents != nil {
            out.appEvents = (appEvents ?? [:]).merging(other.appEvents ?? [:]) { max($0, $1) }
        }
        out.user = [user, other.user].compactMap { $0 }.min()
        if experiments != nil || other.experiments != nil {
            out.experiments = Array(Set(experiments ?? []).union(other.experiments ?? [])).sorted()
        }
        if checklists != nil || other.checklists != nil {
            out.checklists = (checklists ?? [:]).merging(other.checklists ?? [:]) { a, b in a.merging(b) { min($0, $1) } }
        }
        if checklistsShown != nil || other.checklistsShown != nil {
            let a = checklistsShown ?? [:], b = other.checklistsShown ?? [:]
            out.checklistsShown = Dictionary(uniqueKeysWithValues: Set(a.keys).union(b.keys).map { ($0, Self.merge(a[$0], b[$0])!) })
        }
        return out
    }

    /// The larger of two optional counts.
    private static func larger(_ a: Int?, _ b: Int?) -> Int? {
        switch (a, b) {
        case let (a?, b?): return max(a, b)
        default: return a ?? b
        }
    }

    /// One tour's two entries made one.
    private static func merge(_ a: Entry?, _ b: Entry?) -> Entry? {
        guard let a, let b else { return a ?? b }
        // A finished entry wins over a skipped one; between two alike, the later (then the one whose
        // fields sort first, so the order of the two never matters).
        let aFirst: Bool
        if (a.outcome == .finished) != (b.outcome == .finished) {
            aFirst = a.outcome == .finished
        } else if a.date != b.date {
            aFirst = a.date > b.date
        } else {
            aFirst = (a.seenVersions ?? []).lexicographicallyPrecedes(b.seenVersions ?? []) || a.seenVersions == b.seenVersions
        }
        var out = aFirst ? a : b
        out.timesShown = larger(a.timesShown, b.timesShown)
        switch (a.lastShown, b.lastShown) {
        case let (x?, y?): out.lastShown = max(x, y)
        default: out.lastShown = a.lastShown ?? b.lastShown
        }
        return out
    }
}
