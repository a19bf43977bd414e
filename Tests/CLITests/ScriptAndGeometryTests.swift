import Foundation
import Testing
import Raster
import ImageFiles

/// What a CI script can read without image diffs: `render --json`'s holes and bubble, `replay`'s
/// scripts that name views and check the state, how a tour ended, and what each command wrote.
@Suite struct ScriptAndGeometryTests {
    static let tours = TourCommandTests.tours

    func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func script(_ text: String) throws -> (dir: String, path: String) {
        let dir = try CLI.temporaryFolder()
        try text.write(toFile: dir + "/s.txt", atomically: true, encoding: .utf8)
        return (dir, dir + "/s.txt")
    }

    @Test func renderJSONGivesTheHolesTheBubbleAndItsButtons() throws {
        let dir = try CLI.temporaryFolder()
        let r = try CLI.run(["render", "--tour", Self.tours + "/home.json", "--step", "3", "--json", "--out", dir + "/s3.png"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.errorLines == ["limelight: render: wrote \(dir)/s3.png"])
        let report = try json(r.stdout)
        #expect(report["file"] as? String == dir + "/s3.png")
        #expect(report["step"] as? Int == 3)
        let geometry = try #require(report["geometry"] as? [String: Any])
        let hole = try #require((geometry["holes"] as? [[String: Any]])?.first)
        #expect(hole["target"] as? String == "fab" && hole["shape"] as? String == "circle")
        #expect(hole["rect"] as? [Double] == [306, 677, 72, 72])
        let bubble = try #require(geometry["bubble"] as? [String: Any])
        #expect(bubble["placement"] as? String == "auto" && bubble["side"] as? String == "above" && bubble["flipped"] as? Bool == false)
        let box = try #require(bubble["rect"] as? [Double])
        #expect(box[1] + box[3] <= 677, "the bubble sits above the FAB's hole")
        let parts = try #require(bubble["parts"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        #expect(parts.contains("overlay.bubble.skip") && !parts.contains("overlay.bubble.next"), "a tapTarget step has no Next")
        let state = try #require(report["state"] as? [String: Any])
        #expect((state["tour"] as? [String: Any])?["step"] as? Int == 3)
    }

    @Test func aForcedSideWithoutRoomFlipsAndSaysSo() throws {
        let dir = try CLI.temporaryFolder()
        try #"{"id": "t", "steps": [{"target": "nav.title", "text": "Up there.", "placement": "above"}]}"#
            .write(toFile: dir + "/t.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", "--tour", dir + "/t.json", "--json", "--out", dir + "/t.png"])
        let bubble = try #require(((try json(r.stdout))["geometry"] as? [String: Any])?["bubble"] as? [String: Any])
        #expect(bubble["placement"] as? String == "above" && bubble["side"] as? String == "below" && bubble["flipped"] as? Bool == true)
    }

