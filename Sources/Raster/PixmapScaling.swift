extension Pixmap {
    /// A copy shrunk to `width`×`height` by averaging every source pixel that falls in each target
    /// pixel (a box filter, so stripes and text do not alias). Sizes at least as large as the
    /// image return a plain copy at the image's size; bad sizes return nil.
    ///
    /// Separable: each row is first shrunk horizontally into a float buffer, then the rows are
    /// combined vertically. Every source pixel is read once.
    public func areaAveraged(width: Int, height: Int) -> Pixmap? {
        guard width > 0, height > 0 else { return nil }
        if width >= self.width && height >= self.height { return copy() }
        let w = min(width, self.width), h = min(height, self.height)
        guard let out = try? Pixmap(width: w, height: h) else { return nil }
        let columns = Pixmap.spans(source: self.width, target: w)
        let rows = Pixmap.spans(source: self.height, target: h)
        // One shrunk source row (4 channels a target column), and one target row being summed.
        var line = [Float](repeating: 0, count: w * 4)
        var sums = [Float](repeating: 0, count: w * 4)
        line.withUnsafeMutableBufferPointer { line in
            sums.withUnsafeMutableBufferPointer { sums in
                for ty in 0..<h {
                    for i in 0..<sums.count { sums[i] = 0 }
                    for k in rows.offsets[ty]..<rows.offsets[ty + 1] {
                        let wy = rows.weights[k]
                        let src = self.row(rows.cells[k])
                        for tx in 0..<w {
                            var a: Float = 0, r: Float = 0, g: Float = 0, b: Float = 0
                            for k in columns.offsets[tx]..<columns.offsets[tx + 1] {
                                let wx = columns.weights[k]
                                let p = src[columns.cells[k]]
                                a += Float(p >> 24) * wx; r += Float(p >> 16 & 0xFF) * wx
                                g += Float(p >> 8 & 0xFF) * wx; b += Float(p & 0xFF) * wx
                            }
                            line[tx * 4] = a; line[tx * 4 + 1] = r; line[tx * 4 + 2] = g; line[tx * 4 + 3] = b
                        }
                        for i in 0..<sums.count { sums[i] += line[i] * wy }
                    }
                    let dst = out.row(ty)
                    for tx in 0..<w {
                        func channel(_ v: Float) -> UInt32 { UInt32(min(255, max(0, v.rounded()))) }
                        let a = channel(sums[tx * 4])
                        // Premultiplied: colour never exceeds alpha.
                        dst[tx] = a << 24 | min(a, channel(sums[tx * 4 + 1])) << 16
                            | min(a, channel(sums[tx * 4 + 2])) << 8 | min(a, channel(sums[tx * 4 + 3]))
                    }
                }
            }
        }
        return out
    }

    /// Which source cells each of `target` cells covers, and with what weight (summing to 1 per
    /// target cell): target cell `t` uses entries `offsets[t]..<offsets[t + 1]`.
    private struct Spans {
        var offsets: [Int] = [0]
        var cells: [Int] = []
        var weights: [Float] = []
    }

    private static func spans(source: Int, target: Int) -> Spans {
        let step = Double(source) / Double(target)
        var spans = Spans()
        for t in 0..<target {
            let start = Double(t) * step, end = start + step
            var s = Int(start)
            while Double(s) < end && s < source {
                let covered = min(Double(s + 1), end) - max(Double(s), start)
                if covered > 1e-9 { spans.cells.append(s); spans.weights.append(Float(covered / step)) }
                s += 1
            }
            spans.offsets.append(spans.cells.count)
        }
        return spans
    }
}
