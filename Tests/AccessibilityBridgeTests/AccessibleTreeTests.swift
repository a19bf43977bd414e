@testable import AccessibilityBridge
import Raster
import Testing
import Views

/// A semantics tree as the bridge serves it (`AccessibleTree`), with no bus: flattened with its
/// parents and children, numbered on the bus so an element keeps its path while it stays (by id,
/// by place without one, and inside a dialog by the dialog's name), a dialog's targets beside it,
/// and points found in the topmost element.
@Suite struct AccessibleTreeTests {
    typealias S = Screens

    @Test func theTreeIsFlattenedWithItsParentsAndChildren() {
        var screens = Screens()
        let list = SemanticNode(role: .list, label: "Cards", frame: Rect(x: 0, y: 100, width: 390, height: 600),
                                children: [S.button("card.1", y: 100), S.button("card.2", y: 200)])
        let tree = screens.tree([S.button("fab", y: 700), list])
        #expect(tree.elements.map(\.name) == ["", "Fab", "Cards", "Card.1", "Card.2"])
        #expect(tree.elements.map(\.parent) == [nil, 0, 0, 2, 2])
        #expect(tree.elements.map(\.children) == [[1, 2], [], [3, 4], [], []])
        #expect(tree.elements.map(\.number) == [1, 2, 3, 4, 5])
        #expect(tree.focused == nil)
    }

    @Test func anElementKeepsItsNumberWhileItStaysAndGetsItBackWhenItReturns() {
        var screens = Screens()
        let first = screens.tree([S.button("a"), S.button("b")])
        let second = screens.tree([S.button("b"), S.button("c")])
        let third = screens.tree([S.button("a"), S.button("c")])
        #expect(first.path("b") == second.path("b"))
        #expect(second.path("c") == "/org/a11y/atspi/accessible/4", "a new element a new number")
        #expect(third.path("a") == first.path("a"), "numbers last as long as the bridge runs")
    }

    @Test func anElementWithoutAnIdIsNumberedByItsPlace() {
        var screens = Screens()
        let text = SemanticNode(role: .text, label: "Hello", frame: Rect(x: 0, y: 0, width: 100, height: 20))
        let before = screens.tree([text])
        let moved = screens.tree([S.button("a"), text])
        #expect(before.path(named: "Hello") != moved.path(named: "Hello"), "another place, another element")
        #expect(screens.tree([text]).path(named: "Hello") == before.path(named: "Hello"))
    }

    @Test func whatIsInsideADialogIsNumberedByTheDialogsName() {
        var screens = Screens()
        let one = screens.tree([S.step("Step 1 of 2: Cards", "Each card.")])
        let two = screens.tree([S.step("Step 2 of 2: Menu", "The menu.")])
        let oneAgain = screens.tree([S.step("Step 1 of 2: Cards", "Each card.")])
        #expect(one.path("overlay.bubble.next") != two.path("overlay.bubble.next"))
        #expect(one.path(named: "Step 1 of 2: Cards") != two.path(named: "Step 2 of 2: Menu"))
        #expect(oneAgain.path("overlay.bubble.next") == one.path("overlay.bubble.next"), "the same step is the same dialog")
    }

    @Test func aDialogIsDescribedByItsTextAndPointsAtItsTargets() {
        var screens = Screens()
        let tree = screens.tree([S.button("far", y: 700), S.step("Step 1 of 1: Far", "Down there.", targets: [S.button("far", y: 700)])])
        let dialog = tree.elements.firstIndex { $0.role == .dialog }!
        let text = tree.elements.firstIndex { $0.name == "Down there." }!
        #expect(tree.elements[dialog].describedBy == text && tree.elements[text].describes == dialog)
        // The target is a copy beside the dialog's children, with no parent, numbered as the screen's own.
        let target = tree.elements[dialog].targets.first!
        #expect(tree.elements[target].parent == nil && !tree.elements[dialog].children.contains(target))
        #expect(tree.elements[target].number == tree.elements[1].number)
        #expect(tree.element(numbered: tree.elements[1].number) == 1, "the number names the screen's element")
        #expect(AccessibleCache.reachable(tree) == Array(0..<target), "the copy is not reached from the screen")
    }

    @Test func aPointFindsTheTopmostElementUnderIt() {
        var screens = Screens()
        let back = SemanticNode(role: .list, label: "List", frame: Rect(x: 0, y: 0, width: 390, height: 400),
                                children: [S.button("inner", y: 10)])
        let tree = screens.tree([back, S.step("Step 1 of 1: Over", "Over it.")])
        #expect(tree.elements[tree.element(at: Point(x: 50, y: 20))!].id == "inner")
        #expect(tree.elements[tree.element(at: Point(x: 200, y: 200))!].name == "List")
        // The dialog, drawn last, is over the list where both are; its Next over it.
        #expect(tree.elements[tree.element(at: Point(x: 200, y: 310))!].role == .dialog)
        #expect(tree.elements[tree.element(at: Point(x: 50, y: 420))!].id == "overlay.bubble.next")
        #expect(tree.element(at: Point(x: -1, y: 0)) == nil && tree.element(at: Point(x: .nan, y: .nan)) == nil)
        #expect(tree.element(at: Point(x: 389, y: 843)) == 0, "the screen itself")
    }

    @Test func theFocusedElementIsTheFirstThatSaysSo() {
        var screens = Screens()
        let tree = screens.tree([S.button("a"), S.button("b", state: .focused), S.field("f", "", caret: 0)])
        #expect(tree.focused == 2)
    }

    @Test func numbersAreGivenInOrderOfFirstSight() {
        var numbers = ElementNumbers()
        #expect([numbers.number(for: "a"), numbers.number(for: "b"), numbers.number(for: "a"), numbers.number(for: "")] == [1, 2, 1, 3])
    }
}
