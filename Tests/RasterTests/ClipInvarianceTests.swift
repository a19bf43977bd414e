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
}
