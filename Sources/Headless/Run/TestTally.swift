/// The counts `limelight test` ends with: `12 passed, 1 failed, 80 errors, 3 skipped`. A case
/// of a tour file that cannot run counts as an error.
package struct TestTally: Hashable, Sendable {
    /// Cases that passed.
    package var passed = 0
    /// Cases that failed.
    package var failed = 0
    /// Cases that could not be run (a broken tour file, a result that could not be written).
    package var errors = 0
    /// Cases left out by `--only` or `--shard`.
    package var skipped = 0

    /// The tally of `results`.
    package init(_ results: [CaseResult]) {
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
    package var total: Int { passed + failed + errors + skipped }

    /// `N passed, N failed`, plus `, N errors` and `, N skipped` when there are any.
    package var line: String {
        "\(passed) passed, \(failed) failed" + (errors > 0 ? ", \(errors) error\(errors == 1 ? "" : "s")" : "")
            + (skipped > 0 ? ", \(skipped) skipped" : "")
    }
}
