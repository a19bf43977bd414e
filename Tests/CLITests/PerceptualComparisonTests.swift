import Foundation
import Testing
import Raster
import ImageFiles

/// The perceptual mode (pixelmatch's YIQ distance, anti-aliased pixels left out) against real
/// images: the same rounded rectangle drawn by another rasterizer (ImageMagick) passes where the
/// exact comparison fails, and a spotlight's hole moved by one pixel fails.
@Suite struct PerceptualComparisonTests {
    static let background = Color(red: 0x3A, green: 0x3A, blue: 0x5A)
    static let fill = Color(red: 0xF2, green: 0xF2, blue: 0xF7)

    /// The rounded rectangle 40,40 120x80 (radius 12) drawn by Limelight's rasterizer.
    func ours() throws -> Pixmap {
        let p = try Pixmap(width: 200, height: 160, fill: Self.background)
        Canvas(pixmap: p).fill(Rect(x: 40, y: 40, width: 120, height: 80), cornerRadius: 12, color: Self.fill)
        return p
    }

    @Test func anotherRasterizersAntialiasingPassesAndExactFails() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else {
            withKnownIssue("ImageMagick is not installed (make test installs it)") { throw CancellationError() }
            return
        }
        let dir = try CLI.temporaryFolder()
        // ImageMagick's pixel centres are at whole coordinates: the same edges as 40...160, 40...120.
        let drawn = try CLI.runProcess("/usr/bin/convert", ["-size", "200x160", "xc:#3a3a5a", "-fill", "#f2f2f7",
                                                           "-draw", "roundrectangle 39.5,39.5 159.5,119.5 12,12", dir + "/im.png"])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let theirs = try Pixmap(contentsOfFile: dir + "/im.png")
        let mine = try ours()
        let exact = PixmapDifference(between: mine, and: theirs)
        #expect(exact.differingPixels > 20, "the two rasterizers' edges differ: \(exact.differingPixels) pixels")
        let perceptual = PixmapDifference(between: mine, and: theirs, rule: PixelRule(perceptualThreshold: 0.1))
        #expect(perceptual.differingPixels == 0, "anti-aliasing is let pass: \(perceptual.differingPixels) differ, \(perceptual.antialiasedPixels) anti-aliased")
        #expect(perceptual.antialiasedPixels > 0)
    }

    @Test func aHoleMovedByOnePixelFails() throws {
        let dir = try CLI.temporaryFolder()
        for x in [100, 101] {
            try #"{"id": "h", "steps": [{"rect": [\#(x), 300, 120, 80], "label": "Here", "text": "Look."}]}"#
                .write(toFile: "\(dir)/h\(x).json", atomically: true, encoding: .utf8)
            #expect(try CLI.run(["render", "--tour", "\(dir)/h\(x).json", "--step", "1", "--out", "\(dir)/h\(x).png"]).status == 0)
        }
        let a = try Pixmap(contentsOfFile: dir + "/h100.png"), b = try Pixmap(contentsOfFile: dir + "/h101.png")
        let d = PixmapDifference(between: b, and: a, rule: PixelRule(perceptualThreshold: 0.1))
        #expect(d.differingPixels > 50, "a hole one pixel to the right: \(d.differingPixels) differ, \(d.antialiasedPixels) anti-aliased")
        #expect(PixmapDifference(between: a, and: a.copy(), rule: PixelRule(perceptualThreshold: 0.1)).isEmpty)
        // Through `limelight test` with a perceptual tolerance, the same.
        try #"{"id": "h", "test": {"tolerance": {"perceptual": 0.1}}, "steps": [{"rect": [100, 300, 120, 80], "label": "Here", "text": "Look."}]}"#
            .write(toFile: dir + "/t.json", atomically: true, encoding: .utf8)
        #expect(try CLI.run(["test", dir + "/t.json", "--update", "--results", dir + "/r"]).status == 0)
        try #"{"id": "h", "test": {"tolerance": {"perceptual": 0.1}}, "steps": [{"rect": [101, 300, 120, 80], "label": "Here", "text": "Look."}]}"#
            .write(toFile: dir + "/t.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["test", dir + "/t.json", "--results", dir + "/r"])
        #expect(r.status == 1 && r.stdout.contains("pixels differ perceptually (threshold 0.1, "), "\(r.stdout)")
    }
}
