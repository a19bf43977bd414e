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
}
