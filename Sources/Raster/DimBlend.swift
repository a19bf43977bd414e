import CStream

/// The dim layer: `dst = src·(1 − a·m) + c·a·m` per channel, where `c` is an opaque colour, `a` the
/// dim's opacity and `m` the coverage of "outside every hole".
///
/// Outside the holes' boxes `m` is 1 and the blend is a per-channel constant multiply-add, done eight
/// channels at a time in 16-bit lanes (SSE2's pmullw: no 32-bit multiplies, which baseline x86-64
/// lacks). Inside a hole's box `m = 1 − hole coverage`, per pixel. On a CPU that runs AVX2 each row
/// goes to the AVX2 form instead (`RowKernels`, `Variants/DimBlendAVX2.swift`), eight pixels a
/// register, with the same bytes. How the rows store, plainly or streaming: `DimBlendStores.swift`.
///
/// The region walk (`apply(from:into:region:holes:stores:)`, `rows`) stays in this file with the
/// kernels it calls: in a file of its own, the optimizer no longer inlined the kernels' lane
/// conversions (`SIMD8<UInt16>(truncatingIfNeeded:)`) into `rows`, and the dim at any opacity but
/// one half ran seven times slower (2.8 ms for a 1920x1080 frame against 0.38).
public struct DimBlend: Sendable {
    /// The opacity in 0...256.
    public let alpha256: UInt32
    let colorRB: UInt32
    let colorAG: UInt32
    let constRB: UInt32
    let constAG: UInt32
    let constInv: UInt32
    let laneInv: SIMD8<UInt16>
    let laneAdd: SIMD8<UInt16>
    /// The dim colour with opaque alpha, four pixels in memory order.
    let laneColor: SIMD16<UInt8>
    /// The dim colour with opaque alpha, two pixels in 16-bit lanes (for the edge blend).
    let laneColorWide: SIMD8<UInt16>
    /// The opacity's half and its odd bit, in every lane (for k = a·m' / 256 in 16 bits).
    let laneAlphaHalf: SIMD8<UInt16>
    let laneAlphaOdd: SIMD8<UInt16>
    /// Whether the opacity is exactly one half (the default dim), where the blend is a byte average.
    let isHalf: Bool
    /// The dim colour with opaque alpha, as a pixel (for the AVX2 rows).
    let colorPixel: UInt32
    /// The form of the row kernels this dim runs (`RowKernels`): one this CPU runs.
    public let kernels: RowKernels

    /// A dim of `color` (its own alpha is ignored) at `opacity` (0...1; NaN reads as 0), with the
    /// kernels this process runs (`RowKernels.chosen`).
    public init(color: Color, opacity: Double) {
        self.init(color: color, opacity: opacity, kernels: .chosen)
    }

    /// The same dim with the row kernels of `kernels` (to measure or test one form against another);
    /// a form this CPU does not run is the portable one.
    public init(color: Color, opacity: Double, kernels: RowKernels) {
        self.kernels = RowKernels.runs(kernels) ? kernels : .portable
        colorPixel = 0xFF00_0000 | UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
        let o = opacity.isFinite ? min(max(opacity, 0), 1) : 0
        let a = UInt32((o * 256).rounded())
        alpha256 = a
        colorRB = UInt32(color.red) << 16 | UInt32(color.blue)
        colorAG = 0xFF << 16 | UInt32(color.green)
        constInv = 256 - alpha256
        constRB = colorRB &* alpha256 &+ 0x0080_0080
        constAG = colorAG &* alpha256 &+ 0x0080_0080
        laneInv = SIMD8<UInt16>(repeating: UInt16(constInv))
        // Memory order of a little-endian ARGB8888 pixel: B, G, R, A.
        let add = SIMD4<UInt16>(UInt16(color.blue), UInt16(color.green), UInt16(color.red), 255) &* UInt16(a) &+ 128
        laneAdd = SIMD8<UInt16>(lowHalf: add, highHalf: add)
        let c = SIMD4<UInt8>(color.blue, color.green, color.red, 255)
        laneColor = SIMD16<UInt8>(lowHalf: SIMD8(lowHalf: c, highHalf: c), highHalf: SIMD8(lowHalf: c, highHalf: c))
        laneColorWide = SIMD8<UInt16>(truncatingIfNeeded: SIMD8<UInt8>(lowHalf: c, highHalf: c))
        laneAlphaHalf = SIMD8<UInt16>(repeating: UInt16(a >> 1))
        laneAlphaOdd = SIMD8<UInt16>(repeating: UInt16(a & 1))
        isHalf = a == 128
    }

