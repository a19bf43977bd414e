/// Conversions between the straight alpha of image files and the premultiplied alpha of `Pixmap`.
enum Premultiplication {
    /// Straight ARGB8888 to premultiplied, rounding to nearest (the same math as `Color.premultiplied`).
    static func premultiply(_ source: UnsafeBufferPointer<UInt32>, into target: UnsafeMutableBufferPointer<UInt32>) {
        for i in 0..<min(source.count, target.count) {
            let p = source[i]
            let a = p >> 24
            let r = ((p >> 16 & 0xFF) * a + 127) / 255
            let g = ((p >> 8 & 0xFF) * a + 127) / 255
            let b = ((p & 0xFF) * a + 127) / 255
            target[i] = a << 24 | r << 16 | g << 8 | b
        }
    }

    /// Straight RGBA bytes (R, G, B, A in memory, as PNG decoders give them) to premultiplied
    /// ARGB8888, in place, with `premultiply(_:into:)`'s rounding.
    static func premultiplyRGBABytes(_ pixels: UnsafeMutableBufferPointer<UInt32>) {
        for i in pixels.indices {
            let p = UInt32(littleEndian: pixels[i])  // bytes R G B A: A in the top byte, R in the bottom
            let a = p >> 24
            let r = ((p & 0xFF) * a + 127) / 255
            let g = ((p >> 8 & 0xFF) * a + 127) / 255
            let b = ((p >> 16 & 0xFF) * a + 127) / 255
            pixels[i] = a << 24 | r << 16 | g << 8 | b
        }
    }

    /// Premultiplied ARGB8888 pixels to RGB bytes as if every one were opaque (its colour bytes,
    /// four pixels a step as three little-endian words, without a branch), written from `target`
    /// on. Returns the AND of every pixel: its top byte is 0xFF only when every pixel was opaque,
    /// and only then are the bytes the straight colours.
    static func opaqueRGB(_ source: UnsafeBufferPointer<UInt32>, into target: UnsafeMutablePointer<UInt8>) -> UInt32 {
        guard let s = source.baseAddress else { return 0xFFFF_FFFF }
        let out = UnsafeMutableRawPointer(target)
        let n = source.count
        var all: UInt32 = 0xFFFF_FFFF
        @inline(__always) func rgb(_ p: UInt32) -> UInt32 { (p >> 16 & 0xFF) | (p & 0xFF00) | ((p & 0xFF) << 16) }
        var i = 0
        while i + 4 <= n {
            let p0 = s[i], p1 = s[i + 1], p2 = s[i + 2], p3 = s[i + 3]
            all &= p0 & p1 & p2 & p3
            let q0 = rgb(p0), q1 = rgb(p1), q2 = rgb(p2), q3 = rgb(p3)
            out.storeBytes(of: q0 | q1 << 24, toByteOffset: i * 3, as: UInt32.self)
            out.storeBytes(of: q1 >> 8 | q2 << 16, toByteOffset: i * 3 + 4, as: UInt32.self)
            out.storeBytes(of: q2 >> 16 | q3 << 8, toByteOffset: i * 3 + 8, as: UInt32.self)
            i += 4
        }
        while i < n {
            let p = s[i]
            all &= p
            target[i * 3] = UInt8(truncatingIfNeeded: p >> 16); target[i * 3 + 1] = UInt8(truncatingIfNeeded: p >> 8); target[i * 3 + 2] = UInt8(truncatingIfNeeded: p)
            i += 1
        }
        return all
    }

    /// Premultiplied ARGB8888 to straight 8-bit RGBA bytes, as a PNG row holds them: each colour
    /// times 255 over alpha, rounded to the nearest (so every value `Color.premultiplied` makes
    /// reads back as it was).
    static func straightRGBA(_ source: UnsafeBufferPointer<UInt32>, into target: UnsafeMutablePointer<UInt8>) {
        for (i, p) in source.enumerated() {
            let a = p >> 24
            let o = i * 4
            if a == 255 {
                target[o] = UInt8(p >> 16 & 0xFF); target[o + 1] = UInt8(p >> 8 & 0xFF); target[o + 2] = UInt8(p & 0xFF)
            } else if a == 0 {
                target[o] = 0; target[o + 1] = 0; target[o + 2] = 0
            } else {
                func straight(_ c: UInt32) -> UInt8 { UInt8(min(255, (c * 255 + a / 2) / a)) }
                target[o] = straight(p >> 16 & 0xFF); target[o + 1] = straight(p >> 8 & 0xFF); target[o + 2] = straight(p & 0xFF)
            }
            target[o + 3] = UInt8(a)
        }
    }
}
