import Files
import Foundation
import Schema
import Tours

/// `limelight accept`: the last run's actual frames (and texts) become goldens without rendering
/// anything again. The run is read from its results folder's manifest; each accepted case's files
/// are copied byte for byte (they carry their digest, as any recorded golden does) into its
/// tour's goldens folder, each in one step, and the manifest is updated so a case is accepted once.
///
/// A results folder may come from elsewhere (a CI job's artifact): nothing in its manifest says
/// where a file is written or read. Each tour is found again in the checkout accept runs in, by its
/// path from the project's folder (`locate`); a case's golden is where that tour puts it, its
/// actual is the results file of its case's key, and both are opened beneath their folders.
package enum TestAcceptance {
    /// What accepting did.
    package struct Outcome: Sendable {
        /// The goldens written.
        package var written: [String] = []
        /// The cases accepted.
        package var accepted: [String] = []
        /// Cases selected that could not be accepted, each with why (one line each).
        package var refused: [String] = []
        /// Whether a golden could not be written (the runner's fault, not the case's).
        package var cannotWrite = false
    }

    /// A tour of the run found in this checkout: as the plan makes it, and the digest of its file now.
    package struct LocatedTour: Sendable {
        /// The tour as a run would plan it (its goldens folder, its name).
        package var planned: PlannedTour
        /// The digest of the file's bytes now (`TestRun.fingerprint(bytes:)`).
        package var digest: String
        /// A located tour from its parts.
        package init(planned: PlannedTour, digest: String) { self.planned = planned; self.digest = digest }
    }

    /// Finds a run's tour in this checkout, or says why it cannot (one line).
    package typealias Locator = @MainActor (TestRun.TourEntry) throws(HeadlessError) -> LocatedTour

    /// Whether `name` is selected by `patterns`: a pattern that is a whole case name selects that
    /// case alone; any other selects the names that contain it (`*` and `?` as in `--only`).
    /// No patterns select every case.
    package static func selects(_ patterns: [String], _ name: String, among names: Set<String>) -> Bool {
        guard !patterns.isEmpty else { return true }
        return patterns.contains { p in names.contains(p) ? p == name : CaseFilter(pattern: p).keeps(name) }
    }

    /// Accepts the failed cases of the run in `folder` that `patterns` select, writing each into
    /// the goldens of its tour as `locate` finds it. A tour whose file, app or screenshot changed
    /// since the run is refused (its results may no longer be what it draws) unless `force`. Throws, with one line,
    /// when there is no run there or a pattern selects no case of it.
    @MainActor
    package static func accept(_ patterns: [String], resultsFolder folder: String, force: Bool = false,
                              locate: Locator) throws(HeadlessError) -> Outcome {
        let results: OwnedFolder
        do { results = try OwnedFolder(folder) } catch {
            if error.isMissing { throw HeadlessError("\(folder): no results of a run to accept (no \(TestRun.manifestName); a run that passes leaves none)") }
            throw HeadlessError("\(folder): \(error.reason)")
        }
        let manifest = TestResultsFolder.path(TestRun.manifestName, in: folder)
        let bytes: [UInt8]
        do { bytes = try results.read(TestRun.manifestName, limit: 1 << 30, kind: "a results manifest") } catch {
            if error.isMissing { throw HeadlessError("\(folder): no results of a run to accept (no \(TestRun.manifestName); a run that passes leaves none)") }
            throw HeadlessError("\(manifest): \(error.reason)")
        }
        var run = try TestRun.decode(bytes, name: manifest, kind: "a results manifest").relocated(to: folder)
        let names = Set(run.results.map(\.testCase.name))
        for p in patterns where !run.results.contains(where: { selects([p], $0.testCase.name, among: names) }) {
            throw HeadlessError("\(printableForOneLine(p)) selects none of the last run's \(names.count) cases")
        }
        var located: [String: Result<LocatedTour, HeadlessError>] = [:]
        func tour(named name: String) -> Result<LocatedTour, HeadlessError> {
            if let known = located[name] { return known }
            guard let entry = run.tours.first(where: { $0.name == name }) else {
                return .failure(HeadlessError("the run names no tour \(quoted(name))"))
            }
            let found = Result { () throws(HeadlessError) -> LocatedTour in
                let tour = try locate(entry)
                guard force || entry.digest.isEmpty || tour.digest == entry.digest else {
                    throw HeadlessError("the tour file \(tour.planned.file) changed since the run; its results may not be what it draws now (run the tests again, or accept --force)")
                }
                if !force, let changed = TestRun.firstChangedInput(recorded: entry.inputs, now: tour.planned.inputs) {
                    throw HeadlessError("\(printableForOneLine(changed.described)) of \(tour.planned.file) changed since the run; its results may not be what it draws now (run the tests again, or accept --force)")
                }
                return tour
            }
            located[name] = found
            return found
        }
        var outcome = Outcome()
        var folders: [String: OwnedFolder] = [:]
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
                let here: LocatedTour
                switch tour(named: r.testCase.tour) {
                case .success(let found): here = found
                case .failure(let error):
                    outcome.refused.append("\(name): \(error.message)")
                    continue
                }
                // The frame when it differed, and the texts (screen-reader tree, spoken words) that did.
                let golden = here.planned.goldenPath(of: r.testCase)
                var copies = r.actual != nil || r.toRecord != nil ? [(TestResultsFolder.key(of: r.testCase, .actual), golden)] : []
                for text in r.texts {
                    guard let kinds = TestResultsFolder.textKinds(ofGolden: text.golden) else { continue }
                    copies.append((TestResultsFolder.key(of: r.testCase, kinds.found), String(golden.dropLast(4)) + kinds.found.rawValue))
                }
                guard !copies.isEmpty else {
                    outcome.refused.append("\(name): the run left no actual frame or text for it")
                    continue
                }
                var problem: String?
                for (key, to) in copies where problem == nil {
                    let tourFolder: OwnedFolder
                    if let open = folders[r.testCase.tour] { tourFolder = open } else {
                        do { tourFolder = try here.planned.openTourFolder() } catch { problem = error.message; break }
                        folders[r.testCase.tour] = tourFolder
                    }
                    guard let relative = tourFolder.relativePath(of: to), !relative.isEmpty else {
                        problem = "\(to) is not inside the tour's folder \(here.planned.tourFolder)"; break
                    }
                    do {
                        let bytes = try results.read(key, limit: 1 << 30, kind: "a result file")
                        try tourFolder.write(Data(bytes), to: relative)
                        outcome.written.append(to)
                    } catch let error as InputFile.Failure {
                        problem = "cannot read \(TestResultsFolder.path(key, in: folder)) (\(error.reason))"
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
                r.golden = golden
                run.groups[g].results[i] = r
                outcome.accepted.append(name)
            }
        }
        if !outcome.accepted.isEmpty {
            let tours = located.values.compactMap { try? $0.get().planned }
            ScreenRecord.update(with: run.results, tours: tours)
            GoldenInputs.update(with: run.results, tours: tours)
            var kept = run.relocated(to: "")
            kept.files = nil
            do { try results.write(try kept.encoded(), to: TestRun.manifestName) } catch let error as HeadlessError { throw error } catch {
                throw HeadlessError("cannot update \(manifest): \(error)")
            }
        }
        return outcome
    }
}
