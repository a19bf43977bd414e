import Testing
import Raster
import Views
@testable import Overlays

/// A view that answers any proposal with a fixed, possibly absurd, size (NaN, infinity).
@MainActor
final class AbsurdSizeView: View {
    let answer: Size
    init(_ answer: Size) { self.answer = answer; super.init() }
    override func sizeThatFits(_ p: ProposedSize) -> Size { answer }
    override var hasOwnContent: Bool { true }
    override func draw(in canvas: Canvas) { canvas.fill(frame, color: .black) }
}

/// Spotlights at the edges of geometry: zero-size and off-screen targets, holes larger than the
/// screen, NaN and infinite frames, a 1×1 screen. None may trap; each gives a sensible picture.
@Suite(.serialized) @MainActor struct GeometryEdgeCaseTests {
    static let text = "A tip that needs a bubble."

    /// A plain light screen with one view `target` in the middle of a column.
    func screen(_ target: View, size: Size = Size(200, 300)) throws -> (ViewRoot, PresentationStack) {
        let content = VStack(spacing: 0, children: [Spacer(), HStack(children: [Spacer(), target.id("target"), Spacer()]), Spacer()])
        let root = try ViewRoot(content: content, size: size, safeArea: EdgeInsets(top: 20, leading: 0, bottom: 10, trailing: 0),
                                textEngine: FixedMetricTextEngine(), clock: VirtualClock())
        root.backgroundColor = Color(red: 200, green: 220, blue: 240)
        return (root, PresentationStack(root: root))
    }

    func render(_ root: ViewRoot, _ stack: PresentationStack) throws -> Pixmap {
        let p = try root.makePixmap()
        root.frame(into: p, repaintingEverything: true)
        return p
    }

    /// Whether the pixel at `p` is the background dimmed by half (black at 0.5).
    func isDimmed(_ frame: Pixmap, _ p: Point) -> Bool {
        let c = frame.color(x: Int(p.x), y: Int(p.y))
        return abs(Int(c.red) - 100) <= 1 && abs(Int(c.green) - 110) <= 1 && abs(Int(c.blue) - 120) <= 1
    }

    func isClear(_ frame: Pixmap, _ p: Point) -> Bool {
        let c = frame.color(x: Int(p.x), y: Int(p.y))
        return c.red == 200 && c.green == 220 && c.blue == 240
    }

