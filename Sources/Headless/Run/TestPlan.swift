import Files
import Foundation
import Raster
import Schema
import Tours

/// A tour file as `limelight test` runs it: its name in case names, where its goldens are, and the
/// tour, or the problems that keep it from running.
package struct PlannedTour: Sendable {
    /// The file as the user named it.
    package var file: String
    /// The first part of its cases' names: the tour's `id` (see `TestPlan.names`).
    package var name: String
    /// The tour, nil when the file has errors.
    package var tour: Tour?
    /// The file's problems: with errors the tour is nil and not run; a tour that runs may have warnings.
    package var problems: [Diagnostic]
    /// The folder of its golden PNGs.
    package var goldensFolder: String
    /// The screen of a tour over a screenshot that says its own (tested unless `test` names sizes).
    package var screen: (size: Size, scale: Double)?
    /// The digest of the file's bytes as the run read them (`TestRun.fingerprint(bytes:)`).
    package var digest = ""
    /// The files the tour is drawn from besides itself, as the run read them (`TestRun.inputs(of:file:)`).
    package var inputs: [TestRun.InputDigest] = []

    /// The plan entry of `file`: its tour or its problems. The goldens' folder is the tour's
    /// `test.goldens` relative to the file's folder, else `<file name without .json>.goldens` beside it.
    package init(file: String, name: String, tour: Tour?, problems: [Diagnostic]) {
        self.file = file
        self.name = name
        self.tour = tour
        self.problems = problems
        let folder = file.contains("/") ? AtomicFile.split(file).folder : ""
        if let goldens = tour?.test.goldens {
            goldensFolder = goldens.hasPrefix("/") ? goldens : ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(goldens)
        } else {
            let stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            goldensFolder = (folder as NSString).appendingPathComponent(stem + ".goldens")
        }
    }

    /// The tour as the cases of `arm` show it: the arm's own steps or texts (nil: as written).
    package func tour(arm: String?) -> Tour? {
        guard let arm else { return tour }
        return tour?.applying(arm: arm)
    }

    /// The tour as a run's record names it.
    package var entry: TestRun.TourEntry {
        TestRun.TourEntry(file: file, name: name, goldensFolder: goldensFolder, errors: tour == nil ? problems : [], digest: digest, inputs: inputs)
    }

    /// The golden file of `testCase`.
    package func goldenPath(of testCase: SnapshotCase) -> String {
        (goldensFolder as NSString).appendingPathComponent(testCase.shortName + ".png")
    }

    /// The folder of the tour file: its goldens lie inside it, and nothing read or written for them
    /// leads out of it.
    package var tourFolder: String {
        file.contains("/") ? AtomicFile.split(file).folder : "."
    }

    /// The tour file's folder, opened: goldens are read and written through it (`OwnedFolder`).
    package func openTourFolder() throws(HeadlessError) -> OwnedFolder {
        do { return try OwnedFolder(tourFolder) } catch { throw HeadlessError("\(tourFolder): \(error.reason)") }
    }

    /// The path of `path` (a golden, the goldens folder) inside the tour file's folder, or why it
    /// lies outside.
    package func insideTourFolder(_ path: String, of folder: OwnedFolder) throws(HeadlessError) -> String {
        guard let relative = folder.relativePath(of: path), !relative.isEmpty else {
            throw HeadlessError("\(path) is not inside the tour's folder \(tourFolder)")
        }
        return relative
    }
}

