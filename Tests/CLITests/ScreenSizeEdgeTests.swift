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
