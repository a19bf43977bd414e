import CSPNG
import Foundation
import ImageFiles
import Raster

/// Writing PNGs, as `test` does for a failure or a recording and `render --all` for each step:
/// Limelight's encoder (unfiltered rows, igzip level 1 in pieces side by side) beside the encoder it
/// replaced (libspng with zlib level 3, one stream), the baseline measured in the same run on the
/// same frames.
enum PNGEncodeBenchmarks {
    /// `png.encode` at the sizes of `frames` (name and pixmap), with `png.encode.spng` as baseline.
    static func run(_ h: Harness, frames: [(size: String, frame: Pixmap)]) {
        for (size, frame) in frames {
            var spngBytes = 0, bytes = 0
            _ = h.record("png.encode.spng", size: size) { spngBytes = spngEncode(frame).count }
            let ms = h.median { bytes = (try? frame.pngBytes())?.count ?? 0 }
            h.add("png.encode", size: size, milliseconds: ms, baseline: "png.encode.spng")
            h.note("png.encode at \(size): \(bytes / 1024) KiB (libspng, zlib level 3: \(spngBytes / 1024) KiB)")
        }
    }

    /// The encoder Limelight used before: libspng, no filters, zlib level 3, opaque frames as RGB.
    static func spngEncode(_ p: Pixmap) -> [UInt8] {
        guard let ctx = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)) else { return [] }
        defer { spng_ctx_free(ctx) }
        var ihdr = spng_ihdr(width: UInt32(p.width), height: UInt32(p.height), bit_depth: 8,
                             color_type: UInt8(SPNG_COLOR_TYPE_TRUECOLOR.rawValue), compression_method: 0, filter_method: 0, interlace_method: 0)
        spng_set_ihdr(ctx, &ihdr)
        spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1)
        spng_set_option(ctx, SPNG_FILTER_CHOICE, Int32(SPNG_FILTER_CHOICE_NONE.rawValue))
        spng_set_option(ctx, SPNG_IMG_COMPRESSION_LEVEL, 3)
        spng_encode_image(ctx, nil, 0, Int32(SPNG_FMT_PNG.rawValue), Int32(SPNG_ENCODE_PROGRESSIVE.rawValue | SPNG_ENCODE_FINALIZE.rawValue))
        var line = [UInt8](repeating: 0, count: p.width * 3)
        for y in 0..<p.height {
            let row = p.row(y)
            for x in 0..<p.width {
                let v = row[x]
                line[x * 3] = UInt8(v >> 16 & 0xFF); line[x * 3 + 1] = UInt8(v >> 8 & 0xFF); line[x * 3 + 2] = UInt8(v & 0xFF)
            }
            let status = line.withUnsafeMutableBytes { spng_encode_row(ctx, $0.baseAddress, $0.count) }
            if status == Int32(SPNG_EOI.rawValue) { break }
        }
        var length = 0, error: Int32 = 0
        guard let buffer = spng_get_png_buffer(ctx, &length, &error), error == 0 else { return [] }
        defer { free(buffer) }
        return [UInt8](UnsafeRawBufferPointer(start: buffer, count: length))
    }
}
