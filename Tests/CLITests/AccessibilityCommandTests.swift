import Foundation
import Testing

/// The keyboard, the semantics tree, announcements and touch through the command line: what a
/// blind or keyboard-only user gets, checked as `replay` and `inspect` report it.
@Suite struct AccessibilityCommandTests {
    static let tours = TourCommandTests.tours

    func write(_ text: String) throws -> String {
        let path = try CLI.temporaryFolder() + "/script.txt"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func state(_ r: CLIResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    }

    /// The transcript `replay --announcements` wrote: (ms, text) pairs.
    func transcript(_ path: String) throws -> [(ms: Int, text: String, language: String)] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let o = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return ((o["ms"] as? Double).map { Int($0) } ?? -1, o["text"] as? String ?? "", o["language"] as? String ?? "")
        }
    }

    static let keyboardTour = """
        wait 600
        expect step=1 focus=overlay.bubble.next
        key enter
        wait 600
        expect step=2 focus=overlay.bubble.next
        key tab
        expect focus=overlay.bubble.skip
        key tab
        expect focus=overlay.bubble.next
        key enter
        wait 600
        expect step=3 focus=fab
        key enter
        wait 600
        expect step=4 cards=5
        key space
        wait 600
        expect step=5 tab=menu
        key enter
        wait 600
        expect tour=finished overlay=none
        """

    @Test func aKeyboardOnlyRunCompletesTheHomeTour() throws {
        let out = try CLI.temporaryFolder()
        let r = try CLI.run(["replay", "--tour", Self.tours + "/home.json", "--script", try write(Self.keyboardTour), "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        let s = try state(r)
        #expect((s["tour"] as? [String: Any])?["state"] as? String == "finished")
        #expect(s["cards"] as? Int == 5, "Enter on the FAB in its hole added a card")
    }

    @Test func aKeyboardOnlyRunOpensAndClosesEveryOverlayOfTheMenu() throws {
        let script = """
            key shift+tab
            expect focus=tab.menu
            key enter
            expect tab=menu focus=tab.menu
            key tab
            expect focus=menu.alert
            key enter
            wait 400
            expect overlay=alert focus=overlay.alert.ok
            key tab
            expect focus=overlay.alert.ok
            key enter
            wait 400
            expect overlay=none focus=menu.alert
            key tab
            key space
            wait 400
            expect overlay=popup focus=overlay.popup.close
            key enter
            wait 400
            expect overlay=none focus=menu.popup
            key tab
            key enter
            wait 400
            expect overlay=popup focus=overlay.popup.close
            key escape
            wait 400
            expect overlay=none focus=menu.popup.modal
            key tab
            key enter
            wait 600
            expect overlay=loading focus=none
            wait 3500
            expect overlay=none focus=menu.loading
            """
        let out = try CLI.temporaryFolder()
        let r = try CLI.run(["replay", "--no-overlay", "--script", try write(script), "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try state(r)["focus"] as? String == "menu.loading", "the state names the focused view")
    }

    @Test func theHomeTourIsHeardInEnglish() throws {
        let out = try CLI.temporaryFolder()
        let file = out + "/heard.jsonl"
        let r = try CLI.run(["replay", "--tour", Self.tours + "/home.json", "--script", try write(Self.keyboardTour), "--out", out, "--announcements", file])
        #expect(r.status == 0, "\(r.stderr)")
        let heard = try transcript(file)
        #expect(heard.map(\.text) == [
            "Step 1 of 5: Welcome. This is the Home screen. Tours find their targets by view id, so they follow the layout. Next, button",
            "Step 2 of 5: Cards. Each card shows a picture, a title and a short description. Next, button",
            "Skip, button",
            "Next, button",
            "Step 3 of 5: Add a card. Tap the + button: a new card goes to the end of the list. Add a card, button",
            "Step 4 of 5: Two tabs. Home holds your cards. Menu opens alerts, pop-ups and the loading screen. Next, button",
            "Step 5 of 5: Try an overlay. Each row here opens one kind of overlay over the whole screen. Done, button",
        ])
        #expect(heard.allSatisfy { $0.language == "en" })
        #expect(heard.map(\.ms) == heard.map(\.ms).sorted() && heard[0].ms == 0, "in the order said, with their virtual times")
    }

    @Test func theHomeTourIsHeardInJapanese() throws {
        let out = try CLI.temporaryFolder()
        let file = out + "/heard.jsonl"
        let r = try CLI.run(["replay", "--lang", "ja", "--tour", Self.tours + "/home.json", "--script", try write(Self.keyboardTour),
                             "--out", out, "--announcements", file])
        #expect(r.status == 0, "\(r.stderr)")
        let heard = try transcript(file)
        #expect(heard.count == 7 && heard.allSatisfy { $0.language == "ja" })
        #expect(heard[0].text == "ステップ 1/5: ようこそ。ここはホーム画面です。ツアーはビューの ID で対象を見つけるので、レイアウトが変わってもついていきます。次へ、ボタン")
        #expect(heard[4].text.hasPrefix("ステップ 3/5: ") && heard[4].text.hasSuffix("カードを追加、ボタン"))
        #expect(heard[6].text.hasSuffix("完了、ボタン"))
    }

    @Test func inspectPrintsTheSemanticsTreeOfAStep() throws {
        let r = try CLI.run(["inspect", "--semantics", "--tour", Self.tours + "/home.json", "--step", "2"])
        #expect(r.status == 0, "\(r.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let children = try #require(root["children"] as? [[String: Any]])
        #expect(children.count == 1, "the step hides the screen beneath")
        let dialog = children[0]
        #expect(dialog["role"] as? String == "dialog")
        #expect(dialog["label"] as? String == "Step 2 of 5: Cards")
        #expect(dialog["description"] as? String == "Each card shows a picture, a title and a short description.")
        let targets = try #require(dialog["targets"] as? [[String: Any]])
        #expect(targets.map { $0["id"] as? String } == ["card.0"])
        let ids = (dialog["children"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(ids.contains("overlay.bubble.next") && ids.contains("overlay.bubble.skip"), "\(ids)")
        let home = try CLI.run(["inspect", "--semantics", "--no-overlay"])
        #expect(home.stdout.contains(#"{"role": "button", "label": "Add a card", "id": "fab", "frame": [314, 685, 56, 56], "state": [], "actions": ["activate"]}"#), "\(home.stdout)")
    }

    @Test func aRectTargetOverAScreenshotIsNamedByItsLabel() throws {
        let dir = try CLI.temporaryFolder()
        let image = Self.tours + "/../images/city.png"
        try FileManager.default.copyItem(atPath: image, toPath: dir + "/shot.png")
        let tour = #"{"id": "s", "background": "shot.png", "screen": {"scale": 1}, "steps": [{"rect": [10, 10, 80, 40], "label": {"en": "Sign in", "ja": "サインイン"}, "text": "Sign in here."}]}"#
        try tour.write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        for (lang, label) in [("en", "Sign in"), ("ja", "サインイン")] {
            let r = try CLI.run(["inspect", "--semantics", "--tour", dir + "/s.json", "--lang", lang])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.contains(#""targets": ["#) && r.stdout.contains(#"{"role": "image", "label": "\#(label)", "frame": [10, 10, 80, 40]"#), "\(r.stdout)")
        }
    }

    @Test func touchLinesTapThroughTheHoleAndScroll() throws {
        let out = try CLI.temporaryFolder()
        let tip = """
            wait 1400
            expect overlay=spotlight
            touch down 2 40 300
            touch tap fab
            expect overlay=spotlight cards=4
            touch up 2 40 300
            touch tap fab
            wait 600
            expect overlay=none cards=5

            """
        // The tap with another finger down did nothing; alone it went through the hole. The new card
        // glided into view; a touch drag scrolls back to the top, where it is out of sight.
        let shown = try CLI.run(["replay", "--script", try write(tip + "tap card.4\n"), "--out", out, "--size", "390x500"])
        #expect(shown.status == 0, "\(shown.stderr)")
        let scrolled = try CLI.run(["replay", "--script", try write(tip + "touch drag 100 150 0 400\ntap card.4\n"), "--out", out, "--size", "390x500"])
        #expect(scrolled.status == 1)
        #expect(scrolled.errorLines.last?.hasSuffix(#":11: the view "card.4" is not on screen (scrolled away, or on another tab)"#) == true, "\(scrolled.stderr)")
        let bad = try CLI.run(["replay", "--script", try write("touch down 0 10 10\n"), "--out", out])
        #expect(bad.status == 2 && bad.errorLines.first?.contains("FINGER from 1 to 10") == true, "\(bad.stderr)")
    }

    @Test func speechIsOffWithAOneLineSayingSoWhenNoServiceAnswers() throws {
        let dir = try CLI.temporaryFolder()
        let r = try CLI.run(["--tour", Self.tours + "/fab.json", "--frames", "1", "--driver", "dummy", "--speech", "on"],
                            environment: ["SPEECHD_ADDRESS": "unix_socket:\(dir)/none", "XDG_STATE_HOME": dir])
        #expect(r.status == 1)
        #expect(r.errorLines == ["limelight: window: --speech on: no speech-dispatcher service answers (start speech-dispatcher, or use --speech off)"])
        let bad = try CLI.run(["--speech", "loud"])
        #expect(bad.status == 2 && bad.errorLines == [#"limelight: window: --speech expects on or off (got "loud")"#])
    }
}
