@testable import AccessibilityBridge
import Raster
import Testing
import Views

/// The events between two trees (`AccessibleEvents.between`), as a screen reader hears them, with
/// no bus: children coming, going and moving; names, descriptions, states and values changing; a
/// dialog's arrival announced; a text's characters, caret and selection; the focus last.
@Suite struct AccessibleEventsTests {
    typealias S = Screens

    /// The events from `old` to `new` screens (one numbering), as lines.
    static func events(_ old: [SemanticNode], _ new: [SemanticNode]) -> [String] {
        var screens = Screens()
        let a = screens.tree(old), b = screens.tree(new)
        return AccessibleEvents.between(a, b).map(\.line)
    }

    @Test func theSameScreenAgainSaysNothing() {
        let screen = [S.button("a"), S.step("Step 1 of 2: Cards", "Each card."), S.field("name", "Zoë", caret: 1)]
        #expect(Self.events(screen, screen) == [])
    }

    @Test func anAppendedChildIsAddedAtItsPlace() {
        // Screen 1, a 2, b 3; c is new: 4.
        #expect(Self.events([S.button("a"), S.button("b")], [S.button("a"), S.button("b"), S.button("c")])
                == ["/1 ChildrenChanged:add 2 0 ref /4"])
    }

    @Test func aChildInsertedOrRemovedInTheMiddleSaysWhere() {
        #expect(Self.events([S.button("a"), S.button("c")], [S.button("a"), S.button("b"), S.button("c")])
                == ["/1 ChildrenChanged:add 1 0 ref /4"])
        #expect(Self.events([S.button("a"), S.button("b"), S.button("c")], [S.button("a"), S.button("c")])
                == ["/1 ChildrenChanged:remove 1 0 ref /3"])
    }

    @Test func childrenThatMovedAllGoAndComeBackInTheirNewOrder() {
        #expect(Self.events([S.button("a"), S.button("b"), S.button("c")], [S.button("c"), S.button("a"), S.button("b")]) == [
            "/1 ChildrenChanged:remove 0 0 ref /2", "/1 ChildrenChanged:remove 1 0 ref /3", "/1 ChildrenChanged:remove 2 0 ref /4",
            "/1 ChildrenChanged:add 0 0 ref /4", "/1 ChildrenChanged:add 1 0 ref /2", "/1 ChildrenChanged:add 2 0 ref /3",
        ])
    }

    @Test func namesAndDescriptionsThatChangeAreSent() {
        var described = S.button("a", "Alpha")
        described.description = "The first."
        #expect(Self.events([S.button("a")], [described])
                == ["/2 PropertyChange:accessible-name 0 0 \"Alpha\"", "/2 PropertyChange:accessible-description 0 0 \"The first.\""])
    }

    @Test func statesThatChangeAreSentEachOnItsOwn() {
        #expect(Self.events([S.button("a")], [S.button("a", state: .disabled)])
                == ["/2 StateChanged:enabled 0 0 0", "/2 StateChanged:sensitive 0 0 0"])
        #expect(Self.events([S.button("a", state: .disabled)], [S.button("a")])
                == ["/2 StateChanged:enabled 1 0 0", "/2 StateChanged:sensitive 1 0 0"])
        #expect(Self.events([S.button("a", state: .checked)], [S.button("a", state: [.selected, .busy])])
                == ["/2 StateChanged:checked 0 0 0", "/2 StateChanged:selected 1 0 0", "/2 StateChanged:busy 1 0 0"])
    }

    @Test func aValueThatMovesIsSentAndOneThatGoesIsNot() {
        func slider(_ value: Double?) -> SemanticNode {
            var node = SemanticNode(role: .slider, label: "Volume", id: "volume", frame: Rect(x: 0, y: 0, width: 200, height: 30), actions: [.increment, .decrement])
            node.value = value.map { SemanticValue(current: $0, minimum: 0, maximum: 100, text: "\(Int($0))%") }
            return node
        }
        #expect(Self.events([slider(30)], [slider(40)]) == ["/2 PropertyChange:accessible-value 0 0 0"])
        #expect(Self.events([slider(30)], [slider(nil)]) == [])
    }

    @Test func anArrivingDialogIsAnnouncedWithItsDescription() {
        let lines = Self.events([S.button("a")], [S.button("a"), S.step("Step 1 of 2: Cards", "Each card shows a picture.")])
        // The dialog is 3 (its text 4, its Next 5), added to the screen, then announced politely.
        #expect(lines == ["/1 ChildrenChanged:add 1 0 ref /3", "/3 Announcement 1 0 \"Step 1 of 2: Cards. Each card shows a picture.\""])
        // A dialog with no name is not announced; one that stays is announced once, when it came.
        #expect(Self.events([], [S.step("", "Nameless.")]) == ["/1 ChildrenChanged:add 0 0 ref /2"])
        let step = S.step("Step 1 of 2: Cards", "Each card.")
        #expect(Self.events([step], [step]) == [])
    }

    @Test func theNextStepIsANewDialogWithANewNextButton() {
        let first = S.step("Step 1 of 2: Cards", "Each card."), second = S.step("Step 2 of 2: Menu", "The menu.")
        var screens = Screens()
        let a = screens.tree([first]), b = screens.tree([second])
        #expect(a.path("overlay.bubble.next") != b.path("overlay.bubble.next"), "each step's Next has its own path")
        #expect(AccessibleEvents.between(a, b).map(\.line) == [
            "/1 ChildrenChanged:remove 0 0 ref /2", "/1 ChildrenChanged:add 0 0 ref /5", "/5 Announcement 1 0 \"Step 2 of 2: Menu. The menu.\"",
        ])
    }

    @Test func aDialogsTargetsSendNothingOfTheirOwn() {
        // The step points at the screen's own button: its copy beneath the dialog is the same element.
        let lines = Self.events([S.button("far")], [S.button("far"), S.step("Step 1 of 1: Far", "Down there.", targets: [S.button("far")])])
        #expect(lines == ["/1 ChildrenChanged:add 1 0 ref /3", "/3 Announcement 1 0 \"Step 1 of 1: Far. Down there.\""])
    }

    @Test func theFocusMovesLastFromTheOldElementToTheNew() {
        let lines = Self.events([S.button("a", state: .focused), S.button("b")], [S.button("a", "Alpha"), S.button("b", state: .focused)])
        #expect(lines == ["/2 PropertyChange:accessible-name 0 0 \"Alpha\"", "/2 StateChanged:focused 0 0 0", "/3 StateChanged:focused 1 0 0"])
        // From an element that is gone: only the new one says it has the focus.
        #expect(Self.events([S.button("a", state: .focused)], [S.button("b", state: .focused)])
                == ["/1 ChildrenChanged:remove 0 0 ref /2", "/1 ChildrenChanged:add 0 0 ref /3", "/3 StateChanged:focused 1 0 0"])
        // To nothing: the old one says it lost it.
        #expect(Self.events([S.button("a", state: .focused)], [S.button("a")]) == ["/2 StateChanged:focused 0 0 0"])
    }

    @Test func typedTextIsAnInsertAtItsPlaceThenTheCaret() {
        #expect(Self.events([S.field("f", "abc", caret: 2)], [S.field("f", "abXc", caret: 3)])
                == ["/2 TextChanged:insert 2 1 \"X\"", "/2 TextCaretMoved 3 0 0"])
        // A replaced letter is a delete and an insert; a deleted word only a delete.
        #expect(Self.events([S.field("f", "Zoë", caret: 3)], [S.field("f", "Zoe", caret: 3)])
                == ["/2 TextChanged:delete 2 1 \"ë\"", "/2 TextChanged:insert 2 1 \"e\"", "/2 TextCaretMoved 3 0 0"])
        #expect(Self.events([S.field("f", "two words", caret: 9)], [S.field("f", "two", caret: 3)])
                == ["/2 TextChanged:delete 3 6 \" words\"", "/2 TextCaretMoved 3 0 0"])
    }

    @Test func offsetsAreCodePointsAsATSPICountsThem() {
        // 👩‍👩‍👧 is one character of five code points: deleting it deletes five, and a caret after
        // it and one more letter stands at code point 6.
        #expect(Self.events([S.field("f", "a👩‍👩‍👧b", caret: 2)], [S.field("f", "ab", caret: 1)])
                == ["/2 TextChanged:delete 1 5 \"👩‍👩‍👧\"", "/2 TextCaretMoved 1 0 0"])
        #expect(Self.events([S.field("f", "👩‍👩‍👧", caret: 1)], [S.field("f", "👩‍👩‍👧x", caret: 2)])
                == ["/2 TextChanged:insert 5 1 \"x\"", "/2 TextCaretMoved 6 0 0"])
    }

    @Test func aSelectionOrACaretAloneIsSaidWithoutText() {
        #expect(Self.events([S.field("f", "abc", caret: 1)], [S.field("f", "abc", caret: 1, selection: 0..<2)])
                == ["/2 TextSelectionChanged 0 0 0"])
        #expect(Self.events([S.field("f", "abc", caret: 1)], [S.field("f", "abc", caret: 3)]) == ["/2 TextCaretMoved 3 0 0"])
        // A text with no caret (a label) that changes says no caret.
        #expect(Self.events([S.field("f", "abc")], [S.field("f", "abd")])
                == ["/2 TextChanged:delete 2 1 \"c\"", "/2 TextChanged:insert 2 1 \"d\""])
    }

    @Test func childrenComeFirstThenPropertiesThenTheAnnouncementThenTheFocus() {
        let lines = Self.events([S.button("a", state: .focused), S.button("b")],
                                [S.button("b", "Bravo", state: .focused), S.step("Step 1 of 1: Here", "Look.")])
            .map { String($0.split(separator: " ")[1]) }
        #expect(lines == ["ChildrenChanged:remove", "ChildrenChanged:add", "PropertyChange:accessible-name", "Announcement", "StateChanged:focused"],
                "\(lines)")
    }

    @Test func eventsBetweenTreesOfAnySizeNeverTrap() {
        // Numbers beyond Int32 clamp; a tree of a thousand children to none and back.
        let many = (0..<1000).map { S.button("b\($0)", y: Double($0) * 44) }
        var screens = Screens()
        let full = screens.tree(many), empty = screens.tree([])
        #expect(AccessibleEvents.between(full, empty).count == 1000)
        #expect(AccessibleEvents.between(empty, full).count == 1000)
        let huge = String(repeating: "é", count: 100_000)
        #expect(AccessibleEvents.textEvents("/f", SemanticText("", caret: 0), SemanticText(huge, caret: 100_000)).map(\.detail2) == [100_000, 0])
    }
}
