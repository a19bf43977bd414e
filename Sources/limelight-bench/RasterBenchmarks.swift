import Foundation
import Raster

/// The frame sizes every raster figure is measured at.
let rasterSizes = [(390, 844), (1920, 1080), (3840, 2160)]

/// `copy`, `dim.full` and `dim.hole` at each size.
func benchmarkRaster(_ h: Harness) throws {
    for (w, hgt) in rasterSizes {
        let size = "\(w)x\(hgt)"
        let src = try Pixmap(width: w, height: hgt, fill: Color(red: 242, green: 242, blue: 247))
        let dst = try Pixmap(width: w, height: hgt)
        // The bandwidth floor: one frame read and written.
        h.record("copy", size: size) {
            for y in 0..<hgt { Kernels.copy(dst.row(y), src.row(y), count: w) }
        }
        let dim = DimBlend(color: .black, opacity: 0.5)
        // A circle and a star, a tenth of the screen each, rasterized in the same frame.
        let r = Double(min(w, hgt)) * 0.1
        let circle = Path.circle(center: Point(Double(w) * 0.3, Double(hgt) * 0.4), radius: r)
        let star = Path.star(center: Point(Double(w) * 0.7, Double(hgt) * 0.6), points: 5, innerRadius: r * 0.45, outerRadius: r)
        h.record("dim.full", size: size) {
            // The compositor dims the root's base layer (the painted app) into the frame.
            let holes = [Rasterizer.mask(for: circle, clip: dst.bounds), Rasterizer.mask(for: star, clip: dst.bounds)]
            dim.apply(from: src, into: dst, region: dst.bounds, holes: holes)
        }
        // The same dim in place (a frame that already holds the app), for comparison.
        h.record("dim.full.inplace", size: size) {
            let holes = [Rasterizer.mask(for: circle, clip: dst.bounds), Rasterizer.mask(for: star, clip: dst.bounds)]
            dim.apply(from: dst, into: dst, region: dst.bounds, holes: holes)
        }
        // A FAB-sized hole (36 px radius) moving by a pixel a frame: only its box is re-dimmed.
        var step = 0.0
        h.record("dim.hole", size: size) {
            step += 1
            let c = Point(Double(w) / 2 + step.truncatingRemainder(dividingBy: 50), Double(hgt) / 2)
            let hole = Rasterizer.mask(for: .circle(center: c, radius: 36), clip: src.bounds)
            dim.apply(from: src, into: dst, region: hole.bounds, holes: hole)
        }
        _ = src
    }
    h.note("the dims' row kernels: \(RowKernels.chosen.rawValue) (`LIMELIGHT_KERNELS=portable` runs the Swift form; `--kernels` alternates both)")
}

/// Parts of dim.full, for tuning (only with --parts), at 1920x1080 (a frame and its base that fit
/// a 32 MiB last-level cache) and 3840x2160 (larger than one).
func benchmarkRasterParts(_ h: Harness) throws {
    for (w, hgt) in [(1920, 1080), (3840, 2160)] { try benchmarkRasterParts(h, width: w, height: hgt) }
    h.note("dims of a region of \(DimBlend.streamingBytes >> 20) MiB or more into another frame stream (\(DimBlend.cacheDescription))")
}

