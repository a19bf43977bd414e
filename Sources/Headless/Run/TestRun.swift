import Files
import Foundation
import Schema
import Tours

/// What a `limelight test` run found, kept as JSON: the results folder's `manifest.json` (what
/// `limelight accept` takes the last run's actuals from, without rendering again), and a shard's
/// result blob (`--shard K/N`), which also carries the images its failures wrote, so
/// `limelight merge-reports` can write one JUnit file and one HTML report on another machine,
/// identical to an unsharded run's.
package struct TestRun: Codable, Sendable {
    /// A tour of the run, as reports name it.
    package struct TourEntry: Codable, Hashable, Sendable {
        /// The file as the user named it.
        package var file: String
        /// Its name in case names.
        package var name: String
        /// Its goldens folder, as the run found it (for reports; `accept` finds it again in the
        /// checkout it runs in).
        package var goldensFolder: String
        /// What keeps it from running (empty for a tour that runs).
        package var errors: [Diagnostic]
        /// The file's path from the project's folder (see `TestRun.projectFolder(of:)`); absolute
        /// only for a file outside it. `accept` finds the tour by it in its own checkout.
        package var projectPath: String
        /// A digest of the file's bytes when the run read it (empty when it could not be read), so
        /// `accept` can tell results of an older tour.
        package var digest: String
        /// The files the tour is drawn from besides itself (its app, its screenshots) as the run
        /// read them (see `TestRun.inputs(of:file:)`); a record without them names none.
        package var inputs: [InputDigest]
        /// An entry from its parts.
        package init(file: String, name: String, goldensFolder: String, errors: [Diagnostic] = [],
                    projectPath: String? = nil, digest: String = "", inputs: [InputDigest] = []) {
            self.file = file; self.name = name; self.goldensFolder = goldensFolder; self.errors = errors
            self.projectPath = projectPath ?? TestRun.projectPath(of: file)
            self.digest = digest
            self.inputs = inputs
        }

        /// An entry read from a record; `inputs` may be absent (a record that names none).
        package init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            file = try c.decode(String.self, forKey: .file)
            name = try c.decode(String.self, forKey: .name)
            goldensFolder = try c.decode(String.self, forKey: .goldensFolder)
            errors = try c.decode([Diagnostic].self, forKey: .errors)
            projectPath = try c.decode(String.self, forKey: .projectPath)
            digest = try c.decode(String.self, forKey: .digest)
            inputs = try c.decodeIfPresent([InputDigest].self, forKey: .inputs) ?? []
        }
    }

    /// One group's results, by the group's index in the plan.
    package struct GroupResults: Codable, Sendable {
        /// The group's index in the plan.
        package var group: Int
        /// Its cases' results, in order.
        package var results: [CaseResult]
        /// A group's results.
        package init(group: Int, results: [CaseResult]) { self.group = group; self.results = results }
    }

    /// Which shard a blob holds.
    package struct Shard: Codable, Hashable, Sendable {
        /// The shard's number, from 1.
        package var index: Int
        /// How many shards the plan was split into.
        package var count: Int
        /// A shard from its parts.
        package init(index: Int, count: Int) { self.index = index; self.count = count }
    }

    /// The format's version.
    package var version = TestRun.formatVersion
    /// The version this limelight writes and reads: 2 keeps result files by their place in the
    /// results folder and tours by their path in the project.
    package static let formatVersion = 2
    /// A digest of every case name of the whole plan: shards of one plan share it.
    package var planDigest: String
    /// The shard, nil for a whole run.
    package var shard: Shard?
    /// Which run of the CI made the record (`runIdentity(environment:)`), so blobs of different
    /// runs are told apart when merged; nil when the run had none (and in records written before
    /// it was kept, which are read as ever).
    package var runIdentity: String?
    /// The project's folder where the run was started (see `projectFolder(of:)`): for people
    /// reading the record; nothing is found by it.
    package var projectFolder: String
    /// The tours, in the order given.
    package var tours: [TourEntry]
    /// Warnings about whole tours (a tour's own problems, its lint findings), in tour order.
    package var tourWarnings: [Diagnostic]
    /// The results, group by group in plan order.
    package var groups: [GroupResults]
    /// Files the results name (actual, expected and diff images, texts), by their path relative to
    /// the results folder: in a blob only.
    package var files: [String: Data]?

    /// Every result, in plan order.
    package var results: [CaseResult] { groups.sorted { $0.group < $1.group }.flatMap(\.results) }

    /// A run record from its parts.
    package init(planDigest: String, shard: Shard?, projectFolder: String = TestRun.projectFolder(), tours: [TourEntry], tourWarnings: [Diagnostic], groups: [GroupResults]) {
        self.planDigest = planDigest; self.shard = shard; self.projectFolder = projectFolder
        self.tours = tours; self.tourWarnings = tourWarnings; self.groups = groups
    }

    /// The variables that name a run, in the order they are asked: Limelight's own, then the CIs'
    /// (GitHub Actions, GitLab, Buildkite, CircleCI). Each is the same in every job of one run
    /// (GitHub's run attempt is left out: shards re-run alone keep their run's others).
    package static let runVariables = ["LIMELIGHT_RUN_ID", "GITHUB_RUN_ID", "CI_PIPELINE_ID", "BUILDKITE_BUILD_ID", "CIRCLE_WORKFLOW_ID"]

    /// The run `environment` names (`NAME=value` of the first of `runVariables` set), or nil.
    package static func runIdentity(environment: [String: String]) -> String? {
        for name in runVariables {
            if let value = environment[name], !value.isEmpty { return name + "=" + String(value.prefix(200)) }
        }
        return nil
    }

    /// The digest of `plan`'s case names, in order.
    package static func digest(of plan: TestPlan) -> String {
        fingerprint(plan.groups.map { g in g.cases.map(\.name).joined(separator: "\n") }.joined(separator: "\n\n"))
    }

    /// A 64-bit FNV-1a of `text`, in hex: a fingerprint to tell plans and folders apart, not a
    /// guard against anyone.
    static func fingerprint(_ text: String) -> String { fingerprint(bytes: text.utf8) }

    /// The fingerprint of `bytes` (see `fingerprint(_:)`).
    package static func fingerprint<Bytes: Sequence>(bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(h, radix: 16)
    }

    /// The name of the manifest in a results folder.
    package static let manifestName = "manifest.json"

    /// The record as JSON (keys sorted, so equal runs give equal bytes).
    package func encoded() throws(HeadlessError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do { return try encoder.encode(self) } catch { throw HeadlessError("cannot encode the run (\(error.localizedDescription))") }
    }

    /// The record in the file at `path` (read whole, at most 1 GiB): one line saying what is wrong
    /// when it is none. The file is not trusted (a CI artifact, a shard's blob from another job):
    /// it is parsed with the project's own parser first (a cut-off or over-nested file names its
    /// byte offset), then every name and number in it is checked (`problem()`).
    package static func read(_ path: String, kind: String) throws(HeadlessError) -> TestRun {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, limit: 1 << 30, kind: kind) } catch { throw HeadlessError("\(path): \(error.reason)") }
        return try decode(bytes, name: path, kind: kind)
    }

    /// The record in `bytes` (a file named `name`), as `read(_:kind:)` reads it.
    package static func decode(_ bytes: [UInt8], name path: String, kind: String) throws(HeadlessError) -> TestRun {
        do { _ = try JSONParser.parse(bytes) } catch {
            let place = error.path.isEmpty || error.path.count > 80 ? "" : error.path + ": "
            throw HeadlessError("\(path): byte \(error.offset): \(place)\(error.message) (expected \(kind) written by limelight test)")
        }
        let run: TestRun
        do { run = try JSONDecoder().decode(TestRun.self, from: Data(bytes)) } catch let error as DecodingError {
            if let version = try? JSONDecoder().decode(Version.self, from: Data(bytes)), version.version != formatVersion {
                throw HeadlessError("\(path): version \(version.version) of the format; this limelight reads version \(formatVersion) (run the tests again)")
            }
            throw HeadlessError("\(path): \(describe(error)) (expected \(kind) written by limelight test)")
        } catch {
            throw HeadlessError("\(path): not \(kind) written by limelight test")
        }
        guard run.version == formatVersion else {
            throw HeadlessError("\(path): version \(run.version) of the format; this limelight reads version \(formatVersion) (run the tests again)")
        }
        if let problem = run.problem() { throw HeadlessError("\(path): \(problem)") }
        return run
    }

    /// A record's version alone, to say which one a record of another version is.
    private struct Version: Decodable { var version: Int }

    /// One line for a decoding error: the key path and what was expected.
    static func describe(_ error: DecodingError) -> String {
        func place(_ path: [any CodingKey]) -> String {
            var out = ""
            for key in path {
                if let index = key.intValue { out += "[\(index)]" } else { out += (out.isEmpty ? "" : ".") + key.stringValue }
            }
            return out.isEmpty ? "the top" : out
        }
        switch error {
        case let .typeMismatch(type, context): return "\(place(context.codingPath)): expected \(typeName(type))"
        case let .valueNotFound(type, context): return "\(place(context.codingPath)): expected \(typeName(type)), found null"
        case let .keyNotFound(key, context): return "\(place(context.codingPath + [key])): missing"
        case let .dataCorrupted(context): return "\(place(context.codingPath)): \(context.debugDescription)"
        @unknown default: return "not readable"
        }
    }

    /// A type's name as a message says it ("a number", "text").
    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type, is Double.Type: return "a number"
        case is String.Type: return "text"
        case is Bool.Type: return "true or false"
        case is [Any].Type: return "a list"
        default: return "an object"
        }
    }
}
