import Testing
import Raster
@testable import Views

@MainActor
@Suite struct PaintingTests {
    /// A small screen with text, shadows, rounded clips, icons and an image.
    func scene() -> (View, Text, Button) {
        let title = Text("Hello there, a line that wraps", font: Font(size: 14), color: .black, lineLimit: 2)
        let image = try! Pixmap(width: 8, height: 6, fill: Color(r: 0.2, g: 0.5, b: 0.9))
        let button = Button(shape: .circle, pressedColor: Color(white: 0, alpha: 0.2), action: {},
                            label: IconView(.plus, color: .white, size: 24).padding(16).background(.red, in: .circle))
        let card = VStack(alignment: .leading, spacing: 6) {
            ImageView(image).aspectRatio(4 / 3)
            title.padding(EdgeInsets(horizontal: 8, vertical: 0))
            IconView(.house, color: Palette.tint)
        }
        .frame(width: 120)
        .cornerRadius(12)
        .background(.white, in: .roundedRect(cornerRadius: 12))
        .shadow(color: Color(white: 0, alpha: 0.2), radius: 6, y: 2, shape: .roundedRect(cornerRadius: 12))
        let screen = ZStack(alignment: .topLeading) {
            card.padding(EdgeInsets(top: 20.5, leading: 17.25))
            button.padding(EdgeInsets(top: 180, leading: 130))
        }.background(Palette.groupedBackground)
        return (screen, title, button)
    }

    @Test(arguments: [1.0, 2.0])
    func incrementalRepaintsMatchFullOnes(scale: Double) throws {
        let (screen, title, button) = scene()
        let root = try makeRoot(screen, size: Size(220, 260), scale: scale)
        let frame = try root.makePixmap()
        root.render(into: frame)
        title.color = .red
        title.string = "Changed text"
        root.send(.pointerDown(button.frame.center, button: .primary))
        let rects = root.render(into: frame)
        #expect(!rects.isEmpty)
        #expect(rects.reduce(0) { $0 + $1.area } < frame.bounds.area)
        let full = try root.makePixmap()
        root.renderFull(into: full)
        #expect(frame.hasSamePixels(as: full), "\(firstDifference(frame, full)) repainted \(rects)")
    }

    @Test func aColourChangeRepaintsOnlyTheView() throws {
        let a = Probe(Size(20, 20), color: .black)
        let b = Probe(Size(20, 20), color: .black)
        let root = try makeRoot(HStack(spacing: 30) { a; b }, size: Size(100, 40))
        let frame = try root.makePixmap()
        root.render(into: frame)
        #expect(root.render(into: frame).isEmpty)
        a.color = .red
        a.setNeedsDisplay()
        let rects = root.render(into: frame)
        // The frame plus one pixel of anti-aliasing slack, clipped to the screen.
        #expect(rects == [a.frame.outsetBy(1).roundedOut.intersection(root.deviceBounds)])
        #expect(frame.color(x: Int(a.frame.midX), y: Int(a.frame.midY)) == .red)
    }

    @Test func aNewPixmapIsPaintedInFull() throws {
        let root = try makeRoot(Probe(Size(10, 10)), size: Size(50, 50))
        root.render(into: try root.makePixmap())
        let rects = root.render(into: try root.makePixmap())
        #expect(rects == [IntRect(x: 0, y: 0, width: 50, height: 50)])
    }

    @Test func layersCompositeOverTheTreeInEachDirtyRect() throws {
        final class Tint: ScreenLayer {
            var regions: [IntRect] = []
            func composite(into frame: Pixmap, region: IntRect, root: ViewRoot) {
                regions.append(region)
                frame.fill(.red, in: region.intersection(IntRect(x: 0, y: 0, width: 10, height: 10)))
            }
        }
        let root = try makeRoot(Probe(Size(50, 50), color: .black), size: Size(50, 50))
        let layer = Tint()
        root.layers.append(layer)
        let frame = try root.makePixmap()
        root.render(into: frame)
        #expect(layer.regions == [IntRect(x: 0, y: 0, width: 50, height: 50)])
        #expect(frame.color(x: 5, y: 5) == .red)
        #expect(frame.color(x: 20, y: 20) == .black)
    }

    @Test func pressedButtonsShowATint() throws {
        let (screen, _, button) = scene()
        let root = try makeRoot(screen, size: Size(220, 260))
        let frame = try root.makePixmap()
        root.render(into: frame)
        let p = Point(button.frame.midX, button.frame.minY + 8)
        let before = frame.color(x: Int(p.x), y: Int(p.y))
        root.send(.pointerDown(button.frame.center, button: .primary))
        root.render(into: frame)
        let pressed = frame.color(x: Int(p.x), y: Int(p.y))
        #expect(pressed.red < before.red) // darker while held
        root.send(.pointerUp(button.frame.center, button: .primary))
        root.render(into: frame)
        #expect(frame.color(x: Int(p.x), y: Int(p.y)) == before)
    }
}

/// The first pixel where two pixmaps differ, for failure messages.
func firstDifference(_ a: Pixmap, _ b: Pixmap) -> String {
    for y in 0..<min(a.height, b.height) {
        for x in 0..<min(a.width, b.width) where a[x, y] != b[x, y] {
            return "first difference at (\(x), \(y)): \(a.color(x: x, y: y)) vs \(b.color(x: x, y: y))"
        }
    }
    return "no difference in the shared area"
}
