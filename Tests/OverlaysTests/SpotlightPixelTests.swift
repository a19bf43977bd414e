import Testing
import Raster
import Views
@testable import Overlays

/// Pixel probes of a tip on the round button: what is dimmed, what is untouched, where the bubble
/// and its tail go.
@Suite(.serialized) @MainActor struct SpotlightPixelTests {
    static let fabText = "Tap this button to add a box to the grid."

    func buttonTip(_ f: OverlayFixture, opacity: Double = 0.5) -> SpotlightOverlay {
        let spot = SpotlightOverlay(holes: [Hole(target: .view("fab"))], coachMark: CoachMark(text: Self.fabText), dimOpacity: opacity)
        f.stack.present(spot, animated: false)
        return spot
    }

    /// The expected dim of one channel: c·(1 − a) + black·a.
    func dimmed(_ c: UInt8, _ a: Double) -> Int { Int((Double(c) * (1 - a)).rounded()) }

    func expectDimmed(_ base: Pixmap, _ frame: Pixmap, at p: Point, opacity: Double, _ what: String) {
        let b = base.color(x: Int(p.x), y: Int(p.y)), c = frame.color(x: Int(p.x), y: Int(p.y))
        #expect(abs(Int(c.red) - dimmed(b.red, opacity)) <= 1 && abs(Int(c.green) - dimmed(b.green, opacity)) <= 1
                && abs(Int(c.blue) - dimmed(b.blue, opacity)) <= 1, "\(what): \(b) became \(c), expected a dim of \(opacity)")
    }

    @Test(arguments: [0.5, 0.7])
    func barsAndGridAreDimmedAndTheButtonIsUntouched(opacity: Double) throws {
        let f = try OverlayFixture(realText: true)
        let base = try f.frame()
        _ = buttonTip(f, opacity: opacity)
        let frame = try f.frame()
        let title = f.frame(of: "title")
        expectDimmed(base, frame, at: Point(title.minX + 2, title.midY), opacity: opacity, "the title")
        expectDimmed(base, frame, at: Point(f.root.bounds.midX, 20), opacity: opacity, "the status area")
        let tab = f.frame(of: "tab.b")
        expectDimmed(base, frame, at: Point(tab.minX + 4, tab.minY + 4), opacity: opacity, "the bar")
        expectDimmed(base, frame, at: f.center(of: "box.0"), opacity: opacity, "the grid")
        let fab = f.frame(of: "fab")
        for p in [fab.center, Point(fab.midX, fab.minY + 3), Point(fab.minX + 3, fab.midY)] {
            #expect(frame.color(x: Int(p.x), y: Int(p.y)) == base.color(x: Int(p.x), y: Int(p.y)), "the button inside the hole is untouched at \(p)")
        }
    }

    @Test func tailTipTouchesTheHoleEdgeAndPointsAtItsCentre() throws {
        let f = try OverlayFixture()
        let spot = buttonTip(f)
        f.settle()
        let hole = try #require(spot.displayedHoles.first)
        let bubble = try #require(spot.displayedBubble)
        let radius = hole.rect.width / 2
        let d = bubble.tip.distance(to: hole.center)
        #expect(abs(d - radius) <= 2, "tip is \(d - radius) from the edge")
        // The tip lies on the line from the tail's base to the centre.
        let mid = bubble.tailBase.0.interpolated(to: bubble.tailBase.1, by: 0.5)
        let cross = (bubble.tip.x - mid.x) * (hole.center.y - mid.y) - (bubble.tip.y - mid.y) * (hole.center.x - mid.x)
        #expect(abs(cross) / mid.distance(to: hole.center) < 1, "tail points at the centre")
        #expect(bubble.side == .above, "the button is in the lower half")
    }

    @Test(arguments: [Size(320, 568), Size(390, 844), Size(1280, 800)])
    func bubbleStaysInsideTheSafeArea(size: Size) throws {
        let f = try OverlayFixture(size: size, realText: true)
        for id in ["fab", "title", "box.0", "box.3", "tab.a", "tab.b"] {
            let spot = SpotlightOverlay(holes: [Hole(target: .view(id))],
                                        coachMark: CoachMark(title: "A title", text: Self.fabText + " " + Self.fabText,
                                                             showsNextButton: true, showsSkipButton: true,
                                                             progress: StepProgress(current: 2, total: 4)))
            f.stack.present(spot, animated: false)
            f.settle()
            let box = try #require(spot.displayedBubble).box
            let safe = f.root.bounds.inset(by: f.root.safeArea)
            #expect(safe.contains(Point(box.minX, box.minY)) && box.maxX <= safe.maxX && box.maxY <= safe.maxY,
                    "\(id) at \(size): bubble \(box) leaves the safe area \(safe)")
            f.stack.dismiss(spot, animated: false)
        }
    }

    @Test func bubbleFlipsBelowATargetNearTheTop() throws {
        let f = try OverlayFixture()
        let spot = SpotlightOverlay(holes: [Hole(target: .view("title"), shape: .roundedRect(cornerRadius: 8))],
                                    coachMark: CoachMark(text: "The screen's title.", placement: .above))
        f.stack.present(spot, animated: false)
        f.settle()
        let bubble = try #require(spot.displayedBubble)
        #expect(bubble.side == .below, "no room above the title: the bubble flips below")
        #expect(bubble.box.minY > f.frame(of: "title").maxY)
    }

    @Test func holeFollowsItsTargetWhenTheGridScrolls() throws {
        let f = try OverlayFixture(boxes: 20)
        let spot = SpotlightOverlay(holes: [Hole(target: .view("box.2"), shape: .roundedRect(cornerRadius: 12))])
        f.stack.present(spot, animated: false)
        f.settle()
        let before = spot.displayedHoles[0].rect
        f.scroll.scroll(by: 120)
        f.settle()
        let after = spot.displayedHoles[0].rect
        #expect(abs((before.minY - after.minY) - 120) < 0.5, "the hole moved with the card: \(before) → \(after)")
    }

    /// Found by the soak: a hole at a fixed rectangle kept the mask made for the smaller screen it was
    /// shown on, so after the screen grew the part of the hole beyond the old edge stayed dimmed.
    @Test func aFixedHoleStaysClearWhenTheScreenGrows() throws {
        let f = try OverlayFixture(size: Size(147, 144))
        let hole = Rect(x: 32, y: 292, width: 136, height: 96)
        let spot = SpotlightOverlay(holes: [Hole(target: .rect(hole), shape: .rect, padding: 0)])
        let alert = AlertOverlay(title: "T", message: "M", holes: [Hole(target: .rect(hole), shape: .rect, padding: 0)])
        for overlay in [spot, alert] as [Overlay] {
            try f.root.resize(to: Size(147, 144))
            f.stack.present(overlay, animated: false)
            _ = try f.frame()
            f.root.send(.resize(Size(418, 404)))
            let frame = try f.frame()
            f.stack.dismiss(overlay, animated: false)
            let base = try f.frame()
            for p in [Point(50, 370), Point(100, 300), Point(160, 380)] {
                #expect(frame[Int(p.x), Int(p.y)] == base[Int(p.x), Int(p.y)], "\(overlay.kind): \(p) inside the hole is dimmed")
            }
        }
    }
}
