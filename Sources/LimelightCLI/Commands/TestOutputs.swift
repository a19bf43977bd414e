import Files
import Foundation
import Headless
import Schema
import Tours

/// What `limelight test` and `limelight merge-reports` end with: the lines of the log, the
/// results folder's manifest, a shard's blob, the JUnit file and the HTML report, and the exit code
/// (0 passed, 1 failures, 2 bad input, 3 the runner could not do its work). Both commands write
/// through this one place, so a merged report is the report one run would have written.
@MainActor
struct TestOutputs {
    /// `--junit FILE`.
    var junit: String?
    /// `--report DIR`.
    var report: String?
    /// `--report-all`.
    var reportAll: Bool
    /// The results folder.
    var results: String
    /// Where a shard's blob goes (nil: not a shard).
    var blob: String?
    /// The command, for messages.
    var command: String
    /// With `--report-all`, a passed case's golden as the report shows it (read beneath its tour's
    /// folder; nil when the run has none to read, as a merge of blobs, whose goldens came in them).
    var goldens: ((CaseResult) -> [UInt8]?)? = nil

    /// Prints the log of `run` (with `before` after the warnings, the goldens `written` and, when
    /// `recorded`, their count, then `after`), writes every output asked for, and exits as the run came out.
    func finish(_ run: TestRun, before: [String] = [], written: [String] = [], recorded: Bool = false, after: [String] = []) throws(CLIError) {
        let c = command
        let cases = run.results
        var lines: [String] = []
        for tour in run.tours where !tour.errors.isEmpty {
            let count = cases.filter { $0.testCase.tour == tour.name }.count
            lines.append("ERROR \(tour.name): the tour file \(tour.file) has \(tour.errors.count) problem\(tour.errors.count == 1 ? "" : "s"); its \(count) case\(count == 1 ? " counts as an error" : "s count as errors")")
            lines += tour.errors.map { "  " + $0.description }
        }
        var warnings = run.tourWarnings
        for r in cases where r.outcome != .skipped {
            for w in r.lint where w.severity == .warning && !warnings.contains(w) { warnings.append(w) }
        }
        lines += warnings.map(\.description)
        lines += before
        var unrecorded: [String: Int] = [:]
        for r in cases where r.outcome == .failed || (r.outcome == .error && r.cause == .runner) {
            if r.problems == [GoldenRecorder.blockedByLint] { unrecorded[r.testCase.tour, default: 0] += 1; continue }
            var paths: [String] = []
            if let e = r.expected { paths.append("expected \(e)") } else if r.goldenExists && r.differingPixels != nil { paths.append("golden \(r.golden)") }
            if let a = r.actual { paths.append("actual \(a)") }
            if let d = r.diff { paths.append("diff \(d)") }
            for t in r.texts { paths.append("actual \(t.actual)") }
            lines.append((r.outcome == .error ? "ERROR " : "FAIL ") + r.summary + (paths.isEmpty ? "" : "; " + paths.joined(separator: ", ")))
        }
        for tour in run.tours where unrecorded[tour.name] != nil {
            let n = unrecorded[tour.name]!
            lines.append("FAIL \(tour.name): \(n) more case\(n == 1 ? "" : "s") not recorded for its lint errors")
        }
        lines += written.map { "wrote \($0)" }
        if recorded { lines.append("recorded \(written.count) golden\(written.count == 1 ? "" : "s")") }
        lines += after
        var runnerProblem = false
        do throws(HeadlessError) {
            if let manifest = try TestResultsFolder.writeManifest(run, in: self.results) {
                if cases.contains(where: { $0.actual != nil || !$0.texts.isEmpty }) {
                    lines.append("results in \(AtomicFile.split(manifest).folder) (`\(programName) accept [PATTERN…]\(acceptFolderOption)` takes their actuals as goldens)")
                }
            }
        } catch {
            lines.append("ERROR \(error.message)"); runnerProblem = true
        }
        if let blob {
            var kept = run
            kept.files = TestResultsFolder.files(of: run, in: self.results, goldens: reportAll ? passedGoldens : nil)
            do {
                // The default blob goes in the results folder, made as every results file makes it.
                if AtomicFile.split(blob).folder == self.results { _ = try TestResultsFolder.open(self.results, creating: true) }
                if let problem = OutputFolders.prepare(AtomicFile.split(blob).folder) { throw HeadlessError(problem) }
                try AtomicFile().write(try kept.encoded(), to: blob)
                lines.append("wrote \(blob)")
            } catch {
                lines.append("ERROR \(c): --blob \(blob): cannot write (\(SystemErrors.describe(error)))"); runnerProblem = true
            }
        }
        if let junit {
            let folder = AtomicFile.split(junit).folder
            let xml = JUnitReport.xml(tours: run.tours, results: cases, relativeTo: folder.isEmpty ? "." : folder)
            do {
                if let problem = OutputFolders.prepare(folder) { throw HeadlessError(problem) }
                try AtomicFile().write(Data(xml.utf8), to: junit)
                lines.append("wrote \(junit)")
            } catch {
                lines.append("ERROR \(c): --junit \(junit): cannot write (\(SystemErrors.describe(error)))"); runnerProblem = true
            }
        }
        if let report {
            // The images are files beside the page (ReportImages), not inside it.
            let images = ReportImages(folder: report)
            let page = HTMLReport.page(tours: run.tours, results: cases, warnings: warnings,
                                       acceptCommand: "\(programName) accept\(acceptFolderOption)", command: programName) { r in
                images.images(of: r, TestResultsFolder.caseFiles(of: r, in: self.results, goldens: reportAll ? passedGoldens : nil))
            }
            images.removeStale()
            let path = (report as NSString).appendingPathComponent("index.html")
            do {
                if let failure = images.failure { throw HeadlessError("cannot write \(failure)") }
                if let problem = OutputFolders.prepare(report) { throw HeadlessError(problem) }
                try AtomicFile().write(Data(page.utf8), to: path)
                lines.append("wrote \(path)")
            } catch {
                let reason = AtomicFile.fileInTheWay(of: report).map { "\($0) is a file, not a folder" } ?? "cannot write (\(SystemErrors.describe(error)))"
                lines.append("ERROR \(c): --report \(report): \(reason)"); runnerProblem = true
            }
        }
        let tally = TestTally(cases)
        lines.append(tally.line)
        print(lines.map(escapedForOneLine).joined(separator: "\n"))
        if runnerProblem || cases.contains(where: { $0.cause == .runner }) { throw CLIError(message: "", exitCode: 3) }
        if cases.contains(where: { $0.cause == .badInput }) { throw CLIError(message: "", exitCode: 2) }
        if tally.failed > 0 { throw CLIError(message: "", exitCode: 1) }
    }

