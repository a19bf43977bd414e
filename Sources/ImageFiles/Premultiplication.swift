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

    /// Premultiplied ARGB8888 to straight 8-bit RGB (`channels` 3) or RGBA (4) bytes, as a PNG row
    /// holds them, with the rounding of `unpremultiply(_:into:)`.
    static func unpremultiply(_ source: UnsafeBufferPointer<UInt32>, into target: UnsafeMutableBufferPointer<UInt8>, channels: Int) {
        let n = min(source.count, target.count / channels)
        var start = 0
        // Opaque pixels (every pixel of an RGB row) are their colour bytes: four at a time as
        // three little-endian words, without a branch.
        if channels == 3, let s = source.baseAddress, let t = target.baseAddress {
            let out = UnsafeMutableRawPointer(t)
            while start + 4 <= n && (s[start] & s[start + 1] & s[start + 2] & s[start + 3]) >> 24 == 0xFF {
                @inline(__always) func rgb(_ p: UInt32) -> UInt32 { (p >> 16 & 0xFF) | (p & 0xFF00) | ((p & 0xFF) << 16) }
                let q0 = rgb(s[start]), q1 = rgb(s[start + 1]), q2 = rgb(s[start + 2]), q3 = rgb(s[start + 3])
                out.storeBytes(of: q0 | q1 << 24, toByteOffset: start * 3, as: UInt32.self)
                out.storeBytes(of: q1 >> 8 | q2 << 16, toByteOffset: start * 3 + 4, as: UInt32.self)
                out.storeBytes(of: q2 >> 16 | q3 << 8, toByteOffset: start * 3 + 8, as: UInt32.self)
                start += 4
            }
        }
        for i in start..<n {
            let p = source[i]
            let a = p >> 24
            let o = i * channels
            if a == 255 {
                target[o] = UInt8(p >> 16 & 0xFF); target[o + 1] = UInt8(p >> 8 & 0xFF); target[o + 2] = UInt8(p & 0xFF)
            } else if a == 0 {
                target[o] = 0; target[o + 1] = 0; target[o + 2] = 0
            } else {
                func straight(_ c: UInt32) -> UInt8 { UInt8(min(255, (c * 255 + a / 2) / a)) }
                target[o] = straight(p >> 16 & 0xFF); target[o + 1] = straight(p >> 8 & 0xFF); target[o + 2] = straight(p & 0xFF)
            }
            if channels == 4 { target[o + 3] = UInt8(a) }
        }
    }

    /// Premultiplied ARGB8888 to straight, rounding to nearest, so premultiplying again restores the input.
    ///
    /// Exact because |s·a/255 − p| ≤ a/510 < 1/2 for the rounded s = round(p·255/a) when a < 255, and
    /// a = 255 is the identity. Fully transparent pixels become 0; channels above alpha clamp to 255.
    static func unpremultiply(_ source: UnsafeBufferPointer<UInt32>, into target: UnsafeMutableBufferPointer<UInt32>) {
        for i in 0..<min(source.count, target.count) {
            let p = source[i]
            let a = p >> 24
            guard a != 0 else { target[i] = 0; continue }
            func straight(_ c: UInt32) -> UInt32 { min(255, (c * 255 + a / 2) / a) }
            target[i] = a << 24 | straight(p >> 16 & 0xFF) << 16 | straight(p >> 8 & 0xFF) << 8 | straight(p & 0xFF)
        }
    }
}
