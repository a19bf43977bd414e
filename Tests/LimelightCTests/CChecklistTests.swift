import Foundation
@testable import LimelightC
import Testing

/// A checklist over a C app's own frame: shown, ticked by the app's events and the tours it
/// finishes, opened by a tap on its launcher, an item chosen with the keyboard playing the tour
/// beside it, items restored from the app's saved copy, and the calls' mistakes in one line.
@MainActor @Suite(.serialized) struct CChecklistTests {
    /// A folder with the paint tour, a second tour and a checklist naming both.
    static func folder() throws -> String {
        let folder = try Fixtures.folder()
        try FileManager.default.copyItem(atPath: Fixtures.paintTour, toPath: folder + "/paint.json")
        try #"{"id": "saving", "steps": [{"target": "toolbar.save", "text": "Save here.", "advanceOn": "nextButton"}]}"#
            .write(toFile: folder + "/saving.json", atomically: true, encoding: .utf8)
        try #"""
        {"checklist": 1, "id": "paint-start", "title": "Paint", "items": [
          {"id": "tour", "title": "Take the tour", "tour": "paint"},
          {"id": "save", "title": "Save a drawing", "done": {"event": "saved"}, "tour": "saving"},
          {"id": "three", "title": "Draw three strokes", "done": "strokes >= 3"}]}
        """#.write(toFile: folder + "/start.checklist.json", atomically: true, encoding: .utf8)
        return folder
    }

    /// Each item's state, by id, as the state JSON says.
    static func items(_ c: CSession) -> [String: String] {
        let list = c.state["checklist"] as? [String: Any]
        return Dictionary(uniqueKeysWithValues: ((list?["items"] as? [[String: Any]]) ?? []).map { ($0["id"] as? String ?? "", $0["state"] as? String ?? "") })
    }

    static func lines(_ c: CSession, _ event: String) -> [[String: Any]] {
        c.events.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }.filter { $0["event"] as? String == event }
    }

    @Test func aChecklistIsTickedOpenedAndLaunchesTheTourBesideIt() throws {
        let folder = try Self.folder()
        let c = try CSession(tour: folder + "/paint.json")
        #expect(limelight_session_show_checklist(c.handle, folder + "/start.checklist.json") == 0, "\(CSession.lastError)")
        c.wait(400)
        #expect(Self.items(c) == ["tour": "toDo", "save": "toDo", "three": "toDo"])
        #expect(Self.lines(c, "checklistShown").first?["checklist"] as? String == "paint-start")
        // The paint tour runs first; finishing it ticks its item.
        _ = c.tap(176, 36)
        c.wait(400)
        #expect(limelight_session_send_event(c.handle, "strokes") == 0)
        c.wait(400)
        #expect(limelight_session_key(c.handle, "enter") == 1)
        c.wait(800)
        #expect(c.tour?.state == "finished", "\(c.state)")
        #expect(Self.items(c)["tour"] == "done" && Self.lines(c, "itemDone").map { $0["item"] as? String } == ["tour"], "\(c.events)")
        // A tap on the launcher is Limelight's and opens the panel; Enter chooses the first item to do.
        #expect(c.tap(42, 438) == (1, 1))
        c.wait(400)
        #expect((c.state["checklist"] as? [String: Any])?["open"] as? Bool == true, "\(c.state)")
        #expect(limelight_session_key(c.handle, "enter") == 1)
        c.wait(600)
        let launched = Self.lines(c, "itemLaunched")
        #expect(launched.count == 1 && launched[0]["item"] as? String == "save" && launched[0]["tour"] as? String == "saving", "\(c.events)")
        #expect(c.tour?.state == "running" && Self.lines(c, "shown").contains { $0["tour"] as? String == "saving" }, "\(c.state)")
        // The app's event ticks an item; a restored one is done without a line.
        #expect(limelight_session_send_event(c.handle, "saved") == 0)
        #expect(limelight_session_check_item(c.handle, "three") == 0, "\(CSession.lastError)")
        c.wait(100)
        #expect(Self.items(c) == ["tour": "done", "save": "done", "three": "done"])
        #expect(Self.lines(c, "itemDone").map { $0["item"] as? String } == ["tour", "save"], "\(c.events)")
    }

    @Test func theChecklistCallsSayWhatIsWrong() throws {
        let folder = try Self.folder()
        let c = try CSession(tour: folder + "/paint.json")
        #expect(limelight_session_check_item(c.handle, "tour") == -1 && CSession.lastError.contains("no checklist is shown"), "\(CSession.lastError)")
        #expect(limelight_session_show_checklist(c.handle, folder + "/missing.checklist.json") == -1)
        #expect(CSession.lastError.contains("missing.checklist.json"), "\(CSession.lastError)")
        try #"{"checklist": 1, "id": "x", "title": "X", "items": [{"id": "a", "titel": "A", "tour": "t"}]}"#
            .write(toFile: folder + "/bad.checklist.json", atomically: true, encoding: .utf8)
        #expect(limelight_session_show_checklist(c.handle, folder + "/bad.checklist.json") == -1)
        #expect(CSession.lastError.contains("bad.checklist.json:1") && CSession.lastError.contains("titel"), "\(CSession.lastError)")
        #expect(limelight_session_show_checklist(c.handle, folder + "/start.checklist.json") == 0)
        #expect(limelight_session_check_item(c.handle, "nope") == -1 && CSession.lastError.contains("no item \"nope\""), "\(CSession.lastError)")
        #expect(limelight_session_show_checklist(c.handle, nil) == -1)
        #expect(limelight_session_show_checklist(nil, folder + "/start.checklist.json") == -1)
    }
}