/// Every case `limelight test` runs, in groups that share one run of the app: the settled steps of a
/// tour at one size, scale and language; the same steps part-way into their animations; one test
/// script. Groups are the unit of work handed to worker processes, and their order is the order of
/// the results, so any number of workers gives the same output.
package struct TestPlan: Sendable {
    /// One run of the app: a tour at one size, scale and language, and the cases it yields.
    package struct Group: Sendable {
        /// What a group runs.
        package enum Kind: Sendable, Hashable {
            /// Every step, settled, as `render --all` shows them.
            case settledSteps
            /// Every step begun from the settled step before it, with a frame at each of the times.
            case timedSteps
            /// The test script of that index in the tour's `test.scripts`.
            case script(Int)
            /// Nothing can run: the tour file has errors. Its cases are those its goldens name
            /// (else one named `load`), each an error, so the counts keep them.
            case unrunnable
        }
        /// The index of the tour in `TestPlan.tours`.
        package var tour: Int
        /// The screen's size in points.
        package var size: Size
        /// Device pixels per point.
        package var scale: Double
        /// The language code.
        package var language: String
        /// Whether it runs under reduced motion.
        package var reducedMotion = false
        /// The experiment's arm it shows (its own steps or texts); nil: the tour as written.
        package var arm: String?
        /// What it runs.
        package var kind: Kind
        /// Its cases, in the order they are shown.
        package var cases: [SnapshotCase]
    }

    /// The tours, in the order given.
    package var tours: [PlannedTour]
    /// The groups, tour by tour.
    package var groups: [Group]

    /// The plan of `tours`. A tour is tested in its `test.languages`, else in every language its texts
    /// give that `speaks(tour)` allows (nil: any).
    package init(tours: [PlannedTour], speaks: (PlannedTour) -> [String]? = { _ in nil }) {
        self.tours = tours
        groups = []
        for (index, planned) in tours.enumerated() {
            guard let tour = planned.tour else {
                let named = TestPlan.goldenNames(in: planned.goldensFolder).compactMap { SnapshotCase(tour: planned.name, shortName: $0) }
                let cases = named.isEmpty ? [SnapshotCase(tour: planned.name, size: Size(0, 0), scale: 1, language: "", moment: .tourFile)] : named
                groups.append(Group(tour: index, size: Size(0, 0), scale: 1, language: "", kind: .unrunnable, cases: cases))
                continue
            }
            let test = tour.test
            var languages = test.languages ?? tour.textLanguages
            if test.languages == nil, let spoken = speaks(planned) {
                let kept = languages.filter(spoken.contains)
                languages = kept.isEmpty ? [spoken.first ?? "en"] : kept
            }
            let sizes = test.sizesGiven ? test.sizes : (planned.screen.map { [$0.size] } ?? test.sizes)
            let scales = test.scalesGiven ? test.scales : (planned.screen.map { [$0.scale] } ?? test.scales)
            // The tour as written, then each arm of its experiment that shows steps or texts of its
            // own (the others show the tour as written): its settled and timed steps; scripts run
            // over the tour as written.
            let arms: [String?] = [nil] + tour.variants.filter { $0.steps != nil || !$0.texts.isEmpty }.map(\.name)
            for arm in arms {
            let shown = arm.map { tour.applying(arm: $0) } ?? tour
            let digits = String(shown.steps.count).count
            for size in sizes {
                for scale in scales {
                    for language in languages {
                      for motion in test.motion {
                        let reduced = motion == .reduced
                        func group(_ kind: Group.Kind, _ moments: [SnapshotCase.Moment]) -> Group {
                            Group(tour: index, size: size, scale: scale, language: language, reducedMotion: reduced, arm: arm, kind: kind,
                                  cases: moments.map { SnapshotCase(tour: planned.name, size: size, scale: scale, language: language, moment: $0,
                                                                    stepDigits: digits, reducedMotion: reduced, arm: arm) })
                        }
                        groups.append(group(.settledSteps, shown.steps.indices.map { .step(index: $0, milliseconds: nil) }))
                        if !test.times.isEmpty {
                            groups.append(group(.timedSteps, shown.steps.indices.flatMap { i in test.times.map { .step(index: i, milliseconds: $0) } }))
                        }
                        for (s, script) in test.scripts.enumerated() where arm == nil {
                            groups.append(group(.script(s), [.script(name: script.name)]))
                        }
                      }
                    }
                }
            }
            }
        }
    }

    /// Every case, group by group.
    package var cases: [SnapshotCase] { groups.flatMap(\.cases) }

    /// What a group costs to run, roughly: device pixels a frame times its frames, plus the app's start.
    package func cost(ofGroup index: Int) -> Double {
        let g = groups[index]
        return (Double(g.cases.count) + 2) * max(1, g.size.width * g.size.height * g.scale * g.scale)
    }

    /// The groups' indices, the costliest first: the order to hand them to workers in, so no large
    /// group is left to run alone at the end.
    package var costliestFirst: [Int] {
        let cost = groups.indices.map(cost(ofGroup:))
        return groups.indices.sorted { cost[$0] > cost[$1] || (cost[$0] == cost[$1] && $0 < $1) }
    }

    /// The groups shard `shard` of `count` runs (`--shard 2/4` is shard 2 of 4): the groups dealt,
    /// the costliest first, each to the shard with the least cost so far (the lowest-numbered on a
    /// tie). The same plan always deals the same way, so a case is always in the same shard, and
    /// shards come out within one group's cost of each other.
    package func groups(inShard shard: Int, of count: Int) -> Set<Int> {
        precondition(count >= 1 && (1...count).contains(shard))
        var load = [Double](repeating: 0, count: count)
        var mine = Set<Int>()
        for g in costliestFirst {
            var least = 0
            for k in 1..<count where load[k] < load[least] { least = k }
            load[least] += cost(ofGroup: g)
            if least == shard - 1 { mine.insert(g) }
        }
        return mine
    }

    /// The names of the goldens in `folder` (file names without `.png`; not the actual or diff
    /// images a run leaves, nor hidden files), sorted.
    package static func goldenNames(in folder: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.filter { $0.hasSuffix(".png") && !$0.hasPrefix(".") && !$0.hasSuffix(".actual.png") && !$0.hasSuffix(".diff.png") }
            .map { String($0.dropLast(4)) }.sorted()
    }

    /// The files in tour `index`'s goldens folder that no case of the plan names (a deleted step, a
    /// dropped language, a size no longer tested), in name order: the goldens `--prune` removes.
    /// None for a tour that cannot run (its goldens are all the plan knows of its cases).
    package func orphans(ofTour index: Int) -> [String] {
        let planned = tours[index]
        guard planned.tour != nil, let names = try? FileManager.default.contentsOfDirectory(atPath: planned.goldensFolder) else { return [] }
        var kept = Set<String>()
        for g in groups where g.tour == index {
            for c in g.cases { for suffix in TestPlan.goldenSuffixes { kept.insert(c.shortName + suffix) } }
        }
        return names.filter { name in
            !name.hasPrefix(".") && TestPlan.goldenSuffixes.contains(where: name.hasSuffix) && !kept.contains(name)
                && !name.hasSuffix(".actual.png") && !name.hasSuffix(".diff.png")
        }.sorted().map { (planned.goldensFolder as NSString).appendingPathComponent($0) }
    }

    /// How a case's golden files end: its frame, and with `test.semantics` its screen-reader tree
    /// and its spoken words.
    package static let goldenSuffixes = [".png", ".semantics.json", ".spoken.txt"]

    /// The names tours get in case names: the tour's `id`, or for a file that cannot be read its
    /// file name without `.json`; where two share a name, the path as given (without `.json`).
    package static func names(for tours: [(file: String, id: String?)]) -> [String] {
        let stems = tours.map { $0.id ?? (($0.file as NSString).lastPathComponent as NSString).deletingPathExtension }
        var counts: [String: Int] = [:]
        for stem in stems { counts[stem, default: 0] += 1 }
        return zip(tours, stems).map { tour, stem in
            counts[stem]! > 1 ? (tour.file.hasSuffix(".json") ? String(tour.file.dropLast(5)) : tour.file) : stem
        }
    }
}

/// Which cases `--only PATTERN` keeps: those whose name contains the pattern, where `*` stands for
/// any run of characters and `?` for one (`home/*-ja-*`, `step03`).
package struct CaseFilter: Sendable {
    /// The pattern as given; nil keeps every case.
    package var pattern: String?

    /// A filter on `pattern`.
    package init(pattern: String?) { self.pattern = pattern }

    /// Whether `name` is kept.
    package func keeps(_ name: String) -> Bool {
        guard let pattern, !pattern.isEmpty else { return true }
        return CaseFilter.matches(Array(("*" + pattern + "*").unicodeScalars), Array(name.unicodeScalars))
    }

    /// Glob matching with `*` and `?`, in time proportional to the lengths' product at worst.
    static func matches(_ pattern: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> Bool {
        var p = 0, t = 0
        var star: Int?, resume = 0
        while t < text.count {
            if p < pattern.count && (pattern[p] == "?" || pattern[p] == text[t]) {
                p += 1; t += 1
            } else if p < pattern.count && pattern[p] == "*" {
                star = p; resume = t; p += 1
            } else if let s = star {
                p = s + 1; resume += 1; t = resume
            } else {
                return false
            }
        }
        while p < pattern.count && pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
