import Files
import Foundation
import ImageFiles
import Raster

/// `limelight test --update`: the frames a run rendered become the goldens of tours without lint
/// errors, each written in one step inside its tour's folder.
public enum GoldenRecorder {
    /// Moves the frames to record into the goldens of tours without lint errors; returns the paths
    /// written. Cases of a tour with lint errors fail instead, saying why nothing was recorded.
    public static func record(_ results: inout [CaseResult], tours: [PlannedTour]) -> [String] {
        var lintErrors: [String: Int] = [:]
        for r in results where r.outcome != .skipped { lintErrors[r.testCase.tour, default: 0] += r.lintErrors.count }
        var written: [String] = []
        for i in results.indices {
            guard let source = results[i].toRecord else { continue }
            results[i].toRecord = nil
            let errors = lintErrors[results[i].testCase.tour] ?? 0
            guard errors == 0 else {
                results[i].outcome = .failed
                results[i].problems.append("not recorded: the tour has \(errors) lint error\(errors == 1 ? "" : "s") (fix them first)")
                results[i].actual = source
                continue
            }
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
