import Foundation
import Schema
import Testing
import ImageFiles
import Raster
import Tours

/// New tours over screenshots from the editor, through the real binary: `--screenshot` starts one
/// (an @3x image's screen is its pixels ÷ 3), a dropped image becomes the tour's screen or a later
/// step's own, and a file that is no image is refused with one line and changes nothing.
@Suite struct EditorScreensTests {
    static func folder() throws -> String {
        let dir = try CLI.temporaryFolder()
        try Pixmap(width: 1170, height: 2532, fill: Color(red: 0x30, green: 0x60, blue: 0x90)).writePNG(to: dir + "/home@3x.png")
        try Pixmap(width: 1170, height: 2532, fill: Color(red: 0x90, green: 0x30, blue: 0x60)).writePNG(to: dir + "/menu@3x.png")
        try "not an image".write(toFile: dir + "/notes.txt", atomically: true, encoding: .utf8)
        return dir
    }

    func replay(_ dir: String, _ script: String, extra: [String] = []) throws -> CLIResult {
        try script.write(toFile: dir + "/script.txt", atomically: true, encoding: .utf8)
        return try CLI.run(["replay", "--edit", dir + "/new.json", "--script", dir + "/script.txt", "--out", dir + "/out"] + extra,
                           environment: ["SDL_VIDEODRIVER": "dummy"])
    }

    @Test func aNewTourStartsOverAScreenshotAndSaves() throws {
        let dir = try Self.folder()
        let r = try replay(dir, "key ctrl+s\ntext \"home\"\nkey enter\nshot editor.png\n", extra: ["--screenshot", dir + "/home@3x.png", "--scale", "3"])
        #expect(r.status == 0, "\(r.stderr)")
        let saved = try String(contentsOfFile: dir + "/new.json", encoding: .utf8)
        #expect(saved.contains(#""background": "home@3x.png""#) && saved.contains(#""scale": 3"#), "\(saved)")
        let check = try CLI.run(["check", dir + "/new.json"])
        #expect(check.status == 0 && check.stdout.contains("ok (1 step"), "\(check.stdout)\(check.stderr)")
        // The first step's rectangle is in the middle of the 390x844 screen.
        #expect(saved.contains("[135, 382, 120, 80]"), "\(saved)")
    }

