import Tours

/// What one case of `limelight test` came to: passed, failed (and why) or skipped, the golden's
/// path, and the images written for it. Worker processes send these to the parent as JSON lines.
public struct CaseResult: Codable, Hashable, Sendable {
    /// How a case ended.
    public enum Outcome: String, Codable, Hashable, Sendable {
        /// The frame matches its golden and no lint error was found.
        case passed
        /// Something is wrong: see `problems`.
        case failed
        /// Left out by `--only`.
        case skipped
    }

    /// The case.
    public var testCase: SnapshotCase
    /// How it ended.
    public var outcome: Outcome
    /// Why it failed, one line each (without the case's name).
    public var problems: [String] = []
    /// What the lint found at this case (errors fail it; warnings are listed).
    public var lint: [TourDiagnostic] = []
    /// The golden PNG's path.
    public var golden: String
    /// Whether the golden file exists (when the case ran).
    public var goldenExists = false
    /// The pixels that differ, when the frame was compared and differed.
    public var differingPixels: Int?
    /// The largest channel difference, when the frame was compared and differed.
    public var largestChannelDelta: Int?
    /// The frame as rendered, written when it failed or is to be recorded.
    public var actual: String?
    /// The differing pixels marked over a faded golden, written when the frame differed.
    public var diff: String?
    /// With `--update`: the frame (with its digest), to become the golden once the tour is known to be clean.
    public var toRecord: String?

    /// A result of `testCase` against `golden`.
    public init(testCase: SnapshotCase, outcome: Outcome, golden: String) {
        self.testCase = testCase
        self.outcome = outcome
        self.golden = golden
    }

    /// The case's lint errors.
    public var lintErrors: [TourDiagnostic] { lint.filter { $0.severity == .error } }

    /// One line for the log: `home/390x844@1x-en-step03: 120 pixels differ …`.
    public var summary: String { testCase.name + ": " + (problems.isEmpty ? outcome.rawValue : problems.joined(separator: "; ")) }
}
