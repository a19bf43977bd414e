import Foundation
import Testing
import Raster
import ImageFiles

/// What a tour's `test` object can ask for beyond sizes, scales and languages: motion variants,
/// screen-reader goldens, perceptual comparison and ignored regions; and screenshot tours in a
/// matrix: rects that follow the image at other sizes, a screenshot per language, and the lint
/// saying which rect's screen changed when a screenshot is shot again.
@Suite struct TestMatrixTests {
    /// Writes `json` as `name` in `dir`.
    func write(_ json: String, _ name: String, in dir: String) throws {
        try json.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
    }

    @Test func reducedMotionCasesAreWhatRenderDrawsUnderReducedMotion() throws {
        let dir = try CLI.temporaryFolder()
        try write(#"{"id": "m", "test": {"motion": ["full", "reduced"], "times": [90]}, "steps": [{"target": "fab", "text": "Add one."}, {"target": "nav.title", "text": "The title."}]}"#, "m.json", in: dir)
        let r = try CLI.run(["test", dir + "/m.json", "--update", "--results", dir + "/r"])
        #expect(r.status == 0 && r.stdout.contains("recorded 8 goldens"), "\(r.stdout)")
        for (golden, reduced) in [("390x844@1x-en-reduced-step02-t90", true), ("390x844@1x-en-step02-t90", false)] {
            let args = ["render", "--tour", dir + "/m.json", "--step", "2", "--time", "90", "--out", dir + "/f.png"] + (reduced ? ["--reduce-motion"] : [])
            #expect(try CLI.run(args).status == 0)
            let expected = try Pixmap(contentsOfFile: "\(dir)/m.goldens/\(golden).png")
            #expect(PixmapDifference(between: try Pixmap(contentsOfFile: dir + "/f.png"), and: expected).isEmpty, "\(golden)")
        }
        let full = try Pixmap(contentsOfFile: dir + "/m.goldens/390x844@1x-en-step02-t90.png")
        let reduced = try Pixmap(contentsOfFile: dir + "/m.goldens/390x844@1x-en-reduced-step02-t90.png")
        #expect(!PixmapDifference(between: full, and: reduced).isEmpty, "mid-morph, a reduced-motion frame is not the morph's")
        let bad = try CLI.run(["check", dir + "/m.json"])
        #expect(bad.status == 0)
        try write(#"{"id": "m", "test": {"motion": ["slow"]}, "steps": [{"target": "fab", "text": "x"}]}"#, "bad.json", in: dir)
        let refused = try CLI.run(["check", dir + "/bad.json"])
        #expect(refused.status == 1 && refused.errorLines.first?.hasSuffix("bad.json:1: test.motion[0]: expected \"full\" or \"reduced\", found \"slow\"") == true, "\(refused.stderr)")
    }

    @Test func aChangedLabelFailsTheScreenReaderGoldenNotThePixels() throws {
        let dir = try CLI.temporaryFolder()
        func tour(_ label: String) throws {
            try write(#"{"id": "a", "test": {"semantics": true}, "steps": [{"rect": [40, 200, 120, 80], "label": "\#(label)", "text": "Look here."}]}"#, "a.json", in: dir)
        }
        try tour("The photo")
        let record = try CLI.run(["test", dir + "/a.json", "--update", "--results", dir + "/r"])
        #expect(record.status == 0 && record.stdout.contains("wrote \(dir)/a.goldens/390x844@1x-en-step01.semantics.json")
                && record.stdout.contains("wrote \(dir)/a.goldens/390x844@1x-en-step01.spoken.txt"), "\(record.stdout)")
        let tree = try String(contentsOfFile: dir + "/a.goldens/390x844@1x-en-step01.semantics.json", encoding: .utf8)
        #expect(tree.contains("\"label\": \"The photo\""), "\(tree)")
        let spoken = try String(contentsOfFile: dir + "/a.goldens/390x844@1x-en-step01.spoken.txt", encoding: .utf8)
        #expect(spoken.contains("Look here."), "the step's announcement: \(spoken)")
        #expect(try CLI.run(["test", dir + "/a.json", "--results", dir + "/r"]).status == 0)
        try tour("The map")
        let r = try CLI.run(["test", dir + "/a.json", "--results", dir + "/r", "--report", dir + "/rep"])
        #expect(r.status == 1, "\(r.stdout)")
        #expect(r.stdout.contains("FAIL a/390x844@1x-en-step01: the screen-reader tree differs from \(dir)/a.goldens/390x844@1x-en-step01.semantics.json at line "), "\(r.stdout)")
        #expect(!r.stdout.contains("pixels differ"), "the label is not drawn: the pixels match")
        let page = try String(contentsOfFile: dir + "/rep/index.html", encoding: .utf8)
        #expect(page.contains("screen-reader tree: golden") && page.contains("&quot;label&quot;: &quot;The map&quot;"), "the report shows both trees")
        let accept = try CLI.run(["accept", "--results", dir + "/r"], directory: dir)
        #expect(accept.status == 0 && accept.stdout.contains("wrote a.goldens/390x844@1x-en-step01.semantics.json"), "\(accept.stdout)")
        #expect(try CLI.run(["test", dir + "/a.json", "--results", dir + "/r"]).status == 0)
    }

    /// With `"semantics": "all"`, the screen-reader golden also holds the app beneath the step's
    /// dialog (`"hidden"`): a label changed on a view no step points at fails the case, where
    /// `true` keeps only what a screen reader reaches (the dialog) and passes.
    @Test func aChangedLabelBeneathTheDialogFailsWithAll() throws {
        let dir = try CLI.temporaryFolder()
        func app(_ version: String) throws {
            try write("""
            {"id": "rows", "tabs": [{"screen": "home", "title": "Home", "icon": "house"}],
             "screens": {"home": {"title": "Settings", "content": {"type": "list", "children": [
               {"type": "row", "id": "about", "title": "About", "action": {"go": "home"}},
               {"type": "row", "id": "version", "title": "Version 2", "label": "\(version)"}]}}}}
            """, "app.json", in: dir)
        }
        for (name, semantics) in [("all", #""all""#), ("shown", "true")] {
            try write(#"{"id": "\#(name)", "app": "app.json", "test": {"semantics": \#(semantics)}, "steps": [{"target": "about", "text": "About the app."}]}"#, name + ".json", in: dir)
        }
        try app("Version two")
        let record = try CLI.run(["test", dir + "/all.json", dir + "/shown.json", "--update", "--results", dir + "/r"])
        #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
        let tree = try String(contentsOfFile: dir + "/all.goldens/390x844@1x-en-step01.semantics.json", encoding: .utf8)
        #expect(tree.contains("], \"hidden\": [\n") && tree.contains("\"label\": \"Version two\", \"id\": \"version\""), "\(tree)")
        let shown = try String(contentsOfFile: dir + "/shown.goldens/390x844@1x-en-step01.semantics.json", encoding: .utf8)
        #expect(!shown.contains("hidden") && !shown.contains("Version two"), "\(shown)")
        try app("Version three")
        let r = try CLI.run(["test", dir + "/all.json", dir + "/shown.json", "--results", dir + "/r"])
        #expect(r.status == 1, "\(r.stdout)")
        #expect(r.stdout.contains("FAIL all/390x844@1x-en-step01: the screen-reader tree differs from \(dir)/all.goldens/390x844@1x-en-step01.semantics.json at line "), "\(r.stdout)")
        #expect(!r.stdout.contains("FAIL shown/") && !r.stdout.contains("pixels differ"), "\(r.stdout)")
        try write(#"{"id": "bad", "test": {"semantics": "every"}, "steps": [{"target": "fab", "text": "x"}]}"#, "bad.json", in: dir)
        let refused = try CLI.run(["check", dir + "/bad.json"])
        #expect(refused.status == 1 && refused.errorLines.first?.hasSuffix("bad.json:1: test.semantics: expected true, false or \"all\", found \"every\"") == true, "\(refused.stderr)")
    }

    @Test func changedWordsSayTheSpokenWordsDiffer() throws {
        let dir = try CLI.temporaryFolder()
        func tour(_ text: String) throws {
            try write(#"{"id": "w", "test": {"semantics": true}, "steps": [{"target": "fab", "text": "\#(text)"}]}"#, "w.json", in: dir)
        }
        try tour("Look here.")
        #expect(try CLI.run(["test", dir + "/w.json", "--update", "--results", dir + "/r"]).status == 0)
        try tour("Look there.")
        let r = try CLI.run(["test", dir + "/w.json", "--results", dir + "/r"])
        #expect(r.status == 1, "\(r.stdout)")
        #expect(r.stdout.contains("the spoken words differ from \(dir)/w.goldens/390x844@1x-en-step01.spoken.txt at line "), "\(r.stdout)")
        #expect(!r.stdout.contains("spoken words differs"), "\(r.stdout)")
    }

    @Test func ignoredRegionsAreLeftOutOfTheComparison() throws {
        let dir = try CLI.temporaryFolder()
        try write(#"{"id": "i", "test": {"ignore": ["fab", [0, 0, 100, 40]]}, "steps": [{"target": "nav.title", "text": "The title."}]}"#, "i.json", in: dir)
        #expect(try CLI.run(["test", dir + "/i.json", "--update", "--results", dir + "/r"]).status == 0)
        let golden = dir + "/i.goldens/390x844@1x-en-step01.png"
        let frame = try Pixmap(contentsOfFile: golden)
        let fab = try #require(try CLI.run(["inspect"]).stdout.firstMatch(of: /"id": "fab", [^\n]*"frame": \[(\d+(?:\.\d+)?), (\d+(?:\.\d+)?)/))
        let (fx, fy) = (Int(Double(fab.1)!) + 10, Int(Double(fab.2)!) + 10)
        // Paint inside both regions: still a pass.
        frame[fx, fy] = 0xFF00_FF00
        frame[5, 5] = 0xFF00_FF00
        try frame.writePNG(to: golden)
        let inside = try CLI.run(["test", dir + "/i.json", "--results", dir + "/r"])
        #expect(inside.status == 0, "\(inside.stdout)")
        // One pixel outside them fails.
        frame[200, 300] = 0xFF00_FF00
        try frame.writePNG(to: golden)
        let outside = try CLI.run(["test", dir + "/i.json", "--results", dir + "/r"])
        #expect(outside.status == 1 && outside.stdout.contains(": 1 pixel differs (largest channel delta ") && outside.stdout.contains(", first at 200,300)"), "\(outside.stdout)")
    }

    /// A blue @`scale`x screenshot of a `w`x`h`-point screen with a red square at points 60,200 (100x100).
    func screenshot(_ path: String, w: Int = 390, h: Int = 844, scale: Int = 2, color: Color = Color(red: 0x20, green: 0x50, blue: 0xA0)) throws {
        let shot = try Pixmap(width: w * scale, height: h * scale, fill: color)
        shot.fill(Color(red: 0xFF, green: 0, blue: 0), in: IntRect(x: 60 * scale, y: 200 * scale, width: 100 * scale, height: 100 * scale))
        try shot.writePNG(to: path)
    }

    /// The box of pure, undimmed red in `image`.
    func redBox(_ image: Pixmap) -> IntRect? {
        var box: IntRect?
        for y in 0..<image.height { for x in 0..<image.width {
            let c = image.color(x: x, y: y)
            if c.red > 240 && c.green < 20 && c.blue < 20 {
                let p = IntRect(x: x, y: y, width: 1, height: 1)
                box = box.map { $0.union(p) } ?? p
            }
        } }
        return box
    }

    @Test func aScreenshotTourAtAnotherSizeMovesItsRectsWithTheImage() throws {
        let dir = try CLI.temporaryFolder()
        try screenshot(dir + "/shot.png")
        try write(#"{"id": "s", "background": "shot.png", "screen": {"scale": 2}, "test": {"sizes": ["390x844", "844x390"], "scales": [1]}, "steps": [{"rect": [60, 200, 100, 100], "padding": 0, "shape": "rect", "feather": 0, "label": "The square", "text": "The red square."}]}"#, "s.json", in: dir)
        let r = try CLI.run(["test", dir + "/s.json", "--update", "--results", dir + "/r"])
        #expect(r.status == 0, "\(r.stdout)")
        // Across the landscape screen, the portrait image is fitted in the middle (0.462 of its
        // points), and the hole is over its square, not where the rect's numbers would be.
        let wide = try Pixmap(contentsOfFile: dir + "/s.goldens/844x390@1x-en-step01.png")
        let s = 390.0 / 844.0, left = (844 - 390 * s) / 2
        let box = try #require(redBox(wide))
        #expect(abs(Double(box.x) - (left + 60 * s)) <= 1.5 && abs(Double(box.y) - 200 * s) <= 1.5, "\(box)")
        #expect(abs(Double(box.width) - 100 * s) <= 2, "\(box)")
        let tall = try #require(redBox(try Pixmap(contentsOfFile: dir + "/s.goldens/390x844@1x-en-step01.png")))
        #expect(tall == IntRect(x: 60, y: 200, width: 100, height: 100))
    }

    @Test func aScreenshotMayBeGivenPerLanguage() throws {
        let dir = try CLI.temporaryFolder()
        try screenshot(dir + "/en.png")
        try screenshot(dir + "/ja.png", color: Color(red: 0x20, green: 0xA0, blue: 0x50))
        try write(#"{"id": "l", "background": {"en": "en.png", "ja": "ja.png"}, "screen": {"scale": 2}, "steps": [{"rect": [60, 200, 100, 100], "label": {"en": "Square", "ja": "四角"}, "text": {"en": "Here.", "ja": "ここ。"}}]}"#, "l.json", in: dir)
        let r = try CLI.run(["test", dir + "/l.json", "--update", "--results", dir + "/r"])
        #expect(r.status == 0 && r.stdout.contains("recorded 2 goldens"), "\(r.stdout)")
        func corner(_ language: String) throws -> Color {
            try Pixmap(contentsOfFile: "\(dir)/l.goldens/390x844@2x-\(language)-step01.png").color(x: 4, y: 1600)
        }
        let en = try corner("en"), ja = try corner("ja")
        #expect(en.blue > en.green && ja.green > ja.blue, "each language over its own screenshot: \(en) \(ja)")
        try screenshot(dir + "/small.png", w: 200, h: 300)
        try write(#"{"id": "l", "background": {"en": "en.png", "ja": "small.png"}, "screen": {"scale": 2}, "steps": [{"rect": [60, 200, 100, 100], "label": "x", "text": "Here."}]}"#, "bad.json", in: dir)
        let bad = try CLI.run(["check", dir + "/bad.json"])
        #expect(bad.status == 1 && bad.stderr.contains("bad.json:1: background.ja: the image is 400x600 pixels, not the 780x1688 of the first language's"), "\(bad.stderr)")
    }

    @Test func aScreenshotShotAgainSaysWhichRectToRecheck() throws {
        let dir = try CLI.temporaryFolder()
        try screenshot(dir + "/shot.png")
        try write(#"{"id": "c", "background": "shot.png", "screen": {"scale": 2}, "steps": [{"rect": [60, 200, 100, 100], "label": "Square", "text": "Here."}, {"rect": [200, 500, 100, 100], "label": "Blue", "text": "And here."}]}"#, "c.json", in: dir)
        #expect(try CLI.run(["test", dir + "/c.json", "--update", "--results", dir + "/r"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: dir + "/c.goldens/screens.json"))
        #expect(try CLI.run(["check", "--lint", dir + "/c.json"]).status == 0)
        // Shot again: the square has moved away from under the first rect; the second is as it was.
        let moved = try Pixmap(width: 780, height: 1688, fill: Color(red: 0x20, green: 0x50, blue: 0xA0))
        moved.fill(Color(red: 0xFF, green: 0, blue: 0), in: IntRect(x: 500, y: 300, width: 200, height: 200))
        try moved.writePNG(to: dir + "/shot.png")
        let lint = try CLI.run(["check", "--lint", dir + "/c.json"])
        #expect(lint.status == 1, "\(lint.stdout)\(lint.stderr)")
        let finding = "c.json:1: steps[0]: re-check its rect [60, 200, 100, 100]: the screen under it changed since its golden was recorded"
        #expect(lint.stdout.contains(finding) || lint.stderr.contains(finding), "\(lint.stdout)\(lint.stderr)")
        #expect(!(lint.stdout + lint.stderr).contains("steps[1]: re-check"), "the second rect's screen is unchanged")
        let update = try CLI.run(["test", dir + "/c.json", "--update", "--results", dir + "/r"])
        #expect(update.status == 1 && update.stdout.contains("not recorded: c has 1 lint error"), "--update does not bless a hole over nothing: \(update.stdout)")
        let all = try CLI.run(["test", dir + "/c.json", "--update", "all", "--results", dir + "/r"])
        #expect(all.status == 0, "once the rects are right, --update all records: \(all.stdout)")
        #expect(try CLI.run(["check", "--lint", dir + "/c.json"]).status == 0)
    }
}
