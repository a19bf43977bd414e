import Files
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
    /// rectangles (in the frame's pixels): the golden is read once, beneath its own folder, as
    /// `of(_:golden:tolerance:ignored:)` takes it (a golden that is a link is refused, not followed).
    public static func of(_ frame: Pixmap, againstGoldenAt path: String,
                          tolerance: TourTest.Tolerance, ignored: [IntRect] = []) -> (verdict: GoldenVerdict, golden: Pixmap?) {
        let (folder, name) = AtomicFile.split(path)
        return of(frame, golden: GoldenBytes.read(name, inside: folder), tolerance: tolerance, ignored: ignored)
    }

    /// Compares `frame` with a golden's bytes as read (`GoldenBytes`), within `tolerance`, leaving out
    /// the `ignored` rectangles (in the frame's pixels). A golden that carries the digest of its
    /// pixels (see `GoldenPNG`) and equals the frame's is a match without decoding; any other golden
    /// is decoded and compared pixel by pixel, and comes back with the verdict.
    public static func of(_ frame: Pixmap, golden read: GoldenBytes,
                          tolerance: TourTest.Tolerance, ignored: [IntRect] = []) -> (verdict: GoldenVerdict, golden: Pixmap?) {
        let bytes: [UInt8]
        switch read {
        case .missing: return (.missing, nil)
        case .unreadable(let why): return (.unreadable(why), nil)
        case .read(let read): bytes = read
        }
        if let stored = GoldenPNG.storedPixelDigest(of: bytes), stored == frame.pixelDigest { return (.matches, nil) }
        let golden: Pixmap
        do { golden = try Pixmap(imageData: bytes, name: "the golden") } catch { return (.unreadable(error.reason), nil) }
        guard golden.width == frame.width, golden.height == frame.height else {
            return (.sizeDiffers(goldenWidth: golden.width, goldenHeight: golden.height), golden)
        }
        let difference = PixmapDifference(between: frame, and: golden, rule: tolerance.rule(ignoring: ignored))
        return (difference.differingPixels <= tolerance.maxDifferentPixels ? .matches : .differs(difference), golden)
    }
}

/// A golden file as a run reads it: once, whole, beneath the folder that holds it (`OwnedFolder`),
/// so what is compared, copied into the results and shown in a report is the same bytes of a
/// regular file inside that folder. A golden that is a symbolic link, a pipe, a device or larger than
/// an image may be is unreadable, saying which; nothing is there at all is missing.
public enum GoldenBytes: Sendable {
    /// No file at all.
    case missing
    /// Something is there that is not a golden, or cannot be read: why, as a phrase.
    case unreadable(String)
    /// The file's bytes.
    case read([UInt8])

    /// The golden at `relative` inside `folder` (a path; see `read(_:in:)`).
    public static func read(_ relative: String, inside folder: String) -> GoldenBytes {
        let owned: OwnedFolder
        do { owned = try OwnedFolder(folder.isEmpty ? "." : folder) } catch {
            if error.isMissing { return .missing }
            if error.reason == "not a folder" { return .unreadable("its folder \(folder) is not a folder (a file is in the way)") }
            return .unreadable(error.reason)
        }
        return read(relative, in: owned)
    }

    /// The golden at `relative` inside `folder`, at most `limit` bytes (an image file's limit).
    public static func read(_ relative: String, in folder: OwnedFolder, limit: Int = Pixmap.maxImageFileBytes, kind: String = "a PNG golden") -> GoldenBytes {
        do { return .read(try folder.read(relative, limit: limit, kind: kind)) } catch {
            if error.isMissing && !error.reason.contains("(a part of the path is a file") { return .missing }
            if error.reason.hasPrefix("no such file (a part of the path is a file") {
                return .unreadable("its folder is not a folder (a file is in the way)")
            }
            return .unreadable(error.reason)
        }
    }

    /// The bytes, when they were read.
    public var bytes: [UInt8]? { if case .read(let bytes) = self { return bytes } else { return nil } }
}

extension TourTest.Tolerance {
    /// The pixel rule of this tolerance, leaving out `ignored` (rectangles in device pixels).
    public func rule(ignoring ignored: [IntRect] = []) -> PixelRule {
        PixelRule(maxChannelDelta: maxChannelDelta, perceptualThreshold: perceptualThreshold, ignored: ignored)
    }
}
