import Foundation
import ImageFiles
import Raster

/// The card illustrations loaded from a folder of PNGs, with one error per image that failed.
public struct CardImages {
    /// The images by name.
    public var images: [String: Pixmap] = [:]
    /// What went wrong, one line per image (a missing file, a broken PNG).
    public var errors: [ImageFileError] = []

    /// A set of images and errors.
    public init(images: [String: Pixmap] = [:], errors: [ImageFileError] = []) {
        self.images = images; self.errors = errors
    }

    /// Loads `<folder>/<name>.png` for each name. Never throws: failures become `errors`, and the
    /// cards show a placeholder instead.
    public static func load(from folder: String, names: [String] = CardContent.sampleImageNames) -> CardImages {
        var result = CardImages()
        for name in names {
            let path = URL(fileURLWithPath: folder).appendingPathComponent(name + ".png").path
            do { result.images[name] = try Pixmap(contentsOfFile: path) } catch { result.errors.append(error) }
        }
        return result
    }
}
