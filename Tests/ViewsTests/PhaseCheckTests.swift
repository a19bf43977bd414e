import Testing
import Raster
@testable import Views

/// The rule of change, checked: nothing is added, removed or marked for layout while the tree or
/// the layers lay out or anything paints, the focus moves and words are announced only outside
/// them, and a frame never runs inside another. Each check is seen through `onPhaseViolation`,
/// which records here (with none installed a debug build stops at the first).
@MainActor
@Suite struct PhaseCheckTests {
    /// What a root's checks reported.
    @MainActor final class Violations {
        var seen: [PhaseViolation] = []
        var changes: [PhaseViolation.Change] { seen.map(\.change) }
        init(on root: ViewRoot) { root.onPhaseViolation = { [unowned self] in self.seen.append($0) } }
    }

    /// A view that does `whilePainting` when it draws and `whilePlacing` when it is placed.
    final class Misbehaving: View {
        var whilePainting: ((Misbehaving) -> Void)?
        var whilePlacing: ((Misbehaving) -> Void)?
        override var hasOwnContent: Bool { true }
        override func placeSubviews(in bounds: Rect) {
            whilePlacing?(self)
            for c in children { c.place(in: bounds) }
        }
        override func draw(in canvas: Canvas) {
            canvas.fill(frame, color: .black)
            whilePainting?(self)
        }
    }

    /// A layer that does `whileLayingOut` in its layout and `onArrival` in its arrival.
    final class Layer: ScreenLayer {
        var whileLayingOut: ((ViewRoot) -> Void)?
        var onArrival: ((ViewRoot) -> Void)?
        var onUpdate: ((ViewRoot) -> Void)?
        func update(root: ViewRoot) { onUpdate?(root) }
        func layout(root: ViewRoot) { whileLayingOut?(root) }
        func arrive(root: ViewRoot) { onArrival?(root) }
        func composite(into frame: Pixmap, region: IntRect, root: ViewRoot) {}
    }

    @Test func theChecksAreOnInTestBuilds() throws {
        #expect(ViewRoot.checksPhasesByDefault, "debug builds check the rule of change")
        let root = try makeRoot(Probe(Size(10, 10)), size: Size(20, 20))
        #expect(root.checksPhases && root.phase == .idle)
    }

