import Testing
@testable import Raster

/// Comparing two pixmaps: how many pixels differ beyond a channel tolerance, the largest channel
/// difference, the first differing pixel, and the diff image.
@Suite struct PixmapDifferenceTests {
    func pixmaps() throws -> (Pixmap, Pixmap) {
        let a = try Pixmap(width: 7, height: 5, fill: Color(red: 10, green: 20, blue: 30))
        return (a, a.copy())
    }

    @Test func equalPixmapsHaveNoDifference() throws {
        let (a, b) = try pixmaps()
        let d = PixmapDifference(between: a, and: b)
        #expect(d.isEmpty && d.differingPixels == 0 && d.largestChannelDelta == 0 && d.firstDifference == nil && d.differingBounds == nil)
    }

    @Test func everyChannelCountsAndTheLargestDeltaIsKept() throws {
        let (a, b) = try pixmaps()
        b[3, 1] = Color(red: 10, green: 20, blue: 33).premultiplied        // blue +3
        b[0, 4] = Color(red: 250, green: 20, blue: 30).premultiplied       // red +240
        b[6, 2] = Color(red: 10, green: 20, blue: 30, alpha: 254).premultiplied  // alpha −1 (and the premultiplied colour)
        let d = PixmapDifference(between: a, and: b)
        #expect(d.differingPixels == 3)
        #expect(d.largestChannelDelta == 240)
        #expect(d.firstDifference == PixmapDifference.Location(x: 3, y: 1))
        #expect(d.differingBounds == IntRect(x: 0, y: 1, width: 7, height: 4), "the box around all three")
        let tolerant = PixmapDifference(between: a, and: b, maxChannelDelta: 3)
        #expect(tolerant.differingPixels == 1, "only the red pixel is beyond 3")
        #expect(tolerant.largestChannelDelta == 240)
        #expect(tolerant.firstDifference == PixmapDifference.Location(x: 0, y: 4))
    }

    @Test func theDiffImageMarksDifferingPixelsRedOverAFadedGolden() throws {
        let (a, b) = try pixmaps()
        b[2, 2] = Color.white.premultiplied
        let image = try PixmapDifference.image(between: a, and: b)
        #expect(image[2, 2] == 0xFFFF_0000)
        let faded = Color(premultiplied: image[0, 0])
        #expect(faded.alpha == 255 && faded.red > 190 && faded.red < 210, "a quarter of the golden over light grey: \(faded)")
        #expect(image.width == 7 && image.height == 5)
    }
}

/// WCAG 2 contrast of text colours, as the lint of `limelight test` reads them.
@Suite struct ColorContrastTests {
    @Test func knownRatios() {
        #expect(abs(Color.black.contrastRatio(over: .white) - 21) < 0.001)
        #expect(abs(Color.white.contrastRatio(over: .white) - 1) < 0.001)
        // #777777 on white is the classic just-below-AA grey (4.48:1).
        #expect(abs(Color(red: 0x77, green: 0x77, blue: 0x77).contrastRatio(over: .white) - 4.48) < 0.01)
        #expect(abs(Color(red: 0x8E, green: 0x8E, blue: 0x93).contrastRatio(over: .white) - 3.26) < 0.01)
    }

    @Test func translucentTextIsReadAsDrawnOverItsBackground() {
        let half = Color(red: 0, green: 0, blue: 0, alpha: 128)
        let seen = half.composited(over: .white)
        #expect(seen.red == 127 && seen.alpha == 255)
        #expect(abs(half.contrastRatio(over: .white) - seen.contrastRatio(over: .white)) < 1e-9)
    }
}
