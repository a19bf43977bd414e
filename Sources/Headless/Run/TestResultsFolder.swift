import Files
import Foundation
import Schema
import Tours

/// The folder a `limelight test` run leaves its results in, outside the goldens: a subfolder per
/// tour with each failing case's `.actual.png`, `.expected.png` (a copy of the golden it was
/// compared with) and `.diff.png` (and its texts), and `manifest.json`, the run's `TestRun`.
/// Nothing makes the folder until something is written into it, so a green run leaves no trace;
/// each run first removes what an earlier run left for its tours.
///
/// The folder's contents are not trusted (a CI artifact, a shard's blob, another user of a shared
/// temporary folder): every file in it is named by its case and kind (`key(of:_:)`), never by a
/// path a record holds, and read, written and removed beneath the folder (`OwnedFolder`).
package enum TestResultsFolder {
    /// Where results go when no `--results` is given: `limelight-<uid>/test-results-<digest of the
    /// current folder>` in the temporary folder (`$TMPDIR`, else /tmp): out of the repository, and
    /// the same for every run started in one folder, so `limelight accept` finds the last run. The
    /// `limelight-<uid>` folder is the user's own (see `checkDefault`).
    package static func defaultPath() -> String {
        (baseOfDefault() as NSString).appendingPathComponent("test-results-" + TestRun.fingerprint(FileManager.default.currentDirectoryPath))
    }

    /// `limelight-<uid>` in `$TMPDIR` (else /tmp): the folder that holds the default results folders.
    static func baseOfDefault() -> String {
        let temporary = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return (temporary as NSString).appendingPathComponent("limelight-\(getuid())")
    }

    /// Makes sure the default results folder `path` may be used: its `limelight-<uid>` folder is
    /// made (mode 0700) when missing, and must be a folder (not a link) owned by this user that no
    /// one else may write into (one others may read is closed to them); `path` itself, when it
    /// exists, and everything directly in it must not be links. In a shared temporary folder, anyone may have made that name first: then it is
    /// refused, as tmux and ssh-agent refuse theirs. Without `making`, what is not there yet must
    /// be one this process can make (a temporary folder it may write into), so a run that could
    /// not keep its results is refused before it starts.
    package static func checkDefault(_ path: String, making: Bool = false) throws(HeadlessError) {
        let base = AtomicFile.split(path).folder
        if making, mkdir(base, 0o700) != 0 && errno != EEXIST {
            throw HeadlessError("\(base): cannot make the results folder (\(SystemErrors.describe(errno))); give --results DIR")
        }
        var info = stat()
        guard lstat(base, &info) == 0 else {
            // Nothing there yet: it is made (for this user alone) when a result is first written,
            // in a temporary folder that must let it be.
            if errno == ENOENT && !making {
                if let problem = OutputFolders.problemMaking(base) { throw HeadlessError("\(base): \(problem); give --results DIR") }
                return
            }
            let problem = errno == ENOTDIR ? OutputFolders.problemMaking(base) ?? SystemErrors.describe(errno) : SystemErrors.describe(errno)
            throw HeadlessError("\(base): \(problem); give --results DIR")
        }
        let refusal = "refusing to keep results there (another user could read or swap them); remove it or give --results DIR"
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw HeadlessError("\(base) is \(Files.FileKind(mode: info.st_mode, size: 0)), not a folder: \(refusal)")
        }
        guard info.st_uid == geteuid() else {
            throw HeadlessError("\(base) belongs to user \(info.st_uid), not to you (user \(geteuid())): \(refusal)")
        }
        // A folder of the user's own that others may only read (made by an older limelight, or
        // by hand) is closed; one others could write into may hold anything: refused.
        guard info.st_mode & 0o022 == 0 else {
            throw HeadlessError("\(base) may be written by other users (mode \(String(info.st_mode & 0o777, radix: 8))): \(refusal)")
        }
        if info.st_mode & 0o077 != 0, chmod(base, 0o700) != 0 {
            throw HeadlessError("\(base) may be read by other users (mode \(String(info.st_mode & 0o777, radix: 8))) and cannot be closed (\(String(cString: strerror(errno)))): \(refusal)")
        }
        if making, mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw HeadlessError("\(path): cannot make the results folder (\(SystemErrors.describe(errno))); give --results DIR")
        }
        guard lstat(path, &info) == 0 else {
            if !making, let problem = OutputFolders.problemMaking(path) { throw HeadlessError("\(problem); give --results DIR") }
            return
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw HeadlessError("\(path) is \(Files.FileKind(mode: info.st_mode, size: 0)), not a folder: \(refusal)")
        }
        guard let folder = try? OwnedFolder(path) else { return }
        for name in folder.names() where folder.kind(of: name)?.isLink == true {
            throw HeadlessError("\(path)/\(name) is a symbolic link: \(refusal)")
        }
        if !making, let problem = OutputFolders.problemMaking(path) { throw HeadlessError("\(problem); give --results DIR") }
    }

    /// The results folder at `path`, opened to read and write beneath it; with `creating`, made when
    /// missing (the default folder for this user alone, checked again as it is made).
    package static func open(_ path: String, creating: Bool) throws(HeadlessError) -> OwnedFolder {
        if creating && path == defaultPath() { try checkDefault(path, making: true) }
        do { return try OwnedFolder(path, creating: creating) } catch { throw HeadlessError("\(path): \(error.reason)") }
    }

    /// How a results file ends: the images and texts a failing case leaves.
    static let resultSuffixes = [".actual.png", ".expected.png", ".diff.png",
                                 ".semantics.json", ".spoken.txt"]

    /// The kinds of file a case may leave, each by its suffix after the case's short name.
    package enum ResultFile: String, CaseIterable, Sendable {
        /// The frame as rendered (also a frame to record).
        case actual = ".actual.png"
        /// A copy of the golden it was compared with.
        case expected = ".expected.png"
        /// The difference image.
        case diff = ".diff.png"
        /// The screen-reader tree as found.
        case semantics = ".semantics.json"
        /// The spoken words as found.
        case spoken = ".spoken.txt"
        /// A copy of the screen-reader tree's golden.
        case expectedSemantics = ".expected.semantics.json"
        /// A copy of the spoken words' golden.
        case expectedSpoken = ".expected.spoken.txt"
    }

    /// The path inside a results folder of `kind`'s file of case `c`: `<tour>/<short name><suffix>`.
    package static func key(of c: SnapshotCase, _ kind: ResultFile) -> String {
        c.tour + "/" + c.shortName + kind.rawValue
    }

    /// `key` inside `folder`, as a path to print and to keep in a run's record.
    package static func path(_ key: String, in folder: String) -> String {
        (folder as NSString).appendingPathComponent(key)
    }

    /// The text kind of a text golden (`.semantics.json`, `.spoken.txt`) and of its golden's copy,
    /// by the golden's name; nil for any other name.
    package static func textKinds(ofGolden golden: String) -> (found: ResultFile, expected: ResultFile)? {
        if golden.hasSuffix(ResultFile.semantics.rawValue) { return (.semantics, .expectedSemantics) }
        if golden.hasSuffix(ResultFile.spoken.rawValue) { return (.spoken, .expectedSpoken) }
        return nil
    }

    /// Removes what an earlier run left for `tours` in `folder` (their result files, and the
    /// manifest), and nothing else, never through a link; makes nothing.
    package static func clear(_ folder: String, tours: [String]) {
        guard let owned = try? OwnedFolder(folder) else { return }
        owned.remove(TestRun.manifestName)
        for tour in tours where TestRun.isResultsName(tour) {
            for name in owned.names(in: tour) where resultSuffixes.contains(where: name.hasSuffix) {
                owned.remove(tour + "/" + name)
            }
        }
    }

    /// Writes `run` as the folder's manifest when the run left files of its cases there; returns
    /// its path, or nil when it left none (a green run leaves no trace, and no record of itself
    /// in a folder an earlier run made: `clear` took that run's manifest away). The record keeps
    /// each file by its place in the folder, so the folder can be moved (a CI artifact).
    package static func writeManifest(_ run: TestRun, in folder: String) throws(HeadlessError) -> String? {
        guard run.results.contains(where: \.leftResultFiles) else { return nil }
        guard let owned = try? open(folder, creating: false) else { return nil }
        var kept = run.relocated(to: "")
        kept.files = nil
        let bytes = try kept.encoded()
        do { try owned.write(bytes, to: TestRun.manifestName, synced: false) } catch { throw HeadlessError("cannot write \(path(TestRun.manifestName, in: folder)): \(error)") }
        return path(TestRun.manifestName, in: folder)
    }

    /// The result files `run` names, read from `folder` by their keys, for a blob. `goldens`
    /// gives a passed case's golden (read beneath its tour's folder), kept as its `.expected.png`
    /// for a `--report-all` report made from the blob; nil leaves them out.
    package static func files(of run: TestRun, in folder: String, goldens: ((CaseResult) -> [UInt8]?)?) -> [String: Data] {
        var files: [String: Data] = [:]
        guard let owned = try? OwnedFolder(folder) else { return files }
        for r in run.results {
            for key in keys(of: r) {
                if let bytes = try? owned.read(key, limit: 1 << 30, kind: "a result file") { files[key] = Data(bytes) }
            }
            if let goldens, r.outcome == .passed && r.goldenExists, let bytes = goldens(r) {
                files[key(of: r.testCase, .expected)] = Data(bytes)
            }
        }
        return files
    }

    /// The keys of the files a result says it left.
    static func keys(of r: CaseResult) -> [String] {
        var keys: [String] = []
        if r.expected != nil { keys.append(key(of: r.testCase, .expected)) }
        if r.actual != nil || r.toRecord != nil { keys.append(key(of: r.testCase, .actual)) }
        if r.diff != nil { keys.append(key(of: r.testCase, .diff)) }
        for t in r.texts {
            guard let kinds = textKinds(ofGolden: t.golden) else { continue }
            keys.append(key(of: r.testCase, kinds.found))
            if t.expected != nil { keys.append(key(of: r.testCase, kinds.expected)) }
        }
        return keys
    }

    /// Writes a blob's files into `folder`, each at a key one of its cases names (any other is
    /// refused: a blob may not place files where it likes), and returns the run with its result
    /// paths pointing there.
    package static func extract(_ blob: TestRun, into folder: String) throws(HeadlessError) -> TestRun {
        var expected = Set<String>()
        for r in blob.results { expected.formUnion(keys(of: r)); expected.insert(key(of: r.testCase, .expected)) }
        let files = blob.files ?? [:]
        for key in files.keys where !expected.contains(key) {
            throw HeadlessError("the blob carries a file none of its cases names: \(printableForOneLine(key))")
        }
        if !files.isEmpty {
            let owned = try open(folder, creating: true)
            for (key, bytes) in files.sorted(by: { $0.key < $1.key }) {
                do { try owned.write(bytes, to: key, synced: false) } catch { throw HeadlessError("cannot write \(path(key, in: folder)): \(error)") }
            }
        }
        var run = blob.relocated(to: folder)
        run.files = nil
        return run
    }

    /// The files the HTML report shows for a case: its images' bytes and its texts.
    package struct CaseFiles: Sendable {
        /// The golden as compared (or, for a passed case, the golden).
        package var golden: [UInt8]?
        /// The frame as rendered.
        package var actual: [UInt8]?
        /// The difference image.
        package var diff: [UInt8]?
        /// Its text goldens beside what the run found.
        package var texts: [HTMLReport.TextPair] = []
    }

    /// The files the HTML report shows for `r`, read from the results folder by their keys (and,
    /// for a passed case with `goldens`, its golden): a failure's always, the others' only with
    /// `goldens` (`--report-all`).
    package static func caseFiles(of r: CaseResult, in folder: String, goldens: ((CaseResult) -> [UInt8]?)?) -> CaseFiles {
        let owned = try? OwnedFolder(folder)
        func bytes(_ kind: ResultFile, if present: Bool = true) -> [UInt8]? {
            guard present, let owned else { return nil }
            return try? owned.read(key(of: r.testCase, kind), limit: 1 << 30, kind: "a result file")
        }
        switch r.outcome {
        case .failed, .error:
            let texts = r.texts.compactMap { t -> HTMLReport.TextPair? in
                guard let kinds = textKinds(ofGolden: t.golden) else { return nil }
                return HTMLReport.TextPair(label: kinds.found == .semantics ? "screen-reader tree" : "spoken words",
                                           golden: bytes(kinds.expected, if: t.expected != nil).map { String(decoding: $0, as: UTF8.self) },
                                           actual: bytes(kinds.found).map { String(decoding: $0, as: UTF8.self) } ?? "")
            }
            return CaseFiles(golden: bytes(.expected, if: r.expected != nil), actual: bytes(.actual, if: r.actual != nil),
                             diff: bytes(.diff, if: r.diff != nil), texts: texts)
        case .passed where goldens != nil:
            return CaseFiles(golden: bytes(.expected) ?? goldens?(r))
        default:
            return CaseFiles()
        }
    }
}