    /// Dims `count` pixels of `src` into `dst` with no hole (m = 1). `dst` may equal `src`.
    ///
    /// `streaming` writes `dst` with non-temporal stores (see `apply(from:into:region:holes:)`); the
    /// caller then ends the run with `ll_stream_fence()`.
    @inline(__always)
    public func apply(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int, streaming: Bool = false) {
        // Two copies of the loop, each with its kind of store fixed.
        if streaming { constantRow(dst, src, count: count, stores: StreamingStores.self) } else { constantRow(dst, src, count: count, stores: PlainStores.self) }
    }

    @inline(__always)
    func constantRow<S: RowStores>(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int, stores: S.Type) {
        let streaming = S.streaming
        guard count > 0 else { return }
        if kernels == .avx2 { avx2ConstantRow(dst, src, count: count, streaming: streaming); return }
        let d = UnsafeMutableRawPointer(dst), s = UnsafeRawPointer(src)
        var i = 0
        // Streaming stores of 16 bytes need an aligned destination: up to three pixels first.
        if streaming {
            while i < count && UInt(bitPattern: d + i &* 4) & 15 != 0 {
                ll_stream4(dst + i, dimmed(src[i]))
                i &+= 1
            }
        }
        // Eight pixels per step, as two independent groups of four (one 16-byte load each): the two
        // chains overlap, which a single group cannot. The opacity's two cases are separate loops,
        // with their constants in registers.
        if isHalf {
            let c = laneColor
            while i &+ 8 <= count {
                let a = s.loadUnaligned(fromByteOffset: i &* 4, as: SIMD16<UInt8>.self)
                let b = s.loadUnaligned(fromByteOffset: i &* 4 &+ 16, as: SIMD16<UInt8>.self)
                DimBlend.store(DimBlend.average(a, c), d, i &* 4, streaming: streaming)
                DimBlend.store(DimBlend.average(b, c), d, i &* 4 &+ 16, streaming: streaming)
                i &+= 8
            }
        } else {
            let inv = laneInv, add = laneAdd
            while i &+ 8 <= count {
                let a = s.loadUnaligned(fromByteOffset: i &* 4, as: SIMD16<UInt8>.self)
                let b = s.loadUnaligned(fromByteOffset: i &* 4 &+ 16, as: SIMD16<UInt8>.self)
                DimBlend.store(DimBlend.scaled(a, inv, add), d, i &* 4, streaming: streaming)
                DimBlend.store(DimBlend.scaled(b, inv, add), d, i &* 4 &+ 16, streaming: streaming)
                i &+= 8
            }
        }
        if i &+ 4 <= count {
            let a = s.loadUnaligned(fromByteOffset: i &* 4, as: SIMD16<UInt8>.self)
            DimBlend.store(dimmed(a), d, i &* 4, streaming: streaming)
            i &+= 4
        }
        // The last one to three pixels: into another buffer, as the last four again (rewriting a
        // pixel from its source gives the same value), which short rows end in often.
        if i < count && count >= 4 && !streaming && UnsafeRawPointer(dst) != s {
            let a = s.loadUnaligned(fromByteOffset: (count &- 4) &* 4, as: SIMD16<UInt8>.self)
            d.storeBytes(of: dimmed(a), toByteOffset: (count &- 4) &* 4, as: SIMD16<UInt8>.self)
            return
        }
        while i < count {
            if streaming { ll_stream4(dst + i, dimmed(src[i])) } else { dst[i] = dimmed(src[i]) }
            i &+= 1
        }
    }

