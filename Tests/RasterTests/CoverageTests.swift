import Foundation
import Testing
@testable import Raster

/// Summed coverage against analytic areas, and single-pixel edge coverage.
@Suite struct CoverageTests {
    static let clip = IntRect(x: 0, y: 0, width: 2000, height: 2000)

    /// Relative error of the summed coverage of `path` against `expected` square pixels.
    func areaError(_ path: Path, expected: Double, scale: Double, rule: FillRule = .nonZero) -> Double {
        let mask = Rasterizer.mask(for: path, fillRule: rule, transform: .scale(scale), clip: Self.clip)
        return abs(mask.coveredArea - expected * scale * scale) / (expected * scale * scale)
    }

    @Test(arguments: [1.0, 2.0])
    func circleAreaIsWithinHalfAPercent(scale: Double) {
        let r = 37.3
        let err = areaError(.circle(center: Point(100.4, 90.7), radius: r), expected: Double.pi * r * r, scale: scale)
        #expect(err < 0.005, "circle area error \(err * 100)%")
    }

    @Test(arguments: [1.0, 2.0])
    func roundedRectAreaIsWithinHalfAPercent(scale: Double) {
        let rect = Rect(x: 10.25, y: 20.6, width: 140.5, height: 61.3), radius = 14.0
        let expected = rect.width * rect.height - (4 - Double.pi) * radius * radius
        let err = areaError(.roundedRect(rect, radius: radius), expected: expected, scale: scale)
        #expect(err < 0.005, "rounded rect area error \(err * 100)%")
    }

    @Test(arguments: [1.0, 2.0])
    func starAreaIsWithinHalfAPercent(scale: Double) {
        // A regular star is 2n congruent triangles (centre, tip, notch).
        let n = 5, outer = 60.0, inner = 25.0
        let expected = Double(2 * n) * 0.5 * outer * inner * sin(Double.pi / Double(n))
        let err = areaError(.star(center: Point(80.3, 80.8), points: n, innerRadius: inner, outerRadius: outer),
                            expected: expected, scale: scale)
        #expect(err < 0.005, "star area error \(err * 100)%")
    }

    @Test(arguments: [1.0, 2.0])
    func pixelHalfCoveredByAVerticalEdgeReadsHalf(scale: Double) {
        // The edge sits at x = 10.5 points, i.e. through the middle of a device pixel at 1x and 2x.
        let edge = 10.5 + 0.25 * (scale - 1)
        let path = Path.rect(Rect(x: 0, y: 0, width: edge, height: 20))
        let mask = Rasterizer.mask(for: path, transform: .scale(scale), clip: Self.clip)
        let px = Int(edge * scale)
        let value = Double(mask.coverage(x: px, y: 5)) / 255
        #expect(abs(value - 0.5) <= 0.02, "half-covered pixel reads \(value)")
        #expect(mask.coverage(x: px - 1, y: 5) == 255)
        #expect(mask.coverage(x: px + 1, y: 5) == 0)
    }

    @Test(arguments: [1.0, 2.0])
    func pixelHalfCoveredByAHorizontalEdgeReadsHalf(scale: Double) {
        let edge = 7.5 + 0.25 * (scale - 1)
        let mask = Rasterizer.mask(for: .rect(Rect(x: 0, y: 0, width: 20, height: edge)), transform: .scale(scale), clip: Self.clip)
        let value = Double(mask.coverage(x: 3, y: Int(edge * scale))) / 255
        #expect(abs(value - 0.5) <= 0.02, "half-covered pixel reads \(value)")
    }

    @Test func pixelHalfCoveredByADiagonalEdgeReadsHalf() {
        // A 45° edge through the pixel's centre cuts it into two equal triangles.
        var p = Path()
        p.move(to: Point(0, 0)); p.line(to: Point(40, 0)); p.line(to: Point(0, 40)); p.close()
        let mask = Rasterizer.mask(for: p, clip: Self.clip)
        // Pixel (19, 20) spans x 19...20, y 20...21; the edge x + y = 40 passes through its centre (19.5, 20.5).
        let value = Double(mask.coverage(x: 19, y: 20)) / 255
        #expect(abs(value - 0.5) <= 0.02, "diagonal half pixel reads \(value)")
    }

