import Files
import Foundation
import Tours

/// `limelight accept`: the last run's actual frames (and texts) become goldens without rendering
/// anything again. The run is read from its results folder's manifest; each accepted case's files
/// are copied byte for byte (they carry their digest, as any recorded golden does) into its
/// tour's goldens folder, each in one step, and the manifest is updated so a case is accepted once.
public enum TestAcceptance {
    /// What accepting did.
    public struct Outcome: Sendable {
        /// The goldens written.
        public var written: [String] = []
        /// The cases accepted.
        public var accepted: [String] = []
        /// Cases selected that could not be accepted, each with why (one line each).
        public var refused: [String] = []
        /// Whether a golden could not be written (the runner's fault, not the case's).
        public var cannotWrite = false
    }

    /// Whether `name` is selected by `patterns`: a pattern that is a whole case name selects that
    /// case alone; any other selects the names that contain it (`*` and `?` as in `--only`).
    /// No patterns select every case.
    public static func selects(_ patterns: [String], _ name: String, among names: Set<String>) -> Bool {
        guard !patterns.isEmpty else { return true }
        return patterns.contains { p in names.contains(p) ? p == name : CaseFilter(pattern: p).keeps(name) }
    }

    /// Accepts the failed cases of the run in `folder` that `patterns` select. Throws, with one
    /// line, when there is no run there or a pattern selects no case of it.
    public static func accept(_ patterns: [String], resultsFolder folder: String) throws(HeadlessError) -> Outcome {
        let manifest = (folder as NSString).appendingPathComponent(TestRun.manifestName)
        guard FileManager.default.fileExists(atPath: manifest) else {
            throw HeadlessError("\(folder): no results of a run to accept (no \(TestRun.manifestName); a run that passes leaves none)")
        }
        var run = try TestRun.read(manifest, kind: "a results manifest")
        let names = Set(run.results.map(\.testCase.name))
        for p in patterns where !run.results.contains(where: { selects([p], $0.testCase.name, among: names) }) {
            throw HeadlessError("\(printableForOneLine(p)) selects none of the last run's \(names.count) cases")
        }
        // Relative paths are the run's: from the folder it was started in, when that still exists.
        var isFolder: ObjCBool = false
        let base = FileManager.default.fileExists(atPath: run.workingFolder, isDirectory: &isFolder) && isFolder.boolValue
            ? run.workingFolder : FileManager.default.currentDirectoryPath
        func resolved(_ p: String) -> String { p.hasPrefix("/") ? p : (base as NSString).appendingPathComponent(p) }
        var outcome = Outcome()
        for g in run.groups.indices {
            for i in run.groups[g].results.indices {
                var r = run.groups[g].results[i]
                guard selects(patterns, r.testCase.name, among: names) else { continue }
                let name = r.testCase.name
                // Only a case named in full is told about when there is nothing to accept of it.
                let named = patterns.contains(name)
                switch r.outcome {
                case .passed:
                    if named { outcome.refused.append("\(name): it passed in the last run; nothing to accept") }
                    continue
                case .skipped:
                    if named { outcome.refused.append("\(name): it was not run (skipped)") }
                    continue
                case .error:
                    outcome.refused.append("\(name): it could not run (\(r.problems.first ?? "an error")); fix that first")
                    continue
                case .failed:
                    break
                }
                guard r.lintErrors.isEmpty else {
                    outcome.refused.append("\(name): the lint found \(r.lintErrors.count) error\(r.lintErrors.count == 1 ? "" : "s") (\(r.lintErrors[0].description)); fix them first")
                    continue
                }
                // The frame when it differed, and the texts (screen-reader tree, spoken words) that did.
                var copies = (r.actual ?? r.toRecord).map { [(resolved($0), resolved(r.golden))] } ?? []
                copies += r.texts.map { (resolved($0.actual), resolved($0.golden)) }
                guard !copies.isEmpty else {
                    outcome.refused.append("\(name): the run left no actual frame or text for it")
                    continue
                }
                let tourFolder = run.tours.first { $0.name == r.testCase.tour }.map { AtomicFile.split(resolved($0.file)).folder } ?? base
                var problem: String?
                for (from, to) in copies where problem == nil {
                    guard GoldenRecorder.lies(to, inside: tourFolder) else {
                        problem = "\(to) is not inside the tour's folder \(tourFolder)"; break
                    }
                    do {
                        let bytes = try InputFile.read(from, limit: 1 << 30, kind: "a result file")
                        try FileManager.default.createDirectory(atPath: AtomicFile.split(to).folder, withIntermediateDirectories: true)
                        try AtomicFile().write(Data(bytes), to: to)
                        outcome.written.append(to)
                    } catch let error as InputFile.Failure {
                        problem = "cannot read \(from) (\(error.reason))"
                    } catch {
                        problem = "cannot write \(to) (\(error))"
                        outcome.cannotWrite = true
                    }
                }
                if let problem {
                    outcome.refused.append("\(name): \(problem)")
                    continue
                }
                r.outcome = .passed
                r.problems = ["accepted from this run's actual"]
                r.goldenExists = true
                run.groups[g].results[i] = r
                outcome.accepted.append(name)
            }
        }
        if !outcome.accepted.isEmpty {
            ScreenRecord.update(with: run.results, tours: run.tours.map { t in
                var t = t; t.goldensFolder = resolved(t.goldensFolder); return t
            })
            do { try AtomicFile().write(try run.encoded(), to: manifest) } catch let error as HeadlessError { throw error } catch {
                throw HeadlessError("cannot update \(manifest): \(error)")
            }
        }
        return outcome
    }
}
