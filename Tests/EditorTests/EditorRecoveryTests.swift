import Foundation
import Testing
import Views
import Editor
import Raster
import Tours

/// Unsaved work kept by an editor a signal ended (`.NAME.recovered` beside the tour, as
/// `limelight edit` writes it) is offered back by the next editor of the file: Restore makes it
/// the document (unsaved until Ctrl-S, which removes the recovery file), Discard removes it,
/// Escape decides later; and an @3x screenshot opened at scale 1 gets a hint naming `--scale 3`.
@Suite(.serialized) @MainActor struct EditorRecoveryTests {
    /// A tour file in a folder of its own, and the tour it would be with one more step (what the
    /// recovery file keeps).
    func tourWithKeptChanges() throws -> (folder: String, original: String, kept: String) {
        let first = try EditorFixture(text: EditorScenarioTests.home)
        try first.run("key ctrl+n\ntap editor.title\ntext \"Kept by the signal\"\nkey escape")
        let kept = first.editor.model.document.text
        #expect(first.editor.model.isModified)
        let folder = (first.path as NSString).deletingLastPathComponent
        try kept.write(toFile: folder + "/.tour.json.recovered", atomically: true, encoding: .utf8)
        return (folder, EditorScenarioTests.home, kept)
    }

    func recoveryExists(_ folder: String) -> Bool { FileManager.default.fileExists(atPath: folder + "/.tour.json.recovered") }

    @Test func restoreMakesTheKeptTourTheDocumentAndASaveRemovesTheRecoveryFile() throws {
        let (folder, original, kept) = try tourWithKeptChanges()
        let f = try EditorFixture(text: original, folder: folder)
        #expect(f.log.contains { $0.contains("unsaved changes kept in .tour.json.recovered") }, "a line on stderr: \(f.log)")
        let restore = try #require(f.editor.root.view(withID: "editor.recovery.restore"))
        #expect(restore.isPlaced && restore.visibleFrame.height > 0, "the question shows")
        try f.run("tap editor.recovery.restore")
        #expect(f.editor.model.document.text == kept, "the kept tour is the document")
        #expect(f.editor.model.isModified && f.saved == original, "not saved yet")
        #expect(recoveryExists(folder), "kept until it is saved")
        try f.run("key ctrl+z")
        #expect(f.editor.model.document.text == original, "one step of the history")
        try f.run("key ctrl+shift+z\nkey ctrl+s")
        #expect(f.saved == kept, "saved")
        #expect(!recoveryExists(folder), "a save removes the recovery file")
        let again = try EditorFixture(text: kept, folder: folder)
        #expect(!again.log.contains { $0.contains("recovered") }, "nothing is offered any more: \(again.log)")
    }

    @Test func discardRemovesTheRecoveryFileAndEscapeDecidesLater() throws {
        let (folder, original, _) = try tourWithKeptChanges()
        let later = try EditorFixture(text: original, folder: folder)
        try later.run("key escape")
        let restore = try #require(later.editor.root.view(withID: "editor.recovery.restore"))
        #expect(later.editor.root.content.hitTest(restore.frame.center).map { $0 === restore || $0.isDescendant(of: restore) } != true,
                "Escape puts the question away")
        #expect(recoveryExists(folder) && !later.editor.model.isModified, "and keeps the file for the next time")
        try later.run("key ctrl+s")
        #expect(recoveryExists(folder), "a save does not take what it has not restored")
        let f = try EditorFixture(text: original, folder: folder)
        try f.run("tap editor.recovery.discard")
        #expect(!recoveryExists(folder), "Discard removes it")
        #expect(f.editor.model.document.text == original && !f.editor.model.isModified && f.saved == original)
        #expect(f.log.contains { $0.contains("discarded") }, "\(f.log)")
    }

    @Test func aRecoveryFileTheSameAsTheTourIsRemovedWithoutAQuestion() throws {
        let first = try EditorFixture(text: EditorScenarioTests.home)
        let folder = (first.path as NSString).deletingLastPathComponent
        try EditorScenarioTests.home.write(toFile: folder + "/.tour.json.recovered", atomically: true, encoding: .utf8)
        let f = try EditorFixture(text: EditorScenarioTests.home, folder: folder)
        #expect(!recoveryExists(folder) && !f.log.contains { $0.contains("recovered") }, "\(f.log)")
    }

    @Test func aPhoneScreenshotAtThreeTimesOpenedAtScaleOneGetsAHint() throws {
        let big = try Pixmap(width: 1179, height: 2556, fill: Color(red: 0x20, green: 0x50, blue: 0xA0))
        let f = try EditorFixture(text: #"{"id": "b", "background": "big.png", "screen": {"scale": 1}, "steps": [{"rect": [20, 20, 300, 150], "text": "Here."}]}"#,
                                  screenshot: big, screen: (Size(1179, 2556), 1), screenshotFile: "big.png")
        let status = try #require(f.editor.root.view(withID: "editor.status") as? Text)
        #expect(status.string.contains("@3x") && status.string.contains("--scale 3"), "the status line says it: \(status.string)")
        #expect(f.log.filter { $0.contains("--scale 3") && $0.contains("big.png") && $0.contains("393x852") }.count == 1, "one line on stderr: \(f.log)")
        // Set to 3 in the tour's settings, the hint goes.
        f.editor.model.setValue(.number(3), at: ["screen", "scale"], inStep: nil)
        #expect(!status.string.contains("--scale"), "\(status.string)")
    }

    @Test func aDroppedScreenshotNamedAtThreeTimesNeedsNoHint() throws {
        let f = try EditorFixture(text: nil, name: "new.json")
        let folder = (f.path as NSString).deletingLastPathComponent
        let big = try Pixmap(width: 1179, height: 2556, fill: Color(red: 0x20, green: 0x50, blue: 0xA0))
        try big.writePNG(to: folder + "/home@3x.png")
        try big.writePNG(to: folder + "/home.png")
        try f.run("drop \"\(folder)/home@3x.png\"")
        let status = try #require(f.editor.root.view(withID: "editor.status") as? Text)
        #expect(f.editor.model.document.root["screen"]?["scale"]?.numberValue == 3, "the name says @3x")
        #expect(!status.string.contains("--scale") && !f.log.contains { $0.contains("--scale") }, "\(status.string) \(f.log)")
        // The same pixels under a name that says nothing: scale 1, and the hint.
        let g = try EditorFixture(text: nil, name: "new.json")
        try g.run("drop \"\(folder)/home.png\"")
        let hinted = try #require(g.editor.root.view(withID: "editor.status") as? Text)
        #expect(g.editor.model.document.root["screen"]?["scale"]?.numberValue == 1)
        #expect(hinted.string.contains("--scale 3") && g.log.contains { $0.contains("--scale 3") }, "\(hinted.string) \(g.log)")
    }
}
