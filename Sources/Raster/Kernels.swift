/// Row kernels on premultiplied ARGB8888 pixels.
///
/// Every kernel works on raw row pointers with integer fixed-point math and no per-pixel branches, so
/// release builds vectorize them. Two channels are processed at once in 16-bit lanes of a UInt32
/// (red and blue in 0x00FF00FF, alpha and green in 0xFF00FF00).
/// Hazard: callers clip first; no kernel checks bounds.
public enum Kernels {
    /// Multiplies every channel of `p` by `k / 256` (k in 0...256).
    @inline(__always) public static func scale(_ p: UInt32, by k: UInt32) -> UInt32 {
        let rb = ((p & 0x00FF_00FF) &* k) >> 8 & 0x00FF_00FF
        let ag = ((p >> 8) & 0x00FF_00FF) &* k & 0xFF00_FF00
        return rb | ag
    }

    /// Multiplies every channel of `p` by `k / 255` (k in 0...255), rounded to nearest.
    @inline(__always) public static func scale255(_ p: UInt32, by k: UInt32) -> UInt32 {
        var rb = (p & 0x00FF_00FF) &* k &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((p >> 8) & 0x00FF_00FF) &* k &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// 0...255 to 0...256, so that 255 means "all".
    @inline(__always) static func widen(_ a: UInt32) -> UInt32 { a &+ (a >> 7) }

    /// Source-over of one premultiplied pixel onto another.
    @inline(__always) public static func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        src &+ scale255(dst, by: 255 &- (src >> 24))
    }

    /// Source-over of a constant premultiplied colour onto `count` pixels.
    public static func fill(_ row: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32) {
        fill(row, count: count, color: color, kernels: RowKernels.chosen)
    }

    /// `fill(_:count:color:)` in the form `kernels` (AVX2 only on a CPU that runs it).
    public static func fill(_ row: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32, kernels: RowKernels) {
        let inv = 255 &- (color >> 24)
        if inv == 0 { row.update(repeating: color, count: count); return }
        if kernels == .avx2 { avx2Fill(row, count: count, color: color); return }
        for i in 0..<count { row[i] = color &+ scale255(row[i], by: inv) }
    }

    /// Source-over of a constant premultiplied colour through 8-bit coverage (also the glyph blit:
    /// the coverage is the glyph's alpha mask and `color` its tint).
    public static func fill(_ row: UnsafeMutablePointer<UInt32>, coverage: UnsafePointer<UInt8>, count: Int, color: UInt32) {
        fill(row, coverage: coverage, count: count, color: color, kernels: RowKernels.chosen)
    }