    /// One pixel under the constant dim.
    @inline(__always)
    func dimmed(_ p: UInt32) -> UInt32 {
        let rb = ((p & 0x00FF_00FF) &* constInv &+ constRB) >> 8 & 0x00FF_00FF
        let ag = (((p >> 8) & 0x00FF_00FF) &* constInv &+ constAG) & 0xFF00_FF00
        return rb | ag
    }

    /// Stores 16 bytes at `d + offset`: plainly, or streaming (`d + offset` then 16-byte aligned).
    @inline(__always)
    static func store(_ v: SIMD16<UInt8>, _ d: UnsafeMutableRawPointer, _ offset: Int, streaming: Bool) {
        if streaming { ll_stream16(d + offset, v) } else { d.storeBytes(of: v, toByteOffset: offset, as: SIMD16<UInt8>.self) }
    }

    /// Four pixels (16 bytes in memory order) under the constant dim.
    @inline(__always)
    func dimmed(_ v: SIMD16<UInt8>) -> SIMD16<UInt8> {
        isHalf ? DimBlend.average(v, laneColor) : DimBlend.scaled(v, laneInv, laneAdd)
    }

    /// At one half, (x·128 + c·128 + 128) >> 8 is (x + c + 1) >> 1: the rounding-up byte average
    /// (x | c) − ((x ^ c) >> 1), in whole-register bitwise operations with no widening.
    @inline(__always)
    static func average(_ v: SIMD16<UInt8>, _ c: SIMD16<UInt8>) -> SIMD16<UInt8> {
        let t = unsafeBitCast(unsafeBitCast(v ^ c, to: SIMD8<UInt16>.self) &>> 1, to: SIMD16<UInt8>.self)
        return (v | c) &- (t & 0x7F)
    }

    /// (x·inv + add) >> 8 per channel, in two halves of eight 16-bit lanes.
    @inline(__always)
    static func scaled(_ v: SIMD16<UInt8>, _ inv: SIMD8<UInt16>, _ add: SIMD8<UInt16>) -> SIMD16<UInt8> {
        let lo = (SIMD8<UInt16>(truncatingIfNeeded: v.lowHalf) &* inv &+ add) &>> 8
        let hi = (SIMD8<UInt16>(truncatingIfNeeded: v.highHalf) &* inv &+ add) &>> 8
        return SIMD16<UInt8>(lowHalf: SIMD8<UInt8>(truncatingIfNeeded: lo), highHalf: SIMD8<UInt8>(truncatingIfNeeded: hi))
    }

    /// Dims `count` pixels through hole coverage `holes` (255 = fully inside a hole: left untouched).
    ///
    /// Eight pixels per step (then four, then one at a time). Steps whose coverage bytes are all 255
    /// (inside a hole) are copied, or skipped when dimming in place; steps with all 0 (outside every
    /// hole) take the constant dim, which gives the same values; only the edge steps blend per pixel.
    @inline(__always)
    public func apply(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, holes: UnsafePointer<UInt8>, count: Int,
                      streaming: Bool = false) {
        if streaming {
            maskedRow(dst, src, holes: holes, count: count, stores: StreamingStores.self)
        } else {
            maskedRow(dst, src, holes: holes, count: count, stores: PlainStores.self)
        }
    }

