import Testing
@testable import Raster

/// The source-over rows' AVX2 forms (a colour through coverage, a translucent colour, a row over
/// another at an opacity) give, byte for byte, what their portable forms give: rows of every length
/// from 0 to 70 at every alignment against a 32-byte store, through coverage that takes every value
/// between runs of 0 and 255 (the portable loops' shortcuts), over pixels that are premultiplied
/// and pixels that are not (a channel above its alpha: the lanes must wrap as the portable ones do),
/// at opacities from 0 to full. On a CPU without AVX2 both forms are the portable one.
@Suite struct SourceOverVariantTests {
    typealias Random = RowKernelVariantTests.Random

    /// A pixel: premultiplied (opaque a third of the time, wholly transparent a sixth, white a
    /// sixth), or any 32 bits.
    static func pixel(_ random: inout Random, premultiplied: Bool) -> UInt32 {
        guard premultiplied else { return UInt32(truncatingIfNeeded: random.next()) }
        switch random.below(6) {
        case 0: return 0
        case 1: return 0xFFFF_FFFF
        default: return random.pixel()
        }
    }

    /// Coverage in runs of 0 and 255 (of one, four and eight) with single values between them that
    /// count through 0...255.
    static func coverage(_ count: Int, _ random: inout Random, next: inout Int) -> [UInt8] {
        var out: [UInt8] = []
        while out.count < count {
            switch random.below(3) {
            case 0: out += [UInt8](repeating: 0, count: [1, 4, 8][random.below(3)])
            case 1: out += [UInt8](repeating: 255, count: [1, 4, 8][random.below(3)])
            default: out.append(UInt8(next % 256)); next += 1
            }
        }
        return Array(out.prefix(count))
    }

    /// Runs `body` on a copy of `pixels` placed `offset` pixels into a buffer with four guard
    /// pixels past it; the whole buffer after.
    static func run(_ pixels: [UInt32], offset: Int, _ body: (UnsafeMutablePointer<UInt32>) -> Void) -> [UInt32] {
        var out = [UInt32](repeating: 0xDEAD_BEEF, count: pixels.count + 12)
        out.replaceSubrange(offset..<offset + pixels.count, with: pixels)
        out.withUnsafeMutableBufferPointer { body($0.baseAddress! + offset) }
        return out
    }

    @Test(arguments: [true, false])
    func colourThroughCoverageIsThePortableRow(premultiplied: Bool) {
        var random = Random(state: premultiplied ? 0x1357_9BDF_2468_ACE0 : 0x0F1E_2D3C_4B5A_6978)
        var next = 0, seen = Set<UInt8>()
        for count in 0...70 {
            for offset in 0..<8 {
                let pixels = (0..<count).map { _ in Self.pixel(&random, premultiplied: premultiplied) }
                let cover = Self.coverage(count, &random, next: &next)
                seen.formUnion(cover)
                let color = [0xFF20_4080, 0x8010_2030, 0, 0x4040_4040, random.pixel()][random.below(5)]
                let forms = [RowKernels.portable, RowKernels.widest].map { kernels in
                    cover.withUnsafeBufferPointer { c in
                        Self.run(pixels, offset: offset) { Kernels.fill($0, coverage: c.baseAddress!, count: count, color: color, kernels: kernels) }
                    }
                }
                #expect(forms[0] == forms[1], "\(count) pixels at +\(offset), colour \(String(color, radix: 16))")
                if forms[0] != forms[1] { return }
            }
        }
        #expect(seen.count == 256, "every coverage value met the blend")
    }

    @Test(arguments: [true, false])
    func translucentColourIsThePortableRow(premultiplied: Bool) {
        var random = Random(state: premultiplied ? 0x2468_ACE0_1357_9BDF : 0x6978_4B5A_2D3C_0F1E)
        for count in 0...70 {
            for offset in 0..<8 {
                let pixels = (0..<count).map { _ in Self.pixel(&random, premultiplied: premultiplied) }
                let color = [0x8010_2030, 0x0100_0000, 0xFE7F_7F7F, random.pixel()][random.below(4)]
                let forms = [RowKernels.portable, RowKernels.widest].map { kernels in
                    Self.run(pixels, offset: offset) { Kernels.fill($0, count: count, color: color, kernels: kernels) }
                }
                #expect(forms[0] == forms[1], "\(count) pixels at +\(offset), colour \(String(color, radix: 16))")
                if forms[0] != forms[1] { return }
            }
        }
    }

    @Test(arguments: [0, 1, 100, 128, 255, 256] as [UInt32])
    func rowOverRowIsThePortableRow(opacity: UInt32) {
        var random = Random(state: 0x9E37_79B9_7F4A_7C15 ^ UInt64(opacity))
        for premultiplied in [true, false] {
            for count in 0...70 {
                for offset in 0..<8 {
                    let under = (0..<count).map { _ in Self.pixel(&random, premultiplied: premultiplied) }
                    // Runs of transparent, opaque and white source pixels, four and eight long.
                    var source: [UInt32] = []
                    while source.count < count {
                        let run = [1, 4, 8][random.below(3)]
                        switch random.below(4) {
                        case 0: source += [UInt32](repeating: 0, count: run)
                        case 1: source += [UInt32](repeating: 0xFFFF_FFFF, count: run)
                        case 2: source += (0..<run).map { _ in 0xFF00_0000 | UInt32(truncatingIfNeeded: random.next()) }
                        default: source += (0..<run).map { _ in Self.pixel(&random, premultiplied: premultiplied) }
                        }
                    }
                    source = Array(source.prefix(count))
                    let forms = [RowKernels.portable, RowKernels.widest].map { kernels in
                        source.withUnsafeBufferPointer { s in
                            Self.run(under, offset: offset) { Kernels.blend($0, s.baseAddress ?? UnsafePointer(bitPattern: 16)!, count: count, opacity: opacity, kernels: kernels) }
                        }
                    }
                    #expect(forms[0] == forms[1], "\(count) pixels at +\(offset), premultiplied \(premultiplied)")
                    if forms[0] != forms[1] { return }
                }
            }
        }
    }
}
