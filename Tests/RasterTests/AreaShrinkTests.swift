import Testing
import Seeded
@testable import Raster

/// `Pixmap.areaAveraged` is the exact area mean, rounded to the nearest level (halves up), against
/// a plain reference that weighs every source pixel by its overlap with the target pixel (in units of
/// 1/target of a source pixel, so every overlap is whole) and divides once: on random premultiplied
/// images of random sizes, through both ways of summing (`AreaShrink`), and on the sizes the
/// storyboard shrinks frames to.
@Suite struct AreaShrinkTests {
    /// The mean of the source pixels under each target pixel, weighted by the area of each inside it.
    static func reference(_ source: Pixmap, width w: Int, height h: Int) -> Pixmap {
        let out = try! Pixmap(width: w, height: h)
        let sw = source.width, sh = source.height
        for ty in 0..<h {
            for tx in 0..<w {
                var sums = [Int](repeating: 0, count: 4)
                for y in (ty * sh / h)..<min(sh, ((ty + 1) * sh + h - 1) / h) {
                    let oy = min((y + 1) * h, (ty + 1) * sh) - max(y * h, ty * sh)
                    guard oy > 0 else { continue }
                    for x in (tx * sw / w)..<min(sw, ((tx + 1) * sw + w - 1) / w) {
                        let ox = min((x + 1) * w, (tx + 1) * sw) - max(x * w, tx * sw)
                        guard ox > 0 else { continue }
                        let p = source[x, y]
                        for c in 0..<4 { sums[c] += ox * oy * Int(p >> UInt32(24 - 8 * c) & 0xFF) }
                    }
                }
                let area = sw * sh
                let q = sums.map { UInt32((2 * $0 + area) / (2 * area)) }
                out[tx, ty] = q[0] << 24 | min(q[0], q[1]) << 16 | min(q[0], q[2]) << 8 | min(q[0], q[3])
            }
        }
        return out
    }

    /// A random premultiplied image; `flat` gives runs of one colour (as interfaces have), else noise.
    static func image(width: Int, height: Int, flat: Bool, _ random: inout SeededGenerator) -> Pixmap {
        let image = try! Pixmap(width: width, height: height)
        var colour = Color(red: 0, green: 0, blue: 0)
        for y in 0..<height {
            for x in 0..<width {
                if !flat || random.below(9) == 0 {
                    let alpha = random.below(3) == 0 ? 255 : random.below(256)
                    colour = Color(red: UInt8(random.below(256)), green: UInt8(random.below(256)), blue: UInt8(random.below(256)), alpha: UInt8(alpha))
                }
                image[x, y] = colour.premultiplied
            }
        }
        return image
    }

    /// `source` shrunk to `width`×`height` through the way of summing named.
    static func shrunk(_ source: Pixmap, width: Int, height: Int, sixteenBits: Bool) -> Pixmap {
        let out = try! Pixmap(width: width, height: height)
        let shrink = AreaShrink(columns: ShrinkAxis(source: source.width, target: width), rows: ShrinkAxis(source: source.height, target: height))
        if sixteenBits { shrink.withSixteenBitSums(from: source, into: out) } else { shrink.withWideSums(from: source, into: out) }
        return out
    }

    @Test func everyShrinkIsTheExactAreaMean() {
        var random = SeededGenerator(seed: 0x5EED_A2EA)
        var sixteen = 0, wide = 0
        for round in 0..<160 {
            // Tall ones now and then, so some target rows span more than 257 units (wide sums only).
            let sw = 1 + random.below(120), sh = 1 + random.below(round % 4 == 0 ? 700 : 90)
            let source = Self.image(width: sw, height: sh, flat: round % 2 == 0, &random)
            let w = 1 + random.below(sw), h = 1 + random.below(sh)
            let expected = Self.reference(source, width: w, height: h)
            let shrink = AreaShrink(columns: ShrinkAxis(source: sw, target: w), rows: ShrinkAxis(source: sh, target: h))
            let label = "round \(round): \(sw)x\(sh) to \(w)x\(h)"
            #expect(source.areaAveraged(width: w, height: h)?.hasSamePixels(as: expected) == true, "\(label)")
            #expect(Self.shrunk(source, width: w, height: h, sixteenBits: false).hasSamePixels(as: expected), "\(label), wide sums")
            wide += 1
            if shrink.fitsSixteenBitSums {
                #expect(Self.shrunk(source, width: w, height: h, sixteenBits: true).hasSamePixels(as: expected), "\(label), 16-bit sums")
                sixteen += 1
            }
        }
        #expect(sixteen > 60 && wide - sixteen > 10, "both ways were tried (\(sixteen) of \(wide) with 16-bit sums)")
    }

