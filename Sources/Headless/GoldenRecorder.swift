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
            let golden = results[i].golden
            var problem: String?
            let tourFolder = tours.first { $0.name == results[i].testCase.tour }.map { AtomicFile.split($0.file).folder } ?? "."
            if !Self.lies(golden, inside: tourFolder) {
                problem = "it is not inside the tour's folder \(tourFolder) (a symbolic link leads out of it)"
            }
            let folder = AtomicFile.split(golden).folder
            if problem == nil {
                do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                    problem = "cannot make the goldens folder (" + (AtomicFile.fileInTheWay(of: folder).map { "\($0) is a file, not a folder" } ?? error.localizedDescription) + ")"
                }
            }
            if problem == nil {
                do { try AtomicFile().write(Data(try InputFile.read(source, limit: Pixmap.maxImageFileBytes, kind: "a PNG")), to: golden) } catch let error as InputFile.Failure {
                    problem = "cannot read back \(source) (\(error.reason))"
                } catch {
                    problem = "\(error)"
                }
            }
            if let problem {
                results[i].outcome = .failed
                results[i].problems.append("cannot record \(golden): \(problem)")
                results[i].actual = source
            } else {
                try? FileManager.default.removeItem(atPath: source)
                results[i].goldenExists = true
                written.append(golden)
            }
        }
        return written
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
