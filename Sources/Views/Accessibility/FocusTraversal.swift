import Raster

/// Where the keyboard's focus goes on a root: the views Tab and Shift-Tab reach now, in reading
/// order (the tree's order, which is logical: leading to trailing, top to bottom), inside the scope
/// of the topmost layer that traps the focus (an overlay), else in the tree; and what the keys do
/// to the focus (Tab moves it, Enter and Space activate, other keys go up from the focused view).
@MainActor
struct FocusTraversal {
    /// The root whose focus it is.
    let root: ViewRoot

    /// The subtrees the focus may be in now: the topmost trapping layer's scope, else the tree.
    var scopes: [View] {
        root.layers.reversed().lazy.compactMap { $0.focusScope(root: root) }.first ?? [root.content]
    }

    /// The views Tab reaches, in reading order.
    var order: [View] {
        var out: [View] = []
        for scope in scopes { scope.collectFocusable(into: &out) }
        return out
    }

    /// Whether `order` lists `view`, found by walking up from it (every view above it reachable,
    /// up to one of the scopes) rather than down the whole tree.
    func contains(_ view: View) -> Bool {
        guard view.isPlaced, view.acceptsKeyboardFocus else { return false }
        let scopes = scopes
        var v: View? = view
        while let x = v {
            guard x.allowsHitTesting, !x.isAccessibilityHidden else { return false }
            if scopes.contains(where: { $0 === x }) { return true }
            v = x.parent
        }
        return false
    }

    /// The view after `current` in `order` (before it when `backward`), round from the last to
    /// the first; the first (or last) when `current` is not in it; nil when nothing takes focus.
    func next(after current: View?, backward: Bool) -> View? {
        let order = order
        guard !order.isEmpty else { return nil }
        if let current, let i = order.firstIndex(where: { $0 === current }) {
            return order[(i + (backward ? order.count - 1 : 1)) % order.count]
        }
        return backward ? order[order.count - 1] : order[0]
    }

    /// Scrolls `view` into sight inside every scroll view around it.
    static func reveal(_ view: View) {
        var v = view.parent
        while let p = v {
            if let scroll = p as? ScrollView { scroll.scrollIntoView(view) }
            v = p.parent
        }
    }

    /// The keyboard's part of focus: Tab and Shift-Tab move it and Enter and Space activate the
    /// focused view (unless the root's `movesFocusWithKeys` is off); other keys go to the focused
    /// view and up its ancestors (a text field's caret keys, a tab bar's arrows). Whether the key
    /// was used: keys that do nothing here go on to the layers and the tree.
    func handle(_ key: Key, modifiers held: Modifiers) -> Bool {
        if root.movesFocusWithKeys, key == .tab, held.isDisjoint(with: [.control, .alt, .command]) {
            root.moveFocus(backward: held.contains(.shift))
            return true
        }
        guard let focused = root.focusedView, focused.root === root, contains(focused) else { return false }
        root.modifiers = held
        if root.movesFocusWithKeys, key == .enter || key == .space, held.isEmpty, focused.activate() {
            root.isFocusRingVisible = true
            for layer in root.layers.reversed() { layer.didActivate(focused, root: root) }
            return true
        }
        var v: View? = focused
        while let view = v {
            if view.keyDown(key, modifiers: held) {
                if [.left, .right, .up, .down].contains(key) { root.isFocusRingVisible = true }
                return true
            }
            v = view.parent
        }
        return false
    }
}