    @inline(__always)
    func maskedRow<S: RowStores>(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, holes: UnsafePointer<UInt8>, count: Int,
                                 stores: S.Type) {
        let streaming = S.streaming
        if kernels == .avx2 { avx2MaskedRow(dst, src, holes: holes, count: count, streaming: streaming); return }
        // a·m' (m' up to 256) overflows 16 bits at full opacity, so it is taken as (a/2)·m' + (a mod 2)·m'/2,
        // which halves both terms: ⌊(a·m')/256⌋ = ⌊((a/2)·m' + ⌊(a mod 2)·m'/2⌋)/128⌋ exactly.
        let aHalf = laneAlphaHalf, aOdd = laneAlphaOdd
        // The constant dim's values in locals, so the loop keeps them in registers.
        let byteAverage = isHalf, laneC = laneColor, inv = laneInv, add = laneAdd
        @inline(__always) func constant(_ v: SIMD16<UInt8>) -> SIMD16<UInt8> {
            byteAverage ? DimBlend.average(v, laneC) : DimBlend.scaled(v, inv, add)
        }
        let d = UnsafeMutableRawPointer(dst), s = UnsafeRawPointer(src), h = UnsafeRawPointer(holes)
        let inPlace = UnsafeRawPointer(dst) == s
        // The dim colour with opaque alpha, in memory order (B, G, R, A), twice.
        let color = laneColorWide
        let half = SIMD8<UInt16>(repeating: 128), full = SIMD8<UInt16>(repeating: 256)
        /// Two pixels (eight lanes) blended with their own k = a·m, spread over their channels.
        @inline(__always) func blend(_ x: SIMD8<UInt8>, _ k: SIMD8<UInt16>) -> SIMD8<UInt8> {
            SIMD8<UInt8>(truncatingIfNeeded: (SIMD8<UInt16>(truncatingIfNeeded: x) &* (full &- k) &+ color &* k &+ half) &>> 8)
        }
        /// k = a·m' / 256 for up to eight coverage bytes, with m = 255 − coverage and m' = m + m/128
        /// (which maps 255 to 256).
        @inline(__always) func weights(_ coverage: SIMD8<UInt8>) -> SIMD8<UInt16> {
            var k = 255 &- SIMD8<UInt16>(truncatingIfNeeded: coverage)
            k = k &+ (k &>> 7)
            return (aHalf &* k &+ ((aOdd &* k) &>> 1)) &>> 7
        }
        /// Four pixels `v` blended with weights `lane`…`lane + 3` of `k`, each spread over its pixel's channels.
        @inline(__always) func edge(_ v: SIMD16<UInt8>, _ k: SIMD8<UInt16>, lane: Int) -> SIMD16<UInt8> {
            let a = k[lane], b = k[lane &+ 1], c = k[lane &+ 2], e = k[lane &+ 3]
            return SIMD16<UInt8>(lowHalf: blend(v.lowHalf, SIMD8<UInt16>(a, a, a, a, b, b, b, b)),
                                 highHalf: blend(v.highHalf, SIMD8<UInt16>(c, c, c, c, e, e, e, e)))
        }
        var i = 0
        if streaming {
            while i < count && UInt(bitPattern: d + i &* 4) & 15 != 0 {
                ll_stream4(dst + i, dimmed(src[i], hole: holes[i]))
                i &+= 1
            }
        }
        while i &+ 8 <= count {
            let word = h.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if word == .max {
                if !inPlace {
                    DimBlend.store(s.loadUnaligned(fromByteOffset: i &* 4, as: SIMD16<UInt8>.self), d, i &* 4, streaming: streaming)
                    DimBlend.store(s.loadUnaligned(fromByteOffset: i &* 4 &+ 16, as: SIMD16<UInt8>.self), d, i &* 4 &+ 16,
                                   streaming: streaming)
                }
            } else if word == 0 {
                DimBlend.store(constant(s.loadUnaligned(fromByteOffset: i &* 4, as: SIMD16<UInt8>.self)), d, i &* 4, streaming: streaming)
                DimBlend.store(constant(s.loadUnaligned(fromByteOffset: i &* 4 &+ 16, as: SIMD16<UInt8>.self)), d, i &* 4 &+ 16,
                               streaming: streaming)
            } else {
                let k = weights(h.loadUnaligned(fromByteOffset: i, as: SIMD8<UInt8>.self))
                let v = s.loadUnaligned(fromByteOffset: i &* 4, as: SIMD16<UInt8>.self)
                let u = s.loadUnaligned(fromByteOffset: i &* 4 &+ 16, as: SIMD16<UInt8>.self)
                DimBlend.store(edge(v, k, lane: 0), d, i &* 4, streaming: streaming)
                DimBlend.store(edge(u, k, lane: 4), d, i &* 4 &+ 16, streaming: streaming)
            }
            i &+= 8
        }
        /// Four pixels from `j` the same way.
        @inline(__always) func four(_ j: Int) {
            let word = h.loadUnaligned(fromByteOffset: j, as: UInt32.self)
            let v = s.loadUnaligned(fromByteOffset: j &* 4, as: SIMD16<UInt8>.self)
            if word == .max {
                if !inPlace { DimBlend.store(v, d, j &* 4, streaming: streaming) }
            } else if word == 0 {
                DimBlend.store(constant(v), d, j &* 4, streaming: streaming)
            } else {
                let k = weights(SIMD8<UInt8>(lowHalf: h.loadUnaligned(fromByteOffset: j, as: SIMD4<UInt8>.self), highHalf: .zero))
                DimBlend.store(edge(v, k, lane: 0), d, j &* 4, streaming: streaming)
            }
        }
        // Four more (narrow strips, such as a moving hole's sides, end in many of these).
        if i &+ 4 <= count {
            four(i)
            i &+= 4
        }
        // The last one to three pixels: into another buffer, as the last four again (rewriting a
        // pixel from its source gives the same value).
        if i < count && count >= 4 && !streaming && !inPlace {
            four(count &- 4)
            return
        }
        while i < count {
            if streaming { ll_stream4(dst + i, dimmed(src[i], hole: holes[i])) } else { dst[i] = dimmed(src[i], hole: holes[i]) }
            i &+= 1
        }
    }

