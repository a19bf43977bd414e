import Testing
import Raster
import Views
@testable import Overlays

extension SemanticNode {
    /// This node and every node inside it, depth first.
    var flattened: [SemanticNode] { [self] + children.flatMap(\.flattened) }
}

extension View {
    /// The first view of type `T` in this subtree, depth first.
    func firstDescendant<T: View>(of type: T.Type) -> T? {
        if let me = self as? T { return me }
        for c in children { if let found = c.firstDescendant(of: type) { return found } }
        return nil
    }
}

/// The checklist overlay: a launcher that leaves the app usable, a panel that opens and closes,
/// items chosen by tap and by keyboard, ticks on the root's clock, its semantics, its corners
/// mirrored right to left, and standing aside under a step so it never covers a hole.
@Suite(.serialized) @MainActor struct ChecklistOverlayTests {
    static func content(done: Set<String> = ["a"]) -> ChecklistContent {
        let items = [("a", "Take the tour", true), ("b", "Add a box", true), ("c", "Open B", false)].map { id, title, launches in
            ChecklistContent.Item(id: id, title: title, detail: id == "b" ? "Tap the round button." : "",
                                  state: done.contains(id) ? .done : (id == "c" && !done.contains("b") ? .waiting : .toDo), launches: launches)
        }
        let n = items.filter { $0.state == .done }.count
        return ChecklistContent(title: "Get started", items: items, progressText: "\(n) of 3 done", closeLabel: "Close")
    }

    func shown(_ f: OverlayFixture, corner: ChecklistOverlay.Corner = .bottomLeading) -> (ChecklistOverlay, [Int]) {
        let list = ChecklistOverlay(content: Self.content(), corner: corner, offset: Size(16, 70))
        f.stack.present(list, animated: false)
        f.settle()
        return (list, [])
    }

    @Test func theLauncherLeavesTheAppUsableAndOpensThePanel() throws {
        let f = try OverlayFixture()
        let (list, _) = shown(f)
        f.tap(f.center(of: "box.1"))
        #expect(f.taps == ["box.1"], "the app beneath takes taps beside the launcher")
        #expect(!list.isModal)
        f.tap(f.center(of: "overlay.checklist.launcher"))
        f.advance(0.3)
        #expect(list.isOpen && list.isModal)
        #expect(f.root.view(withID: "overlay.checklist")?.isPlaced == true)
        #expect(f.root.focusedView?.id == "overlay.checklist.item.b", "the focus goes to the first item to do")
        f.tap(f.center(of: "box.0"))
        f.advance(0.3)
        #expect(!list.isOpen && f.taps == ["box.1"], "a tap outside closes the panel and reaches nothing")
        #expect(f.root.view(withID: "overlay.checklist")?.isPlaced != true, "the panel's views go once it has faded")
    }

    @Test func choosingAnItemReportsItAndClosesThePanel() throws {
        let f = try OverlayFixture()
        let (list, _) = shown(f)
        var chosen: [Int] = []
        list.onChoose = { chosen.append($0) }
        list.open()
        f.advance(0.3)
        f.tap(f.center(of: "overlay.checklist.item.b"))
        #expect(chosen == [1] && !list.isOpen)
        // A waiting item cannot be chosen; Enter on a focused item chooses it.
        list.open()
        f.advance(0.3)
        f.tap(f.center(of: "overlay.checklist.item.c"))
        #expect(chosen == [1] && list.isOpen)
        f.root.send(.key(.enter, modifiers: []))
        #expect(chosen == [1, 1])
        list.open()
        f.advance(0.3)
        f.root.send(.key(.escape, modifiers: []))
        #expect(!list.isOpen)
    }

    @Test func anItemThatTurnsDoneTicksInOnTheClock() throws {
        let f = try OverlayFixture()
        let (list, _) = shown(f)
        list.open()
        f.advance(0.3)
        list.show(Self.content(done: ["a", "b"]))
        let mark = try #require(f.root.view(withID: "overlay.checklist.item.b")?.firstDescendant(of: ChecklistMark.self))
        #expect(mark.state == .done && mark.tick == 0)
        f.advance(0.1)
        #expect(mark.tick > 0 && mark.tick < 1)
        f.advance(0.4)
        #expect(mark.tick == 1)
        // Under reduced motion it shows at once.
        f.root.reducesMotion = true
        list.show(Self.content(done: ["a", "b", "c"]))
        let other = try #require(f.root.view(withID: "overlay.checklist.item.c")?.firstDescendant(of: ChecklistMark.self))
        #expect(other.state == .done && other.tick == 1)
    }

    @Test func itsSemanticsAreALauncherThenADialogOfItems() throws {
        let f = try OverlayFixture()
        let (list, _) = shown(f)
        let closed = list.semanticNode(root: f.root)
        #expect(closed.role == .button && closed.label == "Get started, 1 of 3 done")
        list.open()
        f.advance(0.3)
        let open = list.semanticNode(root: f.root)
        #expect(open.role == .dialog && open.label == "Get started" && open.description == "1 of 3 done")
        let items = open.flattened.filter { $0.id?.hasPrefix("overlay.checklist.item.") == true }
        #expect(items.map(\.label) == ["Take the tour", "Add a box", "Open B"])
        #expect(items[0].state.contains(.checked) && !items[1].state.contains(.checked) && items[2].state.contains(.disabled))
        #expect(open.flattened.contains { $0.role == .progressBar })
    }

