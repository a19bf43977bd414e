import CXXHash
import Raster

extension Pixmap {
    /// A 128-bit digest (XXH3) of the pixels, row by row, as 32 hex digits: equal digests mean equal
    /// pixels, so a frame is compared with its golden without decoding the golden.
    public var pixelDigest: String {
        guard let state = XXH3_createState() else { return "" }
        defer { XXH3_freeState(state) }
        XXH3_128bits_reset(state)
        let size = [UInt32(width), UInt32(height)]
        size.withUnsafeBytes { _ = limelight_xxh3_128_update(state, $0.baseAddress, $0.count) }
        // One call over the whole buffer when rows are contiguous (the digest is the same either way).
        if stride == width {
            _ = limelight_xxh3_128_update(state, pixels, width * height * 4)
        } else {
            for y in 0..<height { _ = limelight_xxh3_128_update(state, row(y), width * 4) }
        }
        return hex(XXH3_128bits_digest(state))
    }
}

/// The XXH3-128 digest of `bytes`, as 32 hex digits.
func digest(of bytes: ArraySlice<UInt8>) -> String {
    bytes.withUnsafeBytes { hex(limelight_xxh3_128($0.baseAddress, $0.count)) }
}

private func hex(_ h: XXH128_hash_t) -> String {
    func part(_ v: UInt64) -> String { let s = String(v, radix: 16); return String(repeating: "0", count: 16 - s.count) + s }
    return part(h.high64) + part(h.low64)
}
