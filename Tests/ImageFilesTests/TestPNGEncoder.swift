/// A minimal PNG encoder (stored deflate blocks, no compression), independent of SDL2_image, so tests can
/// check what the loader makes of known bytes, including channel order and alpha.
enum TestPNGEncoder {
    enum ColorType: UInt8 {
        case gray = 0, rgb = 2, rgba = 6
        var channels: Int { switch self { case .gray: 1; case .rgb: 3; case .rgba: 4 } }
    }

    /// A PNG of 8-bit samples, `samples` holding `width * height * channels` bytes row by row.
    static func encode(width: Int, height: Int, type: ColorType, samples: [UInt8]) -> [UInt8] {
        precondition(samples.count == width * height * type.channels)
        var raw: [UInt8] = []
        let rowBytes = width * type.channels
        for y in 0..<height {
            raw.append(0) // filter: none
            raw += samples[y * rowBytes..<(y + 1) * rowBytes]
        }
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, type.rawValue, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", header) + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65535, data.count)
            let length = UInt16(end - start)
            out.append(end == data.count ? 1 : 0)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            out += data[start..<end]
            start = end
        } while start < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return out + bigEndian(b << 16 | a)
    }

    private static func chunk(_ kind: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(kind.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }

    private static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }
}
