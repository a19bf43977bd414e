/// The format and size an image file's bytes say they have, read before anything is decoded, so a
/// small file that claims to be huge is refused before a decoder allocates for it, and the decoder
/// of the format read here — no other — decodes it (`ImageDecoding`).
///
/// Formats read: PNG, JPEG, GIF, BMP, WebP and QOI; any other file is refused (nothing guesses at it
/// by its extension or its contents). Each reading is at least as strict as its decoder's, so what
/// is measured here is what the decoder allocates for: GIF and JPEG are walked block by block to
/// their end (every GIF frame's size is checked, JPEG scans are counted), BMP takes only the header
/// kinds SDL reads.
enum ImageHeader {
    /// The largest side an image may have, in pixels.
    static let maxSide = 16384
    /// The most pixels an image may have (64 megapixels).
    static let maxPixels = 64_000_000
    /// The most scans a progressive JPEG may have: each one passes over the whole image (a real
    /// encoder writes about ten).
    static let maxJPEGScans = 100

    /// A format and the size its header gives.
    struct Size: Equatable {
        /// The format, as its header says.
        var format: ImageFormat
        /// Columns and rows.
        var width: Int, height: Int
    }

    /// Why a header could not be read, or what it claims that is not allowed.
    struct Failure: Error { var reason: String }

    /// The format and size of `bytes` (a whole file), refused unless within the limits.
    static func check(_ bytes: [UInt8]) throws(Failure) -> Size {
        let size = try read(bytes)
        try checkLimits(size.width, size.height, what: "its \(size.format.rawValue) header")
        return size
    }

    /// Refuses a size under 1x1 or over the limits, naming `what` claimed it.
    static func checkLimits(_ width: Int, _ height: Int, what: String) throws(Failure) {
        guard width > 0, height > 0 else {
            throw Failure(reason: "\(what) gives a size of \(width)x\(height) (an image needs at least 1x1)")
        }
        guard width <= maxSide, height <= maxSide, width * height <= maxPixels else {
            throw Failure(reason: "\(what) claims \(width)x\(height) pixels, more than the \(maxSide) a side and 64 megapixels an image may have")
        }
    }

