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

/// The perceptual rule on small made-up images: a colour a little off passes, one far off fails,
/// and a pixel between a flat dark and a flat light area (an edge drawn differently) is anti-aliasing.
@Suite struct PixelRuleTests {
    @Test func aSmallColourDifferencePassesAndALargeOneFails() throws {
        let a = try Pixmap(width: 9, height: 9, fill: Color(red: 100, green: 100, blue: 100))
        let b = a.copy()
        b[4, 4] = Color(red: 103, green: 101, blue: 99).premultiplied
        #expect(PixmapDifference(between: a, and: b, rule: PixelRule(perceptualThreshold: 0.1)).isEmpty)
        #expect(!PixmapDifference(between: a, and: b).isEmpty)
        b[4, 4] = Color(red: 200, green: 40, blue: 40).premultiplied
        let d = PixmapDifference(between: a, and: b, rule: PixelRule(perceptualThreshold: 0.1))
        #expect(d.differingPixels == 1 && d.antialiasedPixels == 0)
        #expect(abs(PixelRule.colorDelta(0xFF00_0000, 0xFFFF_FFFF, lumaOnly: false)) > 32_000, "black against white is near the largest distance")
    }

    @Test func anEdgePixelBetweenFlatAreasIsAntialiasing() throws {
        // Dark left half, light right half, and the column between them grey in one image.
        let a = try Pixmap(width: 10, height: 10, fill: Color(red: 20, green: 20, blue: 20))
        a.fill(Color(red: 230, green: 230, blue: 230), in: IntRect(x: 5, y: 0, width: 5, height: 10))
        let b = a.copy()
        for y in 0..<10 { b[5, y] = Color(red: 128, green: 128, blue: 128).premultiplied }
        let d = PixmapDifference(between: b, and: a, rule: PixelRule(perceptualThreshold: 0.1))
        #expect(d.differingPixels == 0 && d.antialiasedPixels > 0, "\(d)")
        let diff = try PixmapDifference.image(between: b, and: a, rule: PixelRule(perceptualThreshold: 0.1))
        #expect(diff[5, 5] == 0xFFFF_D000, "anti-aliasing is drawn yellow")
    }

    @Test func ignoredRectanglesNeverCount() throws {
        let a = try Pixmap(width: 8, height: 8, fill: .white)
        let b = a.copy()
        b[2, 2] = 0xFF00_0000
        #expect(PixmapDifference(between: a, and: b, rule: PixelRule(ignored: [IntRect(x: 1, y: 1, width: 3, height: 3)])).isEmpty)
        #expect(!PixmapDifference(between: a, and: b, rule: PixelRule(ignored: [IntRect(x: 3, y: 3, width: 3, height: 3)])).isEmpty)
    }
}
