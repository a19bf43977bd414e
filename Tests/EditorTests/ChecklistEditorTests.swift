import Foundation
import Demo
import Editor
import FontText
import Headless
import ImageFiles
import Raster
import Testing
import TestSupport
import Tours
import Views

/// The checklist editor, headless over the sample app: the checklist's panel open on the app as
/// the file says it, its keys and its items edited, added, removed and moved, undone and redone,
/// saved keeping the file's formatting, the app's names checked, and quitting with unsaved changes.
@Suite(.serialized) @MainActor struct ChecklistEditorTests {
    @MainActor final class Fixture {
        let editor: ChecklistEditorApp
        let session: HeadlessSession
        var runner: ScriptRunner
        let clock = VirtualClock()
        let path: String
        var log: [String] = []

        init(text: String?) throws {
            setenv("SDL_VIDEODRIVER", "dummy", 1)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-checklist-editor-" + UUID().uuidString).path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            path = folder + "/start.checklist.json"
            if let text { try text.write(toFile: path, atomically: true, encoding: .utf8) }
            let sample = DemoApp.definition(imagesFolder: nil, toursFolder: nil)
            let engine = try SystemTextEngine(family: sample.fontFamily, fallbackLanguages: sample.fallbackLanguages)
            let clock = self.clock
            let model = try ChecklistEditorModel(path: path, text: text, catalog: { DemoApp.launchCatalog() })
            editor = try ChecklistEditorApp(model: model, makeStage: {
                let app = try DemoApp(size: Size(390, 844), textEngine: engine, clock: clock)
                app.root.strings = ShippedStrings.strings
                return app
            }, textEngine: engine, clock: clock, scale: 1)
            let editor = self.editor
            session = HeadlessSession(app: editor, stage: { editor.stage }, clock: clock)
            runner = ScriptRunner(session: session, engine: { nil })
            editor.log = { [weak self] in self?.log.append($0) }
            session.runFrame()
        }

        func run(_ lines: String) throws {
            try runner.run(try ReplayScript(text: lines, file: "script"))
            session.wait(milliseconds: 300)
        }

        var saved: String? { try? String(contentsOfFile: path, encoding: .utf8) }
    }

    static let text = """
    {
      "checklist": 1,
      "id": "start",
      "title": {"en": "Get started", "de": "Erste Schritte"},
      "items": [
        {"id": "tour", "title": "Take the tour", "tour": "home"},
        {"id": "add", "title": "Add a card", "done": {"event": "cardAdded"}}
      ]
    }

    """

    @Test func theChecklistIsShownOpenOnTheAppAsTheFileSaysIt() throws {
        let f = try Fixture(text: Self.text)
        f.session.wait(milliseconds: 300)
        let runner = try #require(f.editor.runner)
        #expect(runner.overlay.isOpen && runner.content().items.map(\.title) == ["Take the tour", "Add a card"])
        #expect(f.editor.stage.root.view(withID: "overlay.checklist.item.add")?.isPlaced == true)
        // The preview works: the app's event ticks its item.
        f.editor.stage.onAppEvent?("cardAdded")
        runner.noteEvent("cardAdded")
        #expect(runner.states.map(\.rawValue) == ["toDo", "done"])
    }

