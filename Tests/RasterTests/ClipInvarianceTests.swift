import Testing
@testable import Raster

/// A mask rasterized inside a clip has, pixel for pixel, the coverage of the whole shape: a partial
/// repaint of a dirty rectangle must draw exactly what a full repaint draws there.
@Suite struct ClipInvarianceTests {
    static let shapes: [(String, Path, FillRule)] = [
        ("circle", .circle(center: Point(478.3, 451.6), radius: 28), .nonZero),
        ("rounded rect", .roundedRect(Rect(x: 10.25, y: 20.6, width: 140.5, height: 61.3), radius: 14), .nonZero),
        ("star", .star(center: Point(80.3, 80.8), points: 5, innerRadius: 25, outerRadius: 60), .evenOdd),
        ("thin sliver", sliver, .nonZero),
    ]

    static var sliver: Path {
        var p = Path()
        p.move(to: Point(3.1, 2.2)); p.line(to: Point(197.9, 41.7)); p.line(to: Point(4.4, 7.9)); p.close()
        return p
    }

    /// Found by the soak: a dirty rectangle ending two rows below the middle of the FAB drew the
    /// circle's side pixels one step lighter than a full repaint did, because a line cut at the clip
    /// was walked between its cut ends instead of along the original line.
    @Test(arguments: 0..<4)
    func coverageInsideAnyClipEqualsTheUnclippedCoverage(shape: Int) {
        let (name, path, rule) = Self.shapes[shape]
        let whole = Rasterizer.mask(for: path, fillRule: rule, clip: IntRect(x: -1000, y: -1000, width: 4000, height: 4000))
        let b = whole.bounds
        var mismatches: [String] = []
        // Clips cutting the shape at every row and column offset across its box (in a few steps).
        for dy in stride(from: 0, through: b.height, by: max(1, b.height / 23)) {
            for dx in stride(from: 0, through: b.width, by: max(1, b.width / 17)) {
                for clip in [IntRect(x: b.x + dx, y: b.y + dy, width: b.width, height: b.height),
                             IntRect(x: b.x - 3, y: b.y - 2, width: dx + 1, height: dy + 1),
                             IntRect(x: b.x + dx / 2, y: b.y + dy / 3, width: 7, height: 5)] {
                    let part = Rasterizer.mask(for: path, fillRule: rule, clip: clip)
                    let area = part.bounds
                    for y in area.y..<area.maxY {
                        for x in area.x..<area.maxX where part.coverage(x: x, y: y) != whole.coverage(x: x, y: y) {
                            mismatches.append("(\(x), \(y)) in \(clip): \(part.coverage(x: x, y: y)) vs \(whole.coverage(x: x, y: y))")
                        }
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(name): \(mismatches.count) pixels differ, e.g. \(mismatches.prefix(3))")
    }

    /// Found by the soak: a pop-up zooming in drew its card one step off in places when only part of
    /// it was repainted, because source coordinates were stepped from the dirty rectangle's left side.
    @Test(arguments: [Sampling.nearest, .bilinear])
    func aScaledImageDrawsTheSamePixelsInsideAnyClip(sampling: Sampling) throws {
        let image = try Pixmap(width: 37, height: 23)
        for y in 0..<23 {
            for x in 0..<37 { image[x, y] = Color(red: UInt8(x * 7 % 256), green: UInt8(y * 11 % 256), blue: UInt8((x * y) % 256)).premultiplied }
        }
        let dest = Rect(x: 13.37, y: 9.81, width: 37 * 2.713, height: 23 * 1.917)
        let full = try Pixmap(width: 140, height: 70, fill: .white)
        Canvas(pixmap: full).draw(image, in: dest, sampling: sampling, opacity: 0.8)
        var mismatches = 0
        for clip in [IntRect(x: 40, y: 20, width: 31, height: 9), IntRect(x: 77, y: 0, width: 63, height: 70),
                     IntRect(x: 14, y: 10, width: 1, height: 50), IntRect(x: 100, y: 30, width: 40, height: 40)] {
            let part = try Pixmap(width: 140, height: 70, fill: .white)
            var canvas = Canvas(pixmap: part)
            canvas.clip(toDevice: clip)
            canvas.draw(image, in: dest, sampling: sampling, opacity: 0.8)
            for y in clip.y..<clip.maxY {
                for x in clip.x..<clip.maxX where part[x, y] != full[x, y] { mismatches += 1 }
            }
        }
        #expect(mismatches == 0, "\(mismatches) pixels differ from the unclipped draw")
    }
}
