import Views

/// The AT-SPI2 events between two trees, as a screen reader expects them: the focus moving
/// (`StateChanged` `focused`), elements of the screen or a dialog coming and going
/// (`ChildrenChanged` `add` / `remove`), a dialog's arrival announced (`Announcement`, what Orca
/// speaks on its own: "Step 2 of 5: Cards. …"), names, descriptions, enabled, checked and selected
/// states and values changing, and a text's characters, caret and selection (`TextChanged`, `TextCaretMoved`,
/// `TextSelectionChanged`).
enum AccessibleEvents {
    struct Event: Equatable {
        var path: String
        var member: String
        var detail: String
        var detail1: Int32
        var detail2: Int32 = 0
        var any: AccessibilityBridge.AnyData

        static func == (a: Event, b: Event) -> Bool {
            a.path == b.path && a.member == b.member && a.detail == b.detail && a.detail1 == b.detail1 && a.detail2 == b.detail2
        }
    }

    /// `ATSPI_LIVE_POLITE`: an announcement waits for what the reader is saying.
    static let polite: Int32 = 1

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
            // Children that stayed but moved: all of them go and come back, in their new order (a
            // client's cache inserts each where it is told).
            let moved = before.filter(after.contains) != after.filter(before.contains)
            for (k, n) in before.enumerated() where moved || !after.contains(n) {
                out.append(Event(path: path(new, i), member: "ChildrenChanged", detail: "remove", detail1: Int32(clamping: k),
                                 any: .reference(AccessibilityBridge.pathPrefix + "/\(n)")))
            }
            for (k, n) in after.enumerated() where moved || !before.contains(n) {
                out.append(Event(path: path(new, i), member: "ChildrenChanged", detail: "add", detail1: Int32(clamping: k),
                                 any: .reference(path(new, e.children[k]))))
            }
        }
        // Names, states and values of elements that stayed.
        for (i, e) in new.elements.enumerated() {
            guard let o = oldByNumber[e.number] else { continue }
            let before = old.elements[o]
            if before.name != e.name { out.append(Event(path: path(new, i), member: "PropertyChange", detail: "accessible-name", detail1: 0, any: .text(e.name))) }
            if before.description != e.description {
                out.append(Event(path: path(new, i), member: "PropertyChange", detail: "accessible-description", detail1: 0, any: .text(e.description)))
            }
            if before.state.contains(.disabled) != e.state.contains(.disabled) {
                for name in ["enabled", "sensitive"] {
                    out.append(Event(path: path(new, i), member: "StateChanged", detail: name, detail1: e.state.contains(.disabled) ? 0 : 1, any: .int(0)))
                }
            }
            for (state, name) in [(SemanticState.checked, "checked"), (.selected, "selected"), (.busy, "busy")]
            where before.state.contains(state) != e.state.contains(state) {
                out.append(Event(path: path(new, i), member: "StateChanged", detail: name, detail1: e.state.contains(state) ? 1 : 0, any: .int(0)))
            }
            if before.value != e.value, e.value != nil {
                out.append(Event(path: path(new, i), member: "PropertyChange", detail: "accessible-value", detail1: 0, any: .int(0)))
            }
            if let was = before.text, let now = e.text, was != now { out += textEvents(path(new, i), was, now) }
        }
        // A dialog that arrived is announced: a tour's step, an alert.
        for (i, e) in new.elements.enumerated() where e.role == .dialog && oldByNumber[e.number] == nil && !e.name.isEmpty {
            out.append(Event(path: path(new, i), member: "Announcement", detail: "", detail1: polite,
                             any: .text(SpokenWords.sentences([e.name, e.description]))))
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

    /// A text's change as a delete and an insert of what lies between the common start and end,
    /// then the caret and the selection, in code points as AT-SPI counts them.
    static func textEvents(_ path: String, _ was: SemanticText, _ now: SemanticText) -> [Event] {
        var out: [Event] = []
        if was.string != now.string {
            let a = Array(was.string.unicodeScalars), b = Array(now.string.unicodeScalars)
            var head = 0
            while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
            var tail = 0
            while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
            func text(_ s: ArraySlice<Unicode.Scalar>) -> String { var v = String.UnicodeScalarView(); v.append(contentsOf: s); return String(v) }
            if a.count - head - tail > 0 {
                out.append(Event(path: path, member: "TextChanged", detail: "delete", detail1: Int32(clamping: head), detail2: Int32(clamping: a.count - head - tail),
                                 any: .text(text(a[head..<(a.count - tail)]))))
            }
            if b.count - head - tail > 0 {
                out.append(Event(path: path, member: "TextChanged", detail: "insert", detail1: Int32(clamping: head), detail2: Int32(clamping: b.count - head - tail),
                                 any: .text(text(b[head..<(b.count - tail)]))))
            }
        }
        let text = AccessibleText(now.string)
        if was.selection != now.selection {
            out.append(Event(path: path, member: "TextSelectionChanged", detail: "", detail1: 0, any: .int(0)))
        }
        if was.caret != now.caret || was.string != now.string, let caret = now.caret {
            out.append(Event(path: path, member: "TextCaretMoved", detail: "", detail1: Int32(clamping: text.offset(ofCluster: caret)), any: .int(0)))
        }
        return out
    }
}
