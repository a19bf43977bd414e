import Files
import Foundation
import Raster
import Tours

/// A tour file as `limelight test` runs it: its name in case names, where its goldens are, and the
/// tour, or the problems that keep it from running.
public struct PlannedTour: Sendable {
    /// The file as the user named it.
    public var file: String
    /// The first part of its cases' names: the file's name without `.json`.
    public var name: String
    /// The tour, nil when the file has errors.
    public var tour: Tour?
    /// The file's problems: with errors the tour is nil and not run; a tour that runs may have warnings.
    public var problems: [TourDiagnostic]
    /// The folder of its golden PNGs.
    public var goldensFolder: String
    /// The screen of a tour over a screenshot that says its own (tested unless `test` names sizes).
    public var screen: (size: Size, scale: Double)?

    /// The plan entry of `file`: its tour or its problems. The goldens' folder is the tour's
    /// `test.goldens` relative to the file's folder, else `<file name without .json>.goldens` beside it.
    public init(file: String, name: String, tour: Tour?, problems: [TourDiagnostic]) {
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

    /// The golden file of `testCase`.
    public func goldenPath(of testCase: SnapshotCase) -> String {
        (goldensFolder as NSString).appendingPathComponent(testCase.shortName + ".png")
    }
}

/// Every case `limelight test` runs, in groups that share one run of the app: the settled steps of a
/// tour at one size, scale and language; the same steps part-way into their animations; one test
/// script. Groups are the unit of work handed to worker processes, and their order is the order of
/// the results, so any number of workers gives the same output.
public struct TestPlan: Sendable {
    /// One run of the app: a tour at one size, scale and language, and the cases it yields.
    public struct Group: Sendable {
        /// What a group runs.
        public enum Kind: Sendable, Hashable {
            /// Every step, settled, as `render --all` shows them.
            case settledSteps
            /// Every step begun from the settled step before it, with a frame at each of the times.
            case timedSteps
            /// The test script of that index in the tour's `test.scripts`.
            case script(Int)
        }
        /// The index of the tour in `TestPlan.tours`.
        public var tour: Int
        /// The screen's size in points.
        public var size: Size
        /// Device pixels per point.
        public var scale: Double
        /// The language code.
        public var language: String
        /// What it runs.
        public var kind: Kind
        /// Its cases, in the order they are shown.
        public var cases: [SnapshotCase]
    }

    /// The tours, in the order given.
    public var tours: [PlannedTour]
    /// The groups, tour by tour.
    public var groups: [Group]

    /// The plan of `tours`. A tour is tested in its `test.languages`, else in every language its texts
    /// give that `speaks(tour)` allows (nil: any).
    public init(tours: [PlannedTour], speaks: (PlannedTour) -> [String]? = { _ in nil }) {
        self.tours = tours
        groups = []
        for (index, planned) in tours.enumerated() {
            guard let tour = planned.tour else { continue }
            let test = tour.test
            var languages = test.languages ?? tour.textLanguages
            if test.languages == nil, let spoken = speaks(planned) {
                let kept = languages.filter(spoken.contains)
                languages = kept.isEmpty ? [spoken.first ?? "en"] : kept
            }
            let digits = String(tour.steps.count).count
            let sizes = test.sizesGiven ? test.sizes : (planned.screen.map { [$0.size] } ?? test.sizes)
            let scales = test.scalesGiven ? test.scales : (planned.screen.map { [$0.scale] } ?? test.scales)
            for size in sizes {
                for scale in scales {
                    for language in languages {
                        func group(_ kind: Group.Kind, _ moments: [SnapshotCase.Moment]) -> Group {
                            Group(tour: index, size: size, scale: scale, language: language, kind: kind,
                                  cases: moments.map { SnapshotCase(tour: planned.name, size: size, scale: scale, language: language, moment: $0, stepDigits: digits) })
                        }
                        groups.append(group(.settledSteps, tour.steps.indices.map { .step(index: $0, milliseconds: nil) }))
                        if !test.times.isEmpty {
                            groups.append(group(.timedSteps, tour.steps.indices.flatMap { i in test.times.map { .step(index: i, milliseconds: $0) } }))
                        }
                        for (s, script) in test.scripts.enumerated() {
                            groups.append(group(.script(s), [.script(name: script.name)]))
                        }
                    }
                }
            }
        }
    }

    /// Every case, group by group.
    public var cases: [SnapshotCase] { groups.flatMap(\.cases) }

    /// The groups' indices, the costliest first (device pixels a frame times frames, plus the app's
    /// start): the order to hand them to workers in, so no large group is left to run alone at the end.
    public var costliestFirst: [Int] {
        let cost = groups.map { g in (Double(g.cases.count) + 2) * g.size.width * g.size.height * g.scale * g.scale }
        return groups.indices.sorted { cost[$0] > cost[$1] || (cost[$0] == cost[$1] && $0 < $1) }
    }

    /// The names each tour file gets in case names: its file name without `.json`, or the path as
    /// given (without `.json`) where two files share a name.
    public static func names(forFiles files: [String]) -> [String] {
        let stems = files.map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension }
        var counts: [String: Int] = [:]
        for stem in stems { counts[stem, default: 0] += 1 }
        return zip(files, stems).map { file, stem in
            counts[stem]! > 1 ? (file.hasSuffix(".json") ? String(file.dropLast(5)) : file) : stem
        }
    }
}

/// Which cases `--only PATTERN` keeps: those whose name contains the pattern, where `*` stands for
/// any run of characters and `?` for one (`home/*-ja-*`, `step03`).
public struct CaseFilter: Sendable {
    /// The pattern as given; nil keeps every case.
    public var pattern: String?

    /// A filter on `pattern`.
    public init(pattern: String?) { self.pattern = pattern }

    /// Whether `name` is kept.
    public func keeps(_ name: String) -> Bool {
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
