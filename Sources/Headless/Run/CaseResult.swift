import Schema
import Tours

/// What one case of `limelight test` came to: passed, failed (and why), an error (it could not be
/// run) or skipped, the golden's path, and the images written for it. Worker processes send these
/// to the parent as JSON lines; shards keep them in their result blobs.
package struct CaseResult: Codable, Hashable, Sendable {
    /// How a case ended.
    package enum Outcome: String, Codable, Hashable, Sendable {
        /// The frame matches its golden and no lint error was found.
        case passed
        /// Something is wrong: see `problems`.
        case failed
        /// Left out by `--only` or by `--shard`.
        case skipped
        /// It could not be run at all: see `cause` and `problems`.
        case error
    }

    /// Why a case could not be run.
    package enum Cause: String, Codable, Hashable, Sendable {
        /// Its tour file has errors (exit 2: bad input).
        case badInput
        /// The runner could not do its work: a file it cannot write, a worker lost (exit 3).
        case runner
    }

    /// The case.
    package var testCase: SnapshotCase
    /// How it ended.
    package var outcome: Outcome
    /// Why it could not be run, for an `.error`.
    package var cause: Cause?
    /// Why it failed, one line each (without the case's name).
    package var problems: [String] = []
    /// What the lint found at this case (errors fail it; warnings are listed).
    package var lint: [Diagnostic] = []
    /// The golden PNG's path.
    package var golden: String
    /// Whether the golden file exists (when the case ran).
    package var goldenExists = false
    /// The pixels that differ, when the frame was compared and differed.
    package var differingPixels: Int?
    /// The largest channel difference, when the frame was compared and differed.
    package var largestChannelDelta: Int?
    /// A copy of the golden as it was compared (`<case>.expected.png` in the results folder), written
    /// when the case failed against an existing golden, so results hold all three images.
    package var expected: String?
    /// The frame as rendered, written when it failed or is to be recorded.
    package var actual: String?
    /// The differing pixels marked over a faded golden, written when the frame differed.
    package var diff: String?
    /// With `--update`: the frame (with its digest), to become the golden once the tour is known to be clean.
    package var toRecord: String?
    /// A text golden of the case (its screen-reader tree, its spoken words) and the text the run
    /// wrote for it in the results folder: what was found when it differs, what to record with `--update`.
    package struct TextGolden: Codable, Hashable, Sendable {
        /// The golden's path.
        package var golden: String
        /// The text as this run found it, in the results folder.
        package var actual: String
        /// A copy of the golden as it was compared, in the results folder (nil: there was none).
        package var expected: String?
        /// A text golden from its paths.
        package init(golden: String, actual: String, expected: String? = nil) { self.golden = golden; self.actual = actual; self.expected = expected }
    }
    /// The case's text goldens that differ, are missing, or are to be recorded.
    package var texts: [TextGolden] = []
    /// Whether the run left files of this case in the results folder (images or texts).
    package var leftResultFiles: Bool { expected != nil || actual != nil || diff != nil || !texts.isEmpty }
    /// Over a screenshot: what the screenshot shows under each rect target of the step (see
    /// `ScreenRecord`).
    package var screenUnder: [ScreenRecord.Patch] = []

    /// A result of `testCase` against `golden`.
    package init(testCase: SnapshotCase, outcome: Outcome, golden: String) {
        self.testCase = testCase
        self.outcome = outcome
        self.golden = golden
    }

    /// A result that could not be run because of `cause`, saying `problem`.
    package static func error(_ testCase: SnapshotCase, golden: String, cause: Cause, problem: String) -> CaseResult {
        var r = CaseResult(testCase: testCase, outcome: .error, golden: golden)
        r.cause = cause
        r.problems = [problem]
        return r
    }

    /// The case's lint errors.
    package var lintErrors: [Diagnostic] { lint.filter { $0.severity == .error } }

    /// One line for the log: `home/390x844@1x-en-step03: 120 pixels differ …`.
    package var summary: String { testCase.name + ": " + (problems.isEmpty ? outcome.rawValue : problems.joined(separator: "; ")) }
}
