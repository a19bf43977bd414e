import Raster

extension ViewRoot {
    /// The views Tab and Shift-Tab reach now, in reading order (the tree's order, which is logical:
    /// leading to trailing, top to bottom): inside the scope of the topmost layer that traps the
    /// focus (an overlay), else in the tree.
    public var focusOrder: [View] {
        var out: [View] = []
        for scope in focusScopes { scope.collectFocusable(into: &out) }
        return out
    }

    /// The subtrees the focus may be in now: the topmost trapping layer's scope, else the tree.
    private var focusScopes: [View] {
        layers.reversed().lazy.compactMap { $0.focusScope(root: self) }.first ?? [content]
    }

    /// Whether `focusOrder` lists `view`, found by walking up from it (every view above it
    /// reachable, up to one of the scopes) rather than down the whole tree.
    func isInFocusOrder(_ view: View) -> Bool {
        guard view.isPlaced, view.acceptsKeyboardFocus else { return false }
        let scopes = focusScopes
        var v: View? = view
        while let x = v {
            guard x.allowsHitTesting, !x.isAccessibilityHidden else { return false }
            if scopes.contains(where: { $0 === x }) { return true }
            v = x.parent
        }
        return false
    }

    /// Moves the focus to the next view of `focusOrder` (the previous one when `backward`), round
    /// from the last to the first, shows the ring and announces the view.
    public func moveFocus(backward: Bool = false) {
        let order = focusOrder
        isFocusRingVisible = true
        guard !order.isEmpty else { focus(nil); return }
        let next: View
        if let current = focusedView, let i = order.firstIndex(where: { $0 === current }) {
            next = order[(i + (backward ? order.count - 1 : 1)) % order.count]
        } else {
            next = backward ? order[order.count - 1] : order[0]
        }
        focus(next)
        revealFocusedView()
        announceFocus()
    }

    /// Moves the focus to `view` as Tab does, for an app with a Tab order of its own: shows the
    /// ring, scrolls the view into sight inside every scroll view around it, and announces it.
    public func moveFocus(to view: View) {
        isFocusRingVisible = true
        focus(view)
        revealFocusedView()
        announceFocus()
    }

    /// Whether the ring around the focused view shows: after the keyboard moved the focus, until the
    /// pointer is used (as browsers show `:focus-visible`).
    public internal(set) var isFocusRingVisible: Bool {
        get { focusRingShown }
        set {
            guard newValue != focusRingShown else { return }
            focusedView?.invalidateFocusRing()
            focusRingShown = newValue
            focusedView?.drawsFocusRing = newValue
        }
    }

    /// Scrolls the focused view into sight inside every scroll view around it.
    func revealFocusedView() {
        guard let view = focusedView else { return }
        var v = view.parent
        while let p = v {
            if let scroll = p as? ScrollView { scroll.scrollIntoView(view) }
            v = p.parent
        }
    }

    /// Says what the focused view is (its label, role and state), through `announcer`.
    func announceFocus() {
        guard let view = focusedView, let node = view.semanticNodes().first else { return }
        announce(SpokenWords.describe(node, strings: strings, language: language))
    }

    /// The keyboard's part of focus: Tab and Shift-Tab move it and Enter and Space activate the
    /// focused view (unless `movesFocusWithKeys` is off); other keys go to the focused view and up
    /// its ancestors (a text field's caret keys, a tab bar's arrows). Keys that do nothing here go on
    /// to the layers and the tree.
    func handleFocusKey(_ key: Key, modifiers held: Modifiers) -> Bool {
        if movesFocusWithKeys, key == .tab, held.isDisjoint(with: [.control, .alt, .command]) {
            moveFocus(backward: held.contains(.shift))
            return true
        }
        guard let focused = focusedView, focused.root === self, isInFocusOrder(focused) else { return false }
        modifiers = held
        if movesFocusWithKeys, key == .enter || key == .space, held.isEmpty, focused.activate() {
            isFocusRingVisible = true
            for layer in layers.reversed() { layer.didActivate(focused, root: self) }
            return true
        }
        var v: View? = focused
        while let view = v {
            if view.keyDown(key, modifiers: held) {
                if [.left, .right, .up, .down].contains(key) { isFocusRingVisible = true }
                return true
            }
            v = view.parent
        }
        return false
    }
}

extension View {
    /// The views of the subtree Tab stops at, in reading order.
    public func focusableViews() -> [View] {
        var out: [View] = []
        collectFocusable(into: &out)
        return out
    }

    /// The focusable views of the subtree, depth first in the order they are drawn; `lazily`, views
    /// a virtualized parent has not placed yet count too.
    func collectFocusable(into out: inout [View], lazily: Bool = false) {
        guard isPlaced || lazily, allowsHitTesting, !isAccessibilityHidden else { return }
        if acceptsKeyboardFocus { out.append(self) }
        let lazy = lazily || focusableChildren.count != visibleChildren.count
        for c in focusableChildren { c.collectFocusable(into: &out, lazily: lazy) }
    }
}
