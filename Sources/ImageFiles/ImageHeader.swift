import Foundation

/// The size an image file says it has, read from its header before anything is decoded, so a small
/// file that claims to be huge is refused before a decoder allocates for it.
///
/// Formats read: PNG, JPEG, GIF, BMP, WebP and QOI; any other file is refused (SDL2_image would
/// otherwise guess at it without a size check).
enum ImageHeader {
    /// The largest side an image may have, in pixels.
    static let maxSide = 16384
    /// The most pixels an image may have (64 megapixels).
    static let maxPixels = 64_000_000

    /// A format and the size its header gives.
    struct Size: Equatable {
        /// `PNG`, `JPEG`, …
        var format: String
        /// Columns and rows.
        var width: Int, height: Int
    }

    /// Refuses the file at `path` unless its header names a format read here and a size within the
    /// limits.
    static func check(file path: String) throws(ImageFileError) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ImageFileError(path: path, reason: "cannot open the file")
        }
        defer { try? handle.close() }
        let size: Size
        do { size = try read(handle) } catch { throw ImageFileError(path: path, reason: error.reason) }
        guard size.width > 0, size.height > 0 else {
            throw ImageFileError(path: path, reason: "its \(size.format) header gives a size of \(size.width)x\(size.height) (an image needs at least 1x1)")
        }
        guard size.width <= maxSide, size.height <= maxSide, size.width * size.height <= maxPixels else {
            throw ImageFileError(path: path, reason: "its \(size.format) header claims \(size.width)x\(size.height) pixels, more than the \(maxSide) a side and 64 megapixels an image may have")
        }
    }

    /// Why a header could not be read.
    struct Failure: Error { var reason: String }

    /// The format and size at the start of `handle`'s file.
    static func read(_ handle: FileHandle) throws(Failure) -> Size {
        let head = [UInt8]((try? handle.read(upToCount: 64)) ?? Data())
        func be(_ at: Int, _ count: Int) -> Int { (0..<count).reduce(0) { $0 << 8 | Int(head[at + $1]) } }
        func le(_ at: Int, _ count: Int) -> Int { (0..<count).reversed().reduce(0) { $0 << 8 | Int(head[at + $1]) } }
        func need(_ n: Int, _ format: String) throws(Failure) {
            if head.count < n { throw Failure(reason: "a cut-off \(format) file (\(head.count) bytes, too short for its header)") }
        }
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + magic.count && Array(head[offset..<(offset + magic.count)]) == magic
        }
        if starts(PNGChunks.signature) {
            try need(24, "PNG")
            guard starts(Array("IHDR".utf8), at: 12) else { throw Failure(reason: "a damaged PNG (it does not start with IHDR)") }
            return Size(format: "PNG", width: be(16, 4), height: be(20, 4))
        }
        if starts([0xFF, 0xD8]) { return try jpeg(handle) }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            try need(10, "GIF")
            return Size(format: "GIF", width: le(6, 2), height: le(8, 2))
        }
        if starts(Array("BM".utf8)) {
            try need(26, "BMP")
            if le(14, 4) == 12 { return Size(format: "BMP", width: le(18, 2), height: le(20, 2)) }
            let w = Int(Int32(truncatingIfNeeded: le(18, 4))), h = Int(Int32(truncatingIfNeeded: le(22, 4)))
            return Size(format: "BMP", width: abs(w), height: abs(h))
        }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
            try need(30, "WebP")
            if starts(Array("VP8X".utf8), at: 12) { return Size(format: "WebP", width: le(24, 3) + 1, height: le(27, 3) + 1) }
            if starts(Array("VP8L".utf8), at: 12) {
                let bits = le(21, 4)
                return Size(format: "WebP", width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
            }
            if starts(Array("VP8 ".utf8), at: 12) { return Size(format: "WebP", width: le(26, 2) & 0x3FFF, height: le(28, 2) & 0x3FFF) }
            throw Failure(reason: "a WebP file of a kind not read here (no VP8, VP8L or VP8X chunk first)")
        }
        if starts(Array("qoif".utf8)) {
            try need(14, "QOI")
            return Size(format: "QOI", width: be(4, 4), height: be(8, 4))
        }
        throw Failure(reason: "not a PNG, JPEG, GIF, BMP, WebP or QOI image")
    }

    /// The size in a JPEG's first start-of-frame segment, found by walking the segments from the top.
    static func jpeg(_ handle: FileHandle) throws(Failure) -> Size {
        var offset: UInt64 = 2
        // Every segment is at least 4 bytes, so a file of N bytes has at most N/4 of them.
        for _ in 0..<100_000 {
            try? handle.seek(toOffset: offset)
            let marker = [UInt8]((try? handle.read(upToCount: 9)) ?? Data())
            guard marker.count >= 4, marker[0] == 0xFF else { throw Failure(reason: "a damaged or cut-off JPEG (no frame header before byte \(offset))") }
            let kind = marker[1]
            if kind == 0xFF { offset += 1; continue }  // fill byte
            if kind == 0xD8 || kind == 0x01 || (0xD0...0xD7).contains(kind) { offset += 2; continue }
            let length = Int(marker[2]) << 8 | Int(marker[3])
            let startOfFrame: Set<UInt8> = [0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF]
            if startOfFrame.contains(kind) {
                guard marker.count >= 9 else { throw Failure(reason: "a cut-off JPEG (its frame header ends early)") }
                return Size(format: "JPEG", width: Int(marker[7]) << 8 | Int(marker[8]), height: Int(marker[5]) << 8 | Int(marker[6]))
            }
            guard kind != 0xD9, kind != 0xDA, length >= 2 else { throw Failure(reason: "a damaged JPEG (no frame header before its image data)") }
            offset += 2 + UInt64(length)
        }
        throw Failure(reason: "a damaged JPEG (no frame header in its first 100000 segments)")
    }
}
