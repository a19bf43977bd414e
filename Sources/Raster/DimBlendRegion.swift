import CStream

/// The dim of a region of a pixmap through hole masks: the region walked in bands of rows that meet the
/// same holes, each row handed to the row kernels (`DimBlend.swift`) in runs of constant dim and of
/// hole coverage.
extension DimBlend {
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
