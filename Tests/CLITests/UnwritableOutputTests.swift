import Foundation
import Testing
import TestSupport

/// Outputs that cannot be written (`test --report`, `--junit`, `--results`, `--blob`, `l10n
/// export --out`, every other output option) are refused before any work, in one line that names
/// the file and why, and missing output folders are made with their parents. Permission bits stop
/// nothing for root, so a test that needs them runs the binary as `nobody` (setpriv).
@Suite struct UnwritableOutputTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let fab = repository.appendingPathComponent("assets/tours/fab.json").path
    static let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first(where: FileManager.default.isExecutableFile)
    static let canDropToNobody = geteuid() == 0 && setpriv != nil

    /// A folder of root's (mode 0755: `nobody` may read it, not write into it) holding the sample
    /// tour, and a folder inside it anyone may write into, for `nobody`'s temporary files.
    func rootsFolder() throws -> (dir: String, open: String) {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.copyItem(atPath: Self.fab, toPath: dir + "/fab.json")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir)
        let open = dir + "/open"
        try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: open)
        return (dir, open)
    }

    /// Runs the binary as the user `nobody`, its temporary folder `temporary`.
    func runAsNobody(_ args: [String], temporary: String, directory: String) throws -> CLIResult {
        try CLI.runProcess(Self.setpriv!, ["--reuid=nobody", "--regid=nogroup", "--clear-groups", CLI.binary] + args,
                           environment: ["DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": "dummy", "TMPDIR": temporary,
                                         "HOME": temporary, "XDG_STATE_HOME": temporary + "/state"],
                           directory: directory)
    }

    /// Each output in a folder `nobody` may not write into: one line naming the option, the file
    /// and "permission denied", its exit code, and nothing done (no tally, nothing rendered).
    @Test(.enabled(if: canDropToNobody, "needs root and setpriv to run as another user"))
    func aFolderWithoutPermissionIsRefusedBeforeAnyWork() throws {
        let (dir, open) = try rootsFolder()
        let cases: [([String], String, Int32)] = [
            (["test", "fab.json", "--jobs", "1", "--report", "rep"], "test: --report rep: folder . is not writable (permission denied)", 3),
            (["test", "fab.json", "--jobs", "1", "--junit", "out/junit.xml"], "test: --junit out/junit.xml: folder . is not writable (permission denied)", 3),
            (["test", "fab.json", "--jobs", "1", "--results", "res"], "test: --results res: folder . is not writable (permission denied)", 3),
            (["test", "fab.json", "--jobs", "1", "--shard", "1/2", "--blob", "b.json"], "test: --blob b.json: folder . is not writable (permission denied)", 3),
            (["merge-reports", "no-such-blob.json", "--junit", "j.xml", "--results", open + "/r"], "merge-reports: --junit j.xml: folder . is not writable (permission denied)", 3),
            (["l10n", "export", "fab.json", "--lang", "de", "--out", "po/de.po"], "l10n export: --out po/de.po: folder . is not writable (permission denied)", 3),
            (["render", "--tour", "fab.json", "--review", "review"], "render: --review review: folder . is not writable (permission denied)", 1),
            (["render", "--tour", "fab.json", "--step", "1", "--out", "shots/x.png"], "render: --out shots/x.png: folder . is not writable (permission denied)", 1),
            (["schema", "tour", "--out", "s.json"], "schema: --out s.json: folder . is not writable (permission denied)", 1),
            (["--events", "events.log", "--frames", "2", "--speech", "off"], "window: --events events.log: folder . is not writable (permission denied)", 1),
        ]
        // The default results folder, in a temporary folder nobody may write into either.
        let closed = dir + "/closed"
        try FileManager.default.createDirectory(atPath: closed, withIntermediateDirectories: false)
        let base = "\(closed)/limelight-\(getpwnam("nobody").pointee.pw_uid)"
        for (args, message, status) in cases + [(["test", "fab.json", "--jobs", "1", "--update"], "test: \(base): folder \(closed) is not writable (permission denied); give --results DIR", 3)] {
            let temporary = args.contains("--update") ? closed : open
            let r = try runAsNobody(args, temporary: temporary, directory: dir)
            #expect(r.status == status, "\(args): \(r.stderr)")
            #expect(r.errorLines.count == 1 && r.errorLines.first?.hasPrefix("limelight: " + message) == true, "\(args): \(r.errorLines)")
            #expect(!r.stderr.contains("NSCocoaErrorDomain") && !r.stderr.contains("could not be completed"), "\(args): \(r.stderr)")
            #expect(r.stdout.isEmpty, "\(args): nothing was run: \(r.stdout)")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(left == ["closed", "fab.json", "open"], "nothing was made: \(left)")
    }

    /// A read-only file system says so, for root too.
    @Test(.enabled(if: TinyDisk.canMount, "needs a tmpfs mount (root)"))
    func aReadOnlyFileSystemIsSaidToBeOne() throws {
        let disk = try #require(TinyDisk(kibibytes: 64))
        defer { disk.remove() }
        #expect(mount(nil, disk.path, nil, UInt(MS_REMOUNT | MS_RDONLY), nil) == 0)
        let r = try CLI.run(["test", Self.fab, "--jobs", "1", "--junit", disk.path + "/ci/junit.xml"])
        #expect(r.status == 3 && r.stdout.isEmpty, "\(r.stdout)")
        #expect(r.errorLines == ["limelight: test: --junit \(disk.path)/ci/junit.xml: folder \(disk.path) is not writable (the file system is read-only)"])
    }

    /// A file where a folder is needed, for each kind of output; nothing is run.
    @Test func aFileWhereAFolderIsNeededIsRefusedBeforeAnyWork() throws {
        let dir = try CLI.temporaryFolder()
        let file = dir + "/plain"
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        let cases: [([String], String, Int32)] = [
            (["test", Self.fab, "--jobs", "1", "--results", dir + "/r", "--report", file + "/rep"], "test: --report \(file)/rep: \(file) is a file, not a folder", 3),
            (["test", Self.fab, "--jobs", "1", "--results", dir + "/r", "--junit", file + "/a/j.xml"], "test: --junit \(file)/a/j.xml: \(file) is a file, not a folder", 3),
            (["test", Self.fab, "--jobs", "1", "--results", file], "test: --results \(file): \(file) is a file, not a folder", 3),
            (["test", Self.fab, "--jobs", "1", "--results", file + "/deeper"], "test: --results \(file)/deeper: \(file) is a file, not a folder", 3),
            (["l10n", "export", Self.fab, "--lang", "de", "--out", file + "/de.po"], "l10n export: --out \(file)/de.po: \(file) is a file, not a folder", 3),
            (["schema", "tour", "--out", file + "/s.json"], "schema: --out \(file)/s.json: \(file) is a file, not a folder", 1),
        ]
        for (args, message, status) in cases {
            let r = try CLI.run(args)
            #expect(r.status == status, "\(args): \(r.stderr)")
            #expect(r.errorLines == ["limelight: " + message], "\(args)")
            #expect(r.stdout.isEmpty, "\(args): \(r.stdout)")
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "x")
    }

    /// Missing output folders are made with their parents; a green run still leaves no results folder.
    @Test func missingOutputFoldersAreMadeWithTheirParents() throws {
        let dir = try CLI.temporaryFolder()
        let r = try CLI.run(["test", Self.fab, "--jobs", "1", "--junit", dir + "/ci/a/junit.xml", "--report", dir + "/ci/b/report",
                             "--results", dir + "/ci/c/results"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/ci/a/junit.xml"))
        #expect(FileManager.default.fileExists(atPath: dir + "/ci/b/report/index.html"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/ci/c"), "a green run leaves no results folder")
        let po = try CLI.run(["l10n", "export", Self.fab, "--lang", "de", "--out", dir + "/po/x/de.po"])
        #expect(po.status == 0 && FileManager.default.fileExists(atPath: dir + "/po/x/de.po"), "\(po.stderr)")
        let schema = try CLI.run(["schema", "tour", "--out", dir + "/schemas/x/tour.json"])
        #expect(schema.status == 0 && FileManager.default.fileExists(atPath: dir + "/schemas/x/tour.json"), "\(schema.stderr)")
        let png = try CLI.run(["render", "--out", dir + "/shots/x/app.png"])
        #expect(png.status == 0 && FileManager.default.fileExists(atPath: dir + "/shots/x/app.png"), "\(png.stderr)")
    }
}
