// libFuzzer harness: a test run's records as bytes (a results manifest, a shard's blob) through
// the reader `accept` and `merge-reports` use (the project's JSON parser, then every name and
// number checked), and what it reads extracted into a results folder and cleared again inside a
// sandbox. Built by fuzz/build.sh against the modules up to Tours, with Headless's sources but the
// test kit's session (which needs the system's fonts) compiled into it. A trap, a refusal that is
// not one line naming the file, a record read with a problem, or a file written or removed outside
// the results folder is a crash.

import Foundation
import Files

private let sandbox = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-record-fuzz-\(getpid())").path

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRunRecord(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let results = sandbox + "/results", victim = sandbox + "/victim"
    try? FileManager.default.createDirectory(atPath: victim, withIntermediateDirectories: true)
    try? Data("keep".utf8).write(to: URL(fileURLWithPath: victim + "/x.spoken.txt"))
    let run: TestRun
    do { run = try TestRun.decode(bytes, name: "fuzz.json", kind: "a result blob") } catch {
        if error.message.contains(where: \.isNewline) || !error.message.hasPrefix("fuzz.json: ") { fatalError("a refusal that is not one line: \(error.message)") }
        return 0
    }
    if let problem = run.problem() { fatalError("read a record with a problem: \(problem)") }
    TestResultsFolder.clear(results, tours: run.tours.map(\.name))
    if let placed = try? TestResultsFolder.extract(run, into: results) {
        for r in placed.results {
            for path in [r.actual, r.expected, r.diff, r.toRecord].compactMap({ $0 }) + r.texts.map(\.actual) where !path.hasPrefix(results + "/") {
                fatalError("a result file outside the results folder: \(path)")
            }
        }
    }
    TestResultsFolder.clear(results, tours: run.tours.map(\.name))
    let beside = (try? FileManager.default.contentsOfDirectory(atPath: sandbox).sorted()) ?? []
    let kept = (try? String(contentsOfFile: victim + "/x.spoken.txt", encoding: .utf8)) ?? ""
    guard beside.allSatisfy(["results", "victim"].contains), kept == "keep",
          (try? FileManager.default.contentsOfDirectory(atPath: victim)) == ["x.spoken.txt"] else {
        fatalError("wrote or removed beside the results folder: \(beside)")
    }
    try? FileManager.default.removeItem(atPath: results)
    return 0
}
