/// The counts `limelight test` ends with: `12 passed, 1 failed, 80 errors, 3 skipped`. A case
/// of a tour file that cannot run counts as an error.
public struct TestTally: Hashable, Sendable {
    /// Cases that passed.
    public var passed = 0
    /// Cases that failed.
    public var failed = 0
    /// Cases that could not be run (a broken tour file, a result that could not be written).
    public var errors = 0
    /// Cases left out by `--only` or `--shard`.
    public var skipped = 0

    /// The tally of `results`.
    public init(_ results: [CaseResult]) {
        for r in results {
            switch r.outcome {
            case .passed: passed += 1
            case .failed: failed += 1
            case .error: errors += 1
            case .skipped: skipped += 1
            }
        }
    }

    /// Every case counted.
    public var total: Int { passed + failed + errors + skipped }

    /// `N passed, N failed`, plus `, N errors` and `, N skipped` when there are any.
    public var line: String {
        "\(passed) passed, \(failed) failed" + (errors > 0 ? ", \(errors) error\(errors == 1 ? "" : "s")" : "")
            + (skipped > 0 ? ", \(skipped) skipped" : "")
    }
}
