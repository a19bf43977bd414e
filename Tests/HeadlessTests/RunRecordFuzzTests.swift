import Files
import Foundation
import Headless
import Raster
import Seeded
import Testing
import TestSupport
import Tours

/// A test run's records (results manifests, shards' blobs) come from elsewhere: mutated ones are
/// read with one line or not at all, and what is read is used only inside the folders it is given
/// (extracted, cleared, accepted), never beside them.
@MainActor
@Suite struct RunRecordFuzzTests {
    /// Tokens worth planting in a record: ways out of a folder, huge and odd numbers, its own keys.
    static let tokens: [[UInt8]] = [
        "\"../\"", "\"..\"", "\"/etc/passwd\"", "\"../../victim\"", "\"a/../../b\"", "\"/\"", "\"\"", "\".\"",
        "\"tour\":", "\"golden\":", "\"actual\":", "\"files\":", "\"texts\":", "\"index\":", "\"count\":",
        "\"stepDigits\":", "\"shard\":", "\"group\":", "\"version\":2", "2000000000", "-1", "0", "1e300",
        "{\"index\":1,\"count\":0}", "[", "{", "]", "}", "\"x.semantics.json\"", "\"AAAA\"",
    ].map { Array($0.utf8) }

    /// A small run of two tours, its failures with files, as a blob.
    static func seed(shard: TestRun.Shard?) -> [UInt8] {
        func result(_ tour: String, _ step: Int, _ outcome: CaseResult.Outcome) -> CaseResult {
            let c = SnapshotCase(tour: tour, size: Size(390, 844), scale: 1, language: "en", moment: .step(index: step, milliseconds: nil))
            var r = CaseResult(testCase: c, outcome: outcome, golden: "\(tour).goldens/\(c.shortName).png")
            if outcome == .failed {
                r.actual = "x"; r.expected = "x"; r.diff = "x"
                r.texts = [CaseResult.TextGolden(golden: "\(tour).goldens/\(c.shortName).spoken.txt", actual: "x", expected: "x")]
                r.differingPixels = 12; r.largestChannelDelta = 40
            }
            return r
        }
        var run = TestRun(planDigest: "abc", shard: shard, projectFolder: "/p",
                          tours: [TestRun.TourEntry(file: "a.json", name: "a", goldensFolder: "a.goldens", digest: "1"),
                                  TestRun.TourEntry(file: "b/b.json", name: "b", goldensFolder: "b/b.goldens", digest: "2")],
                          tourWarnings: [],
                          groups: [TestRun.GroupResults(group: 0, results: [result("a", 0, .failed), result("a", 1, .passed)]),
                                   TestRun.GroupResults(group: 3, results: [result("b", 0, .failed)])])
        var files: [String: Data] = [:]
        for r in run.results where r.outcome == .failed {
            for kind in [TestResultsFolder.ResultFile.actual, .expected, .diff, .spoken, .expectedSpoken] {
                files[TestResultsFolder.key(of: r.testCase, kind)] = Data("file".utf8)
            }
        }
        run.files = files
        return Array(try! run.encoded())
    }

