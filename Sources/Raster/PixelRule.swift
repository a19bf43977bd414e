/// When a pixel of a frame counts as different from its golden's: by channels (any channel
/// further apart than `maxChannelDelta`), or perceptually as pixelmatch does (the YIQ distance of the
/// two colours above a threshold, and a pixel that is anti-aliasing in either image, an edge another
/// rasterizer drew a little differently, not counted); pixels inside an ignored rectangle never count.
public struct PixelRule: Hashable, Sendable {
    /// How far (0...255) a channel may differ before its pixel counts, in channel mode.
    public var maxChannelDelta: Int
    /// With a value (0...1), the perceptual mode's threshold; 0.1 is pixelmatch's default.
    public var perceptualThreshold: Double?
    /// Rectangles, in the pixmaps' pixels, left out of the comparison.
    public var ignored: [IntRect]

    /// A rule from its parts.
    public init(maxChannelDelta: Int = 0, perceptualThreshold: Double? = nil, ignored: [IntRect] = []) {
        self.maxChannelDelta = maxChannelDelta
        self.perceptualThreshold = perceptualThreshold
        self.ignored = ignored
    }

    /// Every pixel compared exactly.
    public static let exact = PixelRule()

    /// What a pixel that is not equal in both images comes to.
    public enum Verdict: Hashable, Sendable {
        /// Close enough (or ignored).
        case same
        /// Different, but anti-aliasing: not counted (perceptual mode only).
        case antialiasing
        /// Different.
        case differs
    }

    /// The verdict on the pixel at `x`, `y`, whose values in `actual` and `expected` are not equal.
    func verdict(_ actual: Pixmap, _ expected: Pixmap, x: Int, y: Int) -> Verdict {
        for r in ignored where x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height { return .same }
        let a = actual.row(y)[x], b = expected.row(y)[x]
        guard let threshold = perceptualThreshold else {
            return PixmapDifference.channelDelta(a, b) > maxChannelDelta ? .differs : .same
        }
        // pixelmatch: 35215 is the largest YIQ distance there is.
        let delta = PixelRule.colorDelta(a, b, lumaOnly: false)
        guard abs(delta) > 35215 * threshold * threshold else { return .same }
        if PixelRule.antialiased(actual, x, y, other: expected) || PixelRule.antialiased(expected, x, y, other: actual) { return .antialiasing }
        return .differs
    }

    /// A pixel's straight red, green and blue, blended over white by its alpha (pixelmatch's way
    /// of comparing translucent pixels).
    @inline(__always) static func rgbOverWhite(_ p: UInt32) -> (Double, Double, Double) {
        let a = Double(p >> 24), r = Double((p >> 16) & 0xFF), g = Double((p >> 8) & 0xFF), b = Double(p & 0xFF)
        guard a < 255 else { return (r, g, b) }
        // Premultiplied: the colour over white is c + 255 · (1 − α).
        let rest = 255 - a
        return (r + rest, g + rest, b + rest)
    }

    /// pixelmatch's `colorDelta`: the squared YIQ distance of two pixels (negative when the first is
    /// lighter), or only the difference of their luma.
    static func colorDelta(_ p: UInt32, _ q: UInt32, lumaOnly: Bool) -> Double {
        if p == q { return 0 }
        let (r1, g1, b1) = rgbOverWhite(p), (r2, g2, b2) = rgbOverWhite(q)
        let y1 = r1 * 0.29889531 + g1 * 0.58662247 + b1 * 0.11448223
        let y2 = r2 * 0.29889531 + g2 * 0.58662247 + b2 * 0.11448223
        let y = y1 - y2
        if lumaOnly { return y }
        let i = (r1 * 0.59597799 - g1 * 0.27417610 - b1 * 0.32180189) - (r2 * 0.59597799 - g2 * 0.27417610 - b2 * 0.32180189)
        let q = (r1 * 0.21147017 - g1 * 0.52261711 + b1 * 0.31114694) - (r2 * 0.21147017 - g2 * 0.52261711 + b2 * 0.31114694)
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y1 > y2 ? -delta : delta
    }

    /// pixelmatch's `antialiased`: whether the pixel at `x1`, `y1` of `image` lies on an edge between
    /// a darker and a lighter neighbour that each sit in a flat area in both images.
    static func antialiased(_ image: Pixmap, _ x1: Int, _ y1: Int, other: Pixmap) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, image.width - 1), y2 = min(y1 + 1, image.height - 1)
        let centre = image.row(y1)[x1]
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        var least = 0.0, most = 0.0
        var leastAt = (0, 0), mostAt = (0, 0)
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let delta = colorDelta(centre, image.row(y)[x], lumaOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < least {
                    least = delta; leastAt = (x, y)
                } else if delta > most {
                    most = delta; mostAt = (x, y)
                }
            }
        }
        if least == 0 || most == 0 { return false }
        return (hasManySiblings(image, leastAt.0, leastAt.1) && hasManySiblings(other, leastAt.0, leastAt.1))
            || (hasManySiblings(image, mostAt.0, mostAt.1) && hasManySiblings(other, mostAt.0, mostAt.1))
    }

    /// Whether the pixel at `x1`, `y1` has more than two neighbours of exactly its value.
    static func hasManySiblings(_ image: Pixmap, _ x1: Int, _ y1: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, image.width - 1), y2 = min(y1 + 1, image.height - 1)
        let centre = image.row(y1)[x1]
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                if image.row(y)[x] == centre { zeroes += 1 }
                if zeroes > 2 { return true }
            }
        }
        return false
    }
}
