@testable import AccessibilityBridge
import Raster
import Testing
import Views

/// AT-SPI2's cache with no bus: what `GetItems` answers (every element a client reaches, each with
/// its parent, place, children, interfaces, name, role, description and states), and a client
/// that keeps it by the bridge's signals alone (`CacheClient`, libatspi's rules) holding, after any
/// change of the screen, what a client asking afresh reads.
@Suite struct AccessibleCacheTests {
    typealias S = Screens
    static let root = "/org/a11y/atspi/accessible/root"

    @Test func getItemsSaysEveryReachableElementOnceInTreeOrder() throws {
        var screens = Screens()
        let tree = screens.tree([S.button("fab"), S.field("name", "Zoë", caret: 1), S.step("Step 1 of 1: Fab", "Tap it.", targets: [S.button("fab")])])
        let items = CacheClient.items(of: tree)
        #expect(items.map(\.path) == (0..<6).map { "/org/a11y/atspi/accessible/\(tree.elements[$0].number)" }, "not the dialog's copy of the FAB")
        #expect(items.count == AccessibleCache.reachable(tree).count)
        // The screen hangs from the application, at its first place.
        #expect([items[0].parent, "\(items[0].index)", "\(items[0].count)", "\(items[0].role)"] == [Self.root, "0", "3", "23"])
        // A button: its parent, place, no children, its role (push button) and states (enabled,
        // sensitive, visible, showing, focusable).
        let fab = items[1]
        #expect([fab.parent, "\(fab.index)", "\(fab.count)", fab.name, "\(fab.role)"] == [tree.screenPath, "0", "0", "Fab", "43"])
        let bits: [UInt32] = [8, 24, 30, 25, 11]
        #expect(fab.states == [bits.reduce(UInt32(0)) { $0 | 1 << $1 }, 0])
        // The dialog's Next is at its place inside it; the dialog says it is modal, and its text describes it.
        let next = try #require(items.first { $0.path == tree.path("overlay.bubble.next") })
        #expect(next.parent == tree.path(named: "Step 1 of 1: Fab") && next.index == 1)
        let dialog = try #require(items.first { $0.role == 16 })
        #expect(dialog.description == "Tap it." && dialog.states[0] & (1 << 16) != 0)
    }

    @Test func eachItemNamesItsInterfaces() throws {
        var screens = Screens()
        let tree = screens.tree([S.button("fab"), S.field("name", "Zoë")])
        var reply = RecordedReply()
        AccessibleCache.items(into: &reply, context: AccessibleObject.Context(tree: tree))
        #expect(!reply.failed && reply.signature == "a(" + AccessibleCache.itemSignature + ")")
        guard case .container("a", _, let items)? = reply.values.first, case .container("r", _, let field) = items[2],
              case .container("a", "s", let names) = field[5] else { Issue.record("\(reply.values)"); return }
        #expect(names == ["org.a11y.atspi.Accessible", "org.a11y.atspi.Component", "org.a11y.atspi.Action", "org.a11y.atspi.Text"].map(RecordedReply.Value.string))
        // With no tree (before the first publish) the reply is an empty list, still sendable.
        var empty = RecordedReply()
        AccessibleCache.items(into: &empty, context: AccessibleObject.Context(tree: nil))
        #expect(!empty.failed && empty.values == [.container("a", "(" + AccessibleCache.itemSignature + ")", [])])
    }

    // MARK: - A client's cache after the screen changes

