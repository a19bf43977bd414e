import Testing
@testable import Raster

/// Rows that only vertical sides cross are rasterized once and copied: the masks must equal the
/// ones rasterized row by row, byte for byte, for every shape, scale, clip and fill rule.
@Suite struct UniformRowTests {
    /// The mask rasterized row by row, with no copying of uniform rows.
    static func rowByRow(_ outline: Rasterizer.Outline, _ rule: FillRule, clip: IntRect) -> Mask {
        let bounds = outline.bounds.intersection(clip)
        guard !outline.bounds.isEmpty, !bounds.isEmpty else { return Mask(bounds: .zero) }
        var mask = Mask(bounds: bounds)
        Rasterizer.fill(edges: outline.edges, fillRule: rule, into: &mask)
        return mask
    }

    static let shapes: [(String, Path)] = [
        ("rect", .rect(Rect(x: 10.3, y: 7.6, width: 61.2, height: 83.9))),
        ("whole rect", .rect(Rect(x: 12, y: 9, width: 40, height: 70))),
        ("rounded rect", .roundedRect(Rect(x: 4.5, y: 3.25, width: 90.1, height: 120.7), radius: 12)),
        ("large radius", .roundedRect(Rect(x: 20, y: 5.5, width: 50, height: 160), radius: 40)),
        ("pill", .roundedRect(Rect(x: 3.3, y: 2.2, width: 30, height: 90), radius: 15)),
        ("circle", .circle(center: Point(60, 60), radius: 41.7)),
        // Vertical sides of different lengths, a slanted side and a hollow (even-odd differs).
        ("steps", try! Path(svgPathData: "M10.5 4 V150 H40 V100.5 L70 60 V20.25 H30 V4 Z M20 40 H35 V90 H20 Z")),
    ]

    @Test(arguments: [1.0, 2.0, 1.5, 3.0])
    func copiedRowsEqualRasterizedRows(scale: Double) throws {
        var sawUniform = false
        for (name, path) in Self.shapes {
            let outline = Rasterizer.Outline(path, transform: .scale(scale))
            sawUniform = sawUniform || !outline.uniformRows.isEmpty
            let b = outline.bounds
            let clips = [b, IntRect(x: b.x - 5, y: b.y - 5, width: b.width + 10, height: b.height + 10),
                         IntRect(x: b.x, y: b.y + b.height / 3, width: b.width, height: b.height / 3),
                         IntRect(x: b.x + b.width / 2, y: b.y + 3, width: 7, height: b.height - 5),
                         IntRect(x: b.x - 20, y: b.y + 10, width: 25, height: 4),
                         IntRect(x: b.x + 5, y: b.maxY - 9, width: b.width, height: 30)]
            for clip in clips {
                for rule in [FillRule.nonZero, .evenOdd] {
                    let fast = Rasterizer.mask(for: outline, fillRule: rule, clip: clip)
                    let slow = Self.rowByRow(outline, rule, clip: clip)
                    #expect(fast == slow, "\(name) at scale \(scale), clip \(clip), \(rule)")
                }
            }
        }
        #expect(sawUniform, "the shapes have runs of uniform rows")
    }

    @Test func runsAvoidEveryRowASlopedEdgeTouches() {
        // A rounded rectangle from y 10 to 110, radius 20: its corners' curves end at rows 30 and 90.
        let outline = Rasterizer.Outline(.roundedRect(Rect(x: 0, y: 10, width: 50, height: 100), radius: 20))
        #expect(outline.uniformRows.count == 1)
        if let run = outline.uniformRows.first {
            #expect(run.lowerBound >= 31 && run.lowerBound <= 33, "\(run)")
            #expect(run.upperBound <= 89 && run.upperBound >= 87, "\(run)")
        }
        // A circle has no vertical sides: every row is rasterized.
        #expect(Rasterizer.Outline(.circle(center: Point(50, 50), radius: 30)).uniformRows.isEmpty)
    }
}