    @Test func scriptsNameViewsAndCheckTheStateAsTheyGo() throws {
        let (dir, path) = try script("""
        expect overlay=spotlight step=1 tour=running tab=home cards=4
        tap overlay.bubble.next
        wait 400
        expect step=2
        shot a.png
        tap overlay.bubble.skip
        expect tour=skipped overlay=none
        """)
        let r = try CLI.run(["replay", "--tour", Self.tours + "/home.json", "--script", path, "--out", dir])
        #expect(r.status == 0, "\(r.stderr)")
        let out = try json(r.stdout)
        #expect((out["tour"] as? [String: Any])?["state"] as? String == "skipped")
        #expect((out["tour"] as? [String: Any])?["step"] as? Int == 2, "skipped at step 2")
        let shot = try #require((out["shots"] as? [[String: Any]])?.first)
        #expect(shot["line"] as? Int == 5 && shot["file"] as? String == dir + "/a.png")
        #expect(((shot["geometry"] as? [String: Any])?["holes"] as? [[String: Any]])?.first?["target"] as? String == "card.0")
        // Tour events as the window logs them, and what was written.
        #expect(r.errorLines == [
            "limelight: replay: tour \"home\": step 1 of 5 shown",
            "limelight: replay: tour \"home\": step 1 of 5 moved on by next",
            "limelight: replay: tour \"home\": step 1 of 5 hidden",
            "limelight: replay: tour \"home\": step 2 of 5 shown",
            "limelight: replay: wrote \(dir)/a.png",
            "limelight: replay: tour \"home\": step 2 of 5 hidden",
            "limelight: replay: tour \"home\": skipped",
        ])
    }

    @Test func aTourPlayedToTheEndIsFinished() throws {
        let (dir, path) = try script("""
        tap overlay.bubble.next
        wait 400
        tap overlay.bubble.next
        wait 400
        tap fab
        wait 400
        expect cards=5 step=4
        tap overlay.bubble.next
        wait 400
        tap overlay.bubble.next
        wait 400
        expect tour=finished step=none overlay=none tab=menu
        """)
        let r = try CLI.run(["replay", "--tour", Self.tours + "/home.json", "--script", path, "--out", dir])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#""tour":{"id":"home","of":5,"state":"finished","step":5}"#), "\(r.stdout)")
        #expect(r.errorLines.last == "limelight: replay: tour \"home\": finished")
    }

    @Test(arguments: [
        ("tap fabb\n", "s.txt:1: no view with id \"fabb\" on screen (nearest: fab, "),
        ("wait 400\nexpect step=3 tab=menu\n", "s.txt:2: expect step: expected 3, found 1; tab: expected menu, found home"),
        ("key tab\nwait 100\ntap menu.alert\n", "s.txt:3: no view with id \"menu.alert\" on screen"),
    ])
    func aScriptThatCannotGoOnNamesItsLine(text: String, message: String) throws {
        let (dir, path) = try script(text)
        let r = try CLI.run(["replay", "--tour", Self.tours + "/home.json", "--script", path, "--out", dir])
        #expect(r.status == 1)
        let line = try #require(r.errorLines.last)
        #expect(line.hasPrefix("limelight: replay: \(dir)/" + message), "\(line)")
    }

    @Test func renderAllRefusesAFileNameForItsFolder() throws {
        let dir = try CLI.temporaryFolder()
        let r = try CLI.run(["render", "--tour", Self.tours + "/fab.json", "--all", "--out", dir + "/x.png"])
        #expect(r.status == 2)
        #expect(r.errorLines == ["limelight: render: --out \(dir)/x.png: with --all, expected a folder for step-01.png, … (not a file name ending in .png)"])
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
    }

    @Test func aLongTourStreamsItsStepsAndPagesItsStoryboard() throws {
        let dir = try CLI.temporaryFolder()
        let steps = (0..<30).map { #"{"target": "\#(["fab", "nav.title", "card.0"][$0 % 3])", "text": "Step \#($0 + 1)"}"# }
        try #"{"id": "long", "steps": [\#(steps.joined(separator: ","))]}"#.write(toFile: dir + "/long.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", "--tour", dir + "/long.json", "--all", "--size", "200x400", "--out", dir + "/out", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.errorLines == ["limelight: render: wrote 30 steps (step-01.png…) and 2 storyboard sheets to \(dir)/out"])
        let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/out").sorted()
        #expect(files == (1...30).map { String(format: "step-%02d.png", $0) } + ["storyboard-01.png", "storyboard-02.png"])
        let first = try Pixmap(contentsOfFile: dir + "/out/storyboard-01.png"), second = try Pixmap(contentsOfFile: dir + "/out/storyboard-02.png")
        #expect(first.width <= 16384 && first.height <= 16384 && second.height < first.height, "24 panels, then 6")
        let reports = try #require(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        #expect(reports.count == 30 && reports.last?["step"] as? Int == 30)
    }
}

/// A right-to-left bubble's title sits where its text starts, in an app of either direction.
@Suite struct RightToLeftTitleTests {
    @Test(arguments: [("ar", "أضف بطاقة", "اضغط هنا لإضافة بطاقة جديدة إلى القائمة."),
                      ("he", "הוסף כרטיס", "הקש כאן כדי להוסיף כרטיס חדש לרשימה.")])
    func theTitleAlignsLikeItsText(language: String, title: String, text: String) throws {
        let dir = try CLI.temporaryFolder()
        let tour = ["id": "rtl", "steps": [["target": "fab", "title": title, "text": text]]] as [String: Any]
        try JSONSerialization.data(withJSONObject: tour).write(to: URL(fileURLWithPath: dir + "/t.json"))
        for lang in ["en", language] {
            let r = try CLI.run(["render", "--tour", dir + "/t.json", "--lang", lang, "--json", "--out", dir + "/\(lang).png"])
            #expect(r.status == 0, "\(r.stderr)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
            let bubble = try #require((report["geometry"] as? [String: Any])?["bubble"] as? [String: Any])
            let parts = try #require(bubble["parts"] as? [[String: Any]])
            func rect(_ id: String) -> [Double]? { parts.first { $0["id"] as? String == id }?["rect"] as? [Double] }
            let t = try #require(rect("overlay.bubble.title")), x = try #require(rect("overlay.bubble.text"))
            #expect(abs((t[0] + t[2]) - (x[0] + x[2])) <= 1, "\(language) in an \(lang) app: the title's right edge \(t[0] + t[2]) is the text's \(x[0] + x[2])")
        }
    }
}
