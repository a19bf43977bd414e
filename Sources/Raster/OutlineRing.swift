/// Rings around shapes: the pixels within a distance of a mask's covered area, found with an exact
/// Euclidean distance transform (Felzenszwalb and Huttenlocher's lower envelope of parabolas), so
/// any shape — a circle, a rounded rectangle, a star drawn from SVG path data — gets an outline of
/// even width.
extension Mask {
    /// A ring `width` device pixels wide around what this mask covers (outside it: the ring never
    /// covers what the mask covers), anti-aliased at both edges, and beyond it an optional glow
    /// fading over `glow` pixels, starting at `glowStrength` of full coverage. The ring's mask is
    /// this one's bounds grown by its reach.
    public func outlineRing(width: Double, glow: Double = 0, glowStrength: Double = 0.5) -> Mask {
        let w = width.isFinite ? max(0, width) : 0, g = glow.isFinite ? max(0, glow) : 0
        let reach = Int(clampedToInt: min(w + 3 * g + 2, 65536).rounded(.up))
        let b = IntRect(x: bounds.x - reach, y: bounds.y - reach, width: bounds.width + 2 * reach, height: bounds.height + 2 * reach)
        var out = Mask(bounds: b)
        guard w > 0 || g > 0, !bounds.isEmpty else { return out }
        let cols = b.width, rows = b.height
        let far = Double(cols * cols + rows * rows + 1)
        // Squared distance from each pixel to the nearest pixel at least half covered.
        var d = [Double](repeating: far, count: cols * rows)
        for y in 0..<bounds.height {
            for x in 0..<bounds.width where bytes[y * bounds.width + x] >= 128 {
                d[(y + reach) * cols + (x + reach)] = 0
            }
        }
        var f = [Double](repeating: 0, count: max(cols, rows)), v = [Int](repeating: 0, count: max(cols, rows))
        var z = [Double](repeating: 0, count: max(cols, rows) + 1), r = [Double](repeating: 0, count: max(cols, rows))
        func transform(_ n: Int) {
            var k = 0
            v[0] = 0; z[0] = -.infinity; z[1] = .infinity
            if n > 1 {
                for q in 1..<n {
                    var s = ((f[q] + Double(q * q)) - (f[v[k]] + Double(v[k] * v[k]))) / Double(2 * q - 2 * v[k])
                    while s <= z[k] {
                        k -= 1
                        s = ((f[q] + Double(q * q)) - (f[v[k]] + Double(v[k] * v[k]))) / Double(2 * q - 2 * v[k])
                    }
                    k += 1
                    v[k] = q; z[k] = s; z[k + 1] = .infinity
                }
            }
            k = 0
            for q in 0..<n {
                while z[k + 1] < Double(q) { k += 1 }
                let dq = Double(q - v[k])
                r[q] = dq * dq + f[v[k]]
            }
        }
        for x in 0..<cols {
            for y in 0..<rows { f[y] = d[y * cols + x] }
            transform(rows)
            for y in 0..<rows { d[y * cols + x] = r[y] }
        }
        for y in 0..<rows {
            for x in 0..<cols { f[x] = d[y * cols + x] }
            transform(cols)
            for x in 0..<cols { d[y * cols + x] = r[x] }
        }
        for y in 0..<rows {
            for x in 0..<cols {
                // Distance to the shape's edge: to the nearest covered pixel's centre, less half a pixel.
                let e = max(0, d[y * cols + x].squareRoot() - 0.5)
                var a = min(1, max(0, w - e))
                if g > 0, e > w { a = max(a, glowStrength * Self.fade((e - w) / g)) }
                let sx = x - reach, sy = y - reach
                let inside = sx >= 0 && sy >= 0 && sx < bounds.width && sy < bounds.height ? Double(bytes[sy * bounds.width + sx]) / 255 : 0
                out.bytes[y * cols + x] = UInt8((a * (1 - inside) * 255).rounded())
            }
        }
        return out
    }

    /// A glow's falloff at `t` glow widths beyond the ring: 1 at the ring, near 0 at 3.
    private static func fade(_ t: Double) -> Double {
        let u = max(0, min(1, t / 3))
        return (1 - u) * (1 - u)
    }
}
