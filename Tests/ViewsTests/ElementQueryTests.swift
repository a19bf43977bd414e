import Raster
import Testing
@testable import Views

/// How anchors find an element: every anchor agreeing, a drift found by the stable ones, and the
/// failures that name the nearest elements instead of guessing.
@Suite struct ElementQueryTests {
    static func node(_ role: SemanticRole, _ label: String, id: String? = nil, text: String? = nil, y: Double = 0,
                     children: [SemanticNode] = []) -> SemanticNode {
        var n = SemanticNode(role: role, label: label, id: id, frame: Rect(x: 0, y: y, width: 100, height: 40), children: children)
        n.visibleText = text
        return n
    }

    /// A screen: a list of two cards each with an "Open" button, a toolbar with Add and Delete.
    static let screen: [SemanticNode] = [
        node(.list, "Cards", id: "grid", children: [
            node(.button, "Open Tokyo", id: "card.tokyo", text: "Open", y: 0),
            node(.button, "Open Kyoto", id: "card.kyoto", text: "Open", y: 50),
        ]),
        node(.tabBar, "Tabs", children: [
            node(.button, "Add card", id: "add", text: "Add", y: 100),
            node(.button, "Delete", text: "Delete", y: 150),
            node(.tab, "Home", id: "tab.home", y: 200),
        ]),
    ]

    let elements = ElementList(ElementQueryTests.screen)

    @Test func everyAnchorAgreeingFindsTheElement() {
        #expect(elements.resolve(ElementQuery(id: "add", role: .button, name: "Add card")).isExact)
        #expect(elements.resolve(ElementQuery(role: .button, name: "Delete")).element?.label == "Delete")
        // Names match whole, runs of white space as one.
        #expect(elements.resolve(ElementQuery(role: .button, name: "  Add\n card ")).element?.id == "add")
        #expect(elements.resolve(ElementQuery(role: .button, name: "Add\u{00A0}card")).element?.id == "add", "a no-break space is white space too")
        #expect(ElementList.normalized("カードを追加") == "カードを追加" && ElementList.normalized("a\u{3000} b") == "a b")
        #expect(elements.resolve(ElementQuery(role: .button, name: "Add")).element == nil, "a part of a name is not the name")
    }

    @Test func severalMatchesAreAmbiguousUntilIndexOrWithinNarrowsThem() {
        var q = ElementQuery(role: .button, name: "Open Tokyo")
        q.name = nil
        q.text = "Open"
        q.role = .button
        // Text alone is no query that holds, but it resolves strictly: two buttons say "Open".
        guard case .ambiguous(let nodes) = elements.resolve(q) else { Issue.record("expected ambiguous"); return }
        #expect(nodes.map(\.id) == ["card.tokyo", "card.kyoto"])
        q.index = 1
        #expect(elements.resolve(q).element?.id == "card.kyoto")
        q.index = 2
        #expect(elements.resolve(q).element == nil, "an index past the matches finds nothing")
        let inTabs = ElementQuery(role: .button, name: "Delete", within: ElementQuery(role: .tabBar, name: "Tabs"))
        #expect(elements.resolve(inTabs).isExact)
        let inGrid = ElementQuery(role: .button, name: "Delete", within: ElementQuery(id: "grid"))
        guard case .drifted(let found, let agreeing) = elements.resolve(inGrid) else { Issue.record("expected a drift"); return }
        #expect(found.label == "Delete" && agreeing == [.role, .name], "moved out of its container: found by role and name")
    }

    @Test func aRenamedIdIsFoundByRoleAndNameAsADrift() {
        let q = ElementQuery(id: "addButton", role: .button, name: "Add card")
        let r = elements.resolve(q)
        guard case .drifted(let node, let agreeing) = r else { Issue.record("expected a drift, got \(r)"); return }
        #expect(node.id == "add" && agreeing == [.role, .name])
        #expect(r.disagreeing(of: q) == [.id])
        #expect(r.message(for: q) == "the target (id \"addButton\" role button name \"Add card\") changed: found button \"Add card\" (id \"add\") by its role and name; id no longer agrees")
    }

