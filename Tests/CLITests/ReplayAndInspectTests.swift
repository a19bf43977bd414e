import Foundation
import Testing
import Raster

/// `limelight replay` and `limelight inspect`.
@Suite struct ReplayAndInspectTests {
    func write(_ text: String) throws -> String {
        let path = try CLI.temporaryFolder() + "/script.txt"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func state(_ r: CLIResult) throws -> [String: Any] {
        let obj = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8), options: [.fragmentsAllowed])
        return try #require(obj as? [String: Any], "stdout is one JSON object: \(r.stdout)")
    }

    @Test func tapOnTheHighlightedFABAddsACardAndEndsTheTip() throws {
        let out = try CLI.temporaryFolder()
        let script = try write("""
        # the tip appears 1 s after launch
        wait 1100
        shot tip.png
        tap 335 710   # the FAB
        wait 400
        shot after.png
        """)
        let r = try CLI.run(["replay", "--script", script, "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        let s = try state(r)
        #expect(s["cards"] as? Int == 5)
        #expect(s["tab"] as? String == "home")
        #expect(s["overlay"] is NSNull)
        // The tip is the app's launch tour: tapping its target finished it.
        let tour = s["tour"] as? [String: Any]
        #expect(tour?["id"] as? String == "fab" && tour?["state"] as? String == "finished")
        #expect(FileManager.default.fileExists(atPath: out + "/tip.png"))
        #expect(FileManager.default.fileExists(atPath: out + "/after.png"))
    }

    @Test func withTheTipUpTheMenuTabIsBlocked() throws {
        let out = try CLI.temporaryFolder()
        let r = try CLI.run(["replay", "--script", try write("wait 1500\ntap 292 790\n"), "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        let s = try state(r)
        #expect(s["tab"] as? String == "home", "the tap dismissed the tip and reached nothing beneath")
        #expect(s["overlay"] is NSNull || s["overlay"] as? String == nil)
    }

    @Test func menuOpensTheLoadingScreen() throws {
        let out = try CLI.temporaryFolder()
        let r = try CLI.run(["replay", "--no-overlay", "--script", try write("tap 292 790\nwait 100\ntap 195 254\nwait 600\n"), "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try state(r)["tab"] as? String == "menu")
    }

    @Test func scrollAndKeysParse() throws {
        let out = try CLI.temporaryFolder()
        let r = try CLI.run(["replay", "--script", try write("wait 1200\nkey escape\nwait 300\nscroll 300 at 195 400\nscroll -50\nkey enter\ndown 10 10\nmove 12 12\nup 12 12\n"), "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try state(r)["overlay"] is NSNull)
    }

    @Test(arguments: [
        ("tap 1\n", "script.txt:1: expected `tap [MODIFIERS] X Y` with two numbers in points, or `tap [MODIFIERS] ID` with a view id (got \"tap 1\")"),
        ("wait 10\njump 3 4\n", "script.txt:2: expected a command: tap, down, move, up, drag, touch, scroll, key, text, compose, commit, wait, shot, drop or expect (got \"jump 3 4\")"),
        ("\n\nkey f13\n", nil),
        ("wait -5\n", "script.txt:1: expected `wait MS` with milliseconds from 0 to 3600000 (got \"wait -5\")"),
        ("shot ../x.png\n", "script.txt:1: expected `shot NAME.png` with a file name (no folder, no control characters) ending in .png (got \"shot ../x.png\")"),
        ("scroll 10 near 3 4\n", nil),
        ("tap nan 4\n", nil),
    ] as [(String, String?)])
    func scriptErrorsNameTheirLine(text: String, message: String?) throws {
        let path = try write(text)
        let r = try CLI.run(["replay", "--script", path, "--out", try CLI.temporaryFolder()])
        #expect(r.status == 2)
        #expect(r.errorLines.count == 1, "\(r.stderr)")
        if let message { #expect(r.errorLines.first == "limelight: replay: " + path.replacingOccurrences(of: "script.txt", with: "") + message) }
        else { #expect(r.errorLines.first?.hasPrefix("limelight: replay: \(path):") == true, "\(r.stderr)") }
        #expect(r.stdout.isEmpty)
    }

    @Test func missingScriptAndOutputAreErrors() throws {
        let r = try CLI.run(["replay", "--script", "/no/such/script.txt", "--out", try CLI.temporaryFolder()])
        #expect(r.status == 1)
        #expect(r.errorLines == ["limelight: replay: /no/such/script.txt: no such file"])
        let file = try write("wait 1\n")
        let r2 = try CLI.run(["replay", "--script", file, "--out", file])
        #expect(r2.status == 2)
        #expect(r2.errorLines == ["limelight: replay: --out \(file): is a file (expected a folder)"])
    }

    @Test func inspectListsEveryIdWithItsFrame() throws {
        let r = try CLI.run(["inspect", "--size", "1280x800"])
        #expect(r.status == 0, "\(r.stderr)")
        let obj = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let views = try #require(obj["views"] as? [[String: Any]])
        let ids = Set(views.compactMap { $0["id"] as? String })
        for id in ["fab", "nav.title", "grid", "card.0", "card.3", "tab.home", "tab.menu", "menu.alert", "menu.loading"] {
            #expect(ids.contains(id), "inspect lists \(id)")
        }
        let fab = try #require(views.first { $0["id"] as? String == "fab" })
        let frame = try #require(fab["frame"] as? [Double])
        #expect(frame.count == 4 && frame[2] == 56 && frame[3] == 56)
        #expect((obj["size"] as? [Double]) == [1280, 800])
    }

    func inspect(_ args: [String]) throws -> (views: [[String: Any]], overlays: [[String: Any]]) {
        let r = try CLI.run(["inspect"] + args)
        #expect(r.status == 0, "\(r.stderr)")
        let obj = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        return (try #require(obj["views"] as? [[String: Any]]), try #require(obj["overlays"] as? [[String: Any]]))
    }

    func frame(_ entries: [[String: Any]], _ id: String) -> [Double]? {
        entries.first { $0["id"] as? String == id }?["frame"] as? [Double]
    }

    @Test func inspectListsTheFABTipsViewsByDefaultAndNoneWithoutOverlay() throws {
        let (views, overlays) = try inspect([])
        let ids = overlays.compactMap { $0["id"] as? String }
        #expect(ids == ["overlay.bubble", "overlay.bubble.text"], "\(ids)")
        #expect(overlays.allSatisfy { $0["overlay"] as? String == "spotlight" })
        let bubble = try #require(frame(overlays, "overlay.bubble")), fab = try #require(frame(views, "fab"))
        #expect(bubble[1] + bubble[3] < fab[1], "the FAB tip's bubble sits above the FAB")
        #expect(try inspect(["--no-overlay"]).overlays.isEmpty)
    }

    @Test func inspectAtAStepOfATourListsItsBubblesButtons() throws {
        let tour = TourCommandTests.tours + "/home.json"
        let (views, overlays) = try inspect(["--tour", tour, "--step", "2"])
        let ids = Set(overlays.compactMap { $0["id"] as? String })
        for id in ["overlay.bubble", "overlay.bubble.title", "overlay.bubble.text", "overlay.bubble.progress",
                   "overlay.bubble.skip", "overlay.bubble.next"] {
            #expect(ids.contains(id), "step 2 shows \(id)")
        }
        #expect(views.contains { $0["id"] as? String == "tab.menu" }, "and the app's views are listed too")
        let next = try #require(frame(overlays, "overlay.bubble.next")), box = try #require(frame(overlays, "overlay.bubble"))
        #expect(next[0] >= box[0] && next[0] + next[2] <= box[0] + box[2] + 0.001, "Next lies in the bubble")
    }

    @Test func inspectInArabicShowsTheMirroredFrames() throws {
        let english = try inspect(["--no-overlay"]).views, arabic = try inspect(["--no-overlay", "--lang", "ar"]).views
        #expect(try #require(frame(english, "fab"))[0] == 314)
        #expect(try #require(frame(arabic, "fab")) == [20, 685, 56, 56])
        #expect(try #require(frame(arabic, "tab.home"))[0] == 195 && frame(arabic, "tab.menu")?[0] == 0)
        #expect(try #require(frame(arabic, "card.0"))[0] == 203)
        let title = try #require(frame(arabic, "nav.title"))
        #expect(abs(title[0] + title[2] - (390 - 16)) < 0.5, "the large title ends 16 pt from the right: \(title)")
    }

    @Test func inspectRefusesAStepItsTourDoesNotHave() throws {
        let tour = TourCommandTests.tours + "/fab.json"
        let r = try CLI.run(["inspect", "--tour", tour, "--step", "4"])
        #expect(r.status == 2)
        #expect(r.errorLines == ["limelight: inspect: --step 4: the tour \"fab\" has 1 step"])
        let alone = try CLI.run(["inspect", "--step", "1"])
        #expect(alone.status == 2 && alone.errorLines == ["limelight: inspect: --step needs --tour FILE"])
    }
}
