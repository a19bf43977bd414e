import Testing
import Raster
@testable import Views

@MainActor
@Suite struct InputTests {
    @Test func aTapInTheCornerOfARoundButtonMissesIt() throws {
        var taps = 0
        let button = Button(shape: .circle, action: { taps += 1 }, label: Probe(Size(56, 56)))
        let root = try makeRoot(ZStack { button }, size: Size(200, 200))
        root.frame(into: nil)
        let f = button.frame
        #expect(root.hitTest(Point(f.minX + 3, f.minY + 3)) !== button)
        root.send(.pointerDown(Point(f.minX + 3, f.minY + 3), button: .primary))
        root.send(.pointerUp(Point(f.minX + 3, f.minY + 3), button: .primary))
        #expect(taps == 0)
        root.send(.pointerDown(f.center, button: .primary))
        root.send(.pointerUp(f.center, button: .primary))
        #expect(taps == 1)
    }

    @Test func childrenAreHitLastToFirst() throws {
        let back = Button(action: {}, label: Probe(Size(50, 50)))
        let front = Button(action: {}, label: Probe(Size(50, 50)))
        let root = try makeRoot(ZStack { back; front }, size: Size(100, 100))
        #expect(root.hitTest(Point(50, 50))?.isDescendant(of: front) == true)
    }

    @Test func thePressedViewCapturesThePointer() throws {
        var tapsA = 0, tapsB = 0
        let a = Button(action: { tapsA += 1 }, label: Probe(Size(50, 50)))
        let b = Button(action: { tapsB += 1 }, label: Probe(Size(50, 50)))
        let root = try makeRoot(HStack(spacing: 0) { a; b }, size: Size(100, 50))
        root.send(.pointerDown(Point(25, 25), button: .primary))
        #expect(root.pointerCaptor === a)
        root.send(.pointerMove(Point(75, 25)))
        #expect(!a.isPressed) // left the button: the tint goes away
        root.send(.pointerUp(Point(75, 25), button: .primary))
        #expect(tapsA == 0 && tapsB == 0)
        // Back on the button within the slop: still a tap.
        root.send(.pointerDown(Point(25, 25), button: .primary))
        root.send(.pointerMove(Point(31, 25)))
        root.send(.pointerUp(Point(31, 25), button: .primary))
        #expect(tapsA == 1)
    }

    @Test func secondaryButtonsDoNotTap() throws {
        var taps = 0
        let a = Button(action: { taps += 1 }, label: Probe(Size(50, 50)))
        let root = try makeRoot(ZStack { a }, size: Size(100, 100))
        root.send(.pointerDown(Point(50, 50), button: .secondary))
        root.send(.pointerUp(Point(50, 50), button: .secondary))
        #expect(taps == 0)
    }

    @Test func layersSeeEventsFirst() throws {
        final class Swallow: ScreenLayer {
            var seen: [InputEvent] = []
            func handle(_ event: InputEvent, root: ViewRoot) -> Bool { seen.append(event); return true }
            func composite(into frame: Pixmap, region: IntRect, root: ViewRoot) {}
        }
        var taps = 0
        let a = Button(action: { taps += 1 }, label: Probe(Size(50, 50)))
        let root = try makeRoot(ZStack { a }, size: Size(100, 100))
        let layer = Swallow()
        root.addLayer(layer)
        root.send(.pointerDown(Point(50, 50), button: .primary))
        root.send(.pointerUp(Point(50, 50), button: .primary))
        #expect(taps == 0)
        #expect(layer.seen.count == 2)
        root.removeLayer(layer)
        root.send(.pointerDown(Point(50, 50), button: .primary))
        root.send(.pointerUp(Point(50, 50), button: .primary))
        #expect(taps == 1)
    }

    @Test func keysGoToLayersThenToTheKeyHandler() throws {
        let root = try makeRoot(View(), size: Size(100, 100))
        var keys: [Key] = []
        root.keyHandler = { key, _ in keys.append(key); return true }
        #expect(root.send(.key(.escape)))
        #expect(keys == [.escape])
    }

    @Test func resizeEventsUseTheSafeAreaProvider() throws {
        let root = try makeRoot(View(), size: Size(390, 844))
        #expect(root.send(.resize(Size(1280, 800))))
        #expect(root.size == Size(1280, 800))
        #expect(root.safeArea == .zero)
        #expect(root.send(.resize(Size(390, 844))))
        #expect(root.safeArea == EdgeInsets(top: 47, bottom: 34))
        #expect(!root.send(.resize(Size(-1, 5))))
        #expect(root.size == Size(390, 844))
    }

    @Test func phonesGetInsetsAndDesktopsNone() {
        #expect(SafeArea.default(for: Size(390, 844)) == EdgeInsets(top: 47, bottom: 34))
        #expect(SafeArea.default(for: Size(1280, 800)) == .zero)
        #expect(SafeArea.default(for: Size(800, 1280)) == .zero)
    }
}
