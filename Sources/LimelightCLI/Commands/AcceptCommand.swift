import Files
import Foundation
import Headless
import Schema
import Tours

/// `limelight accept [PATTERN…]`: the last `limelight test` run's actuals become goldens, without
/// rendering again (also `limelight test --accept PATTERN`).
@MainActor
enum AcceptCommand {
    static let help = """
    usage: \(programName) accept [PATTERN…] [--from FILE] [--results DIR] [--force]
      Takes the actual frames (and texts) the last `\(programName) test` run left in its results folder as
      the goldens of the cases PATTERN selects (every failed case when none is given), byte for byte
      and with their digests, without rendering anything again. A PATTERN that is a whole case name
      selects that case alone; any other the names that contain it (* and ? as in `test --only`).
      Each tour is found in this checkout by its path from the project's folder (the nearest folder
      holding .git, else this one), so results made elsewhere (a CI job's artifact) are accepted
      here; nothing is written outside a tour's folder. A case with lint errors, one that could not
      run, or one whose tour file, app or screenshot changed since the run is not accepted (one line
      says why).
      --from FILE    the case names to accept, one a line (the report's "accept file")
      --results DIR  the run's results folder (default: the one `test` uses from this folder)
      --force        accept even when a tour file, its app or a screenshot changed since the run
      Exits 0 when every selected case was accepted, 1 when some could not be, 2 for bad usage (no
      run to accept, a pattern that selects no case), 3 when a golden cannot be written.
    """

    static func run(_ words: [String], app: CLIApp) throws(CLIError) {
        let c = "accept"
        let args = try Arguments(words, command: c, valued: ["--results", "--from"], switches: ["--help", "--force"])
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
        try accept(patterns, results: args.value("--results"), force: args.has("--force"), app: app, command: c)
    }

    /// Accepts what `patterns` select in the run in `results`, printing a line for each golden
    /// written and each case refused, then a count.
    static func accept(_ patterns: [String], results given: String?, force: Bool = false, app: CLIApp, command c: String) throws(CLIError) {
        let results = given ?? TestResultsFolder.defaultPath()
        if given == nil {
            do { try TestResultsFolder.checkDefault(results) } catch { throw CLIError(message: "\(c): \(error.message)", exitCode: 3) }
        }
        let outcome: TestAcceptance.Outcome
        // Only a record in the user's own default folder may name a tour outside the project by
        // its absolute path; a folder given (a CI job's artifact) names tours in this checkout.
        let locate = locator(app: app, outsideTheProject: given == nil)
        do { outcome = try TestAcceptance.accept(patterns, resultsFolder: results, force: force, locate: locate) } catch {
            throw .usage("\(c): \(error.message)")
        }
        var lines = outcome.written.map { "wrote \($0)" }
        lines += outcome.refused.map { "not accepted: \($0)" }
        lines.append("accepted \(outcome.accepted.count) case\(outcome.accepted.count == 1 ? "" : "s")" + (outcome.refused.isEmpty ? "" : ", \(outcome.refused.count) not"))
        print(lines.map(escapedForOneLine).joined(separator: "\n"))
        if outcome.cannotWrite { throw CLIError(message: "", exitCode: 3) }
        if !outcome.refused.isEmpty { throw CLIError(message: "", exitCode: 1) }
    }

    /// Finds a run's tour in this checkout: by its path from the project's folder (a relative path
    /// of plain names, or an absolute one inside the project, or anywhere when `outsideTheProject`),
    /// loaded as `test` loads it, and the same tour the run named.
    static func locator(app: CLIApp, outsideTheProject: Bool) -> TestAcceptance.Locator {
        let current = FileManager.default.currentDirectoryPath
        let root = TestRun.projectFolder(of: current)
        return { entry throws(HeadlessError) in
            let given = entry.projectPath
            let parts = given.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
            guard !parts.isEmpty, parts.allSatisfy(OwnedFolder.isPlainName) else {
                throw HeadlessError("the run names its tour file \(quoted(given)), not a path in a project")
            }
            let absolute = given.hasPrefix("/") ? given : root + "/" + given
            guard outsideTheProject || OwnedFolder.components(of: absolute, from: "/").starts(with: OwnedFolder.components(of: root, from: "/")) else {
                throw HeadlessError("its tour file \(given) lies outside this project (\(root)); accept in a checkout that holds it")
            }
            let file = RelativePath.from(current, to: absolute)
            let bytes: [UInt8]
            do throws(InputFile.Failure) { bytes = try InputFile.read(file, limit: TourLoader.maxFileSize, kind: "a tour file") } catch {
                throw HeadlessError("its tour file \(file) is not in this checkout (\(error.reason))")
            }
            let (planned, _, _) = TestCommand.load([file], app: app)
            guard var tour = planned.first, let loaded = tour.tour else {
                throw HeadlessError("its tour file \(file) has errors here: \(planned.first?.problems.first?.description ?? "it cannot be read")")
            }
            guard loaded.id == entry.name || String(entry.file.dropLast(5)) == entry.name else {
                throw HeadlessError("\(file) is now the tour \(quoted(loaded.id)), not \(quoted(entry.name))")
            }
            tour.name = entry.name
            return TestAcceptance.LocatedTour(planned: tour, digest: TestRun.fingerprint(bytes: bytes))
        }
    }
}
