import Foundation
import Headless
import Raster
import Tours

/// The outcome of comparing a rendered pixmap with its golden image.
public struct GoldenResult: Sendable {
    /// True when the images match within the tolerance.
    public var matches: Bool
    /// One line for the test log: what differed and where the artifacts were written.
    public var message: String
}

/// Compares rendered pixmaps with golden PNGs that live beside the tests, through the published
/// test kit's comparison (`GoldenAssertion`), so Limelight's own suites hold frames to goldens
/// exactly as an app's suites do.
///
/// Goldens are `Tests/<Suite>/Goldens/<name>.png`. `LIMELIGHT_RECORD_GOLDENS=1` (or `all`) writes
/// the rendered image as the new golden instead of comparing, `missing` only the ones not there
/// yet. On a mismatch `<name>.actual.png` and `<name>.diff.png` (differing pixels in red over a
/// faded copy of the golden) are written under `.build/test-artifacts/<Suite>/`.
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
        let suiteFolder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        let packageRoot = suiteFolder.deletingLastPathComponent().deletingLastPathComponent()
        let artifacts = packageRoot.appendingPathComponent(".build/test-artifacts").appendingPathComponent(suiteFolder.lastPathComponent)
        var allowed = TourTest.Tolerance.exact
        allowed.maxChannelDelta = tolerance
        let goldens = GoldenAssertion(folder: suiteFolder.appendingPathComponent("Goldens").path, artifacts: artifacts.path, tolerance: allowed)
        let outcome = goldens.check(pixmap, named: name)
        return GoldenResult(matches: outcome.passed, message: outcome.description)
    }
}
