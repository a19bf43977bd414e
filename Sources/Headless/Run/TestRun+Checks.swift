import Files
import Foundation
import Raster
import Schema
import Tours

extension TestRun {
    /// The shards a run may be split into at most (`--shard K/N`).
    package static let maxShards = 1000

    /// The first thing wrong with a record read from a file, as `key path: what was expected`, or
    /// nil. Every name that becomes part of a path in the results folder must be a path of plain
    /// names inside it, every number within the bounds the plan could have given, and no case,
    /// group or tour may appear twice (a record that repeats one failure thousands of times would
    /// cost memory for each).
    package func problem() -> String? {
        if let shard {
            guard (1...Self.maxShards).contains(shard.count) else { return "shard.count: expected a number of shards from 1 to \(Self.maxShards), found \(shard.count)" }
            guard (1...shard.count).contains(shard.index) else { return "shard.index: the index \(shard.index) is out of range (expected 1 to \(shard.count))" }
        }
        if let identity = runIdentity, identity.utf8.count > 512 { return "runIdentity: longer than 512 bytes" }
        var tourNames = Set<String>()
        for (i, tour) in tours.enumerated() {
            guard Self.isResultsName(tour.name) else { return "tours[\(i)].name: expected a tour's name (plain names joined by /), found \(quoted(tour.name))" }
            guard tourNames.insert(tour.name).inserted else { return "tours[\(i)].name: the tour \(quoted(tour.name)) is listed twice" }
            // Inputs are compared with the checkout's, never opened: they need only be bounded.
            guard tour.inputs.count <= Self.maxInputs else { return "tours[\(i)].inputs: expected at most \(Self.maxInputs) files, found \(tour.inputs.count)" }
            for (k, input) in tour.inputs.enumerated() {
                guard input.kind == "app" || input.kind == "screenshot" else { return "tours[\(i)].inputs[\(k)].kind: expected app or screenshot, found \(quoted(printableForOneLine(input.kind)))" }
                guard (1...4096).contains(input.path.utf8.count), input.digest.utf8.count <= 16 else { return "tours[\(i)].inputs[\(k)]: expected a path of at most 4096 bytes and a digest" }
            }
        }
        var groupIndexes = Set<Int>(), caseNames = Set<String>()
        for (g, group) in groups.enumerated() {
            guard (0..<Self.maxGroups).contains(group.group) else { return "groups[\(g)].group: expected a group's number from 0 to \(Self.maxGroups - 1), found \(group.group)" }
            guard groupIndexes.insert(group.group).inserted else { return "groups[\(g)].group: the group \(group.group) appears twice" }
            for (i, r) in group.results.enumerated() {
                let at = "groups[\(g)].results[\(i)]"
                if let problem = Self.problem(of: r.testCase) { return "\(at).testCase.\(problem)" }
                guard tourNames.contains(r.testCase.tour) else { return "\(at).testCase.tour: \(quoted(r.testCase.tour)) is none of the record's tours" }
                guard caseNames.insert(r.testCase.name).inserted else { return "\(at): the case \(quoted(r.testCase.name)) appears twice (a record holds each case once)" }
                if let n = r.differingPixels, !(0...(Pixmap.maxSide * Pixmap.maxSide)).contains(n) { return "\(at).differingPixels: expected a count of pixels, found \(n)" }
                if let n = r.largestChannelDelta, !(0...255).contains(n) { return "\(at).largestChannelDelta: expected 0 to 255, found \(n)" }
                for (t, text) in r.texts.enumerated() where TestResultsFolder.textKinds(ofGolden: text.golden) == nil {
                    return "\(at).texts[\(t)].golden: expected a .semantics.json or .spoken.txt golden, found \(quoted(text.golden))"
                }
            }
        }
        if let files {
            // A blob's files go where its cases' keys say, and nowhere else.
            var named = Set<String>()
            for r in results { named.formUnion(TestResultsFolder.keys(of: r)); named.insert(TestResultsFolder.key(of: r.testCase, .expected)) }
            for key in files.keys.sorted() where !named.contains(key) {
                return "files: \(quoted(printableForOneLine(key))) is a file none of its cases names"
            }
        }
        return nil
    }

    /// The most files besides itself a tour of a record may name: its app, its screenshot in each
    /// language, one for each step.
    static let maxInputs = 10_000

    /// One line naming the records of `records` (named `names`) that come from another run than
    /// the first: another run identity, or a tour file whose bytes differ from the first's; nil
    /// when they all agree (records without an identity are compared by their tours alone).
    package static func otherRuns(_ records: [TestRun], names: [String]) -> String? {
        guard let first = records.first, let firstName = names.first else { return nil }
        var others: [String] = []
        for (record, name) in zip(records, names).dropFirst() {
            var why: [String] = []
            if let a = first.runIdentity, let b = record.runIdentity, a != b { why.append(b) }
            let changed = record.tours.filter { tour in
                guard !tour.digest.isEmpty, let mine = first.tours.first(where: { $0.name == tour.name }), !mine.digest.isEmpty else { return false }
                return mine.digest != tour.digest
            }.map(\.file)
            if !changed.isEmpty { why.append("\(changed.count == 1 ? "a tour file" : "tour files") changed: \(changed.joined(separator: ", "))") }
            if !why.isEmpty { others.append("\(name) (\(why.joined(separator: "; ")))") }
        }
        guard !others.isEmpty else { return nil }
        let reference = firstName + (first.runIdentity.map { " (\($0))" } ?? "")
        return "\(others.joined(separator: ", ")) \(others.count == 1 ? "comes" : "come") from another run than \(reference): the merged report mixes their results"
    }

