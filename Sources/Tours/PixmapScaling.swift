import Raster

extension Pixmap {
    /// A copy shrunk to `width`×`height` by averaging every source pixel that falls in each target
    /// pixel (a box filter, so stripes and text do not alias). Sizes at least as large as the
    /// image return a plain copy at the image's size; bad sizes return nil.
    func areaAveraged(width: Int, height: Int) -> Pixmap? {
        guard width > 0, height > 0 else { return nil }
        if width >= self.width && height >= self.height { return copy() }
        let w = min(width, self.width), h = min(height, self.height)
        guard let out = try? Pixmap(width: w, height: h) else { return nil }
        let sx = Double(self.width) / Double(w), sy = Double(self.height) / Double(h)
        var sums = [Double](repeating: 0, count: w * 4)
        for ty in 0..<h {
            for i in sums.indices { sums[i] = 0 }
            let y0 = Double(ty) * sy, y1 = y0 + sy
            var y = Int(y0)
            while Double(y) < y1 && y < self.height {
                let wy = min(Double(y + 1), y1) - max(Double(y), y0)
                let row = self.row(y)
                for tx in 0..<w {
                    let x0 = Double(tx) * sx, x1 = x0 + sx
                    var x = Int(x0)
                    var a = 0.0, r = 0.0, g = 0.0, b = 0.0
                    while Double(x) < x1 && x < self.width {
                        let wx = min(Double(x + 1), x1) - max(Double(x), x0)
                        let p = row[x]
                        a += Double(p >> 24) * wx; r += Double(p >> 16 & 0xFF) * wx
                        g += Double(p >> 8 & 0xFF) * wx; b += Double(p & 0xFF) * wx
                        x += 1
                    }
                    sums[tx * 4] += a * wy; sums[tx * 4 + 1] += r * wy; sums[tx * 4 + 2] += g * wy; sums[tx * 4 + 3] += b * wy
                }
                y += 1
            }
            let area = sx * sy
            let dst = out.row(ty)
            for tx in 0..<w {
                func channel(_ v: Double) -> UInt32 { UInt32(min(255, max(0, (v / area).rounded()))) }
                let a = channel(sums[tx * 4])
                // Premultiplied: colour never exceeds alpha.
                dst[tx] = a << 24 | min(a, channel(sums[tx * 4 + 1])) << 16 | min(a, channel(sums[tx * 4 + 2])) << 8 | min(a, channel(sums[tx * 4 + 3]))
            }
        }
        return out
    }
}