    @Test func theStoryboardsSizesAreTheExactAreaMean() throws {
        var random = SeededGenerator(seed: 1920)
        // A desktop frame to its half-size panel and to a 0.55 one, a phone's to 360x480 at most, an @2x phone's, and a
        // size whose rows share no factor with their target (wide sums).
        for (sw, sh, w, h) in [(1920, 1080, 960, 540), (1920, 1080, 1056, 594), (390, 844, 222, 480), (780, 1688, 222, 480), (263, 131, 200, 130)] {
            let source = Self.image(width: sw, height: sh, flat: true, &random)
            // The reference's cost grows with both sizes: compare the first band of target rows
            // that begins and ends on whole source rows (one period of the rows' weights).
            let rows = ShrinkAxis(source: sh, target: h), band = rows.cellUnits
            let top = try Pixmap(width: sw, height: rows.spanUnits)
            top.copyPixels(from: source, in: top.bounds)
            let got = try #require(source.areaAveraged(width: w, height: h))
            let expected = Self.reference(top, width: w, height: band)
            let gotBand = try Pixmap(width: w, height: band)
            gotBand.copyPixels(from: got, in: gotBand.bounds)
            #expect(gotBand.hasSamePixels(as: expected), "\(sw)x\(sh) to \(w)x\(h)")
        }
    }

    /// A shrink to exactly half a side (`AreaShrink.halving`) is the exact mean of each 2x2 block,
    /// noise and flat colour alike, and clamps colours to alpha as the other ways do for pixels that
    /// break premultiplication (a host's frame may hold any bytes).
    @Test func halvingIsTheExactAreaMean() {
        var random = SeededGenerator(seed: 0x4A1F)
        var halved = 0
        for round in 0..<80 {
            let w = 1 + random.below(60), h = 1 + random.below(40)
            let source = Self.image(width: 2 * w, height: 2 * h, flat: round % 2 == 0, &random)
            if round % 5 == 0 {  // any bytes at all, colours above alpha included
                for y in 0..<source.height { for x in 0..<source.width { source[x, y] = UInt32(truncatingIfNeeded: random.below(Int(UInt32.max))) } }
            }
            let shrink = AreaShrink(columns: ShrinkAxis(source: 2 * w, target: w), rows: ShrinkAxis(source: 2 * h, target: h))
            #expect(shrink.isHalving)
            let expected = Self.reference(source, width: w, height: h)
            #expect(source.areaAveraged(width: w, height: h)?.hasSamePixels(as: expected) == true, "round \(round): \(2 * w)x\(2 * h) to \(w)x\(h)")
            halved += 1
        }
        #expect(!AreaShrink(columns: ShrinkAxis(source: 9, target: 4), rows: ShrinkAxis(source: 8, target: 4)).isHalving, "an odd side is not halved")
        #expect(halved == 80)
    }

    @Test func aQuotientIsTheDivisionRoundedHalfUp() {
        var random = SeededGenerator(seed: 7)
        var divisors: [UInt64] = [1, 2, 3, 255, 256, 400, 13_715, (1 << 21) - 1, 1 << 21, 1 << 28, 1 << 30]
        for _ in 0..<200 { divisors.append(1 + UInt64(random.below(1 << 30) >> random.below(29))) }
        for d in divisors {
            let quotient = RoundedQuotient(divisor: d)
            var sums: [UInt64] = [0, 255 * d, d / 2, d / 2 + 1, 255 * d - d / 2]
            for _ in 0..<64 {
                let k = UInt64(random.below(255)), near = UInt64(random.below(3))
                sums += [k * d + d / 2 - min(near, k * d + d / 2), k * d + d / 2 + near, k * d + UInt64(random.below(Int(min(d, 1 << 40))))]
            }
            for sum in sums where sum <= 255 * d {
                let exact = UInt32((2 * sum + d) / (2 * d))
                #expect(quotient(sum) == exact, "\(sum) / \(d)")
                if quotient.fitsSixtyFourBits {
                    let four = quotient.quotients(SIMD4(repeating: UInt32(sum)))
                    #expect(four == SIMD4(repeating: exact), "\(sum) / \(d), four at once")
                }
            }
        }
    }

    @Test func anAxisSplitsEverySourceCellWhole() {
        for (source, target) in [(1920, 1056), (844, 480), (7, 7), (7, 1), (263, 131), (16384, 3)] {
            let axis = ShrinkAxis(source: source, target: target)
            var perSource = [Int](repeating: 0, count: source)
            for t in 0..<target {
                let cells = axis.cells(of: t)
                #expect(cells.reduce(0) { $0 + axis.weight(of: $1, in: t) } == axis.spanUnits, "\(source) to \(target): target \(t)")
                #expect(cells.count <= axis.mostCells)
                for c in cells { perSource[c] += axis.weight(of: c, in: t) }
            }
            #expect(perSource.allSatisfy { $0 == axis.cellUnits }, "\(source) to \(target): each source cell given out once")
        }
    }
}
