import Files
import Foundation
import ImageFiles
import Raster

/// `limelight test --update`: the frames a run rendered become the goldens of tours without lint
/// errors, each written in one step inside its tour's folder.
package enum GoldenRecorder {
    /// The problem of a case left unrecorded because its tour has lint errors (the caller lists
    /// those errors once, each with its line).
    package static let blockedByLint = "not recorded: the tour has lint errors (listed above)"

    /// Moves the frames (and texts) to record from the results folder `results` into the goldens of
    /// tours without lint errors; returns the paths written. Cases of a tour with lint errors fail
    /// instead, saying why nothing was recorded. Each file is read beneath the results folder by its
    /// key and written beneath its tour file's folder (`OwnedFolder`): a link in either is not
    /// followed.
    package static func record(_ results: inout [CaseResult], tours: [PlannedTour], resultsFolder: String) -> [String] {
        var lintErrors: [String: Int] = [:]
        for r in results where r.outcome != .skipped { lintErrors[r.testCase.tour, default: 0] += r.lintErrors.count }
        let source = try? OwnedFolder(resultsFolder)
        var folders: [String: Result<OwnedFolder, HeadlessError>] = [:]
        for tour in tours where folders[tour.name] == nil { folders[tour.name] = Result { () throws(HeadlessError) in try tour.openTourFolder() } }
        var written: [String] = []
        var frames: [(index: Int, key: String)] = []
        for i in results.indices {
            let texts = textsToRecord(results[i])
            guard results[i].toRecord != nil || !texts.isEmpty else { continue }
            let errors = lintErrors[results[i].testCase.tour] ?? 0
            guard errors == 0 else {
                if results[i].outcome != .error { results[i].outcome = .failed }
                results[i].problems.append(blockedByLint)
                results[i].actual = results[i].toRecord ?? results[i].actual
                results[i].toRecord = nil
                continue
            }
            let folder = folders[results[i].testCase.tour] ?? .failure(HeadlessError("no tour \(results[i].testCase.tour) in this run"))
            for text in texts {
                guard let kinds = TestResultsFolder.textKinds(ofGolden: text.golden) else { continue }
                let key = TestResultsFolder.key(of: results[i].testCase, kinds.found)
                if let problem = copy(key, from: source, to: text.golden, in: folder, limit: 64 << 20, kind: "a text") {
                    results[i].outcome = .failed
                    results[i].problems.append("cannot record \(text.golden): \(problem)")
                } else {
                    source?.remove(key)
                    written.append(text.golden)
                }
            }
            results[i].texts = []
            guard results[i].toRecord != nil else { continue }
            results[i].toRecord = nil
            frames.append((i, TestResultsFolder.key(of: results[i].testCase, .actual)))
        }
        // The frames are copied side by side: each copy waits on its own fsync.
        let jobs = frames.map { (golden: results[$0.index].golden, key: $0.key,
                                 folder: folders[results[$0.index].testCase.tour] ?? .failure(HeadlessError("no such tour"))) }
        let problems = ProblemList(count: jobs.count)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { k in
            problems.set(k, copy(jobs[k].key, from: source, to: jobs[k].golden, in: jobs[k].folder, limit: Pixmap.maxImageFileBytes, kind: "a PNG"))
        }
        for (k, frame) in frames.enumerated() {
            let i = frame.index, golden = jobs[k].golden
            if let problem = problems.get(k) {
                results[i].outcome = .failed
                results[i].problems.append("cannot record \(golden): \(problem)")
                results[i].actual = TestResultsFolder.path(frame.key, in: resultsFolder)
            } else {
                source?.remove(frame.key)
                results[i].goldenExists = true
                written.append(golden)
            }
        }
        return written
    }

    /// Copies the results file `key` to `golden` inside its tour's `folder`, in one step; why not,
    /// or nil.
    static func copy(_ key: String, from source: OwnedFolder?, to golden: String, in folder: Result<OwnedFolder, HeadlessError>,
                     limit: Int, kind: String) -> String? {
        let tourFolder: OwnedFolder
        switch folder {
        case .success(let opened): tourFolder = opened
        case .failure(let error): return error.message
        }
        guard let relative = tourFolder.relativePath(of: golden), !relative.isEmpty else {
            return "it is not inside the tour's folder \(tourFolder.path)"
        }
        guard let source else { return "the results folder is gone" }
        let bytes: [UInt8]
        do { bytes = try source.read(key, limit: limit, kind: kind) } catch { return "cannot read back \(key) (\(error.reason))" }
        do { try tourFolder.write(Data(bytes), to: relative) } catch {
            return error.call == "mkdir" ? "cannot make the goldens folder (\(error.reason))" : "\(error)"
        }
        return nil
    }

    /// Problems found on several threads, one slot each (`@unchecked Sendable`: under `lock`).
    private final class ProblemList: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [String?]
        init(count: Int) { slots = Array(repeating: nil, count: count) }
        func set(_ i: Int, _ problem: String?) { lock.withLock { slots[i] = problem } }
        func get(_ i: Int) -> String? { lock.withLock { slots[i] } }
    }

    /// The text goldens a case is to record (with `--update` every text it wrote is one).
    private static func textsToRecord(_ r: CaseResult) -> [CaseResult.TextGolden] { r.toRecord != nil || r.outcome == .passed ? r.texts : [] }
}
