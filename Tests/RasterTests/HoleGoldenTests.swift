import Testing
import TestSupport
@testable import Raster

/// Spotlight holes of each shape, dimmed over a striped background, compared exactly with goldens.
@Suite struct HoleGoldenTests {
    /// A light background with coloured stripes, so that both the dim and the hole edge show.
    static func background() throws -> Pixmap {
        let p = try Pixmap(width: 160, height: 160, fill: Color(red: 242, green: 242, blue: 247))
        let canvas = Canvas(pixmap: p)
        for i in 0..<8 {
            canvas.fill(Rect(x: Double(i) * 20, y: 0, width: 10, height: 160),
                        color: i % 2 == 0 ? Color(red: 0, green: 122, blue: 255) : Color(red: 255, green: 59, blue: 48))
        }
        return p
    }

    static let shapes: [(String, Path, FillRule)] = [
        ("hole-circle", .circle(center: Point(80.5, 80.25), radius: 46.3), .nonZero),
        ("hole-rounded-rect", .roundedRect(Rect(x: 24.5, y: 40.25, width: 111, height: 80), radius: 16), .nonZero),
        ("hole-ellipse", .ellipse(in: Rect(x: 14.5, y: 44.5, width: 131, height: 71)), .nonZero),
        ("hole-star", .star(center: Point(80, 84), points: 5, innerRadius: 26, outerRadius: 64), .nonZero),
        ("hole-heart", .heart(in: Rect(x: 20, y: 24, width: 120, height: 112)), .nonZero),
        ("hole-pentagram-evenodd", .starPolygon(center: Point(80, 84), points: 5, radius: 70), .evenOdd),
    ]

    @Test(arguments: 0..<shapes.count)
    func holeMatchesGolden(index: Int) throws {
        let (name, path, rule) = Self.shapes[index]
        let frame = try Self.background()
        let hole = Rasterizer.mask(for: path, fillRule: rule, clip: frame.bounds)
        DimBlend(color: .black, opacity: 0.5).apply(from: frame, into: frame, region: frame.bounds, holes: hole)
        let result = Golden.compare(frame, named: name)
        #expect(result.matches, "\(result.message)")
    }

    @Test func twoTimesScaleMatchesGolden() throws {
        let frame = try Pixmap(width: 320, height: 320, fill: Color(red: 242, green: 242, blue: 247))
        let hole = Rasterizer.mask(for: .circle(center: Point(80.5, 80.25), radius: 46.3), transform: .scale(2), clip: frame.bounds)
        DimBlend(color: .black, opacity: 0.5).apply(from: frame, into: frame, region: frame.bounds, holes: hole)
        let result = Golden.compare(frame, named: "hole-circle@2x")
        #expect(result.matches, "\(result.message)")
    }
}
