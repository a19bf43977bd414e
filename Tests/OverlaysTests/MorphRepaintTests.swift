import Testing
import Raster
import Views
import TestSupport
@testable import Overlays

/// A morphing spotlight re-composites only what its holes and bubble change (strips along the
/// moving sides, rows rasterized once and copied): every frame of the morph, so composited, must
/// equal a full repaint of the same moment, pixel for pixel.
@MainActor
@Suite(.serialized) struct MorphRepaintTests {
    /// Morphs from `from` to `to` and compares the incremental frame with a full repaint at frames
    /// early, either side of the bubble's swap at the half-way point, and late.
    func check(_ fixture: OverlayFixture, from: Hole, to: Hole, _ what: String) throws {
        let spot = SpotlightOverlay(holes: [from], coachMark: CoachMark(text: "Here."))
        fixture.stack.present(spot, animated: false)
        let frame = try fixture.root.makePixmap()
        fixture.root.frame(into: frame)
        spot.show(holes: [to], coachMark: CoachMark(text: "And here, a little further on."))
        var compared = 0
        for step in 0..<24 {
            fixture.clock.advance(by: 1.0 / 60)
            let rects = fixture.root.frame(into: frame).drawn
            guard [2, 8, 10, 15].contains(step) else { continue }
            let full = try fixture.frame()
            #expect(frame.hasSamePixels(as: full), "\(what), frame \(step): re-composited \(rects)")
            compared += 1
        }
        #expect(compared == 4)
        #expect(!spot.isAnimating, "\(what): the morph has ended")
    }

    @Test(arguments: [1.0, 1.5])
    func framesOfAMorphMatchAFullRepaint(scale: Double) throws {
        let card = { (id: String) in Hole(target: .view(id), shape: .roundedRect(cornerRadius: 12)) }
        // Sideways between boxes of a row (same size: the top and bottom edges stay put), down to the
        // next row, onto a circle around the round button, and to a rectangle given in points.
        let cases: [(Hole, Hole, String)] = [
            (card("box.0"), card("box.1"), "sideways"),
            (card("box.1"), card("box.3"), "down a row"),
            (card("box.0"), Hole(target: .view("fab"), shape: .circle, padding: 4), "onto the round button"),
            (Hole(target: .rect(Rect(x: 20.3, y: 300.6, width: 150, height: 90.2)), shape: .rect),
             Hole(target: .rect(Rect(x: 180.7, y: 300.6, width: 150, height: 90.2)), shape: .rect), "a rectangle sideways"),
        ]
        for (from, to, what) in cases {
            let fixture = try OverlayFixture(size: Size(390, 844), scale: scale)
            try check(fixture, from: from, to: to, "\(what) at scale \(scale)")
        }
    }
}