    /// One pixel dimmed through hole coverage `hole` (255 = inside).
    @inline(__always)
    func dimmed(_ p: UInt32, hole: UInt8) -> UInt32 {
        let m = 255 &- UInt32(hole)
        let k = (alpha256 &* (m &+ (m >> 7))) >> 8
        let inv = 256 &- k
        let rb = ((p & 0x00FF_00FF) &* inv &+ colorRB &* k &+ 0x0080_0080) >> 8 & 0x00FF_00FF
        let ag = (((p >> 8) & 0x00FF_00FF) &* inv &+ colorAG &* k &+ 0x0080_0080) & 0xFF00_FF00
        return rb | ag
    }

    /// Dims `region` of `src` into `dst` (the same pixmap for an in-place dim, or one of the same size).
    ///
    /// Each hole mask is the coverage of one hole over its own box; where boxes overlap on a row their
    /// coverages are joined (a + b − a·b) in a scratch row, so the union of the holes is clear.
    /// The region is walked in bands of rows that meet the same holes: bands that meet none take the
    /// constant path only, and a band that meets one hole dims straight through its coverage rows.
    ///
    /// A region of `streamingBytes` or more dimmed into another pixmap is written with non-temporal
    /// stores: a plain store first reads each destination cache line in, so a frame-sized dim from the
    /// base layer moved three frames' worth of memory where a copy moves two. Smaller regions (a moving
    /// hole's box, a bubble) are written plainly and stay in the cache for the upload that follows.
    public func apply(from src: Pixmap, into dst: Pixmap, region: IntRect, holes: [Mask] = [], stores: Stores = .automatic) {
        let r = region.intersection(src.bounds).intersection(dst.bounds)
        guard !r.isEmpty else { return }
        let streaming = src !== dst && (stores == .streaming || stores == .automatic && r.width &* r.height &* 4 >= DimBlend.streamingBytes)
        defer { if streaming { ll_stream_fence() } }
        let meetsRegion = { (m: Mask) in !m.bounds.intersection(r).isEmpty && !m.isEmpty }
        let live = holes.allSatisfy(meetsRegion) ? holes : holes.filter(meetsRegion)
        // Where the set of holes meeting a row changes (sorted, each once).
        var cuts: [Int] = []
        cuts.reserveCapacity(2 &+ 2 &* live.count)
        cuts.append(r.y); cuts.append(r.maxY)
        for m in live { cuts.append(max(r.y, m.bounds.y)); cuts.append(min(r.maxY, m.bounds.maxY)) }
        cuts.sort()
        var scratch: [UInt8] = []
        // A region a few hundred pixels wide (a moving hole's side, a bubble) touches a few cache lines
        // of each of many rows, far apart: the hardware prefetcher does not foresee the next row, so
        // the row `prefetchAhead` rows down is asked for while this one is dimmed.
        let narrow = r.width <= 512 && r.height > 8
        for k in 1..<cuts.count where cuts[k] > cuts[k &- 1] {
            let top = cuts[k &- 1], bottom = cuts[k]
            // The holes meeting this band: an array only when there are several.
            let meets = { (m: Mask) in m.bounds.y <= top && m.bounds.maxY >= bottom }
            let first = live.firstIndex(where: meets)
            let several = first.map { f in live[(f &+ 1)...].contains(where: meets) } ?? false
            // Rows below this band's top that may be asked for ahead (none for a wide region).
            let prefetchable = narrow ? r.maxY - top : 0
            let strip = Strip(dst: dst.row(top) + r.x, dstStride: dst.stride, src: src.row(top) + r.x, srcStride: src.stride,
                              rows: bottom - top, prefetchRows: prefetchable)
            if first == nil {
                rows(strip, holes: nil, holeStride: 0, left: r.width, count: 0, streaming: streaming)
            } else if !several, let f = first {
                let m = live[f]
                let x0 = max(r.x, m.bounds.x), x1 = min(r.maxX, m.bounds.maxX)
                m.bytes.withUnsafeBufferPointer { cov in
                    // Strips inside the hole's box (a moving hole's sides) have no constant parts.
                    rows(strip, holes: cov.baseAddress! + (top - m.bounds.y) * m.bounds.width + (x0 - m.bounds.x),
                         holeStride: m.bounds.width, left: x0 - r.x, count: x1 - x0, right: r.maxX - x1, streaming: streaming)
                }
            } else {
                let band = live.filter(meets)
                if scratch.isEmpty { scratch = [UInt8](repeating: 0, count: r.width) }
                scratch.withUnsafeMutableBufferPointer { buffer in
                    for y in top..<bottom {
                        if narrow && y &+ DimBlend.prefetchAhead < r.maxY {
                            let ahead = y &+ DimBlend.prefetchAhead
                            DimBlend.prefetch(src.row(ahead) + r.x, dst.row(ahead) + r.x, bytes: r.width &* 4)
                        }
                        applyJoined(band, row: y, from: src, into: dst, region: r, scratch: buffer.baseAddress!, streaming: streaming)
                    }
                }
            }
        }
    }

