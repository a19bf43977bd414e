import Testing
@testable import Raster

/// The dim's AVX2 rows give, byte for byte, what its portable rows give: on random rows of every
/// length from 0 to 70 at every alignment, through coverage that takes every value 0...255 between
/// runs of 0 and 255, in place and into another buffer with plain and streaming stores, and over
/// whole frames. On a CPU without AVX2 both dims are the portable one, and the comparisons hold
/// trivially.
@Suite struct RowKernelVariantTests {
    /// A small deterministic generator (xorshift64).
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return state }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        /// A premultiplied pixel (each channel at most its alpha), opaque half the time.
        mutating func pixel() -> UInt32 {
            let a = below(2) == 0 ? 255 : UInt32(below(256))
            return a << 24 | UInt32(below(Int(a) + 1)) << 16 | UInt32(below(Int(a) + 1)) << 8 | UInt32(below(Int(a) + 1))
        }
    }

    /// The two ways a row is written: into another buffer (the source at `sourceOffset` pixels into
    /// its own), or in place.
    struct Placement: CustomStringConvertible {
        var inPlace: Bool
        var streaming: Bool
        /// Pixels from the start of the destination buffer (an array's storage is 16-byte aligned):
        /// 0 to 7 covers every position against a 32-byte store.
        var offset: Int
        var sourceOffset: Int
        var description: String { "in place \(inPlace), streaming \(streaming), at +\(offset) from +\(sourceOffset)" }
    }

    static let placements: [Placement] = (0..<8).flatMap { offset in
        [Placement(inPlace: true, streaming: false, offset: offset, sourceOffset: 0),
         Placement(inPlace: false, streaming: false, offset: offset, sourceOffset: (offset * 3) % 8),
         Placement(inPlace: false, streaming: true, offset: offset, sourceOffset: (offset * 5 + 1) % 8)]
    }

    /// Runs one row with `dim` (through `coverage` when given) and returns the whole destination
    /// buffer: the row and four guard pixels on each side of it.
    static func row(_ dim: DimBlend, _ pixels: [UInt32], coverage: [UInt8]?, _ p: Placement) -> [UInt32] {
        let count = pixels.count
        var out = [UInt32](repeating: 0xDEAD_BEEF, count: count + 16)
        let source = [UInt32](repeating: 0x1234_5678, count: p.sourceOffset) + pixels
        if p.inPlace { out.replaceSubrange(p.offset..<p.offset + count, with: pixels) }
        source.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                guard let d = dst.baseAddress.map({ $0 + p.offset }), let s = src.baseAddress.map({ $0 + p.sourceOffset }) else { return }
                let from = p.inPlace ? UnsafePointer(d) : s
                if let coverage {
                    coverage.withUnsafeBufferPointer { dim.apply(d, from, holes: $0.baseAddress!, count: count, streaming: p.streaming) }
                } else {
                    dim.apply(d, from, count: count, streaming: p.streaming)
                }
            }
        }
        return out
    }

    @Test(arguments: [0.0, 1.0 / 256, 0.3, 0.5, 0.77, 1.0])
    func theAVX2RowsAreThePortableRows(opacity: Double) {
        var random = Random(state: 0xA5A5_1234_9E37_79B9 ^ UInt64(opacity * 256))
        let color = Color(red: UInt8(random.below(256)), green: UInt8(random.below(256)), blue: UInt8(random.below(256)))
        let portable = DimBlend(color: color, opacity: opacity, kernels: .portable)
        let avx2 = DimBlend(color: color, opacity: opacity, kernels: .avx2)
        #expect(portable.kernels == .portable && avx2.kernels == RowKernels.widest)
        // Coverage between the runs counts through 0...255, so every value meets the edge blend.
        var next = 0
        var seen = Set<UInt8>()
        for count in 0...70 {
            for p in Self.placements {
                let pixels = (0..<count).map { _ in random.pixel() }
                // Runs of 0 and 255 of four and eight (the kernels' shortcuts), at any phase, and
                // single values among them.
                var coverage: [UInt8] = []
                while coverage.count < count {
                    switch random.below(4) {
                    case 0: coverage += [UInt8](repeating: 0, count: [1, 4, 8, 9][random.below(4)])
                    case 1: coverage += [UInt8](repeating: 255, count: [1, 4, 8, 11][random.below(4)])
                    default:
                        for _ in 0..<(1 + random.below(6)) { coverage.append(UInt8(next)); next = (next + 1) % 256 }
                    }
                }
                coverage.removeLast(coverage.count - count)
                seen.formUnion(coverage)
                let constant = (Self.row(avx2, pixels, coverage: nil, p), Self.row(portable, pixels, coverage: nil, p))
                #expect(constant.0 == constant.1, "constant dim, count \(count), \(p)")
                let masked = (Self.row(avx2, pixels, coverage: coverage, p), Self.row(portable, pixels, coverage: coverage, p))
                #expect(masked.0 == masked.1, "through \(coverage), count \(count), \(p)")
            }
        }
        #expect(seen.count == 256, "every coverage value met: \(seen.count)")
    }

    /// Whole frames through two overlapping holes at odd places (bands of one hole, of two joined,
    /// of none; rows of every alignment), with each kind of store and in place.
    @Test(arguments: [0.5, 0.6])
    func theAVX2DimOfAFrameIsThePortableOne(opacity: Double) throws {
        let (w, h) = (517, 301)
        let base = try Pixmap(width: w, height: h)
        var random = Random(state: 0x5EED_F00D)
        for y in 0..<h { for x in 0..<w { base.row(y)[x] = random.pixel() } }
        let holes = [Rasterizer.mask(for: .circle(center: Point(161.3, 120.7), radius: 61), clip: base.bounds),
                     Rasterizer.mask(for: .star(center: Point(203.1, 151.9), points: 5, innerRadius: 30, outerRadius: 81),
                                     clip: base.bounds).feathered(radius: 3)]
        let region = IntRect(x: 3, y: 5, width: w - 10, height: h - 7)
        let color = Color(red: 10, green: 20, blue: 30)
        let forms = [DimBlend(color: color, opacity: opacity, kernels: .avx2), DimBlend(color: color, opacity: opacity, kernels: .portable)]
        for stores in [DimBlend.Stores.plain, .streaming] {
            let frames = try forms.map { dim in
                let frame = try Pixmap(width: w, height: h, fill: .white)
                dim.apply(from: base, into: frame, region: region, holes: holes, stores: stores)
                return frame
            }
            #expect(frames[0].hasSamePixels(as: frames[1]), "\(stores)")
        }
        let inPlace = forms.map { dim in
            let frame = base.copy()
            dim.apply(from: frame, into: frame, region: region, holes: holes)
            return frame
        }
        #expect(inPlace[0].hasSamePixels(as: inPlace[1]), "in place")
    }

    @Test func theVariableChoosesTheForm() throws {
        let variable = RowKernels.environmentVariable
        #expect(try RowKernels.from(environment: [:]).get() == nil)
        #expect(try RowKernels.from(environment: [variable: ""]).get() == nil)
        #expect(try RowKernels.from(environment: [variable: "Auto"]).get() == nil)
        #expect(try RowKernels.from(environment: [variable: "PORTABLE"]).get() == .portable)
        guard case .failure(let error) = RowKernels.from(environment: [variable: "sse9"]) else { Issue.record("accepted"); return }
        #expect(error.message == "LIMELIGHT_KERNELS=\"sse9\": expected portable, avx2 or auto")
        switch RowKernels.from(environment: [variable: "avx2"]) {
        case .success(let kernels): #expect(kernels == .avx2 && RowKernels.runs(.avx2))
        case .failure(let error):
            #expect(!RowKernels.runs(.avx2) && error.message == "LIMELIGHT_KERNELS=\"avx2\": this CPU does not run AVX2 (expected portable or auto)")
        }
        // A dim asked for a form this CPU does not run gets the portable one.
        #expect(DimBlend(color: .black, opacity: 0.5, kernels: .avx2).kernels == (RowKernels.runs(.avx2) ? .avx2 : .portable))
    }
}
