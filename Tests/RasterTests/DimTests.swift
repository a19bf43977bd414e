import Testing
@testable import Raster

/// The dim layer through spotlight holes, probed pixel by pixel.
@Suite struct DimTests {
    func dimmed(hole: Path, rule: FillRule = .nonZero, size: Int = 200) throws -> Pixmap {
        let src = try Pixmap(width: size, height: size, fill: .white)
        let dst = try Pixmap(width: size, height: size)
        let holes = Rasterizer.mask(for: hole, fillRule: rule, clip: src.bounds)
        DimBlend(color: .black, opacity: 0.5).apply(from: src, into: dst, region: src.bounds, holes: holes)
        return dst
    }

    @Test func blackAtHalfOverWhiteReads128OutsideAndWhiteInsideTheHole() throws {
        let frame = try dimmed(hole: .circle(center: Point(100, 100), radius: 40))
        for (x, y) in [(5, 5), (199, 199), (100, 10), (20, 100)] {
            let c = frame.color(x: x, y: y)
            #expect(abs(Int(c.red) - 128) <= 1 && c.red == c.green && c.green == c.blue && c.alpha == 255,
                    "outside the hole at \(x),\(y) reads \(c)")
        }
        #expect(frame.color(x: 100, y: 100) == .white, "the hole's centre is untouched")
        #expect(frame.color(x: 100, y: 70) == .white)
    }

    @Test func edgeRampIsMonotoneAndAtMostTwoPixelsWide() throws {
        let frame = try dimmed(hole: .circle(center: Point(100.3, 100.6), radius: 40.2))
        // Walk outwards from the centre along a row: values never decrease... in the hole they are 255,
        // outside 128, and strictly between only within 2 px.
        var previous = 255
        var between = 0
        for x in 100..<200 {
            let v = Int(frame.color(x: x, y: 100).red)
            #expect(v <= previous, "ramp rises at x=\(x)")
            if v < 255 && v > 129 { between += 1 }
            previous = v
        }
        #expect(between <= 2, "\(between) pixels between inside and outside")
    }

    @Test func pentagramHoleCentreFollowsTheFillRule() throws {
        let star = Path.starPolygon(center: Point(100, 100), points: 5, radius: 80)
        let evenOdd = try dimmed(hole: star, rule: .evenOdd)
        let nonZero = try dimmed(hole: star, rule: .nonZero)
        #expect(abs(Int(evenOdd.color(x: 100, y: 100).red) - 128) <= 1, "even-odd leaves the centre dimmed")
        #expect(nonZero.color(x: 100, y: 100) == .white, "non-zero clears the centre")
    }

    @Test func overlappingHolesClearTheirUnion() throws {
        let src = try Pixmap(width: 200, height: 100, fill: .white)
        let a = Rasterizer.mask(for: .circle(center: Point(70, 50), radius: 40), clip: src.bounds)
        let b = Rasterizer.mask(for: .circle(center: Point(130, 50), radius: 40), clip: src.bounds)
        DimBlend(color: .black, opacity: 0.5).apply(from: src, into: src, region: src.bounds, holes: a.union(b))
        #expect(src.color(x: 100, y: 50) == .white, "the overlap is clear")
        #expect(src.color(x: 40, y: 50) == .white && src.color(x: 160, y: 50) == .white)
        #expect(abs(Int(src.color(x: 100, y: 5).red) - 128) <= 1)
    }

    @Test func coloredDimFollowsTheFormula() throws {
        // dst = dst·(1 − a) + c·a with dst = (200, 100, 0), c = (0, 0, 255), a = 0.25.
        let src = try Pixmap(width: 4, height: 1, fill: Color(red: 200, green: 100, blue: 0))
        DimBlend(color: Color(red: 0, green: 0, blue: 255), opacity: 0.25).apply(from: src, into: src, region: src.bounds, holes: nil)
        let c = src.color(x: 1, y: 0)
        #expect(abs(Int(c.red) - 150) <= 1 && abs(Int(c.green) - 75) <= 1 && abs(Int(c.blue) - 64) <= 1, "\(c)")
    }

    @Test func regionLimitsTheWrite() throws {
        let src = try Pixmap(width: 50, height: 50, fill: .white)
        DimBlend(color: .black, opacity: 0.5).apply(from: src, into: src, region: IntRect(x: 10, y: 10, width: 5, height: 5), holes: nil)
        #expect(src.color(x: 9, y: 10) == .white)
        #expect(src.color(x: 10, y: 10).red == 128)
        #expect(src.color(x: 15, y: 14) == .white)
    }

    @Test func featheredHoleFallsOffGradually() throws {
        let src = try Pixmap(width: 200, height: 200, fill: .white)
        let hole = Rasterizer.mask(for: .circle(center: Point(100, 100), radius: 40), clip: src.bounds).feathered(radius: 8)
        DimBlend(color: .black, opacity: 0.5).apply(from: src, into: src, region: src.bounds, holes: hole)
        #expect(src.color(x: 100, y: 100) == .white)
        var levels = Set<UInt8>()
        for x in 130..<152 { levels.insert(src.color(x: x, y: 100).red) }
        #expect(levels.count >= 8, "a feathered edge passes through many levels, saw \(levels.sorted())")
        #expect(abs(Int(src.color(x: 160, y: 100).red) - 128) <= 1)
    }
}
