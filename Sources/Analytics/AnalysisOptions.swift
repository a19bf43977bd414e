/// What `analyze` is asked: the goal and its window, the time range, the tours' files, and whether
/// bad lines are skipped.
public struct AnalysisOptions: Sendable {
    /// The app event (`"event": "app", "name": GOAL`) that counts as a conversion.
    public var goal: String?
    /// How long after a user's assignment (or first sight of the tour) the goal counts, in
    /// microseconds; nil: until the log ends.
    public var within: Int64?
    /// Events before this time (microseconds since 1970) are left out.
    public var since: Int64?
    /// Events at or after this time are left out.
    public var until: Int64?
    /// Whether a bad line is counted and skipped rather than an error.
    public var lenient = false
    /// The tours' files, as facts.
    public var tours: [TourFacts] = []
    /// The checklists' files, as facts: each id with its items' ids in order.
    public var checklists: [(id: String, items: [String])] = []

    /// The defaults: no goal, every event, strict.
    public init() {}
}