    /// The most groups a record may hold: a tour's cases at most, times the tours a run may hold.
    static let maxGroups = TourTest.maxCases * 100

    /// What is wrong with a case read from a record (as `key: what was expected`), or nil: its
    /// numbers within the plan's bounds, its names fit to be file names.
    static func problem(of c: SnapshotCase) -> String? {
        guard c.width.isFinite, c.height.isFinite, (1...Double(Pixmap.maxSide)).contains(c.width), (1...Double(Pixmap.maxSide)).contains(c.height) else {
            return "width: expected a size in points from 1 to \(Pixmap.maxSide), found \(c.width.compact)x\(c.height.compact)"
        }
        guard c.scale.isFinite, (0.25...8).contains(c.scale) else { return "scale: expected 0.25 to 8, found \(c.scale.compact)" }
        guard (2...6).contains(c.stepDigits) else { return "stepDigits: expected 2 to 6, found \(c.stepDigits)" }
        guard c.language.utf8.count <= 64, OwnedFolder.isPlainName(c.language) else { return "language: expected a language tag, found \(quoted(c.language))" }
        switch c.moment {
        case let .step(index, milliseconds):
            guard (0..<TourTest.maxCases).contains(index) else { return "moment.step.index: expected a step from 0 to \(TourTest.maxCases - 1), found \(index)" }
            if let ms = milliseconds, !(ms.isFinite && (0...60_000).contains(ms)) { return "moment.step.milliseconds: expected 0 to 60000, found \(ms)" }
        case .script(let name):
            guard name.utf8.count <= 200 else { return "moment.script.name: longer than 200 bytes" }
        case .tourFile:
            break
        }
        guard OwnedFolder.isPlainName(c.shortName), c.shortName.utf8.count <= 255 else {
            return "moment: the case's name \(quoted(c.shortName)) cannot be a file name"
        }
        return nil
    }

    /// Whether `name` may name a tour's folder inside a results folder: plain names (no `.`, `..`,
    /// empty part or leading `/`) joined by `/`, each at most 255 bytes, 1,024 in all.
    package static func isResultsName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 1024, !name.hasPrefix("/") else { return false }
        return name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { OwnedFolder.isPlainName(String($0)) && $0.utf8.count <= 255 }
    }

    /// The run with every result file's path made from its case and kind inside `folder` (its
    /// key alone for ""): a record's own paths are never used to find a file.
    package func relocated(to folder: String) -> TestRun {
        var run = self
        func at(_ key: String) -> String { folder.isEmpty ? key : TestResultsFolder.path(key, in: folder) }
        for g in run.groups.indices {
            for i in run.groups[g].results.indices {
                var r = run.groups[g].results[i]
                let c = r.testCase
                r.expected = r.expected.map { _ in at(TestResultsFolder.key(of: c, .expected)) }
                r.actual = r.actual.map { _ in at(TestResultsFolder.key(of: c, .actual)) }
                r.toRecord = r.toRecord.map { _ in at(TestResultsFolder.key(of: c, .actual)) }
                r.diff = r.diff.map { _ in at(TestResultsFolder.key(of: c, .diff)) }
                r.texts = r.texts.compactMap { t in
                    guard let kinds = TestResultsFolder.textKinds(ofGolden: t.golden) else { return nil }
                    return CaseResult.TextGolden(golden: t.golden, actual: at(TestResultsFolder.key(of: c, kinds.found)),
                                                 expected: t.expected.map { _ in at(TestResultsFolder.key(of: c, kinds.expected)) })
                }
                run.groups[g].results[i] = r
            }
        }
        return run
    }

    /// The project's folder seen from `folder` (the current one by default): the nearest folder
    /// at or above it that holds `.git`, else `folder` itself. Tours are recorded by their path
    /// from it, so results made in one checkout can be accepted in another.
    package static func projectFolder(of folder: String = FileManager.default.currentDirectoryPath) -> String {
        var parts = OwnedFolder.components(of: folder, from: "/")
        while true {
            let candidate = "/" + parts.joined(separator: "/")
            if FileManager.default.fileExists(atPath: (candidate as NSString).appendingPathComponent(".git")) { return candidate }
            if parts.isEmpty { break }
            parts.removeLast()
        }
        return "/" + OwnedFolder.components(of: folder, from: "/").joined(separator: "/")
    }

    /// `file` (as a user named it) from the project's folder of the current folder, when it lies
    /// inside it; else its absolute path.
    package static func projectPath(of file: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        let root = OwnedFolder.components(of: projectFolder(of: current), from: "/")
        let parts = OwnedFolder.components(of: file, from: current)
        return parts.starts(with: root) && parts.count > root.count ? parts.dropFirst(root.count).joined(separator: "/") : "/" + parts.joined(separator: "/")
    }
}