    /// Rows of a region, from their first pixel on, in a source and a destination pixmap.
    struct Strip {
        let dst: UnsafeMutablePointer<UInt32>
        let dstStride: Int
        let src: UnsafePointer<UInt32>
        let srcStride: Int
        let rows: Int
        /// How many rows from the first may be prefetched (0: none, for regions the hardware
        /// prefetcher follows by itself).
        let prefetchRows: Int
    }

    /// Dims each row of `strip`: `left` pixels under the constant dim, then `count` through the hole
    /// coverage row at `holes` (the next row `holeStride` further), then the rest of the row's
    /// `left + count + right` pixels under the constant dim again. One call for all the rows, so the
    /// dim's constants stay in registers from row to row.
    @inline(never)
    func rows(_ strip: Strip, holes: UnsafePointer<UInt8>?, holeStride: Int, left: Int, count: Int, right: Int = 0, streaming: Bool) {
        if streaming {
            rowsBody(strip, holes: holes, holeStride: holeStride, left: left, count: count, right: right, stores: StreamingStores.self)
        } else {
            rowsBody(strip, holes: holes, holeStride: holeStride, left: left, count: count, right: right, stores: PlainStores.self)
        }
    }

    @inline(__always)
    private func rowsBody<S: RowStores>(_ strip: Strip, holes: UnsafePointer<UInt8>?, holeStride: Int, left: Int, count: Int, right: Int,
                                        stores: S.Type) {
        let bytes = (left &+ count &+ right) &* 4, ahead = DimBlend.prefetchAhead
        var d = strip.dst, s = strip.src, h = holes
        for y in 0..<strip.rows {
            if y &+ ahead < strip.prefetchRows {
                DimBlend.prefetch(s + ahead &* strip.srcStride, d + ahead &* strip.dstStride, bytes: bytes)
            }
            if left > 0 { constantRow(d, s, count: left, stores: S.self) }
            if let hole = h {
                maskedRow(d + left, s + left, holes: hole, count: count, stores: S.self)
                h = hole + holeStride
            }
            if right > 0 { constantRow(d + (left &+ count), s + (left &+ count), count: right, stores: S.self) }
            d += strip.dstStride
            s += strip.srcStride
        }
    }

