import Testing
@testable import Raster

/// The fast forms of three kernels give, bit for bit, what their plain forms gave: the feathering
/// blur (a multiply for each division, whole rows at a time, repeated rows copied), the coverage
/// fill (four pixels a step) and the bilinear image draw (rows interpolated across once, then
/// down), on random shapes, colours, rows and placements, so no golden moves by a level.
@Suite struct FastKernelTests {
    /// A small deterministic generator (xorshift64).
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return state }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    /// The blur as it was: a division per value, lines `step` apart.
    static func referenceFeathered(_ mask: Mask, radius: Int) -> Mask {
        guard radius > 0, !mask.isEmpty else { return mask }
        let r = min(radius, 256)
        var out = Mask(bounds: IntRect(x: mask.bounds.x - r, y: mask.bounds.y - r, width: mask.bounds.width + 2 * r, height: mask.bounds.height + 2 * r))
        out.merge(mask) { _, b in b }
        let box = Mask.featherBox(r), w = out.bounds.width, h = out.bounds.height
        var a = out.bytes.map { UInt32($0) }, t = [UInt32](repeating: 0, count: a.count)
        func blur(_ s: [UInt32], _ d: inout [UInt32], count: Int, length: Int, step: Int, lineStride: Int, radius: Int) {
            let win = UInt32(2 * radius + 1), half = win / 2
            for line in 0..<count {
                var sum: UInt32 = 0
                for k in 0...radius where k < length { sum &+= s[line * lineStride + k * step] }
                for i in 0..<length {
                    d[line * lineStride + i * step] = (sum &+ half) / win
                    let add = i + radius + 1, sub = i - radius
                    if add < length { sum &+= s[line * lineStride + add * step] }
                    if sub >= 0 { sum &-= s[line * lineStride + sub * step] }
                }
            }
        }
        for _ in 0..<3 {
            blur(a, &t, count: h, length: w, step: 1, lineStride: w, radius: box / 2)
            blur(t, &a, count: w, length: h, step: w, lineStride: 1, radius: box / 2)
        }
        out.bytes = a.map { UInt8(min(255, $0)) }
        return out
    }

    @Test func theFastBlurIsTheDivisionsBlur() {
        var random = Random(state: 0x9E37_79B9_7F4A_7C15)
        for round in 0..<40 {
            let w = 1 + random.below(90), h = 1 + random.below(70)
            var mask = Mask(bounds: IntRect(x: random.below(20) - 10, y: random.below(20) - 10, width: w, height: h))
            // Rounded-rectangle-like shapes (long runs of equal rows) and noise.
            let noisy = round % 3 == 0
            for y in 0..<h {
                for x in 0..<w {
                    let inside = x > w / 5 && x < w - w / 5 && y > h / 6 && y < h - h / 6
                    mask.bytes[y * w + x] = noisy ? UInt8(random.below(256)) : (inside ? 255 : (x == w / 5 ? 128 : 0))
                }
            }
            for radius in [1, 2, 5, 13, 40] {
                #expect(mask.feathered(radius: radius) == Self.referenceFeathered(mask, radius: radius), "round \(round), \(w)x\(h), radius \(radius)")
            }
        }
    }

    @Test func theCutAndStretchedBlurIsTheWholeMasksBlur() {
        var random = Random(state: 0x2545_F491_4F6C_DD1D)
        for round in 0..<60 {
            // Rounded rectangles at fractional places (long equal runs both ways, cut by the blur),
            // runs that touch the mask's edges, and runs just around the length that is cut.
            let w = 1 + random.below(260), h = 1 + random.below(200)
            let bounds = IntRect(x: random.below(40) - 20, y: random.below(40) - 20, width: w, height: h)
            let mask: Mask
            if round % 2 == 0 {
                let inset = Double(random.below(30)) + Double(random.below(100)) / 100
                let rect = Rect(x: Double(bounds.x) + inset, y: Double(bounds.y) + inset / 2,
                                width: max(1, Double(w) - 2 * inset), height: max(1, Double(h) - inset))
                mask = Rasterizer.mask(for: .roundedRect(rect, radius: Double(random.below(24))), clip: bounds)
            } else {
                var m = Mask(bounds: bounds)
                let left = random.below(w), right = left + random.below(w - left + 1)
                let top = random.below(h), bottom = top + random.below(h - top + 1)
                for y in top..<bottom { for x in left..<right { m.bytes[y * w + x] = x == left ? 77 : 255 } }
                mask = m
            }
            for radius in [1, 3, 8, 16, 24] {
                #expect(mask.feathered(radius: radius) == Self.referenceFeathered(mask, radius: radius), "round \(round), \(w)x\(h), radius \(radius)")
            }
        }
    }

    @Test func theFourPixelFillIsThePlainFill() {
        var random = Random(state: 0xD1B5_4A32_D192_ED03)
        for _ in 0..<200 {
            let count = 1 + random.below(37)
            let alpha = UInt32([0, 1, 128, 254, 255, random.below(256)][random.below(6)])
            let colour = Color(red: UInt8(random.below(256)), green: UInt8(random.below(256)), blue: UInt8(random.below(256)), alpha: UInt8(alpha)).premultiplied
            var coverage = (0..<count).map { _ in UInt8([0, 255, random.below(256)][random.below(3)]) }
            var fast = (0..<count).map { _ in Color(red: UInt8(random.below(256)), green: UInt8(random.below(256)), blue: UInt8(random.below(256)), alpha: UInt8(random.below(256))).premultiplied }
            var plain = fast
            for i in 0..<count {
                let s = Kernels.scale255(colour, by: UInt32(coverage[i]))
                plain[i] = s &+ Kernels.scale255(plain[i], by: 255 &- (s >> 24))
            }
            fast.withUnsafeMutableBufferPointer { row in
                coverage.withUnsafeMutableBufferPointer { Kernels.fill(row.baseAddress!, coverage: $0.baseAddress!, count: count, color: colour) }
            }
            #expect(fast == plain, "count \(count), colour \(String(colour, radix: 16))")
        }
    }
    /// A bilinear draw as it was: each device pixel from its four image pixels, across then down,
    /// blended source-over at full opacity.
    static func referenceBilinear(_ image: Pixmap, in d: Rect, onto target: Pixmap) {
        let r = d.roundedOut.intersection(target.bounds)
        guard !r.isEmpty else { return }
        let sx = Double(image.width) / d.width, sy = Double(image.height) / d.height
        let stepX = Int(sx * 65536)
        let startColumn = Int(d.minX.rounded(.down))
        let u0 = (Double(startColumn) + 0.5 - d.minX) * sx
        let start = Int((u0 - 0.5) * 65536) &+ (r.x &- startColumn) &* stepX
        let maxX = image.width - 1, maxY = image.height - 1
        var out = [UInt32](repeating: 0, count: r.width)
        for y in r.y..<r.maxY {
            let vf = (Double(y) + 0.5 - d.minY) * sy - 0.5
            let vy = Int(vf.rounded(.down))
            let fy = UInt32(Int((vf - Double(vy)) * 256))
            let row0 = image.row(min(maxY, max(0, vy))), row1 = image.row(min(maxY, max(0, vy + 1)))
            var u = start
            for i in 0..<r.width {
                let ux = u >> 16, fx = UInt32(truncatingIfNeeded: (u >> 8) & 0xFF)
                let x0 = min(maxX, max(0, ux)), x1 = min(maxX, max(0, ux + 1))
                out[i] = Canvas.lerp(Canvas.lerp(row0[x0], row0[x1], fx), Canvas.lerp(row1[x0], row1[x1], fx), fy)
                u &+= stepX
            }
            out.withUnsafeBufferPointer { Kernels.blend(target.row(y) + r.x, $0.baseAddress!, count: r.width, opacity: 256) }
        }
    }

    @Test func theRowAtATimeBilinearDrawIsThePixelAtATimeOne() throws {
        var random = Random(state: 0x9E37_79B9_7F4A_7C15)
        for round in 0..<60 {
            let iw = 1 + random.below(40), ih = 1 + random.below(40)
            let image = try Pixmap(width: iw, height: ih)
            for y in 0..<ih { for x in 0..<iw { image[x, y] = Color(red: UInt8(random.below(256)), green: UInt8(random.below(256)), blue: UInt8(random.below(256)), alpha: UInt8([255, random.below(256)][random.below(2)])).premultiplied } }
            // Larger, smaller, stretched one way; at whole and fractional places; partly off the target.
            let w = Double(1 + random.below(90)) + [0, 0.25, 0.5][random.below(3)]
            let h = Double(1 + random.below(90)) + [0, 0.75][random.below(2)]
            let rect = Rect(x: Double(random.below(40)) - 10 + [0, 0.5, 0.3][random.below(3)], y: Double(random.below(40)) - 10 + [0, 0.5][random.below(2)], width: w, height: h)
            let fast = try Pixmap(width: 64, height: 64, fill: Color(red: 10, green: 200, blue: 30))
            let plain = fast.copy()
            Canvas(pixmap: fast).draw(image, in: rect, sampling: .bilinear)
            Self.referenceBilinear(image, in: rect, onto: plain)
            #expect(fast.hasSamePixels(as: plain), "round \(round): \(iw)x\(ih) into \(rect)")
        }
    }
}
