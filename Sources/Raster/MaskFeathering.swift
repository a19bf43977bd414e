#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Feathering: the blur behind soft spotlight edges and shadows.
extension Mask {
    /// A copy grown by `radius` on every side and blurred so that edges fall off over about `radius`
    /// pixels (three box-blur passes, close to a Gaussian). Used for feathered spotlight edges and
    /// shadows.
    ///
    /// The straight middle of a shape (a rounded rectangle's long sides) is a run of equal columns
    /// or rows, and wherever the blur cannot see past a run's ends it gives equal columns or rows
    /// again: the blur runs on the mask with each long run cut to the `2 * reach + 1` that matter,
    /// and the result is stretched back. Every value is the whole mask's blur to the bit; the work
    /// grows with the shape's edges, not its area.
    public func feathered(radius: Int) -> Mask {
        guard radius > 0, !isEmpty else { return self }
        let r = min(radius, 256)
        let reach = Mask.featherReach(radius: r)
        let columns = Stretch(run: middleColumnRun(), reach: reach, margin: r)
        let rows = Stretch(run: middleRowRun(), reach: reach, margin: r)
        // The mask with its long runs cut, grown by `r` on every side.
        let w = width - columns.dropped + 2 * r, h = height - rows.dropped + 2 * r
        var buf = [UInt32](repeating: 0, count: w * h)
        bytes.withUnsafeBufferPointer { src in
            buf.withUnsafeMutableBufferPointer { dst in
                var y = r
                for (top, bottom) in rows.kept(of: height) {
                    for line in top..<bottom {
                        let s = src.baseAddress! + line * width, d = dst.baseAddress! + y * w + r
                        for (from, to) in columns.kept(of: width) {
                            let shifted = d - (from == 0 ? 0 : columns.dropped)
                            for i in from..<to { shifted[i] = UInt32(s[i]) }
                        }
                        y += 1
                    }
                }
            }
        }
        // Three passes of a box of width ~ r/1.5 approximate a Gaussian whose visible falloff spans ~r.
        let box = Mask.featherBox(r)
        var tmp = [UInt32](repeating: 0, count: buf.count)
        var sums = [UInt32](repeating: 0, count: w)
        buf.withUnsafeMutableBufferPointer { a in
            tmp.withUnsafeMutableBufferPointer { t in
                sums.withUnsafeMutableBufferPointer { c in
                    for _ in 0..<3 {
                        Mask.blurRows(a.baseAddress!, t.baseAddress!, width: w, height: h, radius: box / 2)
                        Mask.blurColumns(t.baseAddress!, a.baseAddress!, width: w, height: h, radius: box / 2, sums: c.baseAddress!)
                    }
                }
            }
        }
        let grown = IntRect(x: bounds.x - r, y: bounds.y - r, width: width + 2 * r, height: height + 2 * r)
        var out = Mask(uninitializedBounds: grown)
        let outWidth = grown.width
        out.bytes.withUnsafeMutableBufferPointer { o in
            buf.withUnsafeBufferPointer { a in
                var lastSource = -1
                for line in 0..<grown.height {
                    let d = o.baseAddress! + line * outWidth
                    let source = rows.source(of: line)
                    if source == lastSource {
                        d.update(from: d - outWidth, count: outWidth)
                        continue
                    }
                    lastSource = source
                    let s = a.baseAddress! + source * w
                    guard columns.dropped > 0 else {
                        for i in 0..<w { d[i] = UInt8(truncatingIfNeeded: min(255, s[i])) }
                        continue
                    }
                    let left = columns.keptBefore, middle = columns.dropped + 1, right = w - left - 1
                    for i in 0..<left { d[i] = UInt8(truncatingIfNeeded: min(255, s[i])) }
                    memset(d + left, Int32(min(255, s[left])), middle)
                    for i in 0..<right { d[left + middle + i] = UInt8(truncatingIfNeeded: min(255, s[left + 1 + i])) }
                }
            }
        }
        return out
    }

    /// The run of columns equal to the middle one, as (first column, count).
    private func middleColumnRun() -> (start: Int, count: Int) {
        let w = width, c = w / 2
        var lo = 0, hi = w - 1
        bytes.withUnsafeBufferPointer { p in
            var previous: UnsafePointer<UInt8>?
            for line in 0..<height {
                let row = p.baseAddress! + line * w
                if let previous, memcmp(previous, row, w) == 0 { continue }
                previous = row
                let v = row[c]
                var a = c, b = c
                while a > lo && row[a - 1] == v { a -= 1 }
                while b < hi && row[b + 1] == v { b += 1 }
                lo = a; hi = b
                if lo == hi { break }
            }
        }
        return (lo, hi - lo + 1)
    }

    /// The run of rows equal to the middle one, as (first row, count).
    private func middleRowRun() -> (start: Int, count: Int) {
        let w = width, c = height / 2
        return bytes.withUnsafeBufferPointer { p in
            let base = p.baseAddress!, middle = base + c * w
            var a = c, b = c
            while a > 0 && memcmp(base + (a - 1) * w, middle, w) == 0 { a -= 1 }
            while b < height - 1 && memcmp(base + (b + 1) * w, middle, w) == 0 { b += 1 }
            return (a, b - a + 1)
        }
    }

