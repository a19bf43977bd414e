import Views

extension AccessibleObject {
    /// The `org.a11y.atspi.Selection` answers of a tab bar: which tab is chosen, and choosing one
    /// (as a tap on it does). A tab bar always has one tab chosen, so nothing can be deselected.
    /// An index out of range (-1, `Int32.max`) is the null reference, or false.
    func selection<Reply: BusWriter>(_ member: String, call: MethodCall, reply: inout Reply?, context c: Context,
                   request: inout AccessibilityBridge.Request?) {
        guard case .element(let i) = self, let tree = c.tree else { reply = nil; return }
        let children = tree.elements[i].children
        let chosen = children.filter { tree.elements[$0].state.contains(.selected) }
        switch member {
        case "GetSelectedChild":
            let n = call.int(0)
            if chosen.indices.contains(n) { reply!.reference(c.uniqueName, c.path(of: chosen[n])) }
            else { reply!.reference("", "/org/a11y/atspi/null") }
        case "SelectChild":
            let n = call.int(0)
            guard children.indices.contains(n), let id = tree.elements[children[n]].id,
                  tree.elements[children[n]].actions.contains(.activate) else { reply!.bool(false); return }
            request = .perform(.activate, id: id)
            reply!.bool(true)
        case "IsChildSelected":
            let n = call.int(0)
            reply!.bool(children.indices.contains(n) && tree.elements[children[n]].state.contains(.selected))
        case "DeselectSelectedChild", "DeselectChild", "SelectAll", "ClearSelection":
            reply!.bool(false)
        default:
            reply = nil
        }
    }

    /// How many of a tab bar's tabs are chosen.
    func selectedCount(_ element: AccessibleTree.Element, context c: Context) -> Int32 {
        Int32(clamping: element.children.filter { c.tree!.elements[$0].state.contains(.selected) }.count)
    }
}
