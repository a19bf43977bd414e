import Testing
import Raster
import Views
@testable import Overlays

/// A step's gesture demonstration: where each gesture goes, its loop, what it draws (over the dim,
/// under the bubble, inside its area, the same at the same point of every loop), the still arrow
/// under reduced motion, and the sentence a screen reader hears.
@Suite(.serialized) @MainActor struct GestureDemoTests {
    // MARK: - Paths and poses

    @Test func swipesScrollsAndDragsGoWhereTheySay() {
        let target = Rect(x: 0, y: 100, width: 300, height: 60), c = target.center
        func path(_ demo: GestureDemo, to: Rect? = nil) -> [Point] { let p = demo.path(on: target, toFrame: to); return [p.start, p.end] }
        #expect(path(GestureDemo(kind: .swipe, direction: .left)) == [Point(c.x + 90, c.y), Point(c.x - 90, c.y)],
                "across the centre, 60% of the target's width")
        #expect(path(GestureDemo(kind: .swipe, direction: .down)) == [Point(c.x, c.y - 30), Point(c.x, c.y + 30)], "at least 60 points")
        #expect(path(GestureDemo(kind: .scroll, direction: .down)) == [Point(c.x, c.y + 30), Point(c.x, c.y - 30)],
                "scrolling down, the finger goes up")
        #expect(path(GestureDemo(kind: .swipe, direction: .right, distance: 40)) == [Point(c.x - 20, c.y), Point(c.x + 20, c.y)])
        let bin = Rect(x: 300, y: 700, width: 40, height: 40)
        #expect(path(GestureDemo(kind: .drag, to: "bin"), to: bin) == [c, bin.center], "a drag goes from the centre to its view")
        #expect(path(GestureDemo(kind: .drag, direction: .up, distance: 50)) == [c, Point(c.x, c.y - 50)])
        #expect(path(GestureDemo(kind: .tap), to: bin) == [c, c], "a tap stays")
        #expect(GestureDemo.Pointer.auto.resolved(forWidth: 390) == .hand && GestureDemo.Pointer.auto.resolved(forWidth: 1280) == .pointer
                && GestureDemo.Pointer.hand.resolved(forWidth: 1280) == .hand)
    }

    @Test(arguments: GestureDemo.Kind.allCases)
    func eachGesturePressesMovesAndFadesInItsLoop(kind: GestureDemo.Kind) {
        let demo = GestureDemo(kind: kind, direction: .left)
        let start = Point(200, 300), end = demo.moves ? Point(80, 300) : start
        let poses = stride(from: 0.0, to: GestureDemo.period, by: 0.05).map { GesturePose.at($0, of: demo, from: start, to: end) }
        #expect(poses.first?.opacity == 0 && poses.last?.opacity == 0, "it fades in and out of each loop")
        #expect(poses.contains { $0.pressed } && poses.contains { $0.opacity == 1 }, "it presses, wholly visible")
        #expect(poses.allSatisfy { p in p.opacity >= 0 && p.opacity <= 1 && p.point.x.isFinite && p.point.y.isFinite })
        if demo.moves {
            let pressedPoints = poses.filter(\.pressed).map(\.point)
            #expect(pressedPoints.contains { $0.distance(to: start) < 1 }, "it presses on the start: \(pressedPoints)")
            #expect(poses.contains { $0.opacity > 0.5 && $0.point.distance(to: end) < 25 }, "it gets to the end")
            #expect(poses.contains { $0.trail.opacity > 0 && $0.trail.reach > 0.5 }, "a trail follows it")
            #expect(poses.allSatisfy { $0.ripples.isEmpty })
        } else {
            #expect(poses.allSatisfy { $0.point.distance(to: start) < 25 }, "it stays on the target")
            #expect(poses.contains { !$0.ripples.isEmpty } && poses.allSatisfy { $0.trail.opacity == 0 })
        }
        if kind == .doubleTap {
            #expect(poses.contains { $0.ripples.count == 2 }, "two taps, two ripples")
        }
        // The same point of every loop is the same pose.
        for t in [0.4, 0.9, 1.7] {
            #expect(GesturePose.at(t, of: demo, from: start, to: end) == GesturePose.at(t + 3 * GestureDemo.period, of: demo, from: start, to: end))
        }
    }

    // MARK: - On the screen

    /// The spotlight on `box.0` with `demo`, after `seconds` past its first frame: the frame.
    func frame(_ fixture: OverlayFixture, demo: GestureDemo?, after seconds: Double, bubble: Bool = false) throws -> (Pixmap, SpotlightOverlay) {
        let spot = SpotlightOverlay(SpotlightStep(holes: [Hole(target: .view("box.0"), shape: .roundedRect(cornerRadius: 12), padding: 4)],
                                                  coachMark: bubble ? CoachMark(text: "Swipe to archive.") : nil, demo: demo))
        fixture.stack.present(spot, animated: false)
        fixture.settle()
        fixture.advance(seconds)
        return (try fixture.frame(), spot)
    }

    @Test func theHandDrawsOverTheDimInsideItsAreaAndLoops() throws {
        let plain = try frame(OverlayFixture(), demo: nil, after: 0.4).0
        let fixture = try OverlayFixture()
        let (shown, spot) = try frame(fixture, demo: GestureDemo(kind: .swipe, direction: .left, pointer: .hand), after: 0.4)
        let area = try #require(spot.demoArea)
        let device = area.scaled(by: fixture.root.scale).roundedOut
        var inside = 0, outside = 0
        for y in 0..<shown.height {
            for x in 0..<shown.width where shown[x, y] != plain[x, y] {
                if x >= device.x && x < device.maxX && y >= device.y && y < device.maxY { inside += 1 } else { outside += 1 }
            }
        }
        #expect(inside > 300, "the hand and its trail are drawn: \(inside) pixels")
        #expect(outside == 0, "nothing outside the demo's area changes: \(outside) pixels")
        #expect(spot.isAnimating, "the demo loops")
        // One loop later, the same frame.
        fixture.advance(GestureDemo.period)
        let again = try fixture.frame()
        #expect(PixmapDifference(between: again, and: shown).isEmpty, "the same moment of the next loop is the same frame")
    }

    @Test func theBubbleCoversTheHand() throws {
        let fixture = try OverlayFixture()
        let (_, spot) = try frame(fixture, demo: nil, after: 0.4, bubble: true)
        let bubble = try #require(spot.displayedBubble).box
        // A demo that goes into the bubble's box: where the bubble is, the bubble is drawn over it.
        let toward = bubble.center.y > fixture.root.view(withID: "box.0")!.frame.center.y ? GestureDemo.Direction.down : .up
        let without = try self.frame(OverlayFixture(), demo: nil, after: 1.2, bubble: true).0
        let with = try self.frame(OverlayFixture(), demo: GestureDemo(kind: .swipe, direction: toward, distance: 400, pointer: .hand),
                                  after: 1.2, bubble: true).0
        let inner = bubble.insetBy(dx: 4, dy: 4).scaled(by: fixture.root.scale).roundedOut
        var changed = 0
        for y in inner.y..<inner.maxY { for x in inner.x..<inner.maxX where with[x, y] != without[x, y] { changed += 1 } }
        #expect(changed == 0, "the bubble is drawn over the demo: \(changed) pixels of its box changed")
    }

    @Test func reducedMotionShowsAStillArrow() throws {
        let fixture = try OverlayFixture()
        fixture.root.reducesMotion = true
        let demo = GestureDemo(kind: .swipe, direction: .left, pointer: .hand)
        let (first, spot) = try frame(fixture, demo: demo, after: 0.1)
        fixture.advance(0.9)
        let later = try fixture.frame()
        #expect(!spot.isAnimating, "nothing moves")
        #expect(PixmapDifference(between: first, and: later).isEmpty, "the arrow stays still")
        let plain = OverlayFixture.self
        let reference = try plain.init()
        reference.root.reducesMotion = true
        let none = try frame(reference, demo: nil, after: 0.1).0
        #expect(!PixmapDifference(between: first, and: none).isEmpty, "the arrow is drawn")
    }

    @Test func screenReadersHearTheGesture() throws {
        let fixture = try OverlayFixture()
        let (_, spot) = try frame(fixture, demo: GestureDemo(kind: .swipe, direction: .left), after: 0.1, bubble: true)
        let spoken = spot.accessibilityDescription(root: fixture.root)
        #expect(spoken.hasPrefix("Swipe to archive.") && spoken.contains("Swipe left on"), "\(spoken)")
        let words = InterfaceStrings.builtIn
        #expect(GestureDemo(kind: .drag, to: "bin").sentence(target: "Photo", toName: "Trash", strings: words, language: "en") == "Drag Photo to Trash")
        #expect(GestureDemo(kind: .longPress).sentence(target: "Photo", toName: nil, strings: words, language: "en") == "Touch and hold Photo")
        #expect(GestureDemo(kind: .scroll).sentence(target: "Inbox", toName: nil, strings: words, language: "en") == "Scroll Inbox down")
        let german = words.adding([.demoSwipeLeft: "Wische auf %1 nach links"], for: "de")
        #expect(GestureDemo(kind: .swipe, direction: .left).sentence(target: "Posteingang", toName: nil, strings: german, language: "de")
                == "Wische auf Posteingang nach links")
    }
}