    /// `fill(_:coverage:count:color:)` in the form `kernels` (AVX2 only on a CPU that runs it).
    public static func fill(_ row: UnsafeMutablePointer<UInt32>, coverage: UnsafePointer<UInt8>, count: Int, color: UInt32, kernels: RowKernels) {
        if kernels == .avx2 { avx2Fill(row, coverage: coverage, count: count, color: color); return }
        let d = UnsafeMutableRawPointer(row)
        let c128 = SIMD8<UInt16>(repeating: 128), c255 = SIMD8<UInt16>(repeating: 255), low = SIMD8<UInt16>(repeating: 0x00FF)
        // The colour's even bytes (blue, red) and odd bytes (green, alpha) in 16-bit lanes, four
        // pixels of it, as `blendRow` splits its pixels.
        let colour = unsafeBitCast(SIMD4<UInt32>(repeating: color), to: SIMD8<UInt16>.self)
        let colourRB = colour & low, colourAG = colour &>> 8
        let opaque = color >> 24 == 0xFF, fullInv = SIMD8<UInt16>(repeating: UInt16(255 &- (color >> 24)))
        /// `v · k / 255` rounded, lane by lane, exactly as `scale255` does it per channel.
        @inline(__always) func scaled(_ v: SIMD8<UInt16>, _ k: SIMD8<UInt16>) -> SIMD8<UInt16> {
            let t = v &* k &+ c128
            return (t &+ (t &>> 8)) &>> 8
        }
        var i = 0
        // Four pixels a step; no coverage leaves them as they are (the blend would give that too).
        while i &+ 4 <= count {
            let cov = UnsafeRawPointer(coverage).loadUnaligned(fromByteOffset: i, as: UInt32.self)
            if cov == 0 { i &+= 4; continue }
            // Full coverage (the inside of a shape): the colour itself, over what shows through it.
            if cov == .max {
                let w = d.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt16>.self)
                let out = opaque ? colour : (colourRB &+ scaled(w & low, fullInv)) & low | ((colourAG &+ scaled(w &>> 8, fullInv)) &<< 8)
                d.storeBytes(of: out, toByteOffset: i &* 4, as: SIMD8<UInt16>.self)
                i &+= 4; continue
            }
            // Each pixel's coverage in both of its lanes, built in two words (no lane inserts).
            let c = UInt64(cov)
            let lo = ((c & 0xFF) | ((c & 0xFF00) << 24)) &* 0x1_0001
            let hi = (((c >> 16) & 0xFF) | ((c >> 24) << 32)) &* 0x1_0001
            let k = unsafeBitCast(SIMD2<UInt64>(lo, hi), to: SIMD8<UInt16>.self)
            let rb = scaled(colourRB, k), ag = scaled(colourAG, k)
            let a = unsafeBitCast(ag, to: SIMD4<UInt32>.self) &>> 16
            let inv = c255 &- unsafeBitCast(a | (a &<< 16), to: SIMD8<UInt16>.self)
            let w = d.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt16>.self)
            let orb = rb &+ scaled(w & low, inv), oag = ag &+ scaled(w &>> 8, inv)
            d.storeBytes(of: (orb & low) | (oag &<< 8), toByteOffset: i &* 4, as: SIMD8<UInt16>.self)
            i &+= 4
        }
        while i < count {
            let s = scale255(color, by: UInt32(coverage[i]))
            row[i] = s &+ scale255(row[i], by: 255 &- (s >> 24))
            i &+= 1
        }
    }

    /// Source-over of `src` pixels scaled by `opacity` (0...256) onto `dst`.
    public static func blend(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int, opacity: UInt32 = 256) {
        blend(dst, src, count: count, opacity: opacity, kernels: RowKernels.chosen)
    }

    /// `blend(_:_:count:opacity:)` in the form `kernels` (AVX2 only on a CPU that runs it).
    public static func blend(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int, opacity: UInt32, kernels: RowKernels) {
        if kernels == .avx2 { avx2Blend(dst, src, count: count, opacity: opacity); return }
        // Two copies of the loop, each with its case of opacity fixed.
        if opacity >= 256 {
            blendRow(dst, src, count: count, opacity: 256, full: true)
        } else {
            blendRow(dst, src, count: count, opacity: opacity, full: false)
        }
    }

    @inline(__always)
    static func blendRow(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int, opacity k: UInt32, full: Bool) {
        let d = UnsafeMutableRawPointer(dst), s = UnsafeRawPointer(src)
        let k16 = SIMD8<UInt16>(repeating: UInt16(k))
        let c255 = SIMD8<UInt16>(repeating: 255), c128 = SIMD8<UInt16>(repeating: 128), low = SIMD8<UInt16>(repeating: 0x00FF)
        let alphas: UInt64 = 0xFF00_0000_FF00_0000
        // Opaque white (most of a bubble: its box) scaled by the opacity is one constant in every
        // channel, and so is the share of the destination that shows through it.
        let white = (255 &* k) >> 8
        let whiteAdd = SIMD8<UInt16>(repeating: UInt16(white)), whiteInv = SIMD8<UInt16>(repeating: UInt16(255 &- white))
        /// Four destination pixels `w` scaled by `inv / 255` (rounded), plus the source's even
        /// (blue, red) and odd (green, alpha) bytes `rb` and `ag`, each in 16-bit lanes.
        @inline(__always) func under(_ rb: SIMD8<UInt16>, _ ag: SIMD8<UInt16>, _ w: SIMD8<UInt16>, _ inv: SIMD8<UInt16>) -> SIMD8<UInt16> {
            let trb = (w & low) &* inv &+ c128, tag = (w &>> 8) &* inv &+ c128
            let orb = rb &+ ((trb &+ (trb &>> 8)) &>> 8), oag = ag &+ ((tag &+ (tag &>> 8)) &>> 8)
            return (orb & low) | (oag &<< 8)
        }
        /// Four pixels: source scaled by the opacity, over the destination. Each 16-byte vector is
        /// split into its even bytes (blue and red) and odd bytes (green and alpha), each in 16-bit
        /// lanes, so a pixel's alpha reaches both of its lanes with two shifts (no shuffles).
        @inline(__always) func over(_ v: SIMD8<UInt16>, _ w: SIMD8<UInt16>) -> SIMD8<UInt16> {
            var rb = v & low, ag = v &>> 8
            if !full { rb = (rb &* k16) &>> 8; ag = (ag &* k16) &>> 8 }
            let a = unsafeBitCast(ag, to: SIMD4<UInt32>.self) &>> 16
            return under(rb, ag, w, c255 &- unsafeBitCast(a | (a &<< 16), to: SIMD8<UInt16>.self))
        }
        var i = 0
        // Four pixels per step. Steps whose source is wholly transparent leave the destination as it
        // is; at full opacity, wholly opaque ones are a copy. Both give what the blend would. The
        // tests are on two 64-bit words, which cost a few instructions where a vector compare of
        // sixteen bytes costs a dozen shuffles on baseline x86-64.
        while i &+ 4 <= count {
            let lo = s.loadUnaligned(fromByteOffset: i &* 4, as: UInt64.self)
            let hi = s.loadUnaligned(fromByteOffset: i &* 4 &+ 8, as: UInt64.self)
            if lo | hi == 0 { i &+= 4; continue }
            if !full && lo & hi == .max {
                let w = d.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt16>.self)
                d.storeBytes(of: under(whiteAdd, whiteAdd, w, whiteInv), toByteOffset: i &* 4, as: SIMD8<UInt16>.self)
                i &+= 4; continue
            }
            // The vector is built from the two words already loaded (loading it again lets the
            // optimizer rebuild it lane by lane from the words).
            let v = unsafeBitCast(SIMD2<UInt64>(lo, hi), to: SIMD8<UInt16>.self)
            if full && lo & hi & alphas == alphas {
                d.storeBytes(of: v, toByteOffset: i &* 4, as: SIMD8<UInt16>.self)
                i &+= 4; continue
            }
            let w = d.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt16>.self)
            d.storeBytes(of: over(v, w), toByteOffset: i &* 4, as: SIMD8<UInt16>.self)
            i &+= 4
        }
        while i < count {
            let p = full ? src[i] : scale(src[i], by: k)
            dst[i] = p &+ scale255(dst[i], by: 255 &- (p >> 24))
            i &+= 1
        }
    }

    /// Multiplies each coverage value by another (a · b / 255, rounded up so 255·255 stays 255).
    public static func multiply(_ a: UnsafeMutablePointer<UInt8>, by b: UnsafePointer<UInt8>, count: Int) {
        for i in 0..<count { a[i] = UInt8(truncatingIfNeeded: (UInt32(a[i]) &* widen(UInt32(b[i]))) >> 8) }
    }

    /// Copies pixels (the memory-bandwidth floor every other kernel is measured against).
    public static func copy(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int) {
        dst.update(from: src, count: count)
    }
}
