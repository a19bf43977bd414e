/// How two pixmaps of the same size differ: how many pixels differ by a `PixelRule` (a channel
/// tolerance, or perceptually), the largest channel difference among them, and where the first one is.
///
/// Rows that are byte for byte equal are skipped with one `memcmp`-like pass, so comparing a frame
/// with an identical golden costs about as much as reading both once.
public struct PixmapDifference: Hashable, Sendable {
    /// The pixels that differ by the rule.
    public var differingPixels: Int
    /// The pixels that differ but are anti-aliasing, not counted (perceptual mode).
    public var antialiasedPixels = 0
    /// The largest channel difference (0...255) of any pixel, whether or not it counted.
    public var largestChannelDelta: Int
    /// The first differing pixel, row by row, if any.
    public var firstDifference: Location?
    /// The smallest rectangle holding every differing pixel, nil when none differs.
    public var differingBounds: IntRect?

    /// A pixel's column and row.
    public struct Location: Hashable, Sendable {
        /// The column.
        public var x: Int
        /// The row.
        public var y: Int
    }

    /// True when no pixel differs by more than the tolerance.
    public var isEmpty: Bool { differingPixels == 0 }

    /// Compares `actual` with `expected` (same size; callers check), counting a pixel as different
    /// when any of its four channels differs by more than `maxChannelDelta`.
    public init(between actual: Pixmap, and expected: Pixmap, maxChannelDelta: Int = 0) {
        self.init(between: actual, and: expected, rule: PixelRule(maxChannelDelta: maxChannelDelta))
    }

    /// Compares `actual` with `expected` (same size; callers check) by `rule`.
    public init(between actual: Pixmap, and expected: Pixmap, rule: PixelRule) {
        precondition(actual.width == expected.width && actual.height == expected.height, "compare pixmaps of one size")
        differingPixels = 0
        largestChannelDelta = 0
        firstDifference = nil
        differingBounds = nil
        let width = actual.width
        for y in 0..<actual.height {
            let a = actual.row(y), b = expected.row(y)
            if PixmapDifference.rowsEqual(a, b, width) { continue }
            for x in 0..<width where a[x] != b[x] {
                let delta = PixmapDifference.channelDelta(a[x], b[x])
                largestChannelDelta = max(largestChannelDelta, delta)
                let verdict = rule.verdict(actual, expected, x: x, y: y)
                if verdict == .antialiasing { antialiasedPixels += 1 }
                if verdict == .differs {
                    differingPixels += 1
                    if firstDifference == nil { firstDifference = Location(x: x, y: y) }
                    let p = IntRect(x: x, y: y, width: 1, height: 1)
                    differingBounds = differingBounds.map { $0.union(p) } ?? p
                }
            }
        }
    }

    /// The largest of the four channel differences of two pixels.
    @inline(__always) static func channelDelta(_ p: UInt32, _ q: UInt32) -> Int {
        var largest: UInt32 = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            let a = (p >> shift) & 0xFF, b = (q >> shift) & 0xFF
            largest = max(largest, a > b ? a - b : b - a)
        }
        return Int(largest)
    }

    /// Whether `count` pixels from `a` and `b` are all equal (a branch-free fold the compiler vectorizes).
    @inline(__always) static func rowsEqual(_ a: UnsafeMutablePointer<UInt32>, _ b: UnsafeMutablePointer<UInt32>, _ count: Int) -> Bool {
        var folded: UInt32 = 0
        for i in 0..<count { folded |= a[i] ^ b[i] }
        return folded == 0
    }

    /// An image of where `actual` differs from `expected`: each pixel that differs by more than
    /// `maxChannelDelta` in opaque red, every other pixel a faded copy of `expected` (a quarter of its
    /// colour over light grey), so the red can be placed on the screen it belongs to.
    public static func image(between actual: Pixmap, and expected: Pixmap, maxChannelDelta: Int = 0) throws(RasterError) -> Pixmap {
        try image(between: actual, and: expected, rule: PixelRule(maxChannelDelta: maxChannelDelta))
    }

    /// The difference image by `rule`: differing pixels red, anti-aliasing that was let pass yellow
    /// (as pixelmatch draws them), ignored rectangles a faded blue, the rest a faded `expected`.
    public static func image(between actual: Pixmap, and expected: Pixmap, rule: PixelRule) throws(RasterError) -> Pixmap {
        precondition(actual.width == expected.width && actual.height == expected.height, "compare pixmaps of one size")
        let diff = try Pixmap(width: expected.width, height: expected.height)
        for y in 0..<expected.height {
            let a = actual.row(y), b = expected.row(y), d = diff.row(y)
            for x in 0..<expected.width {
                d[x] = Kernels.scale(b[x] | 0xFF00_0000, by: 64) &+ 0xC0C0_C0C0
                guard a[x] != b[x] else { continue }
                switch rule.verdict(actual, expected, x: x, y: y) {
                case .differs: d[x] = 0xFFFF_0000
                case .antialiasing: d[x] = 0xFFFF_D000
                case .same: break
                }
            }
        }
        for r in rule.ignored {
            let c = r.intersection(IntRect(x: 0, y: 0, width: diff.width, height: diff.height))
            guard c.width > 0, c.height > 0 else { continue }
            for y in c.y..<(c.y + c.height) {
                let d = diff.row(y)
                for x in c.x..<(c.x + c.width) { d[x] = (Kernels.scale(d[x], by: 160) &+ Kernels.scale(0xFF30_60C0, by: 95)) | 0xFF00_0000 }
            }
        }
        return diff
    }
}