    @Test func aRelabelledElementIsFoundByItsIdAsADrift() {
        let q = ElementQuery(id: "add", role: .button, name: "New card")
        guard case .drifted(let node, let agreeing) = elements.resolve(q) else { Issue.record("expected a drift"); return }
        #expect(node.id == "add" && agreeing == [.id, .role])
        #expect(elements.resolve(q).disagreeing(of: q) == [.name])
    }

    @Test func idAndNameFindingDifferentElementsIsAConflictNotAGuess() {
        // The id now belongs to Delete, and "Add card" is still there: which is meant is unknown.
        let q = ElementQuery(id: "add", role: .button, name: "Delete", text: "Add")
        let r = elements.resolve(q)
        guard case .conflicting(let byID, let byName) = r else { Issue.record("expected a conflict, got \(r)"); return }
        #expect(byID.id == "add" && byName.label == "Delete")
        #expect(r.element == nil)
        #expect(r.message(for: q)?.contains("its id finds button \"Add card\" (id \"add\") and its role and name find button \"Delete\"") == true)
    }

    @Test func aDeletedElementIsMissingWithTheNearestNamed() {
        let q = ElementQuery(id: "card.osaka", role: .button, name: "Open Osaka")
        let r = elements.resolve(q)
        guard case .missing(let nearest) = r else { Issue.record("expected missing, got \(r)"); return }
        #expect(nearest.first?.id == "card.tokyo" || nearest.first?.id == "card.kyoto")
        #expect(nearest.count <= 3)
        #expect(r.message(for: q)?.hasPrefix("the target (id \"card.osaka\" role button name \"Open Osaka\") is not on the screen (nearest: button \"Open") == true)
        let nothing = elements.resolve(ElementQuery(id: "zzzzzzzz"))
        #expect(nothing.message(for: ElementQuery(id: "zzzzzzzz")) == "the target (id \"zzzzzzzz\") is not on the screen (nothing on the screen is like it)")
    }

    @Test func anIdAloneNeverFallsBackAndAnIdTwiceIsAmbiguous() {
        let twice = ElementList([ElementQueryTests.node(.button, "A", id: "x"), ElementQueryTests.node(.button, "B", id: "x", y: 50)])
        guard case .ambiguous(let both) = twice.resolve(ElementQuery(id: "x")) else { Issue.record("expected ambiguous"); return }
        #expect(both.count == 2)
        #expect(twice.resolve(ElementQuery(id: "x", index: 1)).element?.label == "B")
        #expect(twice.resolve(ElementQuery(id: "x", role: .button, name: "B")).element?.label == "B")
    }

    /// On a live root: the tree's elements, laid out; a button's visible text is its title and its
    /// name the label that overrides it; a layout view lends its id to the one element inside.
    @MainActor @Test func aLiveRootResolvesOnItsTreeAndFollowsLayout() throws {
        let add = Button(action: {}, label: Text("Add"))
        add.accessibilityLabel = "Add card"
        let wrapper = FrameView(width: 120, height: 44, child: add)
        wrapper.id = "add"
        let stack = VStack(children: [Text("Title"), wrapper])
        let root = try makeRoot(stack, size: Size(200, 200))
        root.frame(into: nil)
        let r = root.resolve(ElementQuery(role: .button, name: "Add card", text: "Add"))
        #expect(r.isExact && r.element?.id == "add")
        #expect(root.frame(of: r.element!) == wrapper.frame, "the hole is the view with the id, as a view target's")
        let first = root.appElements
        #expect(root.appElements.elements == first.elements, "made once per layout")
        add.accessibilityLabel = "New card"
        wrapper.setNeedsLayout()
        root.frame(into: nil)
        #expect(root.resolve(ElementQuery(role: .button, name: "Add card")).element == nil)
        #expect(root.resolve(ElementQuery(role: .button, name: "New card")).element?.id == "add")
    }

    @Test func likenessIsOneLessTheEditDistanceOverTheLongerLength() {
        #expect(ElementList.likeness("abc", "abc") == 1)
        #expect(ElementList.likeness("abc", "abd") == 1 - 1.0 / 3)
        #expect(ElementList.likeness("", "abcd") == 0)
        #expect(ElementList.likeness("kitten", "sitting") == 1 - 3.0 / 7)
    }
}
