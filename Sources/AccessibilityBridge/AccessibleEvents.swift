import Views

/// The AT-SPI2 events between two trees, as a screen reader expects them: the focus moving
/// (`StateChanged` `focused`), elements of the screen or a dialog coming and going
/// (`ChildrenChanged` `add` / `remove`), and names, checked and selected states and values changing.
enum AccessibleEvents {
    struct Event: Equatable {
        var path: String
        var member: String
        var detail: String
        var detail1: Int32
        var any: AccessibilityBridge.AnyData

        static func == (a: Event, b: Event) -> Bool { a.path == b.path && a.member == b.member && a.detail == b.detail && a.detail1 == b.detail1 }
    }

    static func between(_ old: AccessibleTree, _ new: AccessibleTree) -> [Event] {
        func path(_ tree: AccessibleTree, _ i: Int) -> String { AccessibilityBridge.pathPrefix + "/\(tree.elements[i].number)" }
        var out: [Event] = []
        let oldByNumber = Dictionary(old.elements.enumerated().map { ($0.element.number, $0.offset) }, uniquingKeysWith: { a, _ in a })
        // Children of every element that was there before.
        for (i, e) in new.elements.enumerated() {
            guard let o = oldByNumber[e.number] else { continue }
            let before = old.elements[o].children.map { old.elements[$0].number }
            let after = e.children.map { new.elements[$0].number }
            guard before != after else { continue }
            for (k, n) in before.enumerated() where !after.contains(n) {
                out.append(Event(path: path(new, i), member: "ChildrenChanged", detail: "remove", detail1: Int32(k),
                                 any: .reference(AccessibilityBridge.pathPrefix + "/\(n)")))
            }
            for (k, n) in after.enumerated() where !before.contains(n) {
                out.append(Event(path: path(new, i), member: "ChildrenChanged", detail: "add", detail1: Int32(k),
                                 any: .reference(path(new, e.children[k]))))
            }
        }
        // Names, states and values of elements that stayed.
        for (i, e) in new.elements.enumerated() {
            guard let o = oldByNumber[e.number] else { continue }
            let before = old.elements[o]
            if before.name != e.name { out.append(Event(path: path(new, i), member: "PropertyChange", detail: "accessible-name", detail1: 0, any: .text(e.name))) }
            for (state, name) in [(SemanticState.checked, "checked"), (.selected, "selected"), (.busy, "busy")]
            where before.state.contains(state) != e.state.contains(state) {
                out.append(Event(path: path(new, i), member: "StateChanged", detail: name, detail1: e.state.contains(state) ? 1 : 0, any: .int(0)))
            }
            if before.value != e.value, e.value != nil {
                out.append(Event(path: path(new, i), member: "PropertyChange", detail: "accessible-value", detail1: 0, any: .int(0)))
            }
        }
        // The focus, last: a reader speaks the newly focused element.
        let oldFocus = old.focused.map { old.elements[$0].number }, newFocus = new.focused.map { new.elements[$0].number }
        if oldFocus != newFocus {
            if let o = oldFocus, new.element(numbered: o) != nil {
                out.append(Event(path: AccessibilityBridge.pathPrefix + "/\(o)", member: "StateChanged", detail: "focused", detail1: 0, any: .int(0)))
            }
            if let f = new.focused { out.append(Event(path: path(new, f), member: "StateChanged", detail: "focused", detail1: 1, any: .int(0))) }
        }
        return out
    }
}
