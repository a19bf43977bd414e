import Foundation
import ScreensApp
import Testing
import Tours

/// Bad screens files: every problem with its file, line and path, unknown widgets and keys with the
/// nearest known one, what the parts say of each other checked, images checked from their header,
/// and files of any size or depth refused or read without a crash or a stall.
@MainActor @Suite struct ScreensLoaderTests {
    @Test func theExampleAppLoads() throws {
        let file = try ScreensLoader.load(path: playerFile)
        #expect(file.id == "player" && file.languages == ["en", "de", "ar"])
        #expect(file.screens.map(\.name) == ["library", "nowPlaying", "search", "settings", "about"])
        #expect(file.tabs.map(\.screen) == ["library", "search", "settings"] && file.start == "library")
        #expect(file.states.map(\.name).contains("plays") && file.events == ["songPlayed", "songLiked"])
        #expect(file.images.count == 4, "each picture decoded once: \(file.images.keys.sorted())")
        #expect(file.idLines["player.play"] != nil && file.viewCount > 40)
    }

    @Test func unknownWidgetsAndKeysNameTheNearestKnownOne() {
        let lines = problems(app(#"{"type": "vstak", "children": []}"#))
        #expect(lines == [#"app.json:5: screens.home.content.type: unknown widget "vstak" (did you mean "vstack"?)"#], "\(lines)")
        // Two letters swapped are one slip, not two.
        let swapped = problems(app(#"{"type": "gird", "children": []}"#))
        #expect(swapped.first == #"app.json:5: screens.home.content.type: unknown widget "gird" (did you mean "grid"?)"#, "\(swapped)")
        let keys = problems(app(#"{"type": "vstack", "spacng": 4, "children": [{"type": "text", "txt": "Hi"}]}"#))
        #expect(keys.contains(#"app.json:5: screens.home.content.spacng: unknown key (did you mean "spacing"?)"#), "\(keys)")
        #expect(keys.contains(#"app.json:5: screens.home.content.children[0].txt: unknown key (did you mean "text"?)"#), "\(keys)")
        #expect(keys.contains(where: { $0.contains(#"a text needs "text""#) }), "\(keys)")
        let top = problems(#"{"id": "t", "screns": {}}"#)
        #expect(top.contains(#"app.json:1: screns: unknown key (did you mean "screens"?)"#) && top.contains(where: { $0.contains(#"missing key "screens""#) }), "\(top)")
        // A key that belongs to another widget is unknown here, with that widget's keys suggested.
        let foreign = problems(app(#"{"type": "text", "text": "Hi", "columns": 2}"#))
        #expect(foreign.count == 1 && foreign[0].contains("columns: unknown key"), "\(foreign)")
    }

    @Test func thePartsAreCheckedAgainstEachOther() {
        let json = """
        {
          "id": "t",
          "states": {"on": {"flag": false}, "count": {"number": 0}},
          "events": ["saved"],
          "tabs": [{"screen": "hom", "title": "Home"}],
          "screens": {
            "home": {"content": {"type": "vstack", "children": [
              {"type": "toggle", "id": "a", "state": "count"},
              {"type": "button", "id": "a", "title": "Go", "action": {"go": "detial", "event": "sent"}},
              {"type": "button", "title": "Up", "action": {"increment": "on"}},
              {"type": "text", "text": "{cout} taps"},
              {"type": "row", "title": "Alone"}
            ]}}
          }
        }
        """
        let lines = problems(json)
        #expect(lines.contains(#"app.json:5: tabs[0].screen: no screen named "hom" (did you mean "home"?)"#), "\(lines)")
        #expect(lines.contains(#"app.json:8: screens.home.content.children[0].state: a toggle keeps a flag, and "count" is a number (line 3)"#), "\(lines)")
        #expect(lines.contains(#"app.json:9: screens.home.content.children[1].id: the id "a" is used twice (first on line 8; this view has it here)"#), "\(lines)")
        #expect(lines.contains(#"app.json:9: screens.home.content.children[1].action.go: no screen named "detial" (known: home)"#), "\(lines)")
        #expect(lines.contains(#"app.json:9: screens.home.content.children[1].action.event: no event named "sent" (declare it in "events") (known: saved)"#), "\(lines)")
        #expect(lines.contains(#"app.json:10: screens.home.content.children[2].action.increment: increment needs a number state, and "on" is a flag (line 3)"#), "\(lines)")
        #expect(lines.contains(#"app.json:11: screens.home.content.children[3].text: {cout} names no state (did you mean "count"?)"#), "\(lines)")
        #expect(lines.contains(where: { $0.hasPrefix("app.json:12:") && $0.contains("a row belongs in a list") }), "\(lines)")
        // In file order, every line with its file, line and path.
        let numbers = lines.compactMap { Int($0.split(separator: ":")[1]) }
        #expect(numbers == numbers.sorted() && numbers.count == lines.count)
    }

    @Test func screensMayLeadToEachOtherInACircle() throws {
        let json = """
        {"id": "t", "screens": {
          "a": {"title": "A", "content": {"type": "button", "id": "toB", "title": "B", "action": {"go": "b"}}},
          "b": {"title": "B", "content": {"type": "button", "id": "toA", "title": "A", "action": {"go": "a"}}}
        }}
        """
        guard case .success(let file) = load(json) else { Issue.record("a cycle of screens is navigation, not an error: \(problems(json))"); return }
        #expect(file.screens.count == 2)
    }

    @Test func limelightsOwnIdsAreNotTheApps() {
        let lines = problems(app(#"{"type": "vstack", "children": [{"type": "text", "id": "overlay.bubble", "text": "x"}, {"type": "text", "id": "home", "text": "y"}, {"type": "text", "id": "nav.back", "text": "z"}]}"#))
        #expect(lines.contains(where: { $0.contains("overlay.bubble") && $0.contains("Limelight's own") }), "\(lines)")
        #expect(lines.contains(#"app.json:5: screens.home.content.children[1].id: the id "home" is used twice (the screen "home", whose name is its id, on line 4; this view has it here)"#), "\(lines)")
        #expect(lines.contains(where: { $0.contains(#"the id "nav.back" is used twice"#) && $0.contains("back button") }), "\(lines)")
    }

    @Test func imagesAreCheckedFromTheirHeaderBeforeAnythingIsDecoded() {
        // A PNG whose header claims 100000 x 100000 pixels: refused from the header, nothing allocated.
        var bomb: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        bomb += [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0, 8, 6, 0, 0, 0, 0, 0, 0, 0]
        let huge = problems(app(#"{"type": "image", "file": "bomb.png"}"#), images: ["bomb.png": bomb])
        #expect(huge.count == 1 && huge[0].hasPrefix("app.json:5: screens.home.content.file: \"bomb.png\":") && huge[0].contains("100000x100000"), "\(huge)")
        let missing = problems(app(#"{"type": "image", "file": "nowhere.png"}"#))
        #expect(missing.count == 1 && missing[0].contains(#"no such file "nowhere.png""#), "\(missing)")
        let text = problems(app(#"{"type": "image", "file": "notes.txt"}"#), images: ["notes.txt": Array("not a picture".utf8)])
        #expect(text.count == 1 && text[0].contains("notes.txt"), "\(text)")
    }

    /// A missing image is listed with the file's other problems, not after they are mended.
    @Test func imagesAreCheckedInTheSameRoundAsTheRest() {
        let lines = problems(app(#"{"type": "vstack", "children": [{"type": "image", "file": "nowhere.png"}, {"type": "button", "title": "Go", "action": {"go": "hom"}}]}"#))
        #expect(lines.count == 2 && lines.contains(where: { $0.contains(#"no such file "nowhere.png""#) }) && lines.contains(where: { $0.contains(#"no screen named "hom""#) }), "\(lines)")
    }

    @Test func aHundredThousandViewsAreRefusedQuickly() {
        let items = Array(repeating: #"{"type": "spacer"}"#, count: 100_000).joined(separator: ",")
        let start = Date()
        let lines = problems(app(#"{"type": "vstack", "children": [\#(items)]}"#))
        // Not a time the test holds: a budget against a stall (it takes well under a second).
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(lines.count == 1 && lines[0].contains("more than 20000 views"), "\(lines.prefix(3))")
    }

    @Test func nestingTenThousandDeepIsRefusedWithoutACrash() {
        let deep = String(repeating: #"{"type": "vstack", "children": ["#, count: 10_000) + String(repeating: "]}", count: 10_000)
        let lines = problems(app(deep))
        #expect(lines.count == 1 && lines[0].contains("nest deeper than 64 levels"), "\(lines)")
    }

    @Test func brokenJSONAndWrongTypesSayWhereAndWhat() {
        #expect(problems(#"{"id": "t", "screens": {"a": {"content": {"type": "text", "text": "x",}}}}"#).first?.hasPrefix("app.json:1:") == true)
        let lines = problems(app(#"{"type": "slider", "state": "v", "min": 5, "max": 1}"#, extra: #""states": {"v": {"number": 3}}"#))
        #expect(lines == [#"app.json:6: screens.home.content.max: expected a number above min (5), found 1"#], "\(lines)")
        let kinds = problems(#"{"id": "t", "states": {"x": {"number": 1, "flag": true}}, "screens": {"a": {"content": {"type": "spacer"}}}}"#)
        #expect(kinds.contains(where: { $0.contains(#"expected one of "number", "flag" and "text""#) }), "\(kinds)")
        let id = problems(#"{"id": "bad id", "screens": {"a": {"content": {"type": "spacer"}}}}"#)
        #expect(id.contains(where: { $0.contains("expected a name of letters, digits") }), "\(id)")
    }
}