    /// Has a client meet `old`, sends it the bridge's signals to `new`, and says where what it then
    /// holds differs from what a client asking afresh reads.
    static func followed(_ old: [SemanticNode], _ new: [SemanticNode]) -> (cached: CacheClient.Node?, fresh: CacheClient.Node?) {
        var screens = Screens()
        let a = screens.tree(old), b = screens.tree(new)
        var client = CacheClient(meeting: a)
        for signal in AccessibilityBridge.signals(from: a, to: b) { client.take(signal) }
        let truth = Dictionary(CacheClient.items(of: b).map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        return (client.walk(b.screenPath, truth: truth), CacheClient.fresh(b.screenPath, truth: truth))
    }

    static let abc = [S.button("a"), S.button("b"), S.button("c")]

    @Test func aCachedClientSeesAnAppendedChild() {
        let seen = Self.followed([S.button("a"), S.button("b")], Self.abc)
        #expect(seen.cached == seen.fresh, "\(String(describing: seen.cached)) vs \(String(describing: seen.fresh))")
    }

    @Test func aCachedClientSeesAChildInsertedInTheMiddleAndItsSiblings() {
        let seen = Self.followed([S.button("a"), S.button("c")], Self.abc)
        #expect(seen.cached == seen.fresh, "\(String(describing: seen.cached)) vs \(String(describing: seen.fresh))")
        let first = Self.followed([S.button("b"), S.button("c")], Self.abc)
        #expect(first.cached == first.fresh, "\(String(describing: first.cached)) vs \(String(describing: first.fresh))")
    }

    @Test func aCachedClientSeesRemovedAndReorderedChildren() {
        for new in [[S.button("a"), S.button("c")], [S.button("c"), S.button("a"), S.button("b")], [S.button("b")], []] {
            let seen = Self.followed(Self.abc, new)
            #expect(seen.cached == seen.fresh, "\(String(describing: seen.cached)) vs \(String(describing: seen.fresh))")
        }
    }

    @Test func aCachedClientSeesNamesAndStatesChange() {
        let seen = Self.followed([S.button("a", state: .focused), S.button("b")], [S.button("a", "Alpha"), S.button("b", state: [.disabled, .selected, .focused])])
        #expect(seen.cached == seen.fresh, "\(String(describing: seen.cached)) vs \(String(describing: seen.fresh))")
    }

    @Test func aCachedClientSeesAnElementBecomeAnotherKind() {
        // A button laid out late: first without its action, then with it; an image that becomes a button.
        let bare = SemanticNode(role: .button, label: "Go", id: "go", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let image = SemanticNode(role: .image, label: "Go", id: "go", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        for (old, new) in [([bare, S.button("b")], [S.button("go", "Go"), S.button("b")]), ([image], [S.button("go", "Go")]),
                           ([S.button("go", "Go")], [bare])] {
            let seen = Self.followed(old, new)
            #expect(seen.cached == seen.fresh, "\(String(describing: seen.cached)) vs \(String(describing: seen.fresh))")
            #expect(seen.cached?.children.first?.interfaces == seen.fresh?.children.first?.interfaces)
        }
    }

    @Test func aCachedClientFollowsATourStepByStep() {
        let screen = [S.button("fab"), S.button("menu")]
        let one = screen + [S.step("Step 1 of 2: Fab", "Tap it.", targets: [S.button("fab")])]
        let two = screen + [S.step("Step 2 of 2: Menu", "Choose.", targets: [S.button("menu")])]
        for (old, new) in [(screen, one), (one, two), (two, screen), (screen, two)] {
            let seen = Self.followed(old, new)
            #expect(seen.cached == seen.fresh, "\(String(describing: seen.cached)) vs \(String(describing: seen.fresh))")
        }
    }

    @Test func aCachedClientSeesAListFilledAndEmptied() {
        func list(_ ids: [String]) -> [SemanticNode] {
            [SemanticNode(role: .list, label: "Cards", frame: Rect(x: 0, y: 0, width: 390, height: 600), children: ids.map { S.button($0) }),
             S.button("fab")]
        }
        for (old, new) in [([], ["card.1"]), (["card.1", "card.2"], ["card.0", "card.1", "card.2"]), (["card.1"], ["card.2", "card.1", "card.3"]),
                           (["card.1", "card.2", "card.3"], ["card.2"]), (["card.1"], [])] {
            let seen = Self.followed(list(old), list(new))
            #expect(seen.cached == seen.fresh, "\(old) to \(new): \(String(describing: seen.cached)) vs \(String(describing: seen.fresh))")
        }
    }
}
