import Foundation
import Testing
import ImageFiles
import Raster

/// `render --tour FILE --review DIR`: one self-contained page a reviewer opens from a folder or a
/// CI artifact (tested in a headless Chromium): every step's frame at its screen's size, its texts
/// in every language, its settings as written, and nothing from the tour taken as markup.
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
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/review") == ["index.html"], "one file, nothing beside it")
        let page = "file://" + dir + "/review/index.html"
        func browse(_ extra: [String]) throws -> (Int32, String) { try Chromium.browse(page, profile: dir + "/profile", extra) }
        let (status, dom) = try browse(["--dump-dom"])
        #expect(status == 0)
        #expect(dom.components(separatedBy: "class=\"step-section\"").count == 6, "five steps")
        #expect(dom.contains("Welcome &lt;img src=x onerror=alert(1)&gt;") && !dom.contains("<img src=\"x\""), "markup from the tour is text")
        for text in ["ようこそ", "مرحبًا بك", "Each card shows a picture"] { #expect(dom.contains(text), "\(text) in the page") }
        #expect(dom.contains("\"placement\": \"below\""), "the step's settings as written")
        #expect(!dom.contains("<script"), "no script")
        #expect(dom.components(separatedBy: "src=\"data:image/png;base64,").count == 6, "each frame embedded")
        let shot = dir + "/page.png"
        _ = try browse(["--window-size=1000,1400", "--screenshot=\(shot)"])
        let image = try Pixmap(contentsOfFile: shot)
        // The first frame shows at its screen's size: the dimmed app (grey) fills a 390-wide column.
        var dimmed = 0
        for y in stride(from: 300, to: 900, by: 3) { for x in stride(from: 60, to: 420, by: 3) {
            let c = image.color(x: x, y: y)
            if abs(Int(c.red) - Int(c.blue)) < 16, c.red > 60, c.red < 140 { dimmed += 1 }
        } }
        #expect(dimmed > 5_000, "the frame loaded from its data URL: \(dimmed) dimmed pixels, see \(shot)")
    }

    @Test func reviewGoesWithATourAndAloneOfOut() throws {
        for (args, message) in [(["render", "--review", "/tmp/r"], "render: --review needs --tour FILE"),
                                (["render", "--tour", Self.tours + "/home.json", "--review", "/tmp/r", "--out", "x.png"], "render: --review DIR and --out exclude each other")] {
            let r = try CLI.run(args)
            #expect(r.status == 2 && r.stderr == "limelight: \(message)\n", "\(r.stderr)")
        }
    }
}
