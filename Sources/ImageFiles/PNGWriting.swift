import CSPNG
import Files
import Foundation
import Raster

extension Pixmap {
    /// Writes the pixmap as a PNG with straight alpha (RGB when every pixel is opaque, as frames are).
    ///
    /// The image is encoded in memory with libspng (no row filters and a fast deflate level: frames
    /// of an interface compress well without them, at a fraction of the time) and saved with
    /// `AtomicFile` (a temporary file beside `path`, every write, the fsync and the close checked,
    /// then renamed over it): a full disk is an error and not a cut-off file, and a failed save keeps
    /// what was there before. Every premultiplied value that `Color.premultiplied` produces reads back
    /// unchanged through `init(contentsOfFile:)`. Refuses to replace anything but a regular file (a
    /// device such as /dev/null, a pipe). With `digest`, the file carries the digest of its pixels
    /// (`GoldenPNG`), so a later comparison with it need not decode it.
    public func writePNG(to path: String, digest: Bool = false) throws(ImageFileError) {
        try ImageFileChecks.checkWritable(path)
        var bytes = try encodePNG(path: path)
        if digest { bytes = GoldenPNG.addingDigest(to: bytes, pixels: pixelDigest) }
        do { try AtomicFile(mode: 0o666).write(Data(bytes), to: path) } catch {
            let reason = error.call == "open"
                ? "cannot create a file in \(AtomicFile.split(path).folder): \(error.reason)" : error.reason
            throw ImageFileError(path: path, reason: "cannot write (\(reason))")
        }
    }

    /// The pixmap as PNG bytes, in memory (an image embedded in a page, a pipe).
    public func pngBytes() throws(ImageFileError) -> [UInt8] { try encodePNG(path: "(in memory)") }

    /// Whether every pixel is opaque.
    var isOpaque: Bool {
        for y in 0..<height {
            let r = row(y)
            var all: UInt32 = 0xFF00_0000
            for x in 0..<width { all &= r[x] }
            if all & 0xFF00_0000 != 0xFF00_0000 { return false }
        }
        return true
    }

    /// The PNG file's bytes. `path` only names the file in errors.
    func encodePNG(path: String) throws(ImageFileError) -> [UInt8] {
        func failure(_ code: Int32) -> ImageFileError {
            ImageFileError(path: path, reason: "cannot write (\(String(cString: spng_strerror(code))))")
        }
        guard let ctx = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)) else { throw failure(Int32(SPNG_EMEM.rawValue)) }
        defer { spng_ctx_free(ctx) }
        let opaque = isOpaque
        let channels = opaque ? 3 : 4
        var ihdr = spng_ihdr(width: UInt32(width), height: UInt32(height), bit_depth: 8,
                             color_type: UInt8(opaque ? SPNG_COLOR_TYPE_TRUECOLOR.rawValue : SPNG_COLOR_TYPE_TRUECOLOR_ALPHA.rawValue),
                             compression_method: 0, filter_method: 0, interlace_method: 0)
        var status = spng_set_ihdr(ctx, &ihdr)
        if status == 0 { status = spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1) }
        if status == 0 { status = spng_set_option(ctx, SPNG_FILTER_CHOICE, Int32(SPNG_FILTER_CHOICE_NONE.rawValue)) }
        if status == 0 { status = spng_set_option(ctx, SPNG_IMG_COMPRESSION_LEVEL, 3) }
        if status == 0 {
            status = spng_encode_image(ctx, nil, 0, Int32(SPNG_FMT_PNG.rawValue),
                                       Int32(SPNG_ENCODE_PROGRESSIVE.rawValue | SPNG_ENCODE_FINALIZE.rawValue))
        }
        guard status == 0 else { throw failure(status) }
        var line = [UInt8](repeating: 0, count: width * channels)
        for y in 0..<height {
            let source = row(y)
            line.withUnsafeMutableBufferPointer { out in
                Premultiplication.unpremultiply(UnsafeBufferPointer(start: source, count: width), into: out, channels: channels)
            }
            status = line.withUnsafeMutableBytes { spng_encode_row(ctx, $0.baseAddress, $0.count) }
            // The last row reports the end of the image (and, finalized, of the file).
            if status == Int32(SPNG_EOI.rawValue) { status = 0; break }
            guard status == 0 else { throw failure(status) }
        }
        var length = 0
        var error: Int32 = 0
        guard let buffer = spng_get_png_buffer(ctx, &length, &error), error == 0 else { throw failure(error) }
        defer { free(buffer) }
        return [UInt8](UnsafeRawBufferPointer(start: buffer, count: length))
    }
}
