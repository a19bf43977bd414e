import Files
import Raster

extension Pixmap {
    /// The largest image file read, in bytes: the raw pixels of the largest image allowed, and a
    /// little more (no compressed file of an allowed image is larger than its pixels).
    public static let maxImageFileBytes = ImageHeader.maxPixels * 4 + (1 << 20)

    /// Loads a PNG, JPEG, GIF (its first frame), BMP, WebP or QOI image, premultiplying its alpha.
    ///
    /// The file is read once (a regular file, opened without blocking, at most
    /// `maxImageFileBytes`); its header is read and measured (at most 16384 pixels a side and 64
    /// megapixels, every GIF frame included), and the decoder of the format the header names decodes
    /// those same bytes — libspng for PNG (with its own limits), SDL2_image's loader of that format
    /// for the others. Neither the file's extension nor a library's sniffing chooses. Throws
    /// `ImageFileError` naming the file and what was wrong, as one line. Images without alpha load
    /// as opaque.
    public convenience init(contentsOfFile path: String) throws(ImageFileError) {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, limit: Pixmap.maxImageFileBytes, kind: "an image file") } catch {
            throw ImageFileError(path: path, reason: error.reason)
        }
        try self.init(imageData: bytes, name: path)
    }

    /// Decodes the bytes of an image file as `init(contentsOfFile:)` does; `name` names it in errors.
    public convenience init(imageData bytes: [UInt8], name: String) throws(ImageFileError) {
        let size: ImageHeader.Size
        do { size = try ImageDecoding.measure(bytes) } catch { throw ImageFileError(path: name, reason: error.reason) }
        do { try self.init(width: size.width, height: size.height) } catch { throw ImageFileError(path: name, reason: error.description) }
        do { try ImageDecoding.decode(bytes, size: size, into: self) } catch { throw ImageFileError(path: name, reason: error.reason) }
    }
}

/// The header check and then the decoder it names.
enum ImageDecoding {
    /// The format and size of `bytes`, within the limits, and (for a PNG) its chunks sound.
    static func measure(_ bytes: [UInt8]) throws(ImageHeader.Failure) -> ImageHeader.Size {
        let size = try ImageHeader.check(bytes)
        // libspng's messages are terse: a walk of the chunks first says where a file is damaged.
        if size.format == .png, let problem = PNGChunks.damage(of: bytes) { throw ImageHeader.Failure(reason: problem) }
        return size
    }

    /// Decodes `bytes`, measured as `size`, into `pixmap` (of that size) with the decoder of their format.
    static func decode(_ bytes: [UInt8], size: ImageHeader.Size, into pixmap: Pixmap) throws(ImageHeader.Failure) {
        switch size.format {
        case .png: try PNGDecoding.decode(bytes, into: pixmap)
        case .gif: try GIFDecoding.decode(bytes, into: pixmap)
        case .jpeg, .bmp, .webp, .qoi: try SDLImage.decode(bytes, format: size.format, into: pixmap)
        }
    }
}
