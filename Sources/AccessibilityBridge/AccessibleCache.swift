/// AT-SPI2's cache (`org.a11y.atspi.Cache` at `/org/a11y/atspi/cache`): every element of the tree
/// in one reply — its parent, place, child count, interfaces, name, role, description and states —
/// so a screen reader that asks `GetItems` when it meets the app walks the tree without a round
/// trip per element and property. The events keep what it holds true after.
enum AccessibleCache {
    /// The path clients ask `GetItems` of.
    static let path = "/org/a11y/atspi/cache"
    /// One item's signature.
    static let itemSignature = "(so)(so)(so)iiassusau"

    /// The elements a client reaches from the root: the screen and everything with a parent (not
    /// a dialog's copies of the targets it points at).
    static func reachable(_ tree: AccessibleTree) -> [Int] {
        tree.elements.indices.filter { $0 == 0 || tree.elements[$0].parent != nil }
    }

    /// Every reachable element as `GetItems` returns them.
    static func items<Out: BusWriter>(into out: inout Out, context c: AccessibleObject.Context) {
        out.container("a", "(" + itemSignature + ")") { array in
            guard let tree = c.tree else { return }
            for i in reachable(tree) { array.container("r", itemSignature) { item(&$0, i, context: c) } }
        }
    }

    /// The fields of element `i` (the contents of one item, or of an `AddAccessible` signal).
    ///
    /// `placedByEvent`: the element is new under a parent that was there before, which a
    /// `ChildrenChanged` event after this signal tells where it goes; its index is then -1. A client
    /// such as libatspi puts an item with an index into that slot of the parent's children it holds,
    /// in place of the one there: a child inserted before its siblings would put out the one after
    /// it, and the event's insert would not bring it back.
    static func item<Out: BusWriter>(_ out: inout Out, _ i: Int, context c: AccessibleObject.Context, placedByEvent: Bool = false) {
        let tree = c.tree!, e = tree.elements[i], object = AccessibleObject.element(i)
        out.reference(c.uniqueName, c.path(of: i))
        out.reference(c.uniqueName, AccessibilityBridge.rootPath)
        object.parent(into: &out, context: c)
        out.int32(placedByEvent ? -1 : e.parent.map { Int32(clamping: tree.elements[$0].children.firstIndex(of: i) ?? -1) } ?? 0)
        out.int32(Int32(clamping: e.children.count))
        out.container("a", "s") { list in for name in object.interfaces(context: c) { list.string(name) } }
        object.property("Name", of: "org.a11y.atspi.Accessible", into: &out, context: c)
        out.uint32(ATSPIVocabulary.role(e.role))
        out.string(e.description)
        out.container("a", "u") { list in for w in ATSPIVocabulary.states(e) { list.uint32(w) } }
    }
}
