import Testing
@testable import Raster

/// The vector source-over kernel against the formula written one channel at a time.
@Suite struct BlendKernelTests {
    static func reference(_ src: UInt32, over dst: UInt32, opacity k: UInt32) -> UInt32 {
        var s = [UInt32](repeating: 0, count: 4), out: UInt32 = 0
        for ch in 0..<4 { s[ch] = (((src >> (8 * UInt32(ch))) & 0xFF) * k) >> 8 }
        let inv = 255 - s[3]
        for ch in 0..<4 {
            let t = ((dst >> (8 * UInt32(ch))) & 0xFF) * inv + 128
            out |= (s[ch] + ((t + (t >> 8)) >> 8)) << (8 * UInt32(ch))
        }
        return out
    }

    @Test(arguments: [UInt32(0), 1, 77, 128, 255, 256])
    func blendEqualsTheFormulaForEveryLength(opacity: UInt32) {
        var seed: UInt64 = 0xB1E4D
        func next() -> UInt32 { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return UInt32(truncatingIfNeeded: seed >> 32) }
        func premultiplied(alpha a: UInt32) -> UInt32 { a << 24 | (next() % (a + 1)) << 16 | (next() % (a + 1)) << 8 | next() % (a + 1) }
        for count in 0...37 {
            // Runs of clear, of opaque and of opaque white source (the kernel's shortcuts) among
            // arbitrary pixels.
            let src: [UInt32] = (0..<count).map { i in
                switch (i / 4 + count) % 4 {
                case 0: 0
                case 1: premultiplied(alpha: 255)
                case 2: 0xFFFF_FFFF
                default: premultiplied(alpha: next() & 0xFF)
                }
            }
            let dst: [UInt32] = (0..<count).map { _ in premultiplied(alpha: next() & 0xFF) }
            var out = dst
            src.withUnsafeBufferPointer { s in
                out.withUnsafeMutableBufferPointer { d in
                    guard let db = d.baseAddress, let sb = s.baseAddress else { return }
                    Kernels.blend(db, sb, count: count, opacity: opacity)
                }
            }
            for i in 0..<count {
                let want = Self.reference(src[i], over: dst[i], opacity: opacity)
                #expect(out[i] == want, "count \(count), pixel \(i): \(String(out[i], radix: 16)) != \(String(want, radix: 16))")
            }
        }
    }
}