    @Test func tabReachesTheLauncherFromTheAppAndTheScreenReaderSeesBoth() throws {
        let f = try OverlayFixture()
        let (list, _) = shown(f)
        var order: [String] = []
        for _ in 0..<12 {
            f.root.send(.key(.tab, modifiers: []))
            f.settle()
            order.append(f.root.focusedView?.id ?? "none")
            if order.last == "overlay.checklist.launcher" { break }
        }
        #expect(order.last == "overlay.checklist.launcher" && order.contains("fab"), "the app's views, then the launcher: \(order)")
        // Closed, the app and the launcher are both in the tree; open, the panel hides the app.
        let closed = f.root.semanticsTree().flattened
        #expect(closed.contains { $0.id == "fab" } && closed.contains { $0.id == "overlay.checklist.launcher" && $0.role == .button })
        f.root.send(.key(.enter, modifiers: []))
        f.advance(0.3)
        #expect(list.isOpen)
        let open = f.root.semanticsTree().flattened
        #expect(!open.contains { $0.id == "fab" } && open.contains { $0.id == "overlay.checklist" && $0.role == .dialog })
        // Escape gives the focus back to the launcher.
        f.root.send(.key(.escape, modifiers: []))
        f.advance(0.3)
        #expect(!list.isOpen && f.root.focusedView?.id == "overlay.checklist.launcher")
    }

    @Test func aLongChecklistScrollsInsideTheScreen() throws {
        let f = try OverlayFixture()
        let items = (0..<20).map { ChecklistContent.Item(id: "i\($0)", title: "Task number \($0)", detail: $0 % 3 == 0 ? "What it asks of you." : "", launches: true) }
        let list = ChecklistOverlay(content: ChecklistContent(title: "Many", items: items, progressText: "0 of 20 done", closeLabel: "Close"),
                                    offset: Size(16, 70))
        f.stack.present(list, animated: false)
        f.settle()
        list.open()
        f.advance(0.3)
        let panel = f.frame(of: "overlay.checklist"), launcher = f.frame(of: "overlay.checklist.launcher")
        let safe = f.root.bounds.inset(by: f.root.safeArea)
        #expect(panel.minY >= safe.minY && panel.maxY <= launcher.minY, "the panel stays on the screen above its launcher: \(panel)")
        let last = try #require(f.root.view(withID: "overlay.checklist.item.i19"))
        #expect(!last.isPlaced || last.frame.minY >= panel.maxY, "the last row is out of sight at first")
        let middle = f.center(of: "overlay.checklist")
        for _ in 0..<40 { f.root.send(.wheel(dy: 120, at: middle)); f.settle() }
        let scroll = try #require(f.root.view(withID: "overlay.checklist")?.firstDescendant(of: ScrollView.self))
        #expect(last.isPlaced && last.frame.maxY <= panel.maxY && last.frame.minY >= panel.minY,
                "the wheel brings it in: \(last.frame) in \(panel), scrolled \(scroll.contentOffset) of \(scroll.maxOffset) in \(scroll.frame)")
        // A short checklist does not scroll.
        let g = try OverlayFixture()
        let short = ChecklistOverlay(content: Self.content(), offset: Size(16, 70))
        g.stack.present(short, animated: false)
        g.settle()
        short.open()
        g.advance(0.3)
        let box = try #require(g.root.view(withID: "overlay.checklist")?.firstDescendant(of: ScrollView.self))
        #expect(box.maxOffset == 0)
    }

    @Test func theCornersMirrorRightToLeft() throws {
        let f = try OverlayFixture()
        _ = shown(f, corner: .bottomLeading)
        let ltr = f.frame(of: "overlay.checklist.launcher")
        #expect(ltr.minX < 40 && ltr.maxY <= 844 - 70 + 4)
        let g = try OverlayFixture()
        g.root.layoutDirection = .rightToLeft
        _ = shown(g, corner: .bottomLeading)
        let rtl = g.frame(of: "overlay.checklist.launcher")
        #expect(rtl.maxX > 390 - 40 && rtl.minY == ltr.minY)
    }

    @Test func underAStepTheLauncherStandsAsideAndComesBack() throws {
        let f = try OverlayFixture()
        let (list, _) = shown(f, corner: .bottomTrailing)
        let spot = SpotlightOverlay(holes: [Hole(target: .view("fab"))], coachMark: CoachMark(text: "Add a box."))
        f.stack.present(spot, animated: false)
        f.settle()
        #expect(list.standsAside)
        #expect(f.root.view(withID: "overlay.checklist.launcher")?.isPlaced != true, "nothing of the checklist is drawn over the hole")
        let withChecklist = try f.frame()
        // The same step on the same app without the checklist: not a pixel differs.
        let g = try OverlayFixture()
        g.stack.present(SpotlightOverlay(holes: [Hole(target: .view("fab"))], coachMark: CoachMark(text: "Add a box.")), animated: false)
        g.settle()
        #expect(withChecklist.hasSamePixels(as: try g.frame()), "the checklist drew under the step")
        spot.dismiss(animated: false)
        f.settle()
        #expect(!list.standsAside && f.root.view(withID: "overlay.checklist.launcher")?.isPlaced == true)
    }
}
