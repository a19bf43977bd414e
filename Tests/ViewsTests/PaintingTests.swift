import Testing
import Raster
@testable import Views

@MainActor
@Suite struct PaintingTests {
    /// Numbers for varied scenes, the same on every run (xorshift).
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return state }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

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
        root.frame(into: frame)
        title.color = .red
        title.string = "Changed text"
        root.send(.pointerDown(button.frame.center, button: .primary))
        let rects = root.frame(into: frame).drawn
        #expect(!rects.isEmpty)
        #expect(rects.reduce(0) { $0 + $1.area } < frame.bounds.area)
        let full = try root.makePixmap()
        root.frame(into: full, repaintingEverything: true)
        #expect(frame.hasSamePixels(as: full), "\(firstDifference(frame, full)) repainted \(rects)")
    }

    /// A shadow leaves out what its child's opaque fill covers: the pixels are the same as when it
    /// draws all of itself (a child wrapped in a padding of 0 shows no opaque interior).
    @Test(arguments: [1.0, 2.0, 3.0, 1.5])
    func aShadowUnderAnOpaqueCardDrawsTheSamePixelsWithoutItsHiddenPart(scale: Double) throws {
        var random = Random(state: 0x9E37_79B9_7F4A_7C15 &+ UInt64(scale * 1000))
        for round in 0..<12 {
            let radius = Double(random.below(20)), blur = Double(1 + random.below(12))
            let shape: Shape = round % 3 == 0 ? .rect : (round % 3 == 1 ? .roundedRect(cornerRadius: radius) : .capsule)
            func card(wrapped: Bool) -> View {
                let fill = Probe(Size(40 + Double(random.below(100)) + 0.37, 30 + Double(random.below(80)) + 0.61), color: .clear)
                let body: View = fill.background(.white, in: shape)
                return (wrapped ? body.padding(0) : body)
                    .shadow(color: Color(white: 0, alpha: 0.3), radius: blur, y: 2, shape: shape)
                    .padding(EdgeInsets(top: 13.3, leading: 9.7))
            }
            let state = random
            let spared = try makeRoot(ZStack(alignment: .topLeading) { card(wrapped: false) }.background(Palette.groupedBackground), size: Size(200, 160), scale: scale)
            random = state
            let whole = try makeRoot(ZStack(alignment: .topLeading) { card(wrapped: true) }.background(Palette.groupedBackground), size: Size(200, 160), scale: scale)
            let a = try spared.makePixmap(), b = try whole.makePixmap()
            spared.frame(into: a); whole.frame(into: b)
            #expect(a.hasSamePixels(as: b), "round \(round) at \(scale)x: \(firstDifference(a, b))")
        }
    }

    @Test func aColourChangeRepaintsOnlyTheView() throws {
        let a = Probe(Size(20, 20), color: .black)
        let b = Probe(Size(20, 20), color: .black)
        let root = try makeRoot(HStack(spacing: 30) { a; b }, size: Size(100, 40))
        let frame = try root.makePixmap()
        root.frame(into: frame)
        #expect(root.frame(into: frame).drawn.isEmpty)
        a.color = .red
        a.setNeedsDisplay()
        let rects = root.frame(into: frame).drawn
        // The frame plus one pixel of anti-aliasing slack, clipped to the screen.
        #expect(rects == [a.frame.outsetBy(1).roundedOut.intersection(root.deviceBounds)])
        #expect(frame.color(x: Int(a.frame.midX), y: Int(a.frame.midY)) == .red)
    }

    @Test func aNewPixmapIsPaintedInFull() throws {
        let root = try makeRoot(Probe(Size(10, 10)), size: Size(50, 50))
        root.frame(into: try root.makePixmap())
        let rects = root.frame(into: try root.makePixmap()).drawn
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
        root.frame(into: frame)
        #expect(layer.regions == [IntRect(x: 0, y: 0, width: 50, height: 50)])
        #expect(frame.color(x: 5, y: 5) == .red)
        #expect(frame.color(x: 20, y: 20) == .black)
    }

    @Test func pressedButtonsShowATint() throws {
        let (screen, _, button) = scene()
        let root = try makeRoot(screen, size: Size(220, 260))
        let frame = try root.makePixmap()
        root.frame(into: frame)
        let p = Point(button.frame.midX, button.frame.minY + 8)
        let before = frame.color(x: Int(p.x), y: Int(p.y))
        root.send(.pointerDown(button.frame.center, button: .primary))
        root.frame(into: frame)
        let pressed = frame.color(x: Int(p.x), y: Int(p.y))
        #expect(pressed.red < before.red) // darker while held
        root.send(.pointerUp(button.frame.center, button: .primary))
        root.frame(into: frame)
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

@MainActor
@Suite struct WidgetPaintingTests {
    /// A 4 × 2 image: left half red, right half blue.
    func halves() throws -> Pixmap {
        let p = try Pixmap(width: 4, height: 2, fill: .red)
        p.fill(Color(red: 0, green: 0, blue: 255), in: IntRect(x: 2, y: 0, width: 2, height: 2))
        return p
    }

    @Test func aspectFillCoversAndClips() throws {
        let image = ImageView(try halves(), contentMode: .fill)
        let root = try makeRoot(ZStack { image.frame(width: 40, height: 40) }, size: Size(60, 60))
        root.backgroundColor = .white
        let frame = try root.makePixmap()
        root.frame(into: frame)
        // Scaled to 80 × 40 and centred: the frame shows the middle, half red and half blue; nothing spills.
        #expect(frame.color(x: 12, y: 30) == .red)
        #expect(frame.color(x: 48, y: 30) == Color(red: 0, green: 0, blue: 255))
        #expect(frame.color(x: 9, y: 30) == .white)
        #expect(frame.color(x: 50, y: 30) == .white)
    }

    @Test func roundedImagesKeepTheirCornersClearAndShareTheirPixels() throws {
        let pixels = try Pixmap(width: 8, height: 8, fill: .red)
        let radii = CornerRadii(topLeft: 10, topRight: 10, bottomRight: 0, bottomLeft: 0)
        let a = ImageView(pixels, cornerRadii: radii), b = ImageView(pixels, cornerRadii: radii)
        let shadows = (0..<2).map { _ in Probe(Size(30, 30)).shadow(color: .black, radius: 4, shape: .roundedRect(cornerRadius: 6)) }
        let root = try makeRoot(HStack(spacing: 10) {
            a.frame(width: 40, height: 40); b.frame(width: 40, height: 40); shadows[0]; shadows[1]
        }, size: Size(200, 60), scale: 2)
        root.backgroundColor = .white
        root.paintCache = PaintCache()
        let frame = try root.makePixmap()
        root.frame(into: frame)
        let f = a.frame.scaled(by: 2)
        #expect(frame.color(x: Int(f.minX) + 1, y: Int(f.minY) + 1) == .white, "the rounded corner is clear")
        #expect(frame.color(x: Int(f.minX) + 1, y: Int(f.maxY) - 2) == .red, "the square corner is filled")
        #expect(frame.color(x: Int(f.midX), y: Int(f.minY) + 1) == .red)
        // One resampled image and one shadow mask, each shared by both views.
        #expect(root.paintCache.count == 2)
    }

    @Test func aspectFitLeavesBars() throws {
        let image = ImageView(try halves(), contentMode: .fit)
        let root = try makeRoot(ZStack { image.frame(width: 40, height: 40) }, size: Size(60, 60))
        root.backgroundColor = .white
        let frame = try root.makePixmap()
        root.frame(into: frame)
        // Scaled to 40 × 20, centred vertically: bars above and below.
        #expect(frame.color(x: 30, y: 15) == .white)
        #expect(frame.color(x: 12, y: 30) == .red)
        #expect(frame.color(x: 48, y: 30) == Color(red: 0, green: 0, blue: 255))
        #expect(frame.color(x: 30, y: 45) == .white)
    }

    @Test(arguments: [TextAlignment.leading, .center, .trailing])
    func textAlignmentPlacesShortLines(alignment: TextAlignment) throws {
        // Lines 12 and 24 points wide; the fixed-metric glyphs are boxes 5 wide on a 6-point advance,
        // standing 7 tall on the first baseline at y 8.
        let text = Text("ab\nabcd", font: Font(size: 10), alignment: alignment)
        let root = try makeRoot(ZStack(alignment: .topLeading) { text }, size: Size(40, 40))
        root.backgroundColor = .white
        let frame = try root.makePixmap()
        root.frame(into: frame)
        #expect(text.frame == Rect(x: 0, y: 0, width: 24, height: 24))
        let firstInk = (0..<24).first { frame.color(x: $0, y: 5) == .black }
        let expected = ["leading": 0, "center": 6, "trailing": 12]["\(alignment)"]
        #expect(firstInk == expected)
    }

    @Test func theSelectedTabIsTinted() throws {
        let bar = TabBar(items: [TabItem(key: "a", title: "A", icon: .house), TabItem(key: "b", title: "B", icon: .menu)])
        var picked: [Int] = []
        bar.onSelect = { [weak bar] in picked.append($0); bar?.selectedIndex = $0 }
        let root = try makeRoot(VStack { Spacer(); bar }, size: Size(200, 100))
        let frame = try root.makePixmap()
        root.frame(into: frame)
        let b = try #require(root.view(withID: "tab.b"))
        root.send(.pointerDown(b.frame.center, button: .primary))
        root.send(.pointerUp(b.frame.center, button: .primary))
        #expect(picked == [1])
        let rects = root.frame(into: frame).drawn
        // Only the two tabs' icons and labels change colour.
        #expect(rects.allSatisfy { $0.y >= 51 })
        #expect(rects.reduce(0) { $0 + $1.area } < 200 * 49)
    }
}

@MainActor
@Suite struct FractionalScaleTests {
    @Test func incrementalRepaintsMatchAtOneAndAHalf() throws {
        let text = Text("Fractional", font: Font(size: 13))
        let button = Button(shape: .roundedRect(cornerRadius: 8), action: {}, label: text.padding(7.3))
        let red = try Pixmap(width: 5, height: 3, fill: .red)
        let content = VStack(spacing: 9.7) {
            button.background(.white, in: .roundedRect(cornerRadius: 8))
                .shadow(color: Color(white: 0, alpha: 0.3), radius: 5, y: 2, shape: .roundedRect(cornerRadius: 8))
            ImageView(red, cornerRadii: CornerRadii(all: 6)).frame(width: 61.3, height: 33.3)
            Spacer()
        }.padding(11.1)
        let root = try makeRoot(content, size: Size(151, 173), scale: 1.5)
        let frame = try root.makePixmap()
        root.frame(into: frame)
        root.send(.pointerDown(button.frame.center, button: .primary))
        text.string = "Changed"
        root.frame(into: frame)
        let full = try root.makePixmap()
        root.frame(into: full, repaintingEverything: true)
        #expect(frame.hasSamePixels(as: full), "\(firstDifference(frame, full))")
    }
}
