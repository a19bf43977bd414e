#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
/// An 8-bit coverage (alpha) mask placed at `bounds` in device pixels: 0 = outside, 255 = fully inside.
///
/// Masks carry their own position so that a hole's coverage can be kept for just its bounding box.
public struct Mask: Hashable, Sendable {
    /// Where the mask sits, in device pixels. Its rows are `bounds.width` bytes long.
    public private(set) var bounds: IntRect
    /// Row-major coverage values.
    public var bytes: [UInt8]

    /// A mask of zeros (or `value`) covering `bounds`. An empty rectangle gives an empty mask.
    public init(bounds: IntRect, value: UInt8 = 0) {
        let b = bounds.isEmpty ? IntRect(x: bounds.x, y: bounds.y, width: 0, height: 0) : bounds
        self.bounds = b
        bytes = [UInt8](repeating: value, count: b.area)
    }

    /// A mask over `bounds` whose bytes are left for the caller to write, every one of them, before
    /// any is read (the rasterizer's sweep writes each row whole).
    init(uninitializedBounds bounds: IntRect) {
        let b = bounds.isEmpty ? IntRect(x: bounds.x, y: bounds.y, width: 0, height: 0) : bounds
        self.bounds = b
        bytes = [UInt8](unsafeUninitializedCapacity: b.area) { _, count in count = b.area }
    }

    /// The number of columns.
    public var width: Int { bounds.width }
    /// The number of rows.
    public var height: Int { bounds.height }
    /// Whether the mask covers no pixel.
    public var isEmpty: Bool { bounds.isEmpty }

    /// The coverage at device pixel (x, y); 0 outside the mask.
    public func coverage(x: Int, y: Int) -> UInt8 {
        guard bounds.contains(x: x, y: y) else { return 0 }
        return bytes[(y - bounds.y) * bounds.width + (x - bounds.x)]
    }

    /// The sum of all coverage in pixels (255 = one whole pixel).
    var coveredArea: Double {
        var total = 0
        for b in bytes { total += Int(b) }
        return Double(total) / 255
    }

    /// The union with `other` (a + b − a·b), over the union of both boxes.
    public func union(_ other: Mask) -> Mask {
        if other.isEmpty { return self }
        if isEmpty { return other }
        var out = Mask(bounds: bounds.union(other.bounds))
        out.merge(self) { _, b in b }
        out.merge(other) { a, b in a &+ b &- UInt8((UInt16(a) &* UInt16(b) &+ 255) >> 8) }
        return out
    }

    /// The intersection with `other` (a·b), over this mask's box.
    public func intersection(_ other: Mask) -> Mask {
        var out = Mask(bounds: bounds)
        let r = bounds.intersection(other.bounds)
        guard !r.isEmpty else { return out }
        for y in r.y..<r.maxY {
            let ro = (y - bounds.y) * bounds.width - bounds.x
            let rb = (y - other.bounds.y) * other.bounds.width - other.bounds.x
            for x in r.x..<r.maxX {
                out.bytes[ro + x] = UInt8((UInt16(bytes[ro + x]) * UInt16(other.bytes[rb + x]) + 255) >> 8)
            }
        }
        return out
    }

    /// The inverse coverage (255 − value) over the same box.
    public func inverted() -> Mask {
        var out = self
        for i in out.bytes.indices { out.bytes[i] = 255 &- out.bytes[i] }
        return out
    }

    /// The part of the mask inside `rect`, as a mask over exactly `rect` (zeros where this one has none).
    public func cropped(to rect: IntRect) -> Mask {
        var out = Mask(bounds: rect)
        out.merge(self) { _, b in b }
        return out
    }

    /// Combines `other`'s values into this mask where they overlap.
    mutating func merge(_ other: Mask, _ combine: (UInt8, UInt8) -> UInt8) {
        let r = bounds.intersection(other.bounds)
        guard !r.isEmpty else { return }
        let w = bounds.width, ow = other.bounds.width
        bytes.withUnsafeMutableBufferPointer { dst in
            other.bytes.withUnsafeBufferPointer { src in
                for y in r.y..<r.maxY {
                    let d = (y - bounds.y) * w + (r.x - bounds.x)
                    let s = (y - other.bounds.y) * ow + (r.x - other.bounds.x)
                    for i in 0..<r.width { dst[d + i] = combine(dst[d + i], src[s + i]) }
                }
            }
        }
    }

    /// A copy grown by `radius` on every side and blurred so that edges fall off over about `radius`
    /// pixels (three box-blur passes, close to a Gaussian). Used for feathered spotlight edges.
    public func feathered(radius: Int) -> Mask {
        guard radius > 0, !isEmpty else { return self }
        let r = min(radius, 256)
        let grow = r
        var out = Mask(bounds: IntRect(x: bounds.x - grow, y: bounds.y - grow,
                                       width: bounds.width + 2 * grow, height: bounds.height + 2 * grow))
        out.merge(self) { _, b in b }
        // Three passes of a box of width ~ r/1.5 approximate a Gaussian whose visible falloff spans ~r.
        let box = Mask.featherBox(r)
        let w = out.bounds.width, h = out.bounds.height
        var buf = out.bytes.map { UInt32($0) }
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
        out.bytes.withUnsafeMutableBufferPointer { o in
            buf.withUnsafeBufferPointer { a in
                for i in 0..<o.count { o[i] = UInt8(truncatingIfNeeded: min(255, a[i])) }
            }
        }
        return out
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
