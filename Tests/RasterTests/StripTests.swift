import Testing
@testable import Raster

/// A mask is rasterized a strip of rows at a time with one small cell grid, and a large one walks
/// only the edges crossing each strip: the masks must equal the ones rasterized with a grid for all
/// their rows, byte for byte.
@Suite struct StripTests {
    static let shapes: [(String, Path)] = [
        // Many strips, each edge in a few of them (the edges are taken up in the order of their tops).
        ("large circle", .circle(center: Point(960, 540), radius: 497.3)),
        // So wide that a strip is the fewest rows (8), and edges span many strips.
        ("wide ellipse", .ellipse(in: Rect(x: 3.5, y: 10.25, width: 3700, height: 420))),
        // Self-intersecting: even-odd leaves its centre out.
        ("pentagram", try! Path(svgPathData: "M400 20 L635 743 L20 296 H780 L165 743 Z")),
        // Tall vertical sides (uniform runs) between curved corners taller than a strip.
        ("rounded rect", .roundedRect(Rect(x: 30.5, y: 40.5, width: 900, height: 1500), radius: 300)),
        // Two contours, one inside the other, crossing strip boundaries at odd rows.
        ("ring", try! Path(svgPathData: "M500 17.3 A483 483 0 1 1 499.9 17.3 Z M500 301 A199 199 0 1 0 500.1 301 Z")),
    ]

    @Test func stripsEqualOneGrid() throws {
        for (name, path) in Self.shapes {
            let outline = Rasterizer.Outline(path)
            let b = outline.bounds
            #expect(b.height > 8 * Rasterizer.stripRows(width: b.width), "\(name) spans many strips")
            let clips = [b, IntRect(x: b.x + 7, y: b.y + 13, width: b.width - 20, height: b.height / 2 + 3),
                         IntRect(x: b.x - 40, y: b.y + b.height / 3, width: b.width / 3, height: 100),
                         IntRect(x: b.x + b.width / 2, y: b.y - 5, width: 9, height: b.height + 10)]
            for clip in clips {
                for rule in [FillRule.nonZero, .evenOdd] {
                    let strips = Rasterizer.mask(for: outline, fillRule: rule, clip: clip)
                    let whole = UniformRowTests.rowByRow(outline, rule, clip: clip)
                    #expect(Self.difference(strips, whole) == nil, "\(name), clip \(clip), \(rule)")
                }
            }
        }
    }

    /// Where two masks first differ ("bounds" or "x,y: a vs b"), or nil when they are equal.
    static func difference(_ a: Mask, _ b: Mask) -> String? {
        guard a.bounds == b.bounds else { return "bounds \(a.bounds) vs \(b.bounds)" }
        guard let i = a.bytes.indices.first(where: { a.bytes[$0] != b.bytes[$0] }) else { return nil }
        return "\(a.bounds.x + i % a.bounds.width),\(a.bounds.y + i / a.bounds.width): \(a.bytes[i]) vs \(b.bytes[i])"
    }

    @Test func aStripsGridStaysSmall() {
        for width in [1, 7, 72, 216, 1000, 3840, 16384] {
            let rows = Rasterizer.stripRows(width: width)
            let stride = (width + 7) / 8 * 8
            #expect(rows >= 8, "at least eight rows a strip at width \(width)")
            #expect(rows == 8 || stride * rows * 8 <= 128 << 10, "\(rows) rows at width \(width) fit 128 KiB")
        }
    }
}