    @Test func aDroppedImageIsTheToursScreenThenALaterStepsOwn() throws {
        let dir = try Self.folder()
        let script = """
        drop "home@3x.png"
        key ctrl+n
        drop "menu@3x.png"
        drop "notes.txt"
        key ctrl+s
        text "drops"
        key enter
        """
        let r = try replay(dir, script)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("notes.txt cannot be a screenshot: "), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").filter { $0.contains("notes.txt") }.count == 1)
        let saved = try String(contentsOfFile: dir + "/new.json", encoding: .utf8)
        #expect(saved.contains(#""background": "home@3x.png""#) && saved.contains(#""scale": 3"#), "\(saved)")
        #expect(saved.contains(#""background": "menu@3x.png""#), "the second step runs over the second screen: \(saved)")
        let check = try CLI.run(["check", dir + "/new.json"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        // The second step is shown over its own screen.
        let render = try CLI.run(["render", "--tour", dir + "/new.json", "--step", "2", "--scale", "1", "--out", dir + "/two.png"])
        #expect(render.status == 0, "\(render.stderr)")
        let two = try Pixmap(contentsOfFile: dir + "/two.png")
        let corner = two.color(x: 5, y: 5)
        #expect(corner.red > corner.blue, "the menu screen (reddish, dimmed) under step 2: \(corner)")
    }

    /// Play shows what the window shows: the editor's screen area while playing from step 2 is
    /// pixel for pixel `render --tour --step 2` at the same moment (the render is the window's
    /// frame, bit for bit), over the app at 100% and over a @3x screenshot at 100% and 200% (three steps up from 100%).
    @Test(arguments: [("home", "", 1.0), ("phone", "key ctrl+1", 1.0), ("phone", "key ctrl+1\nkey ctrl+=\nkey ctrl+=\nkey ctrl+=", 2.0)])
    func playIsPixelForPixelTheTour(tour: String, zoom: String, scale: Double) throws {
        let dir = try Self.folder()
        if tour == "home" {
            let home = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("assets/tours/home.json").path
            try FileManager.default.copyItem(atPath: home, toPath: dir + "/new.json")
        } else {
            let text = #"{"id": "phone", "background": "home@3x.png", "screen": {"scale": 3}, "steps": [{"rect": [30, 100, 330, 130], "label": "Card", "title": "One", "text": "First."}, {"rect": [290, 740, 70, 70], "label": "Add", "shape": "circle", "title": "Two", "text": "Second."}]}"#
            try text.write(toFile: dir + "/new.json", atomically: true, encoding: .utf8)
        }
        let r = try replay(dir, "\(zoom)\ntap editor.step.2\nkey ctrl+p\nwait 3000\nshot play.png\n")
        #expect(r.status == 0, "\(r.stderr)")
        let render = try CLI.run(["render", "--tour", dir + "/new.json", "--step", "2", "--time", "3000", "--scale", scale.compact, "--out", dir + "/render.png"])
        #expect(render.status == 0, "\(render.stderr)")
        let shot = try Pixmap(contentsOfFile: dir + "/out/play.png")
        let frame = try Pixmap(contentsOfFile: dir + "/render.png")
        // At 100% the 390x844 screen fills the editor's screen area from its corner; zoomed in it is
        // panned to its centre, which is compared with the render's centre.
        let w = min(frame.width, 390), h = min(frame.height, 844)
        let fx = (frame.width - w) / 2, fy = (frame.height - h) / 2
        var differing = 0
        for y in 0..<h {
            for x in 0..<w where shot.color(x: x, y: y) != frame.color(x: fx + x, y: fy + y) { differing += 1 }
        }
        #expect(differing == 0, "\(differing) of \(w * h) pixels differ between Play and the tour's frame")
    }

    /// Recording a tour by using the app: Ctrl-R, taps through the app (the FAB adds a card, the
    /// new card, the Menu tab, a button there), Escape. Each tap on a view became a step on it that
    /// goes on when tapped, the card's step waits for it, the Menu step is on its tab, and the test
    /// script the recording wrote replays it to the end under `limelight test`.
    @Test func aRecordedTourReplaysUnderTest() throws {
        let dir = try Self.folder()
        let script = """
        key ctrl+r
        wait 800
        tap fab
        wait 700
        tap card.4
        wait 500
        tap tab.menu
        wait 500
        tap menu.alert
        key escape
        key ctrl+s
        text "recorded"
        key enter
        """
        let r = try replay(dir, script)
        #expect(r.status == 0, "\(r.stderr)")
        let saved = try String(contentsOfFile: dir + "/new.json", encoding: .utf8)
        let bytes = Array(saved.utf8)
        let json = JSONTree(try JSONParser.parse(bytes), in: bytes)
        let steps = json["steps"]?.arrayValue ?? []
        // Each tap's view, written with its element's role and name: a second way to find it.
        #expect(steps.map { $0["target"]?["id"]?.stringValue ?? "" } == ["fab", "card.4", "tab.menu", "menu.alert"], "\(saved)")
        #expect(steps.map { $0["target"]?["role"]?.stringValue ?? "" } == ["button", "button", "tab", "button"], "\(saved)")
        #expect(steps.allSatisfy { $0["advanceOn"]?.stringValue == "tapTarget" })
        #expect(steps[1]["waitFor"] != nil && steps[0]["waitFor"] == nil && steps[2]["waitFor"] == nil, "only the added card is waited for")
        #expect(steps[3]["tab"]?.stringValue == "menu" && steps[2]["tab"] == nil)
        let lines = json["test"]?["scripts"]?.arrayValue?.first?["lines"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(lines.filter { $0.hasPrefix("expect step=") } == ["expect step=1", "expect step=2", "expect step=3", "expect step=4"], "\(lines)")
        let update = try CLI.run(["test", dir + "/new.json", "--update", "--report", dir + "/report"])
        #expect(update.status == 0, "\(update.stdout)\(update.stderr)")
        let test = try CLI.run(["test", dir + "/new.json", "--report", dir + "/report"])
        #expect(test.status == 0 && test.stdout.contains("5 passed, 0 failed"), "four steps and the recorded script: \(test.stdout)\(test.stderr)")
    }

    /// Over a screenshot, each click of a recording becomes a rectangle step around it.
    @Test func aRecordingOverAScreenshotMakesRectangles() throws {
        let dir = try Self.folder()
        let r = try replay(dir, "key ctrl+r\nwait 500\ntap 100 200\nwait 500\ntap 300 700\nkey ctrl+r\n",
                           extra: ["--screenshot", dir + "/home@3x.png"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("recorded 2 steps"), "\(r.stderr)")
        #expect(r.stdout.contains(#""steps":2"#), "\(r.stdout)")
    }
}
