import Foundation
import Testing
import Tours

/// The files the editor writes and names, through the binary (`replay --edit`): the screenshots
/// and the app a tour names are named relative to it (so a copied tour still finds them), a tour
/// made over a screens file names its app, and a save of an unchanged tour leaves the file alone.
@Suite struct EditorFilesTests {
    let editor = EditorRecordingTests()
    func run(_ args: [String], in dir: String) throws -> CLIResult { try editor.run(args, in: dir) }
    func edit(_ tour: String, _ script: String, in dir: String, extra: [String] = [], before: [String] = []) throws -> CLIResult {
        try editor.edit(tour, script, in: dir, extra: extra, before: before)
    }

    /// Every file the editor names travels with the tour: `--screenshot` given relative to the
    /// current folder, a Screen typed relative to the tour and an image dropped from inside the
    /// project are written relative to the tour file; one dropped from outside stays absolute, and
    /// `check --lint` says so. The project copied elsewhere (the original gone) still checks.
    @Test func savedPathsAreRelativeToTheTourFile() throws {
        let dir = try CLI.temporaryFolder()
        let project = dir + "/project"
        try FileManager.default.createDirectory(atPath: project + "/.git", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: project + "/tours", withIntermediateDirectories: true)
        for image in ["shots/home@3x.png", "shots/menu@3x.png", "tours/local/extra@3x.png"] { try EditorRecordingTests.screenshot(project + "/" + image) }
        try EditorRecordingTests.screenshot(dir + "/elsewhere/far@3x.png")
        let script = """
        key ctrl+n
        tap editor.screen
        text "../shots/menu@3x.png"
        key enter
        key ctrl+n
        drop "\(project)/tours/local/extra@3x.png"
        key ctrl+n
        drop "\(dir)/elsewhere/far@3x.png"
        key ctrl+s
        text "bank"
        key enter
        """
        let r = try edit("tours/bank.json", script, in: project, extra: ["--screenshot", "shots/home@3x.png"])
        #expect(r.status == 0, "\(r.stderr)")
        let tour = try EditorRecordingTests.json(project + "/tours/bank.json")
        let steps = tour["steps"]?.arrayValue ?? []
        #expect(tour["background"]?.stringValue == "../shots/home@3x.png", "\(tour.text())")
        #expect(steps.map { $0["background"]?.stringValue } == [nil, "../shots/menu@3x.png", "local/extra@3x.png", dir + "/elsewhere/far@3x.png"],
                "\(tour.text())")
        let lint = try run(["check", "--lint", "tours/bank.json"], in: project)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        let warnings = lint.stderr.split(separator: "\n").filter { $0.contains("absolute path") }
        #expect(warnings.count == 1 && warnings.first?.contains("bank.json:24: steps[3].background: warning: ") == true, "\(lint.stderr)")
        // The project zipped to a teammate: another folder, the original gone.
        try FileManager.default.moveItem(atPath: project, toPath: dir + "/copy")
        let check = try run(["check", "copy/tours/bank.json"], in: dir)
        #expect(check.status == 0 && check.stdout.contains("ok (4 steps)"), "\(check.stdout)\(check.stderr)")
    }

    /// A tour made (and recorded) over `--app FILE` names that app, relative to itself: `check`,
    /// `test` and the window then run it over the app without `--app`, from any folder.
    @Test func aTourMadeOverAScreensFileNamesItsApp() throws {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/tours", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: EditorRecordingTests.root + "/examples/Player", toPath: dir + "/app")
        try FileManager.default.removeItem(atPath: dir + "/app/tours")
        let r = try edit("tours/first.json", "key ctrl+r\nwait 800\ntap album.sunrise\nwait 600\ntap player.play\nkey ctrl+r\nkey ctrl+s\ntext \"first\"\nkey enter\n",
                         in: dir, before: ["--app", "app/player.json"])
        #expect(r.status == 0, "\(r.stderr)")
        let tour = try EditorRecordingTests.json(dir + "/tours/first.json")
        #expect(tour["app"]?.stringValue == "../app/player.json", "\(tour.text())")
        #expect(tour.members?.map(\.key).prefix(2) == ["id", "app"], "where the format lists it: \(tour.text())")
        let check = try run(["check", dir + "/tours/first.json"], in: "/")
        #expect(check.status == 0 && check.stdout.contains("ok (2 steps)"), "\(check.stdout)\(check.stderr)")
        #expect(try run(["test", "first.json", "--update"], in: dir + "/tours").status == 0)
        let test = try run(["test", "first.json"], in: dir + "/tours")
        #expect(test.status == 0 && test.stdout.contains("3 passed, 0 failed"), "\(test.stdout)\(test.stderr)")
    }

    /// Saving a tour that did not change leaves its file alone: the same inode and modification
    /// time (a watcher sees no save, a build no change); a change is written.
    @Test func anUnchangedSaveLeavesTheFileAlone() throws {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.copyItem(atPath: EditorRecordingTests.root + "/assets/tours/home.json", toPath: dir + "/home.json")
        func signature() -> (inode: UInt64, modified: Int, nanoseconds: Int) {
            var s = stat()
            _ = stat(dir + "/home.json", &s)
            return (UInt64(s.st_ino), s.st_mtim.tv_sec, s.st_mtim.tv_nsec)
        }
        let before = signature()
        let r = try edit("home.json", "key down\nkey down\nkey up\nkey up\nkey ctrl+s\n", in: dir)
        #expect(r.status == 0 && r.stderr.contains("unchanged (not written again)"), "\(r.stderr)")
        let after = signature()
        #expect(after.inode == before.inode && after.modified == before.modified && after.nanoseconds == before.nanoseconds,
                "the file was replaced: \(before) then \(after)")
        let changed = try edit("home.json", "tap editor.padding.plus\nkey ctrl+s\n", in: dir)
        #expect(changed.status == 0 && changed.stderr.contains("wrote home.json"), "\(changed.stderr)")
        #expect(signature().inode != before.inode, "a change is written (beside, then renamed over)")
    }
}
