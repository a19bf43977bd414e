import Foundation
import Testing
import TestSupport
@testable import Raster

/// The golden helper itself: a mismatch must fail and leave an actual and a diff image behind.
@Suite struct GoldenHelperTests {
    @Test func mismatchWritesActualAndDiff() throws {
        guard ProcessInfo.processInfo.environment["LIMELIGHT_RECORD_GOLDENS"] != "1" else { return }
        let frame = try HoleGoldenTests.background()
        frame[10, 10] = Color.black.premultiplied
        let result = Golden.compare(frame, named: "hole-background-probe", filePath: #filePath)
        // No golden of that name exists: the helper must say so and write the actual image.
        #expect(!result.matches)
        #expect(result.message.contains("no golden"))
        let altered = try HoleGoldenTests.background()
        let hole = Rasterizer.mask(for: .circle(center: Point(80.5, 80.25), radius: 46.3), clip: altered.bounds)
        DimBlend(color: .black, opacity: 0.5).apply(from: altered, into: altered, region: altered.bounds, holes: hole)
        altered[3, 4] = Color.white.premultiplied
        let mismatch = Golden.compare(altered, named: "hole-circle", filePath: #filePath)
        #expect(!mismatch.matches)
        #expect(mismatch.message.contains("1 pixels differ"))
        #expect(mismatch.message.contains("first at 3,4"))
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let artifacts = root.appendingPathComponent(".build/test-artifacts/RasterTests")
        #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("hole-circle.diff.png").path))
        #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("hole-circle.actual.png").path))
        // A tolerance, when a test opts in, accepts differences up to it and no more.
        let golden = altered.copy()
        let original = try Pixmap(contentsOfFile: Golden.goldenPath(named: "hole-circle", filePath: #filePath))
        golden.copyPixels(from: original, in: golden.bounds)
        let c = golden.color(x: 3, y: 4)
        golden[3, 4] = Color(red: c.red &+ 3, green: c.green, blue: c.blue).premultiplied
        #expect(Golden.compare(golden, named: "hole-circle", tolerance: 3, filePath: #filePath).matches)
        #expect(!Golden.compare(golden, named: "hole-circle", tolerance: 2, filePath: #filePath).matches)
    }
}
