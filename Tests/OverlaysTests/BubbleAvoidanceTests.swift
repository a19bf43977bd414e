import Testing
import Raster
import Views
@testable import Overlays

/// A bubble keeps off the step's other holes: the sides in order, then slid along a side, then
/// narrower, and only then over them, where the least is covered.
@MainActor
@Suite struct BubbleAvoidanceTests {
    let area = Rect(x: 0, y: 47, width: 390, height: 763)

    func hole(_ r: Rect) -> HoleGeometry { HoleGeometry.resolve(Hole(target: .rect(r), shape: .rect, padding: 0), frame: r) }

    func place(_ size: Size, around r: Rect, placement: BubblePlacement = .auto, avoiding: [Rect],
               sizeAt: ((Double) -> Size)? = nil) -> (layout: BubbleLayout, covers: Bool) {
        let h = hole(r)
        return BubblePlacer.place(size: size, hole: h, placement: placement, area: area, avoiding: avoiding, sizeAt: sizeAt,
                                  edge: { d in Point(h.rect.midX + d.x, h.rect.midY + d.y) })
    }

    @Test func withNothingInTheWayItIsWhereItAlwaysWas() {
        let r = Rect(x: 200, y: 300, width: 150, height: 200)
        let h = hole(r)
        let old = BubblePlacer.place(size: Size(280, 120), hole: h, placement: .auto, area: area, edge: { d in Point(r.midX + d.x, r.midY + d.y) })
        let new = place(Size(280, 120), around: r, avoiding: [])
        #expect(new.layout == old && !new.covers)
    }

    @Test func anotherHoleOnTheFirstSideSendsItToTheNext() {
        // A card low on the screen: above is tried first, but another hole sits there.
        let card = Rect(x: 200, y: 400, width: 170, height: 160), other = Rect(x: 50, y: 250, width: 300, height: 140)
        let placed = place(Size(280, 120), around: card, avoiding: [other])
        #expect(!placed.covers && placed.layout.box.intersection(other).isEmpty)
        #expect(placed.layout.side != .above)
    }

    @Test func itSlidesAlongTheSideBeforeGivingItUp() {
        // Below a wide bar, a small hole sits where the centred box would be; sliding right clears it.
        let bar = Rect(x: 20, y: 100, width: 350, height: 60), small = Rect(x: 60, y: 175, width: 60, height: 60)
        let placed = place(Size(200, 100), around: bar, placement: .below, avoiding: [small])
        #expect(placed.layout.side == .below && !placed.covers)
        #expect(placed.layout.box.intersection(small).isEmpty && placed.layout.box.minX > small.maxX - 1)
    }

    @Test func itNarrowsWhenNoSideHasRoomAtItsWidth() {
        // Below the target, holes on either side leave a gap 190 points wide: a 280-point box covers
        // them wherever it slides; a narrower one fits between.
        let target = Rect(x: 100, y: 100, width: 190, height: 60)
        let obstacles = [Rect(x: 0, y: 170, width: 95, height: 640), Rect(x: 295, y: 170, width: 95, height: 640)]
        let placed = place(Size(280, 100), around: target, avoiding: obstacles,
                           sizeAt: { w in Size(w, (28000 / w).rounded(.up)) })
        #expect(!placed.covers, "\(placed.layout.box)")
        #expect(placed.layout.box.width < 280 && placed.layout.box.width >= 160)
        #expect(obstacles.allSatisfy { placed.layout.box.intersection($0).isEmpty })
    }

    @Test func withNowhereFreeItCoversTheLeast() {
        let target = Rect(x: 150, y: 400, width: 90, height: 60)
        let everywhere = [Rect(x: 0, y: 47, width: 390, height: 340), Rect(x: 0, y: 473, width: 390, height: 337),
                          Rect(x: 0, y: 387, width: 140, height: 86), Rect(x: 250, y: 387, width: 140, height: 86)]
        let placed = place(Size(280, 100), around: target, avoiding: everywhere)
        #expect(placed.covers)
    }

    @Test func theSpotlightKeepsItsBubbleOffItsOtherHoles() throws {
        let f = try OverlayFixture()
        let spot = SpotlightOverlay(holes: [Hole(target: .view("box.0"), shape: .rect), Hole(target: .view("box.1"), shape: .rect)],
                                    coachMark: CoachMark(text: "Two boxes, and the bubble beside neither."))
        f.stack.present(spot, animated: false)
        f.root.frame(into: nil)
        let bubble = try #require(spot.displayedBubble)
        for hole in spot.displayedHoles { #expect(bubble.box.intersection(hole.rect).isEmpty, "\(bubble.box) \(hole.rect)") }
        #expect(!spot.bubbleCoversHoles)
    }
}
