import Files
import Foundation
import Headless

/// `limelight merge-reports BLOB…`: the shards of one `limelight test --shard K/N` run, merged into
/// the JUnit file, HTML report, results folder and exit code one unsharded run would have given.
@MainActor
enum MergeReportsCommand {
    static let help = """
    usage: \(programName) merge-reports BLOB… [--junit FILE] [--report DIR] [--report-all] [--results DIR]
      Merges the result blobs of the shards of one `\(programName) test --shard K/N` run (each shard's
      blob-K-of-N.json, any order) into one run: the same log, JUnit file and HTML report as one
      unsharded run, and a results folder `\(programName) accept` can take actuals from. Every shard must
      be there once, and all of one plan. Blobs another run made (another LIMELIGHT_RUN_ID or CI run,
      or a tour file changed between them) are merged all the same and named on one line.
      --junit FILE    write JUnit XML
      --report DIR    write DIR/index.html
      --report-all    show every case's image (when the shards kept them: `test --report-all`)
      --results DIR   where the merged results go (default: the one `test` uses from this folder)
      Exits as `test` does: 0 passed, 1 failures, 2 bad usage or bad input, 3 when it cannot write.
    """

    static func run(_ words: [String], app: CLIApp) throws(CLIError) {
        let c = "merge-reports"
        let args = try Arguments(words, command: c, valued: ["--junit", "--report", "--results"], switches: ["--help", "--report-all"], positionalPaths: "a result blob")
        if args.has("--help") { print(help); return }
        guard !args.positional.isEmpty else { throw .usage("\(c): expected the shards' blob files (see \(programName) merge-reports --help)") }
        // What it writes is made ready first: a folder it cannot write stops it before any blob is read.
        let results = try TestOutputs.checkResultsFolder(args.value("--results"), command: c)
        try TestOutputs.checkOutputs(args, command: c)
        var blobs: [TestRun] = []
        for path in args.positional {
            do { blobs.append(try TestRun.read(path, kind: "a result blob")) } catch { throw .usage("\(c): \(error.message)") }
            guard let shard = blobs.last!.shard else { throw .usage("\(c): \(Arguments.printable(path)): a results manifest, not a shard's blob (from test --shard K/N)") }
            if let first = blobs.first, first.planDigest != blobs.last!.planDigest || first.shard?.count != shard.count {
                throw .usage("\(c): \(Arguments.printable(path)): shard \(shard.index) of \(shard.count) of another plan than \(Arguments.printable(args.positional[0])) (the tours or their matrix differ)")
            }
        }
        let count = blobs[0].shard!.count
        let given = blobs.map { $0.shard!.index }
        if let twice = given.first(where: { i in given.filter { $0 == i }.count > 1 }) { throw .usage("\(c): shard \(twice) of \(count) is given twice") }
        let missing = (1...count).filter { !given.contains($0) }
        guard missing.isEmpty else {
            throw .usage("\(c): shard\(missing.count == 1 ? "" : "s") \(missing.map(String.init).joined(separator: ", ")) of \(count) \(missing.count == 1 ? "is" : "are") missing")
        }
        // Shards of one plan made by different runs (another CI run, a tour changed between them)
        // still merge, but the report then mixes them: said on one line.
        if let line = TestRun.otherRuns(blobs, names: args.positional.map(Arguments.printable)) { warn("\(c): \(line)") }
        // Each case and group once in all the shards: a blob that repeats another's would make the
        // report (and the memory it takes) grow with every copy.
        var cases = Set<String>(), groups = Set<Int>()
        for (blob, path) in zip(blobs, args.positional) {
            for group in blob.groups where !groups.insert(group.group).inserted {
                throw .usage("\(c): \(Arguments.printable(path)): the group \(group.group) is in another shard's blob too (a plan's groups are dealt once)")
            }
            for r in blob.results where !cases.insert(r.testCase.name).inserted {
                throw .usage("\(c): \(Arguments.printable(path)): the case \(Arguments.printable(r.testCase.name)) is in another shard's blob too (a plan's cases are dealt once)")
            }
        }
        TestResultsFolder.clear(results, tours: blobs[0].tours.map(\.name))
        var merged = blobs[0]
        merged.shard = nil
        merged.files = nil
        merged.groups = []
        for blob in blobs {
            do { merged.groups += try TestResultsFolder.extract(blob, into: results).groups } catch { throw CLIError(message: "\(c): \(error.message)", exitCode: 3) }
        }
        merged.groups.sort { $0.group < $1.group }
        let outputs = TestOutputs(junit: args.value("--junit"), report: args.value("--report"), reportAll: args.has("--report-all"),
                                  results: results, blob: nil, command: c)
        try outputs.finish(merged)
    }
}
