import Foundation
import Testing
import TestSupport
import Seeded
@testable import Tours

/// Saved progress comes from disk, where anything can be: mutated `state.json` files (huge and
/// negative counts, wrong types, dates, versions) are loaded, counted on (a launch, an event, a tour
/// shown and ended), saved and decided on, and none of it traps; a file that is not progress is
/// set aside with one line and replaced.
@Suite struct TourProgressFuzzTests {
    static let seeds = [
        #"{"version": 1, "tours": {"fab": {"outcome": "finished", "date": "2026-01-02T03:04:05Z", "timesShown": 3, "lastShown": "2026-01-02T03:04:05Z", "seenVersions": ["a1", "b2"]}}, "appLaunches": 12, "appEvents": {"cardAdded": 4}}"#,
        #"{"version": 1, "tours": {}, "appLaunches": 9223372036854775807, "appEvents": {"cardAdded": 9223372036854775807}}"#,
        #"{"version": 1, "tours": {"home": {"outcome": "skipped", "date": "2026-12-01T00:00:00Z"}}}"#,
    ]

    static let tokens: [[UInt8]] = [
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-1", "1e308", "0.5", "\"outcome\"", "\"finished\"",
        "\"skipped\"", "\"date\"", "\"timesShown\"", "\"appLaunches\"", "\"appEvents\"", "\"version\"", "2", "null", "true",
        "\"9999-12-31T23:59:59Z\"", "\"0000-01-01T00:00:00Z\"", "{", "}", "[", "]",
    ].map { Array($0.utf8) }

    @Test func mutatedProgressFilesNeverTrap() throws {
        let folder = temporaryFolder()
        let seeds = Self.seeds.map { Array($0.utf8) }
        let mutator = Mutator(dictionary: Self.tokens)
        let tour = Tour(id: "fab", steps: [TourStep(targets: [.view("fab")], text: "Add")])
        var run = FuzzRun(name: "progress", seed: FuzzSettings.seed(standard: 0x57A7E), iterations: FuzzSettings.iterations(standard: 1500))
        run.run(makeInput: { rng in mutator.mutate(rng.pick(seeds), others: seeds, rng: &rng) }) { bytes in
            let store = TourProgressStore(directory: folder)
            do { try Data(bytes).write(to: URL(fileURLWithPath: store.path)) } catch { return "cannot write the input" }
            let (progress, warning) = store.load()
            if let warning, !isOneLine(warning) { return "a warning that is not one line: \(warning)" }
            if let problem = progress.problem { return "loaded impossible progress: \(problem)" }
            do {
                try store.update {
                    $0.recordLaunch()
                    $0.recordEvent("cardAdded")
                    $0.recordShown("fab", at: Date())
                    $0.recordEnd("fab", outcome: .finished, at: Date(), versions: ["v"])
                }
            } catch {
                return "the update failed: \(error)"
            }
            _ = ShowDecision.decide(tour, progress: store.load().progress, now: Date())
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name != "state.json" {
                try? FileManager.default.removeItem(atPath: folder + "/" + name)
            }
            return nil
        }
        #expect(run.problems.isEmpty, "\(run.problems.joined(separator: "\n"))")
    }

    @Test func countsStopAtTheLargestInsteadOfOverflowing() {
        var progress = TourProgress()
        progress.appLaunches = .max
        progress.appEvents = ["cardAdded": .max]
        progress.recordLaunch()
        progress.recordEvent("cardAdded")
        #expect(progress.launches == .max && progress.count(of: "cardAdded") == .max)
        var shown = TourProgress()
        shown.recordShown("t", at: Date())
        shown.tours["t"]?.timesShown = .max
        shown.recordShown("t", at: Date())
        #expect(shown.tours["t"]?.timesShown == .max)
    }

    /// A saved-progress file that is there but cannot be read is never replaced by an update.
    @Test func anUnreadableProgressFileIsKept() throws {
        let folder = temporaryFolder()
        let store = TourProgressStore(directory: folder)
        try FileManager.default.createDirectory(atPath: store.path, withIntermediateDirectories: true)
        #expect(store.load().warning == "\(store.path): is a folder (expected saved tour progress, JSON); tours count as not seen")
        #expect(throws: TourProgressError.self) { try store.update { $0.recordLaunch() } }
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: store.path, isDirectory: &isFolder) && isFolder.boolValue)
    }
}
