import Foundation
import Testing
import ImageFiles
import Raster

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
}
