import Foundation
import ImageFiles
import Raster
import Tours

/// How a frame stands against its golden PNG.
public enum GoldenVerdict: Hashable, Sendable {
    /// Equal, or within the tolerance.
    case matches
    /// No golden file yet.
    case missing
    /// The golden has another size.
    case sizeDiffers(goldenWidth: Int, goldenHeight: Int)
    /// Too many pixels differ.
    case differs(PixmapDifference)
    /// The golden could not be read.
    case unreadable(String)

    /// Compares `frame` with the golden PNG at `path` within `tolerance`, leaving out the `ignored`
    /// rectangles (in the frame's pixels). A golden that carries the digest of its pixels (see
    /// `GoldenPNG`) and equals the frame's is a match without decoding; any other golden is decoded
    /// and compared pixel by pixel, and comes back with the verdict.
    public static func of(_ frame: Pixmap, againstGoldenAt path: String,
                          tolerance: TourTest.Tolerance, ignored: [IntRect] = []) -> (verdict: GoldenVerdict, golden: Pixmap?) {
        // Missing means nothing at all is there: a loop of links, or a goldens "folder" that is a
        // file, is unreadable and says so.
        var info = stat()
        if lstat(path, &info) != 0 {
            switch errno {
            case ENOENT: return (.missing, nil)
            case ENOTDIR:
                let folder = (path as NSString).deletingLastPathComponent
                return (.unreadable("its folder \(folder) is not a folder (a file is in the way)"), nil)
            default: return (.unreadable(String(cString: strerror(errno))), nil)
            }
        }
        if let stored = GoldenPNG.storedPixelDigest(ofFile: path), stored == frame.pixelDigest { return (.matches, nil) }
        let golden: Pixmap
        do { golden = try Pixmap(contentsOfFile: path) } catch { return (.unreadable(error.reason), nil) }
        guard golden.width == frame.width, golden.height == frame.height else {
            return (.sizeDiffers(goldenWidth: golden.width, goldenHeight: golden.height), golden)
        }
        let difference = PixmapDifference(between: frame, and: golden, rule: tolerance.rule(ignoring: ignored))
        return (difference.differingPixels <= tolerance.maxDifferentPixels ? .matches : .differs(difference), golden)
    }
}

extension TourTest.Tolerance {
    /// The pixel rule of this tolerance, leaving out `ignored` (rectangles in device pixels).
    public func rule(ignoring ignored: [IntRect] = []) -> PixelRule {
        PixelRule(maxChannelDelta: maxChannelDelta, perceptualThreshold: perceptualThreshold, ignored: ignored)
    }
}
