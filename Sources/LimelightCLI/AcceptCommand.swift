import Files
import Foundation
import Headless
import Tours

/// `limelight accept [PATTERN…]`: the last `limelight test` run's actuals become goldens, without
/// rendering again (also `limelight test --accept PATTERN`).
@MainActor
enum AcceptCommand {
    static let help = """
    usage: \(programName) accept [PATTERN…] [--from FILE] [--results DIR]
      Takes the actual frames (and texts) the last `\(programName) test` run left in its results folder as
      the goldens of the cases PATTERN selects (every failed case when none is given), byte for byte
      and with their digests, without rendering anything again. A PATTERN that is a whole case name
      selects that case alone; any other the names that contain it (* and ? as in `test --only`).
      A case with lint errors, or one that could not run, is not accepted (one line says why).
      --from FILE    the case names to accept, one a line (the report's "accept file")
      --results DIR  the run's results folder (default: the one `test` uses from this folder)
      Exits 0 when every selected case was accepted, 1 when some could not be, 2 for bad usage (no
      run to accept, a pattern that selects no case), 3 when a golden cannot be written.
    """

    static func run(_ words: [String], app: CLIApp) throws(CLIError) {
        let c = "accept"
        let args = try Arguments(words, command: c, valued: ["--results", "--from"], switches: ["--help"])
        if args.has("--help") { print(help); return }
        var patterns = args.positional
        if let from = args.value("--from") {
            let bytes: [UInt8]
            do { bytes = try InputFile.read(from, limit: 16 << 20, kind: "a list of case names") } catch {
                throw .usage("\(c): --from \(Arguments.printable(from)): \(error.reason)")
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw .usage("\(c): --from \(Arguments.printable(from)): not UTF-8 text (expected case names, one a line)")
            }
            let names = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !names.isEmpty else { throw .usage("\(c): --from \(Arguments.printable(from)): names no case") }
            patterns += names
        }
        try accept(patterns, results: args.value("--results") ?? TestResultsFolder.defaultPath(), command: c)
    }

    /// Accepts what `patterns` select in the run in `results`, printing a line for each golden
    /// written and each case refused, then a count.
    static func accept(_ patterns: [String], results: String, command c: String) throws(CLIError) {
        let outcome: TestAcceptance.Outcome
        do { outcome = try TestAcceptance.accept(patterns, resultsFolder: results) } catch { throw .usage("\(c): \(error.message)") }
        var lines = outcome.written.map { "wrote \($0)" }
        lines += outcome.refused.map { "not accepted: \($0)" }
        lines.append("accepted \(outcome.accepted.count) case\(outcome.accepted.count == 1 ? "" : "s")" + (outcome.refused.isEmpty ? "" : ", \(outcome.refused.count) not"))
        print(lines.map(escapedForOneLine).joined(separator: "\n"))
        if outcome.cannotWrite { throw CLIError(message: "", exitCode: 3) }
        if !outcome.refused.isEmpty { throw CLIError(message: "", exitCode: 1) }
    }
}
