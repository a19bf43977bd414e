/// What `analyze` found, per tour and per arm: plain counts beside the rates (`--json` writes it
/// as it is).
public struct AnalysisReport: Codable, Sendable, Equatable {
    /// The arm of users held out of an experiment.
    public static let holdout = "holdout"
    /// The row of every user of a tour, whatever their arm.
    public static let everyone = "all"

    /// Lines read as events (skipped ones not counted).
    public var events = 0
    /// Bad lines skipped under `--lenient`.
    public var skippedLines = 0
    /// Distinct users in the events counted.
    public var users = 0
    /// The goal, when one was given.
    public var goal: String?
    /// The goal's window in milliseconds; nil: until the log ends.
    public var withinMs: Double?
    /// Each tour, in the order first seen (tours given with `--tour` first).
    public var tours: [TourReport] = []
    /// Each checklist, in the order first seen (checklists given with `--checklist` first).
    public var checklists: [ChecklistReport] = []
}

/// One tour's figures.
public struct TourReport: Codable, Sendable, Equatable {
    /// The tour's id.
    public var tour: String
    /// Its steps: the file's count, or the highest step seen.
    public var steps: Int
    /// Every user of the tour, whatever their arm.
    public var total: ArmReport
    /// Each arm of its experiment (holdout last), when it has one.
    public var arms: [ArmReport] = []
    /// `advanced` events by what moved the step on (`next`, `back`, `button 2`, …).
    public var buttons: [String: Int] = [:]
    /// Users by the language of their first `shown`.
    public var languages: [Breakdown] = []
    /// Users by the screen size of their first `shown`.
    public var screens: [Breakdown] = []
    /// The goal's lift per arm against the control, and the sample-ratio check.
    public var experiment: ExperimentReport?
}

/// One arm's figures (or every user's: arm `all`).
public struct ArmReport: Codable, Sendable, Equatable {
    /// The arm's name.
    public var arm: String
    /// Users with an `assigned` event in this arm.
    public var assigned = 0
    /// Users who saw a step.
    public var shown = 0
    /// Users who moved on from a step at least once.
    public var started = 0
    /// Users who completed the tour.
    public var finished = 0
    /// Users who left it early.
    public var skipped = 0
    /// Users whose tour was taken off the screen by something else.
    public var dismissed = 0
    /// finished ÷ shown.
    public var completionRate: Double?
    /// Users who saw each step (index 0 is step 1).
    public var reached: [Int] = []
    /// Users lost at each step: reached there minus reached at the next (minus finished at the last).
    public var dropOff: [Int] = []
    /// The step that loses the most users (the first of equals).
    public var topDropOffStep: Int?
    /// Time on each step, from its `shown` to what ended it, in milliseconds.
    public var dwellMs: [Quantiles?] = []
    /// From the first `shown` of a session to its `finished`, in milliseconds.
    public var timeToCompleteMs: Quantiles?
    /// Per step and cause: users whose target was missing, of the users who came to the step.
    public var targetMissing: [MissingRate] = []
    /// The users the goal is counted over (assigned in an experiment, else shown), with a goal.
    public var goalUsers: Int?
    /// Of those, the users with the goal's event within its window.
    public var converted: Int?
    /// converted ÷ goalUsers.
    public var conversionRate: Double?

    /// An arm with nothing counted yet.
    public init(arm: String) { self.arm = arm }
}

/// A distribution's size, median and 90th percentile (nearest rank: the value at rank ⌈p·n⌉).
public struct Quantiles: Codable, Sendable, Equatable {
    /// How many values.
    public var count: Int
    /// The value at rank ⌈n/2⌉.
    public var median: Double
    /// The value at rank ⌈0.9·n⌉.
    public var p90: Double
}

/// A step's missing targets of one cause.
public struct MissingRate: Codable, Sendable, Equatable {
    /// The step, counting from 1.
    public var step: Int
    /// Why the target was missing.
    public var cause: String
    /// Users it happened to.
    public var affected: Int
    /// Users who came to the step (shown it, or had its target missing).
    public var expected: Int
    /// affected ÷ expected.
    public var rate: Double
}

/// Users of one language or screen size.
public struct Breakdown: Codable, Sendable, Equatable {
    /// The language tag or the screen size.
    public var value: String
    /// Users whose first `shown` was in it.
    public var shown: Int
    /// Of those, users who completed the tour.
    public var finished: Int
    /// finished ÷ shown.
    public var completionRate: Double
}

/// An experiment's outcome on the goal.
public struct ExperimentReport: Codable, Sendable, Equatable {
    /// The arm the others are measured against: the holdout, else the first arm.
    public var control: String
    /// Each other arm's difference from the control.
    public var lifts: [Lift] = []
    /// The sample-ratio check, when the tour's file gives the arms' shares.
    public var sampleRatio: SampleRatio?
}

/// An arm's conversion against the control's: the difference of the two rates with its 95 %
/// interval (two proportions, Wald: d ± 1.96·√(p₁(1−p₁)/n₁ + p₀(1−p₀)/n₀)).
public struct Lift: Codable, Sendable, Equatable {
    /// The arm.
    public var arm: String
    /// Its conversion rate.
    public var rate: Double
    /// The control's.
    public var controlRate: Double
    /// rate − controlRate.
    public var difference: Double
    /// The interval's low end.
    public var low: Double
    /// Its high end.
    public var high: Double
    /// difference ÷ controlRate (nil when the control converts none).
    public var relative: Double?
}

/// Whether the arms got the shares of users their weights say: Pearson's chi-square on the arms'
/// sizes against the expected shares; flagged below p = 0.001.
public struct SampleRatio: Codable, Sendable, Equatable {
    /// The statistic.
    public var chiSquare: Double
    /// Arms minus one.
    public var degreesOfFreedom: Int
    /// The chance of a mismatch this large by luck alone.
    public var p: Double
    /// p < 0.001: the assignment is broken somewhere; the lifts are not to be trusted.
    public var flagged: Bool
}
