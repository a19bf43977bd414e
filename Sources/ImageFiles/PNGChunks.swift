import Foundation

/// A check of a PNG file's chunk structure before it goes to libpng, which prints its own errors.
enum PNGChunks {
    /// What is wrong with the chunks of the PNG at `path` (cut off, a failed checksum, no IEND), or
    /// nil when they are sound or the file is not a PNG at all (other formats go to SDL_image as they are).
    static func damage(ofFile path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.readToEnd() else { return nil }
        return damage(of: [UInt8](data))
    }

    /// `damage(ofFile:)` for the file's bytes.
    static func damage(of bytes: [UInt8]) -> String? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { return nil }
        var offset = 8
        var first = true
        while true {
            guard offset + 12 <= bytes.count else {
                return "a cut-off PNG (\(bytes.count) bytes end before the image does)"
            }
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard length <= 0x7FFF_FFFF, bytes[(offset + 4)..<(offset + 8)].allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) else {
                return "a damaged PNG (no valid chunk at byte \(offset))"
            }
            if first && type != "IHDR" { return "a damaged PNG (it does not start with IHDR)" }
            first = false
            guard offset + 12 + length <= bytes.count else {
                return "a cut-off PNG (\(bytes.count) bytes end inside its \(type) chunk)"
            }
            let stored = UInt32(bytes[offset + 8 + length]) << 24 | UInt32(bytes[offset + 9 + length]) << 16
                | UInt32(bytes[offset + 10 + length]) << 8 | UInt32(bytes[offset + 11 + length])
            guard crc32(bytes[(offset + 4)..<(offset + 8 + length)]) == stored else {
                return "a damaged PNG (its \(type) chunk at byte \(offset) fails its checksum)"
            }
            if type == "IEND" { return nil }
            offset += 12 + length
        }
    }

    private static let crcTable: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// The CRC-32 PNG chunks carry (ISO 3309, as in zlib).
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        crcTable.withUnsafeBufferPointer { table in
            for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        }
        return c ^ 0xFFFF_FFFF
    }
}
