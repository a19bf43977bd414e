import Foundation
import Raster

/// The dim with each form of the row kernels (`RowKernels`: the portable Swift and the widest this
/// CPU runs), beside `copy`, alternated in one process (with --kernels). At each raster size,
/// `rounds` rounds of `copy` and then both forms in turn (the order swapped every round), each the
/// median of repeated runs: `dim.full` (both masks rasterized and the frame dimmed through them),
/// `dim.twoholes` (the same through masks made once: the row kernels and the region walk alone) and
/// `dim.hole`, at `opacity` (0.5, the default dim, is a byte average; any other multiplies), and
/// the source-over rows: `fill.coverage` (a colour through a coverage row of every value) and
/// `blend` (a half-transparent layer over the frame at opacity 200/256). The table gives the median of the rounds; the notes the rounds' ranges, each round's
/// ratio to its own `copy`, and to the portable form. Then `copy` and `dim.full` in each form once
/// more, taking turns in the app's rhythm.
func benchmarkKernelForms(_ h: Harness, rounds: Int, opacity: Double) throws {
    let forms: [RowKernels] = RowKernels.widest == .portable ? [.portable] : [.portable, RowKernels.widest]
    if forms.count == 1 { h.note("this CPU runs the portable kernels only: nothing to alternate") }
    for (w, hgt) in rasterSizes {
        let size = "\(w)x\(hgt)"
        let src = try Pixmap(width: w, height: hgt, fill: Color(red: 242, green: 242, blue: 247))
        let dst = try Pixmap(width: w, height: hgt)
        let r = Double(min(w, hgt)) * 0.1
        let circle = Path.circle(center: Point(Double(w) * 0.3, Double(hgt) * 0.4), radius: r)
        let star = Path.star(center: Point(Double(w) * 0.7, Double(hgt) * 0.6), points: 5, innerRadius: r * 0.45, outerRadius: r)
        let prepared = [Rasterizer.mask(for: circle, clip: dst.bounds), Rasterizer.mask(for: star, clip: dst.bounds)]
        let dims = forms.map { DimBlend(color: .black, opacity: opacity, kernels: $0) }
        // The source-over rows: a translucent colour through a coverage row that counts through
        // 0...255 (a shape's or a glyph's edge at every value), and a half-transparent layer over
        // the frame at an opacity (a bubble fading in).
        let coverage = (0..<w).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let layer = try Pixmap(width: w, height: hgt, fill: Color(red: 255, green: 255, blue: 255, alpha: 160))
        var samples: [String: [Double]] = [:]
        var step = 0.0
        for round in 0..<rounds {
            samples["copy", default: []].append(h.median { for y in 0..<hgt { Kernels.copy(dst.row(y), src.row(y), count: w) } })
            for i in round % 2 == 0 ? Array(dims.indices) : dims.indices.reversed() {
                let dim = dims[i], name = dim.kernels.rawValue
                samples["dim.full." + name, default: []].append(h.median {
                    let holes = [Rasterizer.mask(for: circle, clip: dst.bounds), Rasterizer.mask(for: star, clip: dst.bounds)]
                    dim.apply(from: src, into: dst, region: dst.bounds, holes: holes)
                })
                samples["dim.twoholes." + name, default: []].append(h.median {
                    dim.apply(from: src, into: dst, region: dst.bounds, holes: prepared)
                })
                samples["fill.coverage." + name, default: []].append(h.median {
                    coverage.withUnsafeBufferPointer { c in
                        for y in 0..<hgt { Kernels.fill(dst.row(y), coverage: c.baseAddress!, count: w, color: 0xC020_4080, kernels: dim.kernels) }
                    }
                })
                samples["blend." + name, default: []].append(h.median {
                    for y in 0..<hgt { Kernels.blend(dst.row(y), layer.row(y), count: w, opacity: 200, kernels: dim.kernels) }
                })
                samples["dim.hole." + name, default: []].append(h.median {
                    step += 1
                    let c = Point(Double(w) / 2 + step.truncatingRemainder(dividingBy: 50), Double(hgt) / 2)
                    let hole = Rasterizer.mask(for: .circle(center: c, radius: 36), clip: src.bounds)
                    dim.apply(from: src, into: dst, region: hole.bounds, holes: hole)
                })
            }
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        func range(_ values: [Double], _ format: String) -> String {
            String(format: format, values.min() ?? 0) + "–" + String(format: format, values.max() ?? 0)
        }
        let copies = samples["copy"] ?? []
        h.add("copy", size: size, milliseconds: median(copies))
        for figure in ["dim.full", "dim.twoholes", "dim.hole", "fill.coverage", "blend"] {
            for form in forms {
                let name = figure + "." + form.rawValue, values = samples[name] ?? []
                h.add(name, size: size, milliseconds: median(values))
                var line = "\(name)@\(size): rounds \(range(values, "%.4f")) ms, × that round's copy \(range(zip(values, copies).map { $0 / $1 }, "%.3f"))"
                if form != .portable, let portable = samples[figure + ".portable"] {
                    line += ", × portable \(range(zip(values, portable).map { $0 / $1 }, "%.3f"))"
                }
                h.note(line)
            }
        }
        h.note("copy@\(size): rounds \(range(copies, "%.4f")) ms")
        // In the app's rhythm: a frame every 1/60 s with the thread asleep in between, `copy` and
        // `dim.full` in each form taking turns (caches and vector units cold at every frame), the
        // forms' order swapped every round.
        let pacedCopy: () -> Void = { for y in 0..<hgt { Kernels.copy(dst.row(y), src.row(y), count: w) } }
        let pacedDims: [() -> Void] = dims.map { dim in
            {
                let holes = [Rasterizer.mask(for: circle, clip: dst.bounds), Rasterizer.mask(for: star, clip: dst.bounds)]
                dim.apply(from: src, into: dst, region: dst.bounds, holes: holes)
            }
        }
        let forward = h.paced(rounds: 60, [pacedCopy] + pacedDims), backward = h.paced(rounds: 60, [pacedCopy] + pacedDims.reversed())
        let paced = [(forward[0] + backward[0]) / 2] + (1..<forward.count).map { i in (forward[i] + backward[forward.count - i]) / 2 }
        h.add("paced.copy", size: size, milliseconds: paced[0])
        for (i, dim) in dims.enumerated() {
            h.add("paced.dim.full." + dim.kernels.rawValue, size: size, milliseconds: paced[i + 1], baseline: "paced.copy")
        }
    }
    h.note("paced.*: a frame every 1/60 s, each in turn, the mean of two medians of 60 (the forms in one order, then the other); their ratio is to paced.copy")
    h.note("\(rounds) rounds; the dims at opacity \(opacity)\(opacity == 0.5 ? " (a byte average)" : " (multiplies)"); dims of \(DimBlend.streamingBytes >> 20) MiB or more stream (\(DimBlend.cacheDescription))")
}
