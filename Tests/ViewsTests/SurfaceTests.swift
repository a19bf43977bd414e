import Testing
import Raster
@testable import Views

/// Surfaces put views above the tree in the root's id space and hit test, painted by the layer that
/// owns them into pixels of their own.
@MainActor
@Suite struct SurfaceTests {
    /// A layer that composites one surface at an opacity.
    final class CardLayer: ScreenLayer {
        let surface: Surface
        var rect: Rect
        var opacity = 1.0
        init(_ surface: Surface, rect: Rect) { self.surface = surface; self.rect = rect }
        func layout(root: ViewRoot) { surface.place(rect) }
        func composite(into frame: Pixmap, region: IntRect, root: ViewRoot) {
            surface.composite(into: frame, region: region, opacity: opacity)
        }
    }

    /// A solid box that counts how often it is drawn.
    final class CountingBox: View {
        var draws = 0
        override var hasOwnContent: Bool { true }
        override func draw(in canvas: Canvas) {
            draws += 1
            canvas.fill(frame, color: Color(red: 200, green: 40, blue: 40))
            canvas.fill(Rect(x: frame.minX + 2, y: frame.minY + 2, width: 3, height: 3), color: .white)
        }
    }

    func scene(_ content: View, rect: Rect, scale: Double = 1) throws -> (ViewRoot, Surface, CardLayer, Pixmap) {
        let root = try makeRoot(Probe(Size(1, 1), color: .clear), size: Size(60, 60), scale: scale)
        let surface = Surface(content: content)
        surface.attach(to: root)
        let layer = CardLayer(surface, rect: rect)
        root.addLayer(layer)
        let frame = try root.makePixmap()
        root.frame(into: frame)
        return (root, surface, layer, frame)
    }

    @Test func aSurfacesViewsAreFoundByIDAndListedUntilItIsDetached() throws {
        let label = Text("Hi").id("card.label")
        let (root, surface, _, _) = try scene(VStack(children: [label]).id("card"), rect: Rect(x: 10, y: 10, width: 30, height: 20))
        #expect(root.view(withID: "card.label") === label)
        #expect(root.allIdentifiedViews().map(\.id).suffix(2) == ["card", "card.label"], "after the tree's, in painting order")
        #expect(root.view(withID: "card")!.frame == Rect(x: 10, y: 10, width: 30, height: 20), "in screen points")
        surface.detach()
        #expect(root.view(withID: "card.label") == nil && !root.allIdentifiedViews().contains { $0.id == "card" })
    }

    @Test func routedPressesReachTheSurfacesViewsThroughTheRootsCapture() throws {
        var taps = 0
        let button = Button(action: { taps += 1 }, label: View())
        let (root, _, _, _) = try scene(button, rect: Rect(x: 10, y: 10, width: 30, height: 20))
        root.route(.pointerDown(Point(20, 20), button: .primary), into: button)
        #expect(root.pointerCaptor === button && button.isPressed)
        #expect(root.dirtyRegion.isEmpty && !root.compositeRegion.isEmpty, "the press tint repaints the surface, not the tree")
        root.route(.pointerUp(Point(21, 20), button: .primary), into: button)
        #expect(taps == 1)
        root.route(.pointerDown(Point(50, 50), button: .primary), into: button)
        #expect(root.pointerCaptor == nil, "a press off the surface's views hits nothing")
    }

    @Test(arguments: [1.0, 2.0])
    func aSurfaceMovedByWholePixelsKeepsItsPixels(scale: Double) throws {
        let box = CountingBox()
        let (root, _, layer, frame) = try scene(box, rect: Rect(x: 10, y: 10, width: 20, height: 15), scale: scale)
        #expect(box.draws == 1)
        layer.rect = Rect(x: 13, y: 22, width: 20, height: 15)
        root.frame(into: frame)
        #expect(box.draws == 1, "moved, not painted again")
        #expect(box.frame == Rect(x: 13, y: 22, width: 20, height: 15), "its views moved with it")
        // The same as a surface painted there from scratch.
        let fresh = CountingBox()
        let (freshRoot, _, _, freshFrame) = try scene(fresh, rect: Rect(x: 13, y: 22, width: 20, height: 15), scale: scale)
        freshRoot.frame(into: freshFrame)
        #expect(frame.hasSamePixels(as: freshFrame))
        layer.rect = Rect(x: 13.5, y: 22, width: 20, height: 15)
        root.frame(into: frame)
        #expect(box.draws == (scale == 2 ? 1 : 2), "half a point is whole pixels only at 2x")
    }

    @Test func anOffscreenSurfaceBlendsAtItsOpacity() throws {
        let box = CountingBox()
        let (root, _, layer, frame) = try scene(box, rect: Rect(x: 10, y: 10, width: 20, height: 15))
        #expect(frame.color(x: 20, y: 20) == Color(red: 200, green: 40, blue: 40))
        layer.opacity = 0.5
        layer.surface.setNeedsComposite()
        root.frame(into: frame)
        let c = frame.color(x: 20, y: 20)
        #expect(abs(Int(c.red) - 228) <= 1 && abs(Int(c.green) - 148) <= 1, "half the box over the white tree: \(c)")
        #expect(box.draws == 1, "a new opacity blends the kept pixels again")
    }

    @Test func aDirectSurfacePaintsStraightIntoTheFrame() throws {
        let root = try makeRoot(Probe(Size(1, 1), color: .clear), size: Size(40, 40))
        let surface = Surface(content: Probe(Size(10, 10), color: .red), compositing: .direct)
        surface.attach(to: root)
        let layer = CardLayer(surface, rect: Rect(x: 5, y: 5, width: 10, height: 10))
        root.addLayer(layer)
        let frame = try root.makePixmap()
        root.frame(into: frame)
        #expect(frame.color(x: 8, y: 8) == .red && frame.color(x: 20, y: 20) != .red)
    }
}