    @Test func pentagramCentreDependsOnFillRule() {
        let star = Path.starPolygon(center: Point(50, 50), points: 5, radius: 40)
        let nonZero = Rasterizer.mask(for: star, fillRule: .nonZero, clip: Self.clip)
        let evenOdd = Rasterizer.mask(for: star, fillRule: .evenOdd, clip: Self.clip)
        #expect(nonZero.coverage(x: 50, y: 50) == 255)
        #expect(evenOdd.coverage(x: 50, y: 50) == 0)
        // A tip is inside under both rules.
        #expect(nonZero.coverage(x: 50, y: 17) == 255)
        #expect(evenOdd.coverage(x: 50, y: 17) == 255)
    }

    @Test func sharpTipCoverageIsExactArea() {
        // Reference values from 128×128 supersampling of the same pentagram's tip pixels.
        let star = Path.starPolygon(center: Point(80, 84), points: 5, radius: 70)
        let mask = Rasterizer.mask(for: star, fillRule: .evenOdd, clip: Self.clip)
        for (x, y, expected) in [(78, 17, 35), (81, 17, 35), (78, 18, 118), (79, 17, 255)] {
            #expect(abs(Int(mask.coverage(x: x, y: y)) - expected) <= 3, "pixel \(x),\(y) reads \(mask.coverage(x: x, y: y)), expected \(expected)")
        }
    }

    @Test func maskIsClippedToTheClipRect() {
        let clip = IntRect(x: 10, y: 10, width: 20, height: 20)
        let mask = Rasterizer.mask(for: .circle(center: Point(10, 10), radius: 15), clip: clip)
        #expect(mask.bounds == IntRect(x: 10, y: 10, width: 15, height: 15))
        #expect(mask.coverage(x: 11, y: 11) == 255)
    }

    @Test func nonFinitePathsGiveEmptyMasks() {
        var p = Path()
        p.move(to: Point(.nan, 0)); p.line(to: Point(10, .infinity)); p.line(to: Point(0, 10)); p.close()
        #expect(Rasterizer.mask(for: p, clip: Self.clip).coveredArea == 0)
        #expect(Rasterizer.mask(for: Path(), clip: Self.clip).isEmpty)
    }

    @Test func curvesAreFlattenedWithinATenthOfAPixel() {
        // A huge circle: the area of the flattened polygon is below the true area by at most
        // perimeter × tolerance, and the rasterizer must not be further off than that.
        let r = 900.0
        let mask = Rasterizer.mask(for: .circle(center: Point(1000, 1000), radius: r), clip: Self.clip)
        let missing = Double.pi * r * r - mask.coveredArea
        #expect(missing < 2 * Double.pi * r * Rasterizer.tolerance, "missing \(missing) px²")
    }

    @Test func ellipseAndHeartAreSymmetric() {
        let heart = Rasterizer.mask(for: .heart(in: Rect(x: 10, y: 10, width: 80, height: 72)), clip: Self.clip)
        // Mirror symmetry about x = 50.
        var asymmetric = 0
        for y in heart.bounds.y..<heart.bounds.maxY {
            for dx in 0..<40 where abs(Int(heart.coverage(x: 50 + dx, y: y)) - Int(heart.coverage(x: 49 - dx, y: y))) > 2 { asymmetric += 1 }
        }
        #expect(asymmetric == 0)
        let ellipse = Rasterizer.mask(for: .ellipse(in: Rect(x: 0, y: 0, width: 100, height: 50)), clip: Self.clip)
        #expect(abs(ellipse.coveredArea - Double.pi * 50 * 25) / (Double.pi * 50 * 25) < 0.005)
    }
}