    /// The bubble sits inside the safe area, less the placer's margin.
    func expectBubbleInsideSafeArea(_ spot: SpotlightOverlay, _ root: ViewRoot, _ what: String) {
        guard let box = spot.displayedBubble?.box else { Issue.record("\(what): no bubble"); return }
        let area = root.bounds.inset(by: root.safeArea).insetBy(dx: BubblePlacer.margin, dy: BubblePlacer.margin)
        #expect(box.isFinite && box.minX >= area.minX - 1e-9 && box.maxX <= area.maxX + 1e-9
                && box.minY >= area.minY - 1e-9 && box.maxY <= area.maxY + 1e-9, "\(what): bubble \(box) outside \(area)")
        if let tip = spot.displayedBubble?.tip {
            let b = root.bounds
            #expect(tip.x >= b.minX && tip.x <= b.maxX && tip.y >= b.minY && tip.y <= b.maxY, "\(what): the tail's tip \(tip) is on screen")
        }
    }

    /// A view of no size is nothing to point at: the step waits for it (no hole, no bubble, the
    /// cause said), and a step told to do without it centres its bubble inside the safe area.
    @Test(arguments: [HoleShape.circle, .ellipse, .rect, .roundedRect(cornerRadius: 12)])
    func aZeroSizeViewIsMissingAndItsBubbleCentresWhenToldTo(shape: HoleShape) throws {
        let (root, stack) = try screen(View().frame(width: 0, height: 0))
        let spot = SpotlightOverlay(holes: [Hole(target: .view("target"), shape: shape, padding: 8)], coachMark: CoachMark(text: Self.text))
        stack.present(spot, animated: false)
        var frame = try render(root, stack)
        let target = try #require(root.view(withID: "target")).frame
        #expect(target.size == .zero)
        #expect(spot.missingCause == .zeroSize && spot.displayedHoles.isEmpty && spot.displayedBubble == nil)
        #expect(isDimmed(frame, Point(target.minX, target.minY)), "no hole around a point")
        spot.centersBubbleWithoutTarget = true
        frame = try render(root, stack)
        expectBubbleInsideSafeArea(spot, root, "zero-size view")
    }

    @Test func aZeroSizeHoleWithoutPaddingDimsEverything() throws {
        let (root, stack) = try screen(View().frame(width: 0, height: 0))
        let spot = SpotlightOverlay(holes: [Hole(target: .view("target"), shape: .rect, padding: 0)])
        stack.present(spot, animated: false)
        let frame = try render(root, stack)
        let c = root.bounds.center
        for p in [c, Point(c.x - 1, c.y - 1), Point(1, 1), Point(198, 298)] { #expect(isDimmed(frame, p), "\(p)") }
        #expect(!spot.holeContains(c))
    }

    @Test(arguments: [Rect(x: -500, y: -500, width: 50, height: 50), Rect(x: 5000, y: 150, width: 40, height: 40),
                      Rect(x: 80, y: 90_000, width: 40, height: 40), Rect(x: -100_000, y: -100_000, width: 0, height: 0)])
    func aTargetOffScreenDimsEverythingAndKeepsTheBubbleInside(target: Rect) throws {
        let (root, stack) = try screen(View().frame(width: 10, height: 10))
        let spot = SpotlightOverlay(holes: [Hole(target: .rect(target), shape: .circle)], coachMark: CoachMark(text: Self.text))
        stack.present(spot, animated: false)
        let frame = try render(root, stack)
        for p in [Point(0, 0), Point(199, 0), Point(0, 299), Point(199, 299), root.bounds.center] where !spot.bubbleContains(p) {
            #expect(isDimmed(frame, p), "\(target): \(p) is dimmed")
        }
        expectBubbleInsideSafeArea(spot, root, "\(target)")
    }

    @Test(arguments: [HoleShape.rect, .ellipse, .circle, .roundedRect(cornerRadius: 10_000)])
    func aHoleLargerThanTheScreenClearsIt(shape: HoleShape) throws {
        let (root, stack) = try screen(View().frame(width: 10, height: 10))
        let spot = SpotlightOverlay(holes: [Hole(target: .rect(Rect(x: -3000, y: -3000, width: 6200, height: 6300)), shape: shape, padding: 0)],
                                    coachMark: CoachMark(text: Self.text))
        stack.present(spot, animated: false)
        let frame = try render(root, stack)
        for p in [Point(0, 0), Point(199, 0), Point(0, 299), Point(199, 299), Point(100, 150)] where !spot.bubbleContains(p) {
            #expect(isClear(frame, p), "\(shape): \(p) is inside the hole")
        }
        #expect(spot.holeContains(Point(1, 1)))
        expectBubbleInsideSafeArea(spot, root, "\(shape)")
    }

    @Test func aHoleWithHugePaddingKeepsTheTailOnScreen() throws {
        // The hole's edge is 10000 points beyond the screen: the tail used to reach it, and the
        // bubble's card grew to hold it (seconds of rasterizing, or a card too large to make).
        let f = try OverlayFixture()
        let spot = SpotlightOverlay(holes: [Hole(target: .view("tab.b"), shape: .roundedRect(cornerRadius: 10_000), padding: 10_000)],
                                    coachMark: CoachMark(text: Self.text, showsNextButton: true))
        f.stack.present(spot, animated: false)
        _ = try f.frame()
        expectBubbleInsideSafeArea(spot, f.root, "huge padding")
        let bounds = try #require(spot.displayedBubble).bounds
        #expect(bounds.width < 400 && bounds.height < 850, "the bubble with its tail fits the screen: \(bounds)")
    }

    @Test func aHugePathHoleFindsItsEdgeQuickly() throws {
        // A circle of radius 100000 through the screen: the bubble's tail looks for the drawn edge
        // only where the hole can be drawn, not along the whole outline.
        let (root, stack) = try screen(View().frame(width: 10, height: 10))
        let path = try Path(svgPathData: "M 10 10 A 100000 100000 0 1 1 20 20 Z")
        let spot = SpotlightOverlay(holes: [Hole(target: .rect(Rect(x: 10, y: 10, width: 10, height: 10)), shape: .path(path, .evenOdd))],
                                    coachMark: CoachMark(text: Self.text))
        stack.present(spot, animated: false)
        _ = try render(root, stack)
        expectBubbleInsideSafeArea(spot, root, "huge path")
        // The walk towards the edge is bounded by the hole's box, which is cut to the screen.
        let hole = HoleMask(geometry: try #require(spot.displayedHoles.first), scale: root.scale, clip: root.deviceBounds)
        #expect(root.deviceBounds.contains(hole.box), "\(hole.box)")
    }

    @Test func aPathHoleFarOffScreenDimsEverything() throws {
        let (root, stack) = try screen(View().frame(width: 10, height: 10))
        let path = try Path(svgPathData: "M 90000 90000 L 100000 90000 L 100000 100000 Z")
        let spot = SpotlightOverlay(holes: [Hole(target: .rect(Rect(x: 0, y: 0, width: 1, height: 1)), shape: .path(path, .nonZero))],
                                    coachMark: CoachMark(text: Self.text))
        stack.present(spot, animated: false)
        let frame = try render(root, stack)
        #expect(isDimmed(frame, Point(0, 0)) && isDimmed(frame, Point(199, 299)))
        expectBubbleInsideSafeArea(spot, root, "far path")
        #expect(spot.displayedBubble.map { $0.tip.x.isFinite && $0.tip.y.isFinite } == true)
    }

    nonisolated static let badRects: [Rect] = [
        Rect(x: .nan, y: 10, width: 10, height: 10), Rect(x: 10, y: .nan, width: 10, height: 10),
        Rect(x: 10, y: 10, width: .nan, height: 10), Rect(x: 10, y: 10, width: 10, height: .infinity),
        Rect(x: -.infinity, y: 10, width: 10, height: 10), Rect(x: .infinity, y: .infinity, width: .infinity, height: .infinity),
    ]

    @Test(arguments: badRects)
    func aRectThatIsNotFiniteIsIgnored(rect: Rect) throws {
        let (root, stack) = try screen(View().frame(width: 10, height: 10))
        let spot = SpotlightOverlay(holes: [Hole(target: .rect(rect))], coachMark: CoachMark(text: Self.text))
        stack.present(spot, animated: false)
        let frame = try render(root, stack)
        #expect(spot.displayedHoles.isEmpty)
        #expect(spot.displayedBubble == nil, "no hole, nothing to point at")
        #expect(isDimmed(frame, root.bounds.center))
    }

    @Test func paddingAndFeatherThatAreNotFiniteReadAsNothing() {
        let r = Rect(x: 10, y: 20, width: 30, height: 40)
        for shape in [HoleShape.circle, .ellipse, .rect, .roundedRect(cornerRadius: .nan), .roundedRect(cornerRadius: .infinity)] {
            let g = HoleGeometry.resolve(Hole(target: .rect(r), shape: shape, padding: .nan, feather: .infinity), frame: r)
            #expect(g.rect.isFinite && g.cornerRadius.isFinite && g.feather == 0, "\(shape): \(g)")
        }
    }

    @Test(arguments: [Size(.nan, .nan), Size(.infinity, .infinity), Size(.nan, .infinity), Size(-5, 1e300)])
    func aViewWithAnAbsurdSizeNeitherTrapsNorBreaksTheHole(answer: Size) throws {
        let (root, stack) = try screen(AbsurdSizeView(answer))
        let spot = SpotlightOverlay(holes: [Hole(target: .view("target"), shape: .roundedRect(cornerRadius: 8))],
                                    coachMark: CoachMark(text: Self.text))
        stack.present(spot, animated: false)
        _ = try render(root, stack)
        let target = try #require(root.view(withID: "target"))
        #expect(target.frame.isFinite, "layout keeps frames finite: \(target.frame)")
        for hole in spot.displayedHoles { #expect(hole.rect.isFinite, "\(hole.rect)") }
        if spot.displayedBubble != nil { expectBubbleInsideSafeArea(spot, root, "\(answer)") }
    }

    @Test(arguments: [1.0, 3.0])
    func aOneByOneScreenShowsATipOnTheButton(scale: Double) throws {
        let f = try OverlayFixture(size: Size(1, 1), scale: scale)
        let spot = SpotlightOverlay(holes: [Hole(target: .view("fab"))], coachMark: CoachMark(text: Self.text, showsNextButton: true, showsSkipButton: true))
        f.stack.present(spot, animated: true)
        f.advance(0.5)
        let frame = try f.frame()
        #expect(frame.width == Int(scale) && frame.height == Int(scale))
        f.tap(Point(0.5, 0.5))
        f.advance(0.5)
        _ = try f.frame()
    }
}
