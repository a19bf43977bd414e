import Foundation
import ImageFiles
import Raster

/// The outcome of comparing a rendered pixmap with its golden image.
public struct GoldenResult: Sendable {
    /// True when the images match within the tolerance.
    public var matches: Bool
    /// One line for the test log: what differed and where the artifacts were written.
    public var message: String
}

/// Compares rendered pixmaps with golden PNGs that live beside the tests.
///
/// Goldens are `Tests/<Suite>/Goldens/<name>.png`. Setting `LIMELIGHT_RECORD_GOLDENS=1` writes the
/// rendered image as the new golden instead of comparing. On a mismatch `<name>.actual.png` and
/// `<name>.diff.png` (differing pixels in red over a faded copy of the golden) are written under
/// `.build/test-artifacts/<Suite>/`.
public enum Golden {
    /// Where the golden `name` of the suite whose source file is `filePath` lives.
    public static func goldenPath(named name: String, filePath: String = #filePath) -> String {
        URL(fileURLWithPath: filePath).deletingLastPathComponent()
            .appendingPathComponent("Goldens").appendingPathComponent(name + ".png").path
    }

    /// Compares `pixmap` with the golden `name` of the suite whose source file is `filePath`.
    /// `tolerance` is the largest per-channel difference accepted (0 = exact); justify any other value.
    public static func compare(_ pixmap: Pixmap, named name: String, tolerance: Int = 0,
                               filePath: String = #filePath) -> GoldenResult {
        let testFile = URL(fileURLWithPath: filePath)
        let suiteDir = testFile.deletingLastPathComponent()
        let suite = suiteDir.lastPathComponent
        let goldenURL = suiteDir.appendingPathComponent("Goldens").appendingPathComponent(name + ".png")
        let packageRoot = suiteDir.deletingLastPathComponent().deletingLastPathComponent()
        let artifacts = packageRoot.appendingPathComponent(".build/test-artifacts").appendingPathComponent(suite)

        if ProcessInfo.processInfo.environment["LIMELIGHT_RECORD_GOLDENS"] == "1" {
            do {
                try FileManager.default.createDirectory(at: goldenURL.deletingLastPathComponent(), withIntermediateDirectories: true)
                try pixmap.writePNG(to: goldenURL.path)
                return GoldenResult(matches: true, message: "recorded \(goldenURL.path)")
            } catch {
                return GoldenResult(matches: false, message: "could not record \(goldenURL.path): \(error)")
            }
        }
        try? FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let actualURL = artifacts.appendingPathComponent(name + ".actual.png")
        let diffURL = artifacts.appendingPathComponent(name + ".diff.png")
        let golden: Pixmap
        do {
            golden = try Pixmap(contentsOfFile: goldenURL.path)
        } catch {
            try? pixmap.writePNG(to: actualURL.path)
            return GoldenResult(matches: false, message: "no golden \(goldenURL.path) (\(error)); actual written to \(actualURL.path); record with LIMELIGHT_RECORD_GOLDENS=1")
        }
        guard golden.width == pixmap.width, golden.height == pixmap.height else {
            try? pixmap.writePNG(to: actualURL.path)
            return GoldenResult(matches: false, message: "\(name): size \(pixmap.width)x\(pixmap.height) differs from golden \(golden.width)x\(golden.height); actual: \(actualURL.path)")
        }
        let difference = PixmapDifference(between: pixmap, and: golden, maxChannelDelta: tolerance)
        guard let first = difference.firstDifference else { return GoldenResult(matches: true, message: "\(name): matches") }
        try? pixmap.writePNG(to: actualURL.path)
        if let diff = try? PixmapDifference.image(between: pixmap, and: golden, maxChannelDelta: tolerance) {
            try? diff.writePNG(to: diffURL.path)
        }
        return GoldenResult(matches: false, message:
            "\(name): \(difference.differingPixels) pixels differ (max channel difference \(difference.largestChannelDelta), first at \(first.x),\(first.y)); actual: \(actualURL.path), diff: \(diffURL.path)")
    }
}