func benchmarkRasterParts(_ h: Harness, width w: Int, height hgt: Int) throws {
    let size = "\(w)x\(hgt)"
    let src = try Pixmap(width: w, height: hgt, fill: Color(red: 242, green: 242, blue: 247))
    let dst = try Pixmap(width: w, height: hgt)
    let dim = DimBlend(color: .black, opacity: 0.5)
    let r = Double(min(w, hgt)) * 0.1
    let circle = Path.circle(center: Point(Double(w) * 0.3, Double(hgt) * 0.4), radius: r)
    let star = Path.star(center: Point(Double(w) * 0.7, Double(hgt) * 0.6), points: 5, innerRadius: r * 0.45, outerRadius: r)
    h.record("copy", size: size) { for y in 0..<hgt { Kernels.copy(dst.row(y), src.row(y), count: w) } }
    h.record("part.dim.const", size: size) { dim.apply(from: src, into: dst, region: src.bounds, holes: nil) }
    h.record("part.dim.inplace", size: size) { dim.apply(from: dst, into: dst, region: src.bounds, holes: nil) }
    h.record("part.mask.circle", size: size) { _ = Rasterizer.mask(for: circle, clip: src.bounds) }
    h.record("part.mask.star", size: size) { _ = Rasterizer.mask(for: star, clip: src.bounds) }
    // A hole most of the frame's height across (a spotlight on a large view, or a 2× screen).
    let large = Path.circle(center: Point(Double(w) / 2, Double(hgt) / 2), radius: Double(hgt) * 0.46)
    h.record("part.mask.circle.large", size: size) { _ = Rasterizer.mask(for: large, clip: src.bounds) }
    let a = Rasterizer.mask(for: circle, clip: src.bounds), b = Rasterizer.mask(for: star, clip: src.bounds)
    h.record("part.union", size: size) { _ = a.union(b) }
    h.record("part.dim.twoholes", size: size) { dim.apply(from: src, into: dst, region: dst.bounds, holes: [a, b]) }
    // The same with each kind of store, whichever the size calls for.
    h.record("part.dim.const.plain", size: size) { dim.apply(from: src, into: dst, region: src.bounds, stores: .plain) }
    h.record("part.dim.const.streaming", size: size) { dim.apply(from: src, into: dst, region: src.bounds, stores: .streaming) }
    h.record("part.dim.twoholes.plain", size: size) { dim.apply(from: src, into: dst, region: dst.bounds, holes: [a, b], stores: .plain) }
    h.record("part.dim.twoholes.inplace", size: size) { dim.apply(from: dst, into: dst, region: dst.bounds, holes: [a, b]) }
    // The floor of an in-place pass: each row loaded and stored back (OR a zero the compiler cannot
    // see through), 16 bytes at a time.
    let zero = SIMD16<UInt8>(repeating: UInt8(truncatingIfNeeded: ProcessInfo.processInfo.processIdentifier >> 31))
    h.record("part.floor.inplace", size: size) {
        for y in 0..<hgt {
            let row = UnsafeMutableRawPointer(dst.row(y))
            var i = 0
            while i &+ 16 <= w &* 4 {
                row.storeBytes(of: row.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self) | zero, toByteOffset: i, as: SIMD16<UInt8>.self)
                i &+= 16
            }
        }
    }
    let full = Mask(bounds: src.bounds, value: 0)
    h.record("part.dim.masked", size: size) { dim.apply(from: src, into: dst, region: src.bounds, holes: full) }
    // In the app's rhythm: a frame every 1/60 s with the thread asleep in between, as when an
    // overlay fades in. `copy` and `dim.full` take turns, so both meet the same stretch of the machine.
    let paced = h.paced([
        { for y in 0..<hgt { Kernels.copy(dst.row(y), src.row(y), count: w) } },
        {
            let holes = [Rasterizer.mask(for: circle, clip: dst.bounds), Rasterizer.mask(for: star, clip: dst.bounds)]
            dim.apply(from: src, into: dst, region: dst.bounds, holes: holes)
        },
    ])
    let pacedCopy = paced[0], pacedDim = paced[1]
    h.add("part.paced.copy", size: size, milliseconds: pacedCopy)
    h.add("part.paced.dim.full", size: size, milliseconds: pacedDim, baseline: "part.paced.copy")
    if w == 1920 { h.note("part.paced.*: a frame every 1/60 s; the ratio of part.paced.dim.full is to part.paced.copy") }
}

/// Only dim.hole at 1920x1080, for profiling (with --hole).
func benchmarkHoleOnly(_ h: Harness) throws {
    let src = try Pixmap(width: 1920, height: 1080, fill: Color(red: 242, green: 242, blue: 247))
    let dim = DimBlend(color: .black, opacity: 0.5)
    var step = 0.0
    h.record("dim.hole", size: "1920x1080") {
        step += 1
        let c = Point(960 + step.truncatingRemainder(dividingBy: 50), 540)
        let hole = Rasterizer.mask(for: .circle(center: c, radius: 36), clip: src.bounds)
        dim.apply(from: src, into: src, region: hole.bounds, holes: hole)
    }
}