    /// The libFuzzer harness's seeds and what it found (fuzz/corpus/record, fuzz/regressions/record).
    static func files(in folder: String) -> [[UInt8]] {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = repository.appendingPathComponent("fuzz/" + folder).path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path).sorted()) ?? []
        return names.compactMap { try? Array(Data(contentsOf: URL(fileURLWithPath: path + "/" + $0))) }
    }

    @Test func theHarnessesRegressionsAreRefusedWithOneLine() {
        let found = Self.files(in: "regressions/record")
        #expect(found.count >= 5)
        for bytes in found {
            do { _ = try TestRun.decode(bytes, name: "r.json", kind: "a result blob"); Issue.record("read: \(FuzzRun.describe(bytes))") } catch {
                #expect(isOneLine(error.message) && error.message.hasPrefix("r.json: "), "\(error.message)")
            }
        }
    }

    @Test func mutatedRecordsAreReadWithOneLineAndUsedOnlyInsideTheirFolders() throws {
        let seeds = [Self.seed(shard: TestRun.Shard(index: 1, count: 2)), Self.seed(shard: nil)] + Self.files(in: "corpus/record") + Self.files(in: "regressions/record")
        let mutator = Mutator(dictionary: Self.tokens)
        let sandbox = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-records-" + UUID().uuidString).path
        var fuzz = FuzzRun(name: "run records", seed: FuzzSettings.seed(standard: 0xB10B), iterations: FuzzSettings.iterations(standard: 600))
        fuzz.timeLimit = 2
        fuzz.run(makeInput: { rng in mutator.mutate(rng.pick(seeds), others: seeds, rng: &rng) }) { bytes in
            // Each input in a sandbox of its own: a victim folder beside the results and the checkout.
            let root = sandbox + "/" + UUID().uuidString
            let results = root + "/results", checkout = root + "/checkout", victim = root + "/victim"
            try? FileManager.default.createDirectory(atPath: victim, withIntermediateDirectories: true)
            try? FileManager.default.createDirectory(atPath: checkout, withIntermediateDirectories: true)
            try? Data("keep".utf8).write(to: URL(fileURLWithPath: victim + "/x.spoken.txt"))
            defer { try? FileManager.default.removeItem(atPath: root) }
            let run: TestRun
            do throws(HeadlessError) { run = try TestRun.decode(bytes, name: "fuzz.json", kind: "a result blob") } catch {
                return isOneLine(error.message) && error.message.hasPrefix("fuzz.json: ") ? nil : "a refusal that is not one line naming the file: \(error.message)"
            }
            if let problem = run.problem() { return "read a record with a problem: \(problem)" }
            TestResultsFolder.clear(results, tours: run.tours.map(\.name))
            let placed: TestRun
            do throws(HeadlessError) { placed = try TestResultsFolder.extract(run, into: results) } catch {
                guard isOneLine(error.message) else { return "a refusal that is not one line: \(error.message)" }
                return untouched(victim)
            }
            for r in placed.results {
                for path in [r.actual, r.expected, r.diff, r.toRecord].compactMap({ $0 }) + r.texts.flatMap({ [$0.actual] + [$0.expected].compactMap { $0 } })
                    where !path.hasPrefix(results + "/") {
                    return "a result file outside the results folder: \(path)"
                }
            }
            // Accepting it (the manifest it makes) writes only into the checkout's tour folders.
            if placed.shard == nil, (try? TestResultsFolder.writeManifest(placed, in: results)) != nil {
                _ = try? TestAcceptance.accept([], resultsFolder: results) { entry throws(HeadlessError) in
                    let tour = Tour(id: entry.name, steps: [TourStep(targets: [.view("x")], text: "X")])
                    let planned = PlannedTour(file: checkout + "/t.json", name: entry.name, tour: tour, problems: [])
                    return TestAcceptance.LocatedTour(planned: planned, digest: entry.digest)
                }
            }
            TestResultsFolder.clear(results, tours: run.tours.map(\.name))
            if let problem = untouched(victim) { return problem }
            let top = (try? FileManager.default.contentsOfDirectory(atPath: root).sorted()) ?? []
            return top.allSatisfy(["checkout", "results", "victim"].contains) ? nil : "wrote beside the folders it was given: \(top)"
        }
        #expect(fuzz.problems.isEmpty, "\(fuzz.problems.joined(separator: "\n"))")
    }

    /// Whether the victim folder holds just what it held.
    func untouched(_ victim: String) -> String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: victim)) ?? []
        let kept = (try? String(contentsOfFile: victim + "/x.spoken.txt", encoding: .utf8)) ?? ""
        return names == ["x.spoken.txt"] && kept == "keep" ? nil : "the folder beside was changed: \(names)"
    }

    /// The seeds themselves are read whole, and a blob's files land where its cases' keys say.
    @Test func theSeedsAreReadAndExtractedInPlace() throws {
        let run = try TestRun.decode(Self.seed(shard: TestRun.Shard(index: 1, count: 2)), name: "seed.json", kind: "a result blob")
        #expect(run.problem() == nil)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-records-" + UUID().uuidString).path
        let placed = try TestResultsFolder.extract(run, into: folder)
        #expect(placed.results[0].actual == folder + "/a/390x844@1x-en-step01.actual.png")
        #expect(FileManager.default.fileExists(atPath: folder + "/b/390x844@1x-en-step01.expected.spoken.txt"))
    }
}
