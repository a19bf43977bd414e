import Foundation
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

    /// The formula, one channel at a time, written plainly: what the vector kernels must equal exactly.
    static func reference(_ p: UInt32, coverage: UInt8, alpha256: UInt32, color: Color) -> UInt32 {
        let m = 255 - UInt32(coverage)
        let k = (alpha256 * (m + (m >> 7))) >> 8
        let c = [UInt32(color.blue), UInt32(color.green), UInt32(color.red), 255]
        var out: UInt32 = 0
        for ch in 0..<4 {
            let x = (p >> (8 * UInt32(ch))) & 0xFF
            out |= ((x * (256 - k) + c[ch] * k + 128) >> 8) << (8 * UInt32(ch))
        }
        return out
    }

    /// Each form of the row kernels (`RowKernels`; on a CPU without AVX2 its form is the portable one).
    @Test(arguments: [0.0, 0.3, 0.5, 1.0], RowKernels.allCases)
    func vectorKernelsEqualTheFormulaForEveryLengthAndCoverage(opacity: Double, kernels: RowKernels) throws {
        var seed: UInt64 = 0x5EED
        func next() -> UInt32 { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return UInt32(truncatingIfNeeded: seed >> 32) }
        let color = Color(red: 30, green: 200, blue: 90)
        let dim = DimBlend(color: color, opacity: opacity, kernels: kernels)
        for count in 0...40 {
            // Runs of 0 and 255 (the kernel's shortcuts) mixed with arbitrary coverage.
            let coverage: [UInt8] = (0..<count).map { i in
                switch (i / 8 + count) % 3 { case 0: 0; case 1: 255; default: UInt8(truncatingIfNeeded: next()) }
            }
            let pixels: [UInt32] = (0..<count).map { _ in
                let a = next() & 0xFF, r = next() % (a + 1), g = next() % (a + 1), b = next() % (a + 1)
                return a << 24 | r << 16 | g << 8 | b
            }
            // In place; into another buffer with plain stores; and streaming, at each of the four
            // alignments a pixel can have against the 16-byte stores (the pixels around must survive).
            for (inPlace, streaming, offset) in [(true, false, 0), (false, false, 0), (false, true, 0), (false, true, 1),
                                                 (false, true, 2), (false, true, 3)] {
                var out = [UInt32](repeating: 0xDEAD_BEEF, count: count + 8)
                var flat = out
                if inPlace { out[offset..<offset + count] = pixels[...]; flat = out }
                pixels.withUnsafeBufferPointer { src in
                    coverage.withUnsafeBufferPointer { cov in
                        out.withUnsafeMutableBufferPointer { dst in
                            guard let d = dst.baseAddress.map({ $0 + offset }), let s = src.baseAddress, let c = cov.baseAddress else { return }
                            dim.apply(d, inPlace ? UnsafePointer(d) : s, holes: c, count: count, streaming: streaming)
                        }
                        flat.withUnsafeMutableBufferPointer { dst in
                            guard let d = dst.baseAddress.map({ $0 + offset }), let s = src.baseAddress else { return }
                            dim.apply(d, inPlace ? UnsafePointer(d) : s, count: count, streaming: streaming)
                        }
                    }
                }
                let mode = "in place \(inPlace), streaming \(streaming) at +\(offset)"
                for i in 0..<offset {
                    #expect(out[i] == 0xDEAD_BEEF && flat[i] == 0xDEAD_BEEF, "count \(count), \(mode): wrote before the row")
                }
                for i in (offset + count)..<out.count {
                    #expect(out[i] == 0xDEAD_BEEF && flat[i] == 0xDEAD_BEEF, "count \(count), \(mode): wrote past the row")
                }
                out.removeFirst(offset)
                flat.removeFirst(offset)
                for i in 0..<count {
                    let want = Self.reference(pixels[i], coverage: coverage[i], alpha256: dim.alpha256, color: color)
                    #expect(out[i] == want, "count \(count), pixel \(i), coverage \(coverage[i]), \(mode)")
                    let plain = Self.reference(pixels[i], coverage: 0, alpha256: dim.alpha256, color: color)
                    #expect(flat[i] == plain, "constant dim, count \(count), pixel \(i), \(mode)")
                }
            }
        }
    }

    /// A frame-sized dim from a base into a frame writes the same pixels with either kind of store,
    /// through two overlapping holes at odd offsets (rows of every alignment, joined coverage).
    @Test func streamingAndPlainStoresGiveTheSameFrame() throws {
        let (w, h) = (1283, 901)
        let base = try Pixmap(width: w, height: h)
        var seed: UInt64 = 7
        for y in 0..<h {
            let row = base.row(y)
            for x in 0..<w {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                row[x] = 0xFF00_0000 | UInt32(truncatingIfNeeded: seed >> 40)
            }
        }
        let holes = [Rasterizer.mask(for: .circle(center: Point(401.3, 300.7), radius: 151), clip: base.bounds),
                     Rasterizer.mask(for: .star(center: Point(503.1, 377.9), points: 5, innerRadius: 60, outerRadius: 171),
                                     clip: base.bounds)]
        let region = IntRect(x: 3, y: 5, width: w - 10, height: h - 7)
        let dim = DimBlend(color: Color(red: 10, green: 20, blue: 30), opacity: 0.6)
        let plain = try Pixmap(width: w, height: h), streamed = try Pixmap(width: w, height: h)
        dim.apply(from: base, into: plain, region: region, holes: holes, stores: .plain)
        dim.apply(from: base, into: streamed, region: region, holes: holes, stores: .streaming)
        #expect(streamed.hasSamePixels(as: plain))
        // And the automatic choice (whichever this machine's cache calls for) agrees too.
        let auto = try Pixmap(width: w, height: h)
        dim.apply(from: base, into: auto, region: region, holes: holes)
        #expect(auto.hasSamePixels(as: plain))
    }

    /// The dim streams where its source and destination together pass three quarters of the
    /// last-level cache; with no cache reported, from 4 MiB.
    @Test func theStreamingThresholdFollowsTheLastLevelCache() {
        #expect(DimBlend.streamingBytes(lastLevelCache: 32 << 20) == 12 << 20)
        #expect(DimBlend.streamingBytes(lastLevelCache: 8 << 20) == 3 << 20)
        #expect(DimBlend.streamingBytes(lastLevelCache: nil) == 4 << 20)
        #expect(DimBlend.streamingBytes(lastLevelCache: 0) == 4 << 20)
        // 1920x1080 (7.9 MiB) fits a 32 MiB cache with its base; 3840x2160 (31.6 MiB) does not.
        #expect(1920 * 1080 * 4 < DimBlend.streamingBytes(lastLevelCache: 32 << 20))
        #expect(3840 * 2160 * 4 >= DimBlend.streamingBytes(lastLevelCache: 32 << 20))
    }

    /// The cache is the highest-level data or unified cache sysfs lists for cpu0.
    @Test func theLastLevelCacheIsReadFromSysfs() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (index, level, type, size) in [(0, "1", "Data", "32K"), (1, "1", "Instruction", "32K"), (2, "2", "Unified", "512K"),
                                           (3, "3", "Unified", "32768K")] {
            let entry = folder + "/index\(index)"
            try FileManager.default.createDirectory(atPath: entry, withIntermediateDirectories: true)
            try level.write(toFile: entry + "/level", atomically: true, encoding: .utf8)
            try type.write(toFile: entry + "/type", atomically: true, encoding: .utf8)
            try (size + "\n").write(toFile: entry + "/size", atomically: true, encoding: .utf8)
        }
        #expect(LastLevelCache.fromSysfs(folder)?.bytes == 32 << 20)
        #expect(LastLevelCache.fromSysfs(folder + "/none") == nil)
        #expect(LastLevelCache.parseSize("1M") == 1 << 20)
        #expect(LastLevelCache.parseSize("12345") == 12345)
        #expect(LastLevelCache.parseSize("K") == nil && LastLevelCache.parseSize("-3K") == nil && LastLevelCache.parseSize("99999999999999999999K") == nil)
    }
}
