import Files
import Foundation
import ImageFiles
import Raster

/// `limelight test --update`: the frames a run rendered become the goldens of tours without lint
/// errors, each written in one step inside its tour's folder.
public enum GoldenRecorder {
    /// The problem of a case left unrecorded because its tour has lint errors (the caller lists
    /// those errors once, each with its line).
    public static let blockedByLint = "not recorded: the tour has lint errors (listed above)"

    /// Moves the frames (and texts) to record into the goldens of tours without lint errors;
    /// returns the paths written. Cases of a tour with lint errors fail instead, saying why
    /// nothing was recorded.
    public static func record(_ results: inout [CaseResult], tours: [PlannedTour]) -> [String] {
        var lintErrors: [String: Int] = [:]
        for r in results where r.outcome != .skipped { lintErrors[r.testCase.tour, default: 0] += r.lintErrors.count }
        var written: [String] = []
        var frames: [(index: Int, source: String)] = []
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
            for text in texts { written += copy(text.actual, to: text.golden, &results[i], tours: tours) }
            results[i].texts = []
            guard let source = results[i].toRecord else { continue }
            results[i].toRecord = nil
            frames.append((i, source))
        }
        // The frames are copied side by side: each copy waits on its own fsync.
        let tourFolders = Dictionary(tours.map { ($0.name, AtomicFile.split($0.file).folder) }, uniquingKeysWith: { a, _ in a })
        let jobs = frames.map { (golden: results[$0.index].golden, source: $0.source, folder: tourFolders[results[$0.index].testCase.tour] ?? ".") }
        let problems = ProblemList(count: jobs.count)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { k in
            problems.set(k, copyFrame(jobs[k].source, to: jobs[k].golden, tourFolder: jobs[k].folder))
        }
        for (k, frame) in frames.enumerated() {
            let i = frame.index, golden = jobs[k].golden
            if let problem = problems.get(k) {
                results[i].outcome = .failed
                results[i].problems.append("cannot record \(golden): \(problem)")
                results[i].actual = frame.source
            } else {
                try? FileManager.default.removeItem(atPath: frame.source)
                results[i].goldenExists = true
                written.append(golden)
            }
        }
        return written
    }

    /// Copies the frame at `source` (written with its digest) to `golden` in one step; why not, or nil.
    private static func copyFrame(_ source: String, to golden: String, tourFolder: String) -> String? {
        guard lies(golden, inside: tourFolder) else {
            return "it is not inside the tour's folder \(tourFolder) (a symbolic link leads out of it)"
        }
        let folder = AtomicFile.split(golden).folder
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            return "cannot make the goldens folder (" + (AtomicFile.fileInTheWay(of: folder).map { "\($0) is a file, not a folder" } ?? SystemErrors.describe(error)) + ")"
        }
        do { try AtomicFile().write(Data(try InputFile.read(source, limit: Pixmap.maxImageFileBytes, kind: "a PNG")), to: golden) } catch let error as InputFile.Failure {
            return "cannot read back \(source) (\(error.reason))"
        } catch {
            return "\(error)"
        }
        return nil
    }

    /// Problems found on several threads, one slot each.
    private final class ProblemList: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [String?]
        init(count: Int) { slots = Array(repeating: nil, count: count) }
        func set(_ i: Int, _ problem: String?) { lock.withLock { slots[i] = problem } }
        func get(_ i: Int) -> String? { lock.withLock { slots[i] } }
    }

    /// The text goldens a case is to record (with `--update` every text it wrote is one).
    private static func textsToRecord(_ r: CaseResult) -> [CaseResult.TextGolden] { r.toRecord != nil || r.outcome == .passed ? r.texts : [] }

    /// Copies the text at `source` to the golden `golden`; the path written, or none with the case
    /// failed saying why.
    private static func copy(_ source: String, to golden: String, _ result: inout CaseResult, tours: [PlannedTour]) -> [String] {
        let tourFolder = tours.first { $0.name == result.testCase.tour }.map { AtomicFile.split($0.file).folder } ?? "."
        guard lies(golden, inside: tourFolder) else {
            result.outcome = .failed
            result.problems.append("cannot record \(golden): it is not inside the tour's folder \(tourFolder)")
            return []
        }
        do {
            let bytes = try InputFile.read(source, limit: 64 << 20, kind: "a text")
            try FileManager.default.createDirectory(atPath: AtomicFile.split(golden).folder, withIntermediateDirectories: true)
            try AtomicFile().write(Data(bytes), to: golden)
            try? FileManager.default.removeItem(atPath: source)
            return [golden]
        } catch {
            result.outcome = .failed
            result.problems.append("cannot record \(golden): \(error)")
            return []
        }
    }

    /// Whether `path` lies inside `folder` once symbolic links are followed (of the part of `path`
    /// that exists: what is made later is made inside it).
    public static func lies(_ path: String, inside folder: String) -> Bool {
        func resolved(_ p: String) -> String {
            var existing = p, rest: [String] = []
            while !existing.isEmpty, existing != "/", !FileManager.default.fileExists(atPath: existing) {
                let (parent, name) = AtomicFile.split(existing)
                rest.insert(name, at: 0)
                existing = parent
            }
            let base = URL(fileURLWithPath: existing).resolvingSymlinksInPath().standardizedFileURL.path
            return ([base] + rest).joined(separator: "/")
        }
        let inner = resolved(path), outer = resolved(folder)
        return inner.hasPrefix(outer.hasSuffix("/") ? outer : outer + "/")
    }
}