    /// The results folder of `test` and `merge-reports` (`given`, else the default one), checked
    /// before any work: the default is the user's own (`TestResultsFolder.checkDefault`), and
    /// either must be a folder that can be written into, or nothing yet beneath one. It is not
    /// made here: a green run leaves no trace. A folder that cannot be is exit 3.
    static func checkResultsFolder(_ given: String?, command c: String) throws(CLIError) -> String {
        guard let given else {
            let path = TestResultsFolder.defaultPath()
            do { try TestResultsFolder.checkDefault(path) } catch { throw CLIError(message: "\(c): \(error.message)", exitCode: 3) }
            return path
        }
        guard !given.isEmpty else { throw .usage("\(c): --results: an empty path (expected a folder)") }
        if let problem = OutputFolders.problemMaking(given) {
            throw CLIError(message: "\(c): --results \(Arguments.printable(given)): \(problem)", exitCode: 3)
        }
        return given
    }

    /// `--report DIR` (made now, with its parents), `--junit FILE` and `--blob FILE` (their
    /// folders made now), checked before any work: what cannot be written is one line and exit 3.
    static func checkOutputs(_ args: Arguments, command c: String) throws(CLIError) {
        if let report = args.value("--report") { try prepareOutputFolder(report, option: "--report", command: c, exitCode: 3) }
        if let junit = args.value("--junit") { try checkOutputPath(junit, option: "--junit", command: c, exitCode: 3) }
        if let blob = args.value("--blob") { try checkOutputPath(blob, option: "--blob", command: c, exitCode: 3) }
    }

    /// A passed case's golden for `--report-all`: as `goldens` reads it, or none.
    var passedGoldens: (CaseResult) -> [UInt8]? {
        let read = goldens
        return { r in read?(r) }
    }

    /// ` --results DIR` when the results folder is not the default one.
    var acceptFolderOption: String {
        results == TestResultsFolder.defaultPath() ? "" : " --results " + shellQuoted(results)
    }
}

/// `s` as one word for a POSIX shell: as it is when it holds only safe characters, else in single
/// quotes.
func shellQuoted(_ s: String) -> String {
    let safe = s.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "@%_+=:,./-".unicodeScalars.contains($0)) }
    return safe && !s.isEmpty ? s : "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
