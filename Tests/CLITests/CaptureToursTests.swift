import Foundation
import Testing
import TestSupport

/// Tours over the captures examples/ ships (a web page, a GTK app): every command runs over them,
/// and a capture that cannot be read is one line naming the file and the place.
@Suite struct CaptureToursTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    @Test func theShippedCaptureToursPassCheckAndTest() throws {
        let tours = ["examples/web/inbox.json", "examples/web/settings.json", "examples/gtk/gtk-mail.json"].map { Self.root + "/" + $0 }
        let check = try CLI.run(["check", "--strict"] + tours)
        #expect(check.status == 0 && check.stderr.isEmpty, "\(check.stdout)\(check.stderr)")
        let dir = try CLI.temporaryFolder()
        let test = try CLI.run(["test", "--results", dir + "/results"] + tours)
        #expect(test.status == 0 && test.stdout.contains("14 passed, 0 failed"), "\(test.stdout)\(test.stderr)")
        // The semantics snapshot of a case is the captured tree's: the GTK toggle as it was captured.
        let inspect = try CLI.run(["inspect", "--tour", tours[2], "--step", "2", "--semantics"])
        #expect(inspect.stdout.contains(#""role": "toggle", "label": "Dark theme", "id": "dark", "frame": [418, 560, 50, 26]"#), "\(inspect.stdout)")
        // Render and the review page take them as any tour.
        let render = try CLI.run(["render", "--tour", tours[0], "--all", "--out", dir + "/frames", "--lang", "ja"])
        #expect(render.status == 0 && FileManager.default.fileExists(atPath: dir + "/frames/step-03.png"), "\(render.stderr)")
        let po = try CLI.run(["l10n", "export", tours[0], "--lang", "de", "--out", dir + "/de.po"])
        let exported = (try? String(contentsOfFile: dir + "/de.po", encoding: .utf8)) ?? ""
        #expect(po.status == 0 && exported.contains("msgid \"Tap a message to read it.\""), "\(po.stderr)")
        let review = try CLI.run(["render", "--tour", tours[0], "--review", dir + "/review"])
        #expect(review.status == 0 && FileManager.default.fileExists(atPath: dir + "/review/index.html"), "\(review.stdout)\(review.stderr)")
    }

    /// A recapture that moved an element fails its cases saying the app changed, not the tour; a
    /// reworded step says the tour did; `inputs.json` beside the goldens keeps what each was drawn from.
    @Test func aFailingCaseSaysWhetherTheAppOrTheTourChanged() throws {
        let dir = try CLI.temporaryFolder() + "/gtk"
        try FileManager.default.copyItem(atPath: Self.root + "/examples/gtk", toPath: dir)
        try? FileManager.default.removeItem(atPath: dir + "/gtk-mail.goldens")
        let tour = dir + "/gtk-mail.json"
        #expect(try CLI.run(["test", "--update", tour]).status == 0)
        let record = try String(contentsOfFile: dir + "/gtk-mail.goldens/inputs.json", encoding: .utf8)
        #expect(record.contains("\"capture captures/gtk-mail-en.capture.json\"") && record.contains("\"480x640@1x-ja-step03\""), "\(record)")
        // The app moved its compose button: the capture is taken again.
        let capture = dir + "/captures/gtk-mail-en.capture.json"
        let original = try String(contentsOfFile: capture, encoding: .utf8)
        try original.replacingOccurrences(of: "[12, 594, 456, 34]", with: "[12, 560, 456, 34]").write(toFile: capture, atomically: true, encoding: .utf8)
        let app = try CLI.run(["test", tour])
        #expect(app.status == 1, "\(app.stdout)")
        #expect(app.stdout.contains("since its golden was recorded, the app changed (the capture captures/gtk-mail-en.capture.json), the tour file did not"), "\(app.stdout)")
        #expect(!app.stdout.split(separator: "\n").contains { $0.hasPrefix("FAIL") && $0.contains("-ja-step") }, "the Japanese capture did not change: \(app.stdout)")
        // Back as it was, and the tour's words changed instead.
        try original.write(toFile: capture, atomically: true, encoding: .utf8)
        let text = try String(contentsOfFile: tour, encoding: .utf8)
        try text.replacingOccurrences(of: "Write a new message.", with: "Start a new message here.").write(toFile: tour, atomically: true, encoding: .utf8)
        let own = try CLI.run(["test", tour])
        #expect(own.status == 1 && own.stdout.contains("since its golden was recorded, the tour file changed, what it runs over did not"), "\(own.stdout)")
    }

    /// A folder with a capture of a 390x844 screen (`extra` added to its one element) and a tour over it.
    func folder(element: String = #"{"role": "button", "name": "Save", "id": "save", "frame": [10, 10, 100, 40]}"#, image: Bool = true,
                capture: String? = nil) throws -> String {
        let dir = try CLI.temporaryFolder()
        if image {
            try FileManager.default.copyItem(atPath: Self.root + "/examples/web/captures/inbox-en.png", toPath: dir + "/shot.png")
        }
        let text = capture ?? #"{"capture": 1, "screen": {"size": [390, 844], "scale": 2}, "image": "shot.png", "elements": [\#(element)]}"#
        try text.write(toFile: dir + "/shot.capture.json", atomically: true, encoding: .utf8)
        try #"{"id": "t", "background": "shot.capture.json", "steps": [{"target": "save", "text": "Save"}]}"#.write(toFile: dir + "/t.json", atomically: true, encoding: .utf8)
        return dir
    }

    @Test func aCaptureThatCannotBeReadIsOneLine() throws {
        func problems(_ dir: String) throws -> [String] {
            let r = try CLI.run(["check", dir + "/t.json"])
            #expect(r.status == 1)
            return r.errorLines.filter { !$0.hasPrefix("limelight: check:") }
        }
        var dir = try folder(element: #"{"role": "widget", "name": "Save", "id": "save", "frame": [10, 10, 100, 40]}"#)
        let role = try problems(dir)
        #expect(role.first?.hasPrefix("\(dir)/shot.capture.json:1: elements[0].role: expected one of ") == true && role.first?.contains("found \"widget\"") == true, "\(role)")
        dir = try folder(element: #"{"role": "button", "name": "Save", "id": "save", "frame": [500, 10, 100, 40]}"#)
        #expect(try problems(dir).first == "\(dir)/shot.capture.json: elements[0]: the frame [500, 10, 100, 40] lies outside the 390x844-point screen (expected an element on the screen)")
        dir = try folder(image: false)
        let image = try problems(dir)
        #expect(image.count == 1 && image[0].hasPrefix("\(dir)/t.json:1: background: no such file \"shot.png\""), "\(image)")
        // 20,001 elements side by side: refused at the limit, in one line, fast.
        let wide = Array(repeating: #"{"role": "text", "name": "x", "frame": [0, 0, 1, 1]}"#, count: 20_001).joined(separator: ",")
        dir = try folder(capture: #"{"capture": 1, "screen": {"size": [390, 844], "scale": 2}, "image": "shot.png", "elements": [\#(wide)]}"#)
        #expect(try problems(dir) == ["\(dir)/shot.capture.json:1: elements[20000]: expected at most 20000 elements in a capture"])
        // 10,000 deep: the parser's depth limit, one line, no stack overflow.
        let deep = String(repeating: #"{"role": "list", "frame": [0, 0, 1, 1], "children": ["#, count: 10_000) + String(repeating: "]}", count: 10_000)
        dir = try folder(capture: #"{"capture": 1, "screen": {"size": [390, 844], "scale": 2}, "image": "shot.png", "elements": [\#(deep)]}"#)
        let nested = try problems(dir)
        #expect(nested.count == 1 && nested[0].hasSuffix("objects and lists nest deeper than 64 levels"), "\(nested)")
        // A partly covered element is clipped to the screen, and found.
        dir = try folder(element: #"{"role": "button", "name": "Save", "id": "save", "frame": [300, 800, 200, 100]}"#)
        let inspect = try CLI.run(["inspect", "--tour", dir + "/t.json", "--semantics"])
        #expect(inspect.stdout.contains(#""id": "save", "frame": [300, 800, 90, 44]"#), "\(inspect.stdout)\(inspect.stderr)")
    }
}
