import Foundation
import Testing
import Raster

@Suite struct PathArcTests {
    /// Each cubic of an arc spans at most 90°, so a circle is four of them.
    @Test func arcsSplitIntoQuarterTurns() {
        let circle = Path.circle(center: Point(50, 50), radius: 40)
        #expect(circle.elements.filter { if case .cubic = $0 { true } else { false } }.count == 4)

        var half = Path()
        half.move(to: Point(0, 0))
        half.arc(to: Point(100, 0), radiusX: 50, radiusY: 50, rotation: 0, largeArc: false, sweep: true)
        #expect(half.elements.count == 3)

        var wide = Path() // 100° needs two cubics
        wide.move(to: Point(50 + 50 * cos(0), 50 + 50 * sin(0)))
        let end = 100 * Double.pi / 180
        wide.arc(to: Point(50 + 50 * cos(end), 50 + 50 * sin(end)), radiusX: 50, radiusY: 50, rotation: 0,
                 largeArc: false, sweep: true)
        #expect(wide.elements.count == 3)
    }

    /// A half circle of radius 100 stays within 0.03 px of the true circle (the quarter-turn cubic error is 0.027%).
    @Test func halfCircleIsAccurate() {
        var half = Path()
        half.move(to: Point(0, 0))
        half.arc(to: Point(200, 0), radiusX: 100, radiusY: 100, rotation: 0, largeArc: false, sweep: true)
        var start = Point(0, 0)
        var worst = 0.0
        for element in half.elements {
            guard case .cubic(let c1, let c2, let p) = element else { continue }
            for i in 0...32 {
                let t = Double(i) / 32, u = 1 - t
                let x = u * u * u * start.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p.x
                let y = u * u * u * start.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p.y
                worst = max(worst, abs(Point(x, y).distance(to: Point(100, 0)) - 100))
            }
            start = p
        }
        #expect(worst < 0.03)
    }
}