    /// The format and size at the start of `bytes`; GIF and JPEG files are walked to their end.
    static func read(_ bytes: [UInt8]) throws(Failure) -> Size {
        let head = ByteReader(bytes)
        func need(_ n: Int, _ format: String) throws(Failure) {
            if bytes.count < n { throw Failure(reason: "a cut-off \(format) file (\(bytes.count) bytes, too short for its header)") }
        }
        if head.starts(PNGChunks.signature) {
            try need(24, "PNG")
            guard head.starts(Array("IHDR".utf8), at: 12) else { throw Failure(reason: "a damaged PNG (it does not start with IHDR)") }
            return Size(format: .png, width: head.be(16, 4), height: head.be(20, 4))
        }
        if head.starts([0xFF, 0xD8]) { return try jpeg(head) }
        if head.starts(Array("GIF87a".utf8)) || head.starts(Array("GIF89a".utf8)) { return try gif(head) }
        if head.starts(Array("BM".utf8)) {
            try need(26, "BMP")
            let infoSize = head.le(14, 4)
            if infoSize == 12 { return Size(format: .bmp, width: head.le(18, 2), height: head.le(20, 2)) }
            // SDL reads the 12-byte core header and the 40-byte info header and its successors.
            guard infoSize >= 40 else { throw Failure(reason: "a BMP with a \(infoSize)-byte header, a kind not read here (12, or 40 and more)") }
            let w = Int(Int32(truncatingIfNeeded: head.le(18, 4))), h = Int(Int32(truncatingIfNeeded: head.le(22, 4)))
            // A negative height is a top-down image; a negative width is no image.
            return Size(format: .bmp, width: w, height: abs(h))
        }
        if head.starts(Array("RIFF".utf8)) && head.starts(Array("WEBP".utf8), at: 8) {
            try need(30, "WebP")
            if head.starts(Array("VP8X".utf8), at: 12) { return Size(format: .webp, width: head.le(24, 3) + 1, height: head.le(27, 3) + 1) }
            if head.starts(Array("VP8L".utf8), at: 12) {
                let bits = head.le(21, 4)
                return Size(format: .webp, width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
            }
            if head.starts(Array("VP8 ".utf8), at: 12) { return Size(format: .webp, width: head.le(26, 2) & 0x3FFF, height: head.le(28, 2) & 0x3FFF) }
            throw Failure(reason: "a WebP file of a kind not read here (no VP8, VP8L or VP8X chunk first)")
        }
        if head.starts(Array("qoif".utf8)) {
            try need(14, "QOI")
            return Size(format: .qoi, width: head.be(4, 4), height: head.be(8, 4))
        }
        throw Failure(reason: "not a PNG, JPEG, GIF, BMP, WebP or QOI image")
    }

    /// The size in a JPEG's start-of-frame segment, found by walking every segment from the top and
    /// over each scan's data to the end, counting the scans. Bytes between segments (which libjpeg
    /// would skip with a warning) are refused, so the frame found here is the one libjpeg reads.
    static func jpeg(_ r: ByteReader) throws(Failure) -> Size {
        let bytes = r.bytes
        var offset = 2
        var size: Size?
        var scans = 0
        let startOfFrame: Set<UInt8> = [0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF]
        while offset + 1 < bytes.count {
            guard bytes[offset] == 0xFF else { throw Failure(reason: "a damaged JPEG (no marker at byte \(offset))") }
            let kind = bytes[offset + 1]
            if kind == 0xFF { offset += 1; continue }  // fill byte
            if kind == 0xD9 { break }                   // end of image
            if kind == 0x01 || (0xD0...0xD7).contains(kind) { offset += 2; continue }
            guard kind != 0xD8, offset + 4 <= bytes.count else { throw Failure(reason: "a damaged or cut-off JPEG (at byte \(offset))") }
            let length = r.be(offset + 2, 2)
            guard length >= 2 else { throw Failure(reason: "a damaged JPEG (a segment of length \(length) at byte \(offset))") }
            if startOfFrame.contains(kind), size == nil {
                guard offset + 9 <= bytes.count else { throw Failure(reason: "a cut-off JPEG (its frame header ends early)") }
                size = Size(format: .jpeg, width: r.be(offset + 7, 2), height: r.be(offset + 5, 2))
            }
            offset += 2 + length
            guard kind == 0xDA else { continue }
            guard size != nil else { throw Failure(reason: "a damaged JPEG (image data before its frame header)") }
            scans += 1
            guard scans <= maxJPEGScans else { throw Failure(reason: "a JPEG with more than \(maxJPEGScans) scans (each one decodes the whole image again)") }
            // The scan's entropy-coded data runs to the next marker: 0xFF not followed by 0x00
            // (a stuffed byte), a restart marker or another 0xFF.
            while offset + 1 < bytes.count {
                if bytes[offset] == 0xFF, bytes[offset + 1] != 0, !(0xD0...0xD7).contains(bytes[offset + 1]), bytes[offset + 1] != 0xFF { break }
                offset += 1
            }
        }
        guard let size else { throw Failure(reason: "a damaged or cut-off JPEG (no frame header)") }
        return size
    }

    /// The size of a GIF's first frame, every block walked to the trailer: each frame's size is
    /// checked against the limits (a tiny logical screen can hold a huge frame), and anything a
    /// lenient reader would skip over is refused (SDL_image's, after a frame it cannot decode,
    /// searches the bytes for another one, which this walk would not have measured; giflib, which
    /// decodes GIFs here, refuses such bytes too).
    static func gif(_ r: ByteReader) throws(Failure) -> Size {
        let bytes = r.bytes
        guard bytes.count >= 13 else { throw Failure(reason: "a cut-off GIF file (\(bytes.count) bytes, too short for its header)") }
        try checkLimits(r.le(6, 2), r.le(8, 2), what: "its GIF header")
        var offset = 13
        if bytes[10] & 0x80 != 0 { offset += 3 << ((Int(bytes[10]) & 7) + 1) }
        var first: Size?
        var frames = 0
        /// Skips data sub-blocks up to their terminator; false when the file ends first.
        func skipSubBlocks() -> Bool {
            while offset < bytes.count {
                let count = Int(bytes[offset])
                offset += 1 + count
                if count == 0 { return true }
            }
            return false
        }
        while offset < bytes.count {
            let block = bytes[offset]
            offset += 1
            switch block {
            case 0x3B:  // trailer
                offset = bytes.count
            case 0x21:  // extension: a label, then sub-blocks
                offset += 1
                guard skipSubBlocks() else { break }
            case 0x2C:  // image descriptor
                guard offset + 9 <= bytes.count else { throw Failure(reason: "a cut-off GIF (frame \(frames + 1)'s descriptor ends early)") }
                frames += 1
                let width = r.le(offset + 4, 2), height = r.le(offset + 6, 2), flags = bytes[offset + 8]
                // SDL decodes the first frame; a later one of no size is never allocated.
                if frames == 1 || width > 0 && height > 0 {
                    try checkLimits(width, height, what: frames == 1 ? "its first GIF frame" : "its GIF frame \(frames)")
                }
                if first == nil { first = Size(format: .gif, width: width, height: height) }
                offset += 9
                if flags & 0x80 != 0 { offset += 3 << ((Int(flags) & 7) + 1) }
                guard offset < bytes.count else { break }
                let codeSize = bytes[offset]
                guard (2...12).contains(codeSize) else {
                    throw Failure(reason: "a damaged GIF (frame \(frames) has an LZW code size of \(codeSize); 2 to 12 are read)")
                }
                offset += 1
                guard skipSubBlocks() else { break }
            default:
                throw Failure(reason: "a damaged GIF (an unknown block 0x\(String(block, radix: 16, uppercase: true)) at byte \(offset - 1))")
            }
        }
        guard let first else { throw Failure(reason: "a GIF without a frame") }
        return first
    }
}

/// Big- and little-endian numbers at offsets of a file's bytes (0 past the end).
struct ByteReader {
    /// The file's bytes.
    let bytes: [UInt8]

    /// A reader of `bytes`.
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The byte at `i`, or 0 past the end.
    func byte(_ i: Int) -> Int { i < bytes.count ? Int(bytes[i]) : 0 }
    /// `count` bytes at `at`, most significant first.
    func be(_ at: Int, _ count: Int) -> Int { (0..<count).reduce(0) { $0 << 8 | byte(at + $1) } }
    /// `count` bytes at `at`, least significant first.
    func le(_ at: Int, _ count: Int) -> Int { (0..<count).reversed().reduce(0) { $0 << 8 | byte(at + $1) } }
    /// Whether `magic` is at `offset`.
    func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
        bytes.count >= offset + magic.count && Array(bytes[offset..<(offset + magic.count)]) == magic
    }
}