    /// How many rows ahead a narrow region's rows are prefetched.
    static let prefetchAhead = 4

    /// Asks for every cache line of `bytes` bytes of a source row and of a destination row.
    @inline(__always)
    static func prefetch(_ src: UnsafePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, bytes: Int) {
        let ps = UnsafeRawPointer(src), pd = UnsafeMutableRawPointer(dst)
        var o = 0
        while o < bytes { ll_prefetch(ps + o); ll_prefetch_write(pd + o); o &+= 64 }
        ll_prefetch(ps + (bytes &- 1)); ll_prefetch_write(pd + (bytes &- 1))
    }

    /// One row through several holes: their coverages joined in `scratch` over the span they touch.
    private func applyJoined(_ masks: [Mask], row y: Int, from src: Pixmap, into dst: Pixmap, region r: IntRect,
                             scratch row: UnsafeMutablePointer<UInt8>, streaming: Bool) {
        let s = src.row(y), d = dst.row(y)
        var x0 = r.maxX, x1 = r.x
        for m in masks { x0 = min(x0, max(r.x, m.bounds.x)); x1 = max(x1, min(r.maxX, m.bounds.maxX)) }
        guard x1 > x0 else { apply(d + r.x, s + r.x, count: r.width, streaming: streaming); return }
        row.update(repeating: 0, count: x1 - x0)
        for m in masks {
            let a = max(x0, m.bounds.x), b = min(x1, m.bounds.maxX)
            guard b > a else { continue }
            m.bytes.withUnsafeBufferPointer { cov in
                let c = cov.baseAddress! + (y - m.bounds.y) * m.bounds.width + (a - m.bounds.x)
                let o = row + (a - x0)
                for i in 0..<(b - a) {
                    let u = UInt32(o[i]), v = UInt32(c[i])
                    o[i] = UInt8(truncatingIfNeeded: u &+ v &- ((u &* v &+ 255) >> 8))
                }
            }
        }
        apply(d + r.x, s + r.x, count: x0 - r.x, streaming: streaming)
        apply(d + x0, s + x0, holes: row, count: x1 - x0, streaming: streaming)
        apply(d + x1, s + x1, count: r.maxX - x1, streaming: streaming)
    }

    /// Dims `region` through a single hole mask (nil = no hole).
    public func apply(from src: Pixmap, into dst: Pixmap, region: IntRect, holes: Mask?) {
        apply(from: src, into: dst, region: region, holes: holes.map { [$0] } ?? [])
    }
}