    @Test func keysAndItemsAreEditedUndoneAndSavedKeepingTheFormat() throws {
        let f = try Fixture(text: Self.text)
        // An item chosen, its title typed (the English of a plain string stays a plain string).
        try f.run("tap editor.items.1\ntap editor.item.title\nkey end\ntext \" now\"\nkey enter")
        #expect(f.editor.model.selected == 1)
        #expect(f.editor.runner?.content().items[1].title == "Add a card now", "the preview follows the edit")
        // The checklist's title in English, its German kept.
        try f.run("tap editor.checklist.title\nkey end\ntext \"!\"\nkey enter")
        try f.run("tap editor.item.add\ntap editor.item.up\ntap editor.item.up")
        #expect(f.editor.model.items.compactMap { $0["id"]?.stringValue } == ["item1", "tour", "add"], "added after the chosen item, moved up twice")
        try f.run("key ctrl+z")
        #expect(f.editor.model.items.compactMap { $0["id"]?.stringValue } == ["tour", "item1", "add"])
        try f.run("key ctrl+shift+z")
        #expect(f.editor.model.items.compactMap { $0["id"]?.stringValue } == ["item1", "tour", "add"])
        try f.run("tap editor.item.remove")
        try f.run("key ctrl+s")
        let saved = try #require(f.saved)
        #expect(saved == Self.text.replacingOccurrences(of: "\"Add a card\"", with: "\"Add a card now\"")
                    .replacingOccurrences(of: "\"en\": \"Get started\"", with: "\"en\": \"Get started!\""), "\(saved)")
        #expect(f.log.contains("edit: saved \(f.path)") && !f.editor.model.isModified)
        try f.run("key ctrl+s")
        #expect(f.log.last == "edit: nothing to save")
    }

    @Test func aNewItemIsWrittenAsTheItemBeforeIt() throws {
        let f = try Fixture(text: Self.text)
        try f.run("tap editor.items.1\ntap editor.item.add\nkey ctrl+s")
        let saved = try #require(f.saved)
        #expect(saved.contains(#"{"id": "add", "title": "Add a card", "done": {"event": "cardAdded"}},\#n    {"id": "item1", "#), "\(saved)")
        #expect(saved.split(separator: "\n").count == Self.text.split(separator: "\n").count + 1, "one line more: \(saved)")
        // A value set anew inside an item read on one line is written on that line.
        f.editor.model.setValue(.object([("event", .string("cardAdded"))]), at: ["done"], inItem: 0)
        try f.run("key ctrl+s")
        #expect(try #require(f.saved).contains(#"{"id": "tour", "title": "Take the tour", "done": {"event": "cardAdded"}, "tour": "home"},"#), "\(f.saved ?? "")")
        // After an item written over several lines, a new one is too.
        let wide = try Fixture(text: Self.text.replacingOccurrences(of: #"{"id": "tour", "title""#, with: "{\n      \"id\": \"tour\",\n      \"title\""))
        try wide.run("tap editor.items.0\ntap editor.item.add\nkey ctrl+s")
        let lines = try #require(wide.saved).split(separator: "\n")
        #expect(lines.contains { $0.trimmingCharacters(in: .whitespaces) == #""id": "item1","# }, "\(lines)")
    }

    @Test func theAppsNamesAreCheckedAndABrokenFileShowsNoChecklist() throws {
        let f = try Fixture(text: Self.text)
        try f.run("tap editor.items.1\ntap editor.item.done\nkey end\ntext \"x\"\nkey enter")
        // {"event": "cardAdded"}x is no JSON: refused, nothing changes.
        #expect(f.log.last?.hasPrefix("edit: items[].done: not JSON") == true, "\(f.log)")
        f.editor.model.setValue(.object([("event", .string("cardAddd"))]), at: ["done"], inItem: 1)
        #expect(f.editor.model.problems.contains { $0.message.contains("cardAddd") && $0.message.contains("cardAdded") }, "\(f.editor.model.problems)")
        f.editor.model.setValue(nil, at: ["title"], inItem: 1)
        #expect(f.editor.model.loaded == nil && f.editor.runner == nil && f.editor.model.problems.contains { $0.message.contains("title") })
        f.editor.model.undo()
        #expect(f.editor.model.loaded != nil && f.editor.runner != nil)
    }

    @Test func aNewFileStartsWithOneItemAndQuittingAsksOnce() throws {
        let f = try Fixture(text: nil)
        #expect(f.editor.model.items.count == 1 && f.editor.model.loaded?.id == "start")
        try f.run("key ctrl+q")
        #expect(!f.editor.wantsToQuit && f.log.last?.contains("Ctrl-Q again") == true, "\(f.log)")
        try f.run("key ctrl+q")
        #expect(f.editor.wantsToQuit)
        #expect(f.saved == nil, "nothing was written")
    }
}
