import Seeded
import Testing
@testable import Raster

/// The cell walk finds where a line leaves each row, and where a row's piece crosses each cell
/// boundary, by stepping a quotient and a remainder. These tests hold it to a plain walk that
/// divides at every crossing: the cells must get the same cover and area, to the unit.
@Suite struct SteppedCrossingTests {
    /// Cover and area of every cell, zero where nothing landed.
    struct Cells: Equatable {
        var cover: [Int32]
        var area: [Int32]
    }

    /// The walk under test, over a `width`×`height` grid.
    static func stepped(_ lines: [(Int, Int, Int, Int, Int)], width: Int, height: Int) -> Cells {
        let blocks = (width + 7) >> 3, stride = blocks << 3
        let cover = UnsafeMutablePointer<Int32>.allocate(capacity: stride * height)
        let area = UnsafeMutablePointer<Int32>.allocate(capacity: stride * height)
        defer { cover.deallocate(); area.deallocate() }
        // Cells of untouched blocks are never read by the sweep; fill them with garbage to be sure.
        cover.initialize(repeating: 0x5A5A_5A5A, count: stride * height)
        area.initialize(repeating: -0x5A5A_5A5A, count: stride * height)
        var touched = [UInt8](repeating: 0, count: blocks * height)
        var out = Cells(cover: [Int32](repeating: 0, count: width * height), area: [Int32](repeating: 0, count: width * height))
        touched.withUnsafeMutableBufferPointer { flags in
            var grid = CellGrid(cover: cover, area: area, touched: flags.baseAddress!, blocks: blocks, stride: stride,
                                width: width, height: height)
            for (x0, y0, x1, y1, sign) in lines { grid.addLine(x0: x0, y0: y0, x1: x1, y1: y1, sign: sign) }
            for y in 0..<height {
                for x in 0..<width where flags[y * blocks + x >> 3] != 0 {
                    out.cover[y * width + x] = cover[y * stride + x]
                    out.area[y * width + x] = area[y * stride + x]
                }
            }
        }
        return out
    }

    /// The reference: the same walk, dividing for every row and every cell boundary.
    static func divided(_ lines: [(Int, Int, Int, Int, Int)], width: Int, height: Int) -> Cells {
        var out = Cells(cover: [Int32](repeating: 0, count: width * height), area: [Int32](repeating: 0, count: width * height))
        let maxX = width << 8, maxY = height << 8
        func emit(_ row: Int, _ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ sign: Int32) {
            let a = min(maxX, max(0, x0)), b = min(maxX, max(0, x1))
            let dy = Int32(y1 - y0) * sign
            guard dy != 0 else { return }
            let cell = a == b ? a >> 8 : min(a, b) >> 8
            guard cell < width else { return }
            out.cover[row * width + cell] &+= dy
            out.area[row * width + cell] &+= dy &* Int32(a + b - 2 * (cell << 8))
        }
        func x(at y: Int, _ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> Int {
            x0 == x1 ? x0 : x0 + Int((Int64(x1 - x0) * Int64(y - y0)) / Int64(y1 - y0))
        }
        for (x0, y0, x1, y1, sign) in lines {
            guard y0 < y1, y1 > 0, y0 < maxY, min(x0, x1) < maxX else { continue }
            let yEnd = min(maxY, y1)
            var ya = max(0, y0)
            var xa = ya == y0 ? x0 : x(at: ya, x0, y0, x1, y1)
            while ya < yEnd {
                let row = ya >> 8, top = row << 8
                let yb = min(yEnd, (row + 1) << 8)
                let xb = yb == y1 ? x1 : x(at: yb, x0, y0, x1, y1)
                var cx = xa, cy = ya
                if xa >> 8 != xb >> 8 && max(xa, xb) > 0 && min(xa, xb) < maxX {
                    if xb > xa {
                        var boundary = max(0, ((xa >> 8) + 1) << 8)
                        while boundary < xb && boundary <= maxX {
                            let y = ya + Int((Int64(yb - ya) * Int64(boundary - xa)) / Int64(xb - xa))
                            emit(row, cx, cy - top, boundary, y - top, Int32(sign))
                            cx = boundary; cy = y; boundary += 256
                        }
                    } else {
                        var boundary = min(maxX, ((xa - 1) >> 8) << 8)
                        while boundary > xb && boundary >= 0 {
                            let y = ya + Int((Int64(yb - ya) * Int64(xa - boundary)) / Int64(xa - xb))
                            emit(row, cx, cy - top, boundary, y - top, Int32(sign))
                            cx = boundary; cy = y; boundary -= 256
                        }
                    }
                }
                emit(row, cx, cy - top, xb, yb - top, Int32(sign))
                ya = yb; xa = xb
            }
        }
        return out
    }

    /// Random lines in 24.8 fixed point: inside the grid, crossing its sides, wholly left or right of
    /// it, steep, shallow, vertical, and some thousands of pixels long.
    static func lines(seed: UInt64, count: Int, width: Int, height: Int) -> [(Int, Int, Int, Int, Int)] {
        var g = SeededGenerator(seed: seed)
        let w = width << 8, h = height << 8
        return (0..<count).map { _ in
            var x0 = g.int(in: -2 * w...3 * w), x1 = g.int(in: -2 * w...3 * w)
            var y0 = g.int(in: -h...2 * h), y1 = g.int(in: -h...2 * h)
            switch g.below(6) {
            case 0: x1 = x0                                   // vertical
            case 1: y1 = y0 + g.int(in: 1...300)              // shallow
            case 2: x1 = x0 + g.int(in: -300...300)           // steep
            case 3: x0 = g.int(in: -1 << 20 ... 1 << 20); x1 = g.int(in: -1 << 20 ... 1 << 20) // far and long
            case 4: x0 = g.int(in: 0...w); x1 = g.int(in: 0...w); y0 = g.int(in: 0...h); y1 = g.int(in: 0...h)
            default: break
            }
            if y0 > y1 { swap(&y0, &y1); swap(&x0, &x1) }
            if y0 == y1 { y1 += 1 }
            return (x0, y0, x1, y1, g.chance(0.5) ? 1 : -1)
        }
    }

    @Test(arguments: [(13, 11), (64, 40), (7, 90), (200, 3)])
    func steppedCrossingsEqualDividedOnes(size: (Int, Int)) {
        let (w, h) = size
        for seed in UInt64(1)...40 {
            let lines = Self.lines(seed: seed &* 7919 &+ UInt64(w), count: 24, width: w, height: h)
            let a = Self.stepped(lines, width: w, height: h), b = Self.divided(lines, width: w, height: h)
            guard a != b else { continue }
            let i = (0..<(w * h)).first { a.cover[$0] != b.cover[$0] || a.area[$0] != b.area[$0] }!
            Issue.record("seed \(seed), \(w)x\(h): cell (\(i % w), \(i / w)) got cover \(a.cover[i]) area \(a.area[i]), expected \(b.cover[i]) \(b.area[i])")
            return
        }
    }

    /// The reference itself sees the lines: a grid the lines miss would make the comparison empty.
    @Test func theRandomLinesLandInTheGrid() {
        let lines = Self.lines(seed: 3, count: 24, width: 64, height: 40)
        let cells = Self.divided(lines, width: 64, height: 40)
        #expect(cells.cover.filter { $0 != 0 }.count > 200)
        #expect(cells.area.filter { $0 != 0 }.count > 200)
    }
}