    @Test func aViewThatMarksLayoutWhilePaintingTripsTheCheck() throws {
        let view = Misbehaving()
        view.id = "late"
        let root = try makeRoot(view, size: Size(20, 20))
        let violations = Violations(on: root)
        let pixmap = try root.makePixmap()
        root.frame(into: pixmap)
        #expect(violations.seen.isEmpty)
        view.whilePainting = { $0.setNeedsLayout() }
        view.setNeedsDisplay()
        root.frame(into: pixmap)
        #expect(violations.seen == [PhaseViolation(change: .layoutMarked, phase: .paint, view: "Misbehaving \"late\"")])
        #expect(violations.seen.first?.description.hasPrefix("setNeedsLayout() on Misbehaving \"late\" during paint: the tree changes in input") == true,
                "\(violations.seen)")
    }

    @Test func aViewAddedWhileTheTreeLaysOutTripsTheCheck() throws {
        let view = Misbehaving()
        let root = try makeRoot(view, size: Size(20, 20))
        let violations = Violations(on: root)
        view.whilePlacing = { v in
            v.whilePlacing = nil
            v.addChild(View())
        }
        root.frame(into: nil)
        // Adding marks the parent for layout too: two changes the phase forbids.
        #expect(violations.changes == [.subviewsChanged, .layoutMarked] && violations.seen.allSatisfy { $0.phase == .treeLayout },
                "\(violations.seen)")
    }

    @Test func aSurfaceAttachedWhileTheLayersLayOutTripsTheCheck() throws {
        let root = try makeRoot(Probe(Size(10, 10)), size: Size(20, 20))
        let violations = Violations(on: root)
        let surface = Surface(content: Probe(Size(5, 5)))
        let layer = Layer()
        layer.whileLayingOut = { root in if !surface.isAttached { surface.attach(to: root) } }
        root.addLayer(layer)
        root.frame(into: nil)
        #expect(violations.changes == [.surfaceAttached] && violations.seen.first?.phase == .layerLayout, "\(violations.seen)")
        violations.seen.removeAll()
        layer.whileLayingOut = { _ in surface.detach() }
        root.frame(into: nil)
        #expect(violations.changes == [.surfaceDetached], "\(violations.seen)")
    }

    /// What a layer moves and says in its layout is a violation; in its arrival it is not.
    @Test func theFocusMovesAndWordsAreSaidInArrivalNotInLayout() throws {
        let button = Button(action: {}, label: Text("OK"))
        let root = try makeRoot(VStack(children: [button]), size: Size(100, 100))
        let violations = Violations(on: root)
        let layer = Layer()
        root.addLayer(layer)
        layer.whileLayingOut = { root in
            layer.whileLayingOut = nil
            root.focus(button)
            root.announce("moved")
        }
        root.frame(into: nil)
        #expect(violations.changes == [.focusMoved, .announced], "\(violations.seen)")
        violations.seen.removeAll()
        root.focus(nil)
        layer.onArrival = { root in
            layer.onArrival = nil
            root.focus(button)
            root.announce("moved")
        }
        root.frame(into: nil)
        #expect(violations.seen.isEmpty && root.focusedView === button)
    }

    /// A change in arrival that marks layout (a view that lays itself out anew as it gains the
    /// focus) is laid out in the same frame, before painting: nothing is left pending after it.
    @Test func whatArrivalMarksIsLaidOutBeforePainting() throws {
        final class GrowsWhenFocused: View {
            var focused = false
            var placedFocused = false
            override var acceptsKeyboardFocus: Bool { true }
            override func sizeThatFits(_ p: ProposedSize) -> Size { Size(10, focused ? 20 : 10) }
            override func placeSubviews(in bounds: Rect) { placedFocused = focused }
            override func focusChanged(_ focused: Bool) { self.focused = focused; setNeedsLayout() }
        }
        let view = GrowsWhenFocused()
        let root = try makeRoot(VStack(children: [view]), size: Size(100, 100))
        let violations = Violations(on: root)
        let pixmap = try root.makePixmap()
        root.frame(into: pixmap)
        var phaseAtLayerLayout: [FramePhase] = []
        let layer = Layer()
        layer.whileLayingOut = { phaseAtLayerLayout.append($0.phase) }
        layer.onArrival = { root in layer.onArrival = nil; root.focus(view) }
        root.addLayer(layer)
        root.frame(into: pixmap)
        #expect(violations.seen.isEmpty)
        #expect(view.placedFocused && view.frame.height == 20, "laid out with the focus in this frame")
        #expect(!root.needsLayout, "nothing marked after the frame's layout")
        #expect(phaseAtLayerLayout == [.layerLayout, .layerLayout], "the layers laid out again after arrival")
        #expect(root.phase == .idle)
    }

    @Test func aFrameRunInsideAFrameTripsTheCheckAndRunsNothing() throws {
        let root = try makeRoot(Probe(Size(10, 10)), size: Size(20, 20))
        let violations = Violations(on: root)
        var callbacks = 0
        var inner: FrameReport?
        root.addFrameCallback { [unowned root] _ in
            callbacks += 1
            if inner == nil { inner = root.frame(into: nil) }
        }
        root.frame(into: nil)
        #expect(violations.seen == [PhaseViolation(change: .frameReentered, phase: .callbacks, view: nil)])
        #expect(callbacks == 1, "the frame inside did not run its callbacks")
        #expect(inner?.drawn == [] && root.phase == .idle)
        // From a layer's layout too.
        violations.seen.removeAll()
        let layer = Layer()
        layer.whileLayingOut = { root in layer.whileLayingOut = nil; root.frame(into: nil) }
        root.addLayer(layer)
        root.frame(into: nil)
        #expect(violations.changes.contains(.frameReentered) && violations.seen.first?.phase == .layerLayout, "\(violations.seen)")
    }

    /// A root shown inside another runs its frames in that root's animation phase and nowhere else.
    @Test func anEmbeddedRootsFrameOutsideItsHostTripsTheCheck() throws {
        final class Shows: View {
            init(_ embedded: EmbeddedRootView) { super.init(); addChild(embedded) }
            override func placeSubviews(in bounds: Rect) { children[0].place(in: Rect(x: 0, y: 0, width: 20, height: 20)) }
        }
        let clock = VirtualClock()
        let innerRoot = try ViewRoot(content: Probe(Size(20, 20)), size: Size(20, 20), textEngine: FixedMetricTextEngine(), clock: clock)
        let embedding = EmbeddedRootView(embedding: innerRoot)
        let outer = try ViewRoot(content: Shows(embedding), size: Size(50, 50), textEngine: FixedMetricTextEngine(), clock: clock)
        let violations = Violations(on: innerRoot)
        embedding.setNeedsEmbeddedFrame()
        outer.frame(into: nil)
        outer.frame(into: nil)
        #expect(!embedding.needsFirstEmbeddedFrame && violations.seen.isEmpty, "its frame ran inside the outer one")
        innerRoot.invalidateAll()
        innerRoot.frame(into: nil)
        #expect(violations.seen == [PhaseViolation(change: .embeddedFrameOutsideItsHost, phase: .idle, view: "EmbeddedRootView")])
        #expect(innerRoot.needsDisplay, "the refused frame ran nothing")
    }

    /// With the checks off (a release build's default) nothing is reported.
    @Test func withTheChecksOffNothingIsReported() throws {
        let view = Misbehaving()
        let root = try makeRoot(view, size: Size(20, 20))
        let violations = Violations(on: root)
        root.checksPhases = false
        view.whilePainting = { $0.setNeedsLayout() }
        root.frame(into: try root.makePixmap())
        #expect(violations.seen.isEmpty)
    }
}
