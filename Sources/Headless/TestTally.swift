/// The counts `limelight test` ends with: `12 passed, 1 failed, 3 skipped`. A tour file that cannot
/// run (it has errors) counts as one failure.
public struct TestTally: Hashable, Sendable {
    /// Cases that passed.
    public var passed = 0
    /// Cases (and tour files with errors) that failed.
    public var failed = 0
    /// Cases left out by `--only`.
    public var skipped = 0

    /// The tally of `results`, plus `brokenTours` files that could not run.
    public init(_ results: [CaseResult], brokenTours: Int = 0) {
        for r in results {
            switch r.outcome {
            case .passed: passed += 1
            case .failed: failed += 1
            case .skipped: skipped += 1
            }
        }
        failed += brokenTours
    }

    /// `N passed, N failed`, plus `, N skipped` when any were.
    public var line: String {
        "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
    }
}
