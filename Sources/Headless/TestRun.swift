import Files
import Foundation
import Tours

/// What a `limelight test` run found, kept as JSON: the results folder's `manifest.json` (what
/// `limelight accept` takes the last run's actuals from, without rendering again), and a shard's
/// result blob (`--shard K/N`), which also carries the images its failures wrote, so
/// `limelight merge-reports` can write one JUnit file and one HTML report on another machine,
/// identical to an unsharded run's.
public struct TestRun: Codable, Sendable {
    /// A tour of the run, as reports name it.
    public struct TourEntry: Codable, Hashable, Sendable {
        /// The file as the user named it.
        public var file: String
        /// Its name in case names.
        public var name: String
        /// Its goldens folder.
        public var goldensFolder: String
        /// What keeps it from running (empty for a tour that runs).
        public var errors: [TourDiagnostic]
        /// An entry from its parts.
        public init(file: String, name: String, goldensFolder: String, errors: [TourDiagnostic] = []) {
            self.file = file; self.name = name; self.goldensFolder = goldensFolder; self.errors = errors
        }
    }

    /// One group's results, by the group's index in the plan.
    public struct GroupResults: Codable, Sendable {
        /// The group's index in the plan.
        public var group: Int
        /// Its cases' results, in order.
        public var results: [CaseResult]
        /// A group's results.
        public init(group: Int, results: [CaseResult]) { self.group = group; self.results = results }
    }

    /// Which shard a blob holds.
    public struct Shard: Codable, Hashable, Sendable {
        /// The shard's number, from 1.
        public var index: Int
        /// How many shards the plan was split into.
        public var count: Int
        /// A shard from its parts.
        public init(index: Int, count: Int) { self.index = index; self.count = count }
    }

    /// The format's version.
    public var version = 1
    /// A digest of every case name of the whole plan: shards of one plan share it.
    public var planDigest: String
    /// The shard, nil for a whole run.
    public var shard: Shard?
    /// The folder the run was started in (relative tour and golden paths are relative to it).
    public var workingFolder: String
    /// The tours, in the order given.
    public var tours: [TourEntry]
    /// Warnings about whole tours (a tour's own problems, its lint findings), in tour order.
    public var tourWarnings: [TourDiagnostic]
    /// The results, group by group in plan order.
    public var groups: [GroupResults]
    /// Files the results name (actual, expected and diff images, texts), by their path relative to
    /// the results folder: in a blob only.
    public var files: [String: Data]?

    /// Every result, in plan order.
    public var results: [CaseResult] { groups.sorted { $0.group < $1.group }.flatMap(\.results) }

    /// A run record from its parts.
    public init(planDigest: String, shard: Shard?, workingFolder: String, tours: [TourEntry], tourWarnings: [TourDiagnostic], groups: [GroupResults]) {
        self.planDigest = planDigest; self.shard = shard; self.workingFolder = workingFolder
        self.tours = tours; self.tourWarnings = tourWarnings; self.groups = groups
    }

    /// The digest of `plan`'s case names, in order.
    public static func digest(of plan: TestPlan) -> String {
        fingerprint(plan.groups.map { g in g.cases.map(\.name).joined(separator: "\n") }.joined(separator: "\n\n"))
    }

    /// A 64-bit FNV-1a of `text`, in hex: a fingerprint to tell plans and folders apart, not a
    /// guard against anyone.
    static func fingerprint(_ text: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(h, radix: 16)
    }

    /// The name of the manifest in a results folder.
    public static let manifestName = "manifest.json"

    /// The record as JSON (keys sorted, so equal runs give equal bytes).
    public func encoded() throws(HeadlessError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do { return try encoder.encode(self) } catch { throw HeadlessError("cannot encode the run (\(error.localizedDescription))") }
    }

    /// The record in the file at `path`: one line saying what is wrong when it is none.
    public static func read(_ path: String, kind: String) throws(HeadlessError) -> TestRun {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, limit: 1 << 30, kind: kind) } catch { throw HeadlessError("\(path): \(error.reason)") }
        do {
            let run = try JSONDecoder().decode(TestRun.self, from: Data(bytes))
            guard run.version == 1 else { throw HeadlessError("\(path): version \(run.version) of the format; this limelight reads version 1") }
            return run
        } catch let error as HeadlessError { throw error } catch {
            throw HeadlessError("\(path): not \(kind) written by limelight test (\(String(String(describing: error).split(separator: "\n").first ?? "")))")
        }
    }
}