    /// How one axis of a feathered mask is cut and stretched back: a run of equal lines longer than
    /// `2 * reach + 1` keeps that many, the middle one standing for all that were dropped.
    private struct Stretch {
        /// The first dropped line, in the mask's own lines.
        let start: Int
        /// How many lines are dropped.
        let dropped: Int
        /// The lines of the grown result before the one that stands for the dropped ones.
        let keptBefore: Int

        /// The cut for `run` (in the mask's lines) under a blur reaching `reach`, in a result grown
        /// by `margin`.
        init(run: (start: Int, count: Int), reach: Int, margin: Int) {
            let kept = 2 * reach + 1
            dropped = max(0, run.count - kept)
            start = run.start + kept
            keptBefore = dropped > 0 ? margin + run.start + reach : 0
        }

        /// The mask's lines that the blur keeps, as half-open ranges, of `count` lines.
        func kept(of count: Int) -> [(Int, Int)] {
            dropped > 0 ? [(0, start), (start + dropped, count)] : [(0, count)]
        }

        /// The line of the cut blur that the grown result's line `line` is.
        func source(of line: Int) -> Int {
            guard dropped > 0, line > keptBefore else { return line }
            return line <= keptBefore + dropped ? keptBefore : line - dropped
        }
    }

    /// The box width of `feathered(radius:)`'s three passes.
    static func featherBox(_ radius: Int) -> Int { max(1, (min(radius, 256) * 2) / 3) }

    /// How far, in pixels, `feathered(radius:)` spreads coverage beyond the shape: nothing lies
    /// further out (three passes, each reaching half a box).
    public static func featherReach(radius: Int) -> Int { radius > 0 ? 3 * (featherBox(radius) / 2) : 0 }

    /// `(sum + half) / window` by a multiply: `factor` is ⌈2³² / window⌉, exact for every sum a
    /// blur of bytes makes (below 2¹⁷ with windows up to 513), so the result is the division's to
    /// the bit and the loops vectorize (a division per value does not).
    @inline(__always) private static func divided(_ sum: UInt32, _ half: UInt32, _ factor: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: (UInt64(sum &+ half) &* factor) >> 32)
    }

    /// ⌈2³² / `window`⌉.
    private static func reciprocal(_ window: UInt32) -> UInt64 { ((1 << 32) + UInt64(window) - 1) / UInt64(window) }

    /// One box-blur pass along each row of a `width` x `height` grid: the window centred on each
    /// value covers `radius` values either side, and values outside the row read as 0. A row equal
    /// to the one above it (the inside of a shape) is given the row above's result.
    private static func blurRows(_ src: UnsafeMutablePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>,
                                 width: Int, height: Int, radius: Int) {
        let win = UInt32(2 * radius + 1), half = win / 2, factor = reciprocal(win)
        for line in 0..<height {
            let s = src + line * width, d = dst + line * width
            if line > 0, memcmp(s - width, s, width * 4) == 0 {
                d.update(from: d - width, count: width)
                continue
            }
            var sum: UInt32 = 0
            for k in 0...radius where k < width { sum &+= s[k] }
            for i in 0..<width {
                d[i] = divided(sum, half, factor)
                let add = i + radius + 1, sub = i - radius
                if add < width { sum &+= s[add] }
                if sub >= 0 { sum &-= s[sub] }
            }
        }
    }

    /// One box-blur pass down each column, a whole row at a time (the running sums of every column
    /// in `sums`), so each step is one vectorized loop across the row. Where the row entering the
    /// window equals the one leaving it, the sums stay as they are and the next row of the result
    /// is this one again.
    private static func blurColumns(_ src: UnsafeMutablePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>,
                                    width: Int, height: Int, radius: Int, sums: UnsafeMutablePointer<UInt32>) {
        let win = UInt32(2 * radius + 1), half = win / 2, factor = reciprocal(win)
        for x in 0..<width { sums[x] = 0 }
        for k in 0...radius where k < height {
            let row = src + k * width
            for x in 0..<width { sums[x] &+= row[x] }
        }
        var unchanged = false
        for i in 0..<height {
            let out = dst + i * width
            if unchanged {
                out.update(from: out - width, count: width)
            } else {
                for x in 0..<width { out[x] = divided(sums[x], half, factor) }
            }
            let add = i + radius + 1, sub = i - radius
            if add < height, sub >= 0, memcmp(src + add * width, src + sub * width, width * 4) == 0 {
                unchanged = true
                continue
            }
            unchanged = false
            if add < height {
                let row = src + add * width
                for x in 0..<width { sums[x] &+= row[x] }
            }
            if sub >= 0 {
                let row = src + sub * width
                for x in 0..<width { sums[x] &-= row[x] }
            }
        }
    }
}
