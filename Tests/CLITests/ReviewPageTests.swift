import Foundation
import Testing
import ImageFiles
import Raster

/// `render --tour FILE --review DIR`: a page a reviewer opens from a folder or a CI artifact (tested
/// in a headless Chromium): every step's frame, a PNG beside it, at its screen's size, its texts in
/// every language, its settings as written, and nothing from the tour taken as markup. The frames
/// folder holds this page's frames alone and leads nowhere out of DIR.
@Suite struct ReviewPageTests {
    static var tours: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("assets/tours").path
    }

    @Test func theReviewPageOpensInChromiumWithEveryStepAndLanguage() throws {
        guard Chromium.path != nil else {
            withKnownIssue("chromium is not installed (apt-get install chromium): the page was not opened in a browser") { throw CancellationError() }
            return
        }
        let dir = try CLI.temporaryFolder()
        // A title that is markup stays text.
        var home = try String(contentsOfFile: Self.tours + "/home.json", encoding: .utf8)
        home = home.replacingOccurrences(of: #""en": "Welcome""#, with: #""en": "Welcome <img src=x onerror=alert(1)>""#)
        try home.write(toFile: dir + "/home.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", "--tour", dir + "/home.json", "--review", dir + "/review"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/review").sorted() == ["frames", "index.html"], "the page and its frames")
        let frames = (1...5).map { "step-0\($0).png" }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/review/frames").sorted() == frames)
        for name in frames { #expect(try Pixmap(contentsOfFile: dir + "/review/frames/" + name).width == 390, "\(name) at the screen's size") }
        let page = "file://" + dir + "/review/index.html"
        func browse(_ extra: [String]) throws -> (Int32, String) { try Chromium.browse(page, profile: dir + "/profile", extra) }
        let (status, dom) = try browse(["--dump-dom"])
        #expect(status == 0)
        #expect(dom.components(separatedBy: "class=\"step-section\"").count == 6, "five steps")
        #expect(dom.contains("Welcome &lt;img src=x onerror=alert(1)&gt;") && !dom.contains("<img src=\"x\""), "markup from the tour is text")
        for text in ["ようこそ", "مرحبًا بك", "Each card shows a picture"] { #expect(dom.contains(text), "\(text) in the page") }
        #expect(dom.contains("\"placement\": \"below\""), "the step's settings as written")
        #expect(!dom.contains("<script"), "no script")
        #expect(!dom.contains("data:image"), "no frame embedded")
        for name in frames { #expect(dom.contains("src=\"frames/\(name)\""), "\(name) by relative URL") }
        #expect(!dom.contains("class=\"left-out\""), "every step shown, no note")
        // Every image loads from its file, offline: a copy of the page beside it with a script that
        // lists each image's natural width once the page has loaded.
        let html = try String(contentsOfFile: dir + "/review/index.html", encoding: .utf8)
        let probe = "<script>addEventListener('load', () => { const p = document.createElement('p'); p.id = 'widths'; "
            + "p.textContent = [...document.images].map(i => i.naturalWidth).join(' '); document.body.append(p); });</script>"
        try html.replacingOccurrences(of: "</body>", with: probe + "</body>").write(toFile: dir + "/review/probe.html", atomically: true, encoding: .utf8)
        let (_, probed) = try Chromium.browse("file://" + dir + "/review/probe.html", profile: dir + "/profile", ["--dump-dom", "--virtual-time-budget=5000"])
        #expect(probed.contains("<p id=\"widths\">390 390 390 390 390</p>"), "each image loaded at 390 pixels wide: \(probed.suffix(200))")
        let shot = dir + "/page.png"
        _ = try browse(["--window-size=1000,1400", "--screenshot=\(shot)"])
        let image = try Pixmap(contentsOfFile: shot)
        // The first frame shows at its screen's size: the dimmed app (grey) fills a 390-wide column.
        var dimmed = 0
        for y in stride(from: 300, to: 900, by: 3) { for x in stride(from: 60, to: 420, by: 3) {
            let c = image.color(x: x, y: y)
            if abs(Int(c.red) - Int(c.blue)) < 16, c.red > 60, c.red < 140 { dimmed += 1 }
        } }
        #expect(dimmed > 5_000, "the frame loaded from its file: \(dimmed) dimmed pixels, see \(shot)")
    }

    /// A tour of `steps` steps at views the sample app has, written into `dir`.
    func tour(steps: Int, in dir: String) throws -> String {
        let targets = ["fab", "nav.title", "tab.home", "tab.menu"]
        let list = (0..<steps).map { #"{"target": "\#(targets[$0 % 4])", "text": "Step \#($0 + 1)"}"# }
        let path = "\(dir)/t\(steps).json"
        try #"{"id": "t\#(steps)", "steps": [\#(list.joined(separator: ","))]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aPageRemovesTheFramesOfAnEarlierOneAndNothingElse() throws {
        let dir = try CLI.temporaryFolder()
        let first = try CLI.run(["render", "--tour", try tour(steps: 12, in: dir), "--review", dir + "/review", "--size", "200x300"])
        #expect(first.status == 0, "\(first.stderr)")
        let frames = dir + "/review/frames"
        #expect(try FileManager.default.contentsOfDirectory(atPath: frames).count == 12)
        // Beside the frames: what someone put there, a link of the frames' naming, and the
        // temporary frame of a run that was stopped.
        try FileManager.default.createDirectory(atPath: dir + "/outside", withIntermediateDirectories: true)
        try "kept".write(toFile: dir + "/outside/victim.png", atomically: true, encoding: .utf8)
        for name in ["keep.txt", "step-99.txt", "step-7.png", ".step-03.png.tmp-999999999-1"] {
            try "x".write(toFile: frames + "/" + name, atomically: true, encoding: .utf8)
        }
        #expect(symlink(dir + "/outside/victim.png", frames + "/step-40.png") == 0)
        let second = try CLI.run(["render", "--tour", Self.tours + "/home.json", "--review", dir + "/review"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("removed 7 frames of an earlier page"), "\(second.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: frames).sorted()
                == ["keep.txt", "step-01.png", "step-02.png", "step-03.png", "step-04.png", "step-05.png", "step-40.png", "step-7.png", "step-99.txt"])
        #expect(try String(contentsOfFile: dir + "/outside/victim.png", encoding: .utf8) == "kept")
    }

    @Test func nothingIsWrittenThroughALinkOutOfTheFolder() throws {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/outside", withIntermediateDirectories: true)
        try "kept".write(toFile: dir + "/outside/victim.png", atomically: true, encoding: .utf8)
        // The frames folder a link out of DIR: refused, nothing written where it leads.
        try FileManager.default.createDirectory(atPath: dir + "/a", withIntermediateDirectories: true)
        #expect(symlink(dir + "/outside", dir + "/a/frames") == 0)
        let r = try CLI.run(["render", "--tour", Self.tours + "/home.json", "--review", dir + "/a"])
        #expect(r.status == 1 && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(r.stderr.contains("\(dir)/a/frames is a symbolic link (not followed: what is written stays inside \(dir)/a)"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/outside") == ["victim.png"])
        // A frame that is a link out: replaced by the frame, what it pointed to untouched.
        try FileManager.default.createDirectory(atPath: dir + "/b/frames", withIntermediateDirectories: true)
        #expect(symlink(dir + "/outside/victim.png", dir + "/b/frames/step-01.png") == 0)
        let s = try CLI.run(["render", "--tour", Self.tours + "/home.json", "--review", dir + "/b"])
        #expect(s.status == 0, "\(s.stderr)")
        #expect(try Pixmap(contentsOfFile: dir + "/b/frames/step-01.png").width == 390)
        #expect(try String(contentsOfFile: dir + "/outside/victim.png", encoding: .utf8) == "kept")
    }

    @Test func reviewGoesWithATourAndAloneOfOut() throws {
        for (args, message) in [(["render", "--review", "/tmp/r"], "render: --review needs --tour FILE"),
                                (["render", "--tour", Self.tours + "/home.json", "--review", "/tmp/r", "--out", "x.png"], "render: --review DIR and --out exclude each other")] {
            let r = try CLI.run(args)
            #expect(r.status == 2 && r.stderr == "limelight: \(message)\n", "\(r.stderr)")
        }
    }
}
