import CDeflate
import Foundation

/// The chunks of a PNG file: walked without decoding the image, to find damage before libpng sees it
/// (it prints its own errors) and to read and write the digest a golden carries.
enum PNGChunks {
    /// One chunk: its type and where its data lies in the file's bytes.
    struct Chunk {
        /// The four-letter type ("IHDR", "IDAT", …).
        var type: String
        /// The chunk's data (without length, type and CRC).
        var data: Range<Int>
        /// The whole chunk, length and CRC included.
        var whole: Range<Int>
    }

    /// The PNG signature.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The chunks of `bytes` up to and including IEND, or what is wrong with them (cut off, a failed
    /// checksum, no IEND); `.notPNG` when `bytes` do not start with the PNG signature.
    enum Walk {
        case chunks([Chunk])
        case damaged(String)
        case notPNG
    }

    /// Walks the chunks of `bytes`, checking every CRC.
    static func walk(_ bytes: [UInt8]) -> Walk {
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { return .notPNG }
        var offset = 8
        var chunks: [Chunk] = []
        while true {
            guard offset + 12 <= bytes.count else {
                return .damaged("a cut-off PNG (\(bytes.count) bytes end before the image does)")
            }
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard length <= 0x7FFF_FFFF, bytes[(offset + 4)..<(offset + 8)].allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) else {
                return .damaged("a damaged PNG (no valid chunk at byte \(offset))")
            }
            if chunks.isEmpty && type != "IHDR" { return .damaged("a damaged PNG (it does not start with IHDR)") }
            guard offset + 12 + length <= bytes.count else {
                return .damaged("a cut-off PNG (\(bytes.count) bytes end inside its \(type) chunk)")
            }
            let stored = UInt32(bytes[offset + 8 + length]) << 24 | UInt32(bytes[offset + 9 + length]) << 16
                | UInt32(bytes[offset + 10 + length]) << 8 | UInt32(bytes[offset + 11 + length])
            guard crc32(bytes[(offset + 4)..<(offset + 8 + length)]) == stored else {
                return .damaged("a damaged PNG (its \(type) chunk at byte \(offset) fails its checksum)")
            }
            chunks.append(Chunk(type: type, data: (offset + 8)..<(offset + 8 + length), whole: offset..<(offset + 12 + length)))
            if type == "IEND" { return .chunks(chunks) }
            offset += 12 + length
        }
    }

    /// What is wrong with the chunks of the PNG `bytes`, or nil when they are sound or the bytes are
    /// not a PNG at all.
    static func damage(of bytes: [UInt8]) -> String? {
        if case .damaged(let why) = walk(bytes) { return why }
        return nil
    }

    /// A chunk of `type` holding `data`, length and CRC included.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        let n = UInt32(data.count)
        let crc = crc32(ArraySlice(typeBytes + data))
        return [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + typeBytes + data
            + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }

    /// The CRC-32 PNG chunks carry (ISO 3309), from libdeflate (carry-less multiplication where
    /// the processor has it: a golden's chunks are checked on every comparison).
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { b in libdeflate_crc32(0, b.baseAddress, b.count) }
    }
}
