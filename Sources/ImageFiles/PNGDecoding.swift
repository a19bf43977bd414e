import CSPNG
import Raster

/// PNGs decoded with libspng, its limits set before it reads anything: the image's size (the
/// limits of `ImageHeader`, checked again by the decoder on the IHDR it reads itself) and how much
/// the compressed ancillary chunks (text, colour profiles) may inflate to, one and all together.
/// libspng's own limit on the number of ancillary chunks (1000) stays.
enum PNGDecoding {
    /// The most bytes one compressed ancillary chunk may inflate to.
    static let maxChunkBytes = 16 << 20
    /// The most bytes of ancillary chunks kept while decoding.
    static let maxAncillaryBytes = 32 << 20

    /// Decodes the PNG `bytes` into `pixmap` (of the size its header gives), premultiplied.
    static func decode(_ bytes: [UInt8], into pixmap: Pixmap) throws(ImageHeader.Failure) {
        guard let ctx = spng_ctx_new(0) else { throw ImageHeader.Failure(reason: "out of memory") }
        defer { spng_ctx_free(ctx) }
        func failure(_ code: Int32) -> ImageHeader.Failure {
            ImageHeader.Failure(reason: "a damaged PNG (\(String(cString: spng_strerror(code))))")
        }
        var status = spng_set_image_limits(ctx, UInt32(ImageHeader.maxSide), UInt32(ImageHeader.maxSide))
        if status == 0 { status = spng_set_chunk_limits(ctx, maxChunkBytes, maxAncillaryBytes) }
        // Every chunk's checksum was checked by the walk before (`PNGChunks.damage`): not again.
        if status == 0 { status = spng_set_crc_action(ctx, Int32(SPNG_CRC_USE.rawValue), Int32(SPNG_CRC_USE.rawValue)) }
        guard status == 0 else { throw failure(status) }
        // libspng reads from the buffer while it decodes: everything happens inside its lifetime.
        let result: Result<Void, ImageHeader.Failure> = bytes.withUnsafeBytes { raw in
            var status = spng_set_png_buffer(ctx, raw.baseAddress, raw.count)
            var ihdr = spng_ihdr()
            if status == 0 { status = spng_get_ihdr(ctx, &ihdr) }
            guard status == 0 else { return .failure(failure(status)) }
            let width = Int(ihdr.width), height = Int(ihdr.height)
            do throws(ImageHeader.Failure) { try ImageHeader.checkLimits(width, height, what: "its PNG header") } catch { return .failure(error) }
            guard width == pixmap.width, height == pixmap.height, pixmap.stride == width else {
                return .failure(ImageHeader.Failure(reason: "a damaged PNG (libspng reads it as \(width)x\(height), not \(pixmap.width)x\(pixmap.height))"))
            }
            var length = 0
            status = spng_decoded_image_size(ctx, Int32(SPNG_FMT_RGBA8.rawValue), &length)
            guard status == 0 else { return .failure(failure(status)) }
            guard length == width * height * 4 else { return .failure(ImageHeader.Failure(reason: "a damaged PNG (its decoded size does not match its header)")) }
            // RGBA bytes straight into the pixmap's own rows (contiguous), then turned into
            // premultiplied ARGB in place.
            status = spng_decode_image(ctx, pixmap.pixels, length, Int32(SPNG_FMT_RGBA8.rawValue), Int32(SPNG_DECODE_TRNS.rawValue))
            guard status == 0 else { return .failure(failure(status)) }
            for y in 0..<height {
                let row = UnsafeMutableBufferPointer(start: pixmap.row(y), count: width)
                Premultiplication.premultiplyRGBABytes(row)
            }
            return .success(())
        }
        return try result.get()
    }
}
