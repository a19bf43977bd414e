extension Pixmap {
    /// Swaps the red and blue bytes of every pixel of `rect` (clipped): ARGB8888 words become the
    /// bytes R, G, B, A in memory on a little-endian machine, and back. Alpha and green stay.
    public func swapRedAndBlue(in rect: IntRect) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY { Pixmap.swapRedAndBlue(row(y) + r.x, row(y) + r.x, count: r.width) }
    }

    /// Copies the pixels of `rect` from `source` (same size), swapping red and blue on the way.
    public func copyPixels(from source: Pixmap, in rect: IntRect, swappingRedAndBlue: Bool) {
        guard swappingRedAndBlue else { copyPixels(from: source, in: rect); return }
        let r = rect.intersection(bounds).intersection(source.bounds)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY { Pixmap.swapRedAndBlue(row(y) + r.x, source.row(y) + r.x, count: r.width) }
    }

    /// `count` pixels of `src` into `dst` (which may be `src`) with red and blue swapped: a
    /// branch-free loop the compiler vectorizes.
    @inline(__always)
    static func swapRedAndBlue(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int) {
        for i in 0..<count {
            let p = src[i]
            dst[i] = (p & 0xFF00_FF00) | (p >> 16 & 0xFF) | (p & 0xFF) << 16
        }
    }
}
