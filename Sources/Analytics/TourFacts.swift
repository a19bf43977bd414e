/// What `analyze` knows of a tour from its file (`--tour FILE`): its steps, and its experiment's
/// arms with their shares, for the funnel's length and the sample-ratio check.
public struct TourFacts: Sendable {
    /// The tour's id.
    public var id: String
    /// How many steps it has.
    public var steps: Int
    /// The step ids, where steps have them (nil entries where not).
    public var stepIDs: [String?] = []
    /// The experiment's arms in the file's order, with their weights.
    public var variants: [(name: String, weight: Double)] = []
    /// The share of users held out (no tour), 0 without an experiment.
    public var holdout = 0.0
    /// How many steps each arm with steps of its own has, by the arm's name (the others show the
    /// tour's).
    public var armSteps: [String: Int] = [:]

    /// How many steps the users of `arm` see (nil, or an arm without steps of its own: the tour's).
    public func steps(ofArm arm: String?) -> Int { arm.flatMap { armSteps[$0] } ?? steps }

    /// A tour `id` of `steps` steps.
    public init(id: String, steps: Int) { self.id = id; self.steps = steps }

    /// Each arm's expected share of the users assigned, holdout included (empty without an experiment).
    public var expectedShares: [(arm: String, share: Double)] {
        guard !variants.isEmpty || holdout > 0 else { return [] }
        let total = variants.reduce(0) { $0 + $1.weight }
        var out = variants.map { ($0.name, total > 0 ? $0.weight / total * (1 - holdout) : 0) }
        if holdout > 0 { out.append((AnalysisReport.holdout, holdout)) }
        return out
    }
}
