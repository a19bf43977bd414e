import Files
import Foundation
import Tours

/// The folder a `limelight test` run leaves its results in, outside the goldens: a subfolder per
/// tour with each failing case's `.actual.png`, `.expected.png` (a copy of the golden it was
/// compared with) and `.diff.png` (and its texts), and `manifest.json`, the run's `TestRun`.
/// Nothing makes the folder until something is written into it, so a green run leaves no trace;
/// each run first removes what an earlier run left for its tours.
public enum TestResultsFolder {
    /// Where results go when no `--results` is given: `limelight-<uid>/test-results-<digest of the
    /// current folder>` in the temporary folder (`$TMPDIR`, else /tmp): out of the repository, and
    /// the same for every run started in one folder, so `limelight accept` finds the last run.
    public static func defaultPath() -> String {
        let temporary = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return ((temporary as NSString).appendingPathComponent("limelight-\(getuid())") as NSString)
            .appendingPathComponent("test-results-" + TestRun.fingerprint(FileManager.default.currentDirectoryPath))
    }

    /// How a results file ends: the images and texts a failing case leaves.
    static let resultSuffixes = [".actual.png", ".expected.png", ".diff.png", ".golden.png",
                                 ".semantics.json", ".spoken.txt"]

    /// Removes what an earlier run left for `tours` in `folder` (their result files, and the
    /// manifest), and nothing else; makes nothing.
    public static func clear(_ folder: String, tours: [String]) {
        let fm = FileManager.default
        try? fm.removeItem(atPath: (folder as NSString).appendingPathComponent(TestRun.manifestName))
        for tour in tours {
            let tourFolder = (folder as NSString).appendingPathComponent(tour)
            guard let names = try? fm.contentsOfDirectory(atPath: tourFolder) else { continue }
            for name in names where resultSuffixes.contains(where: name.hasSuffix) {
                try? fm.removeItem(atPath: (tourFolder as NSString).appendingPathComponent(name))
            }
        }
    }

    /// Writes `run` as the folder's manifest when the run left files of its cases there; returns
    /// its path, or nil when it left none (a green run leaves no trace, and no record of itself
    /// in a folder an earlier run made: `clear` took that run's manifest away).
    public static func writeManifest(_ run: TestRun, in folder: String) throws(HeadlessError) -> String? {
        guard run.results.contains(where: \.leftResultFiles) else { return nil }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else { return nil }
        var kept = run
        kept.files = nil
        let path = (folder as NSString).appendingPathComponent(TestRun.manifestName)
        let bytes = try kept.encoded()
        do { try AtomicFile(steps: .unsynced).write(bytes, to: path) } catch { throw HeadlessError("cannot write \(path): \(error)") }
        return path
    }

    /// The result files `run` names, read from `folder` for a blob, by their path inside it. With
    /// `everything`, also the goldens of the cases that passed (as their `.expected.png`), for a
    /// `--report-all` report made from the blob.
    public static func files(of run: TestRun, in folder: String, everything: Bool) -> [String: Data] {
        var files: [String: Data] = [:]
        func keep(_ path: String?, as key: String? = nil) {
            guard let path, let bytes = try? InputFile.read(path, limit: 1 << 30, kind: "a result file") else { return }
            files[key ?? RelativePath.from(folder, to: path)] = Data(bytes)
        }
        for r in run.results {
            keep(r.expected); keep(r.actual); keep(r.diff)
            for t in r.texts { keep(t.actual) }
            if everything && r.outcome == .passed && r.goldenExists {
                keep(r.golden, as: r.testCase.tour + "/" + r.testCase.shortName + ".expected.png")
            }
        }
        return files
    }

    /// Writes a blob's files into `folder` (each inside it, whatever its name says) and returns the
    /// run with its result paths pointing there.
    public static func extract(_ blob: TestRun, into folder: String) throws(HeadlessError) -> TestRun {
        for (key, bytes) in (blob.files ?? [:]).sorted(by: { $0.key < $1.key }) {
            let parts = key.split(separator: "/").map(String.init)
            guard !parts.isEmpty, !parts.contains(".."), !parts.contains("."), !key.hasPrefix("/") else {
                throw HeadlessError("the blob names a file outside its folder: \(key)")
            }
            let path = (folder as NSString).appendingPathComponent(key)
            do {
                try FileManager.default.createDirectory(atPath: AtomicFile.split(path).folder, withIntermediateDirectories: true)
                try AtomicFile(steps: .unsynced).write(bytes, to: path)
            } catch { throw HeadlessError("cannot write \(path): \(error)") }
        }
        var run = blob
        run.files = nil
        for g in run.groups.indices {
            for i in run.groups[g].results.indices {
                var r = run.groups[g].results[i]
                func moved(_ p: String?) -> String? { p.map { (folder as NSString).appendingPathComponent(relativeKey($0, r.testCase)) } }
                r.expected = moved(r.expected); r.actual = moved(r.actual); r.diff = moved(r.diff)
                r.texts = r.texts.map { CaseResult.TextGolden(golden: $0.golden, actual: moved($0.actual)!) }
                run.groups[g].results[i] = r
            }
        }
        return run
    }

    /// A result file's path inside a results folder: `<tour>/<file name>`.
    static func relativeKey(_ path: String, _ c: SnapshotCase) -> String {
        c.tour + "/" + (path as NSString).lastPathComponent
    }

    /// The images the HTML report shows for `result`, read from the results folder (and, for a
    /// passed case with `everything`, its golden), as `data:` URLs: a failure's always, the others'
    /// only with `everything` (`--report-all`).
    public static func images(of r: CaseResult, in folder: String, everything: Bool) -> HTMLReport.Images {
        func url(_ path: String?) -> String? {
            guard let path, let bytes = try? InputFile.read(path, limit: 1 << 30, kind: "an image") else { return nil }
            return HTMLReport.dataURL(png: bytes)
        }
        func text(_ path: String?) -> String? {
            guard let path, let bytes = try? InputFile.read(path, limit: 64 << 20, kind: "a text") else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
        switch r.outcome {
        case .failed, .error:
            let texts = r.texts.map { t in
                HTMLReport.TextPair(label: t.golden.hasSuffix(".semantics.json") ? "screen-reader tree" : "spoken words",
                                    golden: text(t.golden), actual: text(t.actual) ?? "")
            }
            return HTMLReport.Images(golden: url(r.expected), actual: url(r.actual), diff: url(r.diff), texts: texts)
        case .passed where everything:
            let kept = (folder as NSString).appendingPathComponent(r.testCase.tour + "/" + r.testCase.shortName + ".expected.png")
            return HTMLReport.Images(golden: url(FileManager.default.fileExists(atPath: kept) ? kept : r.golden), actual: nil, diff: nil)
        default:
            return HTMLReport.Images(golden: nil, actual: nil, diff: nil)
        }
    }
}
