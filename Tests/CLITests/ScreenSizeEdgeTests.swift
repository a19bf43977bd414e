import Foundation
import Testing
import ImageFiles
import Raster

/// The smallest and largest screens through the real binary: a 1×1 render works, a render whose
/// buffer would be too large is refused with one line before any work (no file, no window).
@Suite struct ScreenSizeEdgeTests {
    @Test(arguments: [1.0, 8.0])
    func aOneByOneScreenRenders(scale: Double) throws {
        let dir = try CLI.temporaryFolder()
        let r = try CLI.run(["render", "--size", "1x1", "--scale", scale.compact, "--out", dir + "/one.png"])
        #expect(r.status == 0, "\(r.stderr)")
        let p = try Pixmap(contentsOfFile: dir + "/one.png")
        #expect(p.width == Int(scale) && p.height == Int(scale))
    }

    @Test func aOneByOneStoryboardRenders() throws {
        let dir = try CLI.temporaryFolder()
        let tour = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("assets/tours/home.json").path
        let r = try CLI.run(["render", "--size", "1x1", "--tour", tour, "--all", "--out", dir])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/storyboard.png"))
    }

    @Test(arguments: [
        (["render", "--size", "16384x16384", "--out", "/tmp/never-16k.png"], "render: --size 16384x16384 at --scale 1: "),
        (["render", "--size", "8192x8192", "--scale", "2", "--out", "/tmp/never-16k.png"], "render: --size 8192x8192 at --scale 2: "),
        (["render", "--size", "16385x1", "--out", "/tmp/never-16k.png"], "render: --size 16385x1 at --scale 1: "),
        (["inspect", "--size", "16384x16384"], "inspect: --size 16384x16384 at --scale 1: "),
        (["replay", "--size", "16384x16384", "--script", "/tmp/none.txt", "--out", "/tmp/never-16k"], "replay: --size 16384x16384 at --scale 1: "),
        (["demo", "--size", "16384x16384", "--frames", "1"], "window: --size 16384x16384 at --scale 1: "),
        (["render", "--size", "1e309x1", "--out", "/tmp/never-16k.png"], "render: --size expects WxH in points, e.g. 390x844 (got \"1e309x1\")"),
        (["render", "--size", "nanx1", "--out", "/tmp/never-16k.png"], "render: --size expects WxH in points, e.g. 390x844 (got \"nanx1\")"),
        (["render", "--size", "0.5x0.5", "--out", "/tmp/never-16k.png"], "render: --size 0.5x0.5: width and height must be at least 1 point"),
    ] as [([String], String)])
    func aScreenTooLargeOrTooSmallIsRefusedBeforeAnyWork(args: [String], prefix: String) throws {
        let start = Date()
        let r = try CLI.run(args)
        #expect(r.status == 2, "\(args): \(r.stderr)")
        #expect(r.errorLines.count == 1 && r.errorLines.first?.hasPrefix("limelight: " + prefix) == true, "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(Date().timeIntervalSince(start) < 10, "refused before any work")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-16k.png"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-16k"))
    }
}

/// A tour over a @3x screenshot that says its screen: `--scale` applies (the screenshot's pixels
/// shrink to it), a `--size` other than its screen is refused with one line, never ignored.
@Suite struct ScreenshotScreenOptionTests {
    static func phoneTour() throws -> String {
        let dir = try CLI.temporaryFolder()
        let shot = try Pixmap(width: 1170, height: 2532, fill: Color(red: 0x30, green: 0x60, blue: 0x90))
        try shot.writePNG(to: dir + "/phone.png")
        let tour = #"{"id": "phone", "background": "phone.png", "screen": {"scale": 3}, "units": "pixels", "steps": [{"rect": [90, 300, 990, 400], "label": "Card", "text": "Here."}]}"#
        try tour.write(toFile: dir + "/phone.json", atomically: true, encoding: .utf8)
        return dir
    }

    @Test func theScaleAppliesAndTheScreenshotsOwnIsTheDefault() throws {
        let dir = try Self.phoneTour()
        for (args, w, h) in [([String](), 1170, 2532), (["--scale", "1"], 390, 844), (["--scale", "2"], 780, 1688)] {
            let r = try CLI.run(["render", "--tour", dir + "/phone.json", "--out", dir + "/out.png"] + args)
            #expect(r.status == 0, "\(r.stderr)")
            let p = try Pixmap(contentsOfFile: dir + "/out.png")
            #expect(p.width == w && p.height == h, "\(args): \(p.width)x\(p.height)")
        }
    }

    @Test(arguments: ["render", "replay", "edit", "window"])
    func anotherSizeIsRefusedWithOneLine(command: String) throws {
        let dir = try Self.phoneTour()
        let tour = dir + "/phone.json"
        let args: [String]
        switch command {
        case "render": args = ["render", "--tour", tour, "--size", "800x600", "--out", dir + "/out.png"]
        case "replay":
            try "shot one.png\n".write(toFile: dir + "/script.txt", atomically: true, encoding: .utf8)
            args = ["replay", "--tour", tour, "--size", "800x600", "--script", dir + "/script.txt", "--out", dir + "/shots"]
        case "edit": args = ["edit", tour, "--size", "800x600", "--frames", "1"]
        default: args = ["--tour", tour, "--size", "800x600", "--frames", "1"]
        }
        let r = try CLI.run(args, environment: ["SDL_VIDEODRIVER": "dummy"])
        #expect(r.status == 2, "\(r.stderr)")
        let lines = r.stderr.split(separator: "\n").filter { !$0.contains("speech") }
        #expect(lines.count == 1 && lines[0].contains("--size 800x600: ") && lines[0].contains("390x844 points"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
    }
}
