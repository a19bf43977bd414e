import Raster

extension ViewRoot {
    /// The views Tab and Shift-Tab reach now, in reading order (the tree's order, which is logical:
    /// leading to trailing, top to bottom): inside the scope of the topmost layer that traps the
    /// focus (an overlay), else in the tree.
    public var focusOrder: [View] { FocusTraversal(root: self).order }

    /// Whether `focusOrder` lists `view`.
    func isInFocusOrder(_ view: View) -> Bool { FocusTraversal(root: self).contains(view) }

    /// Moves the focus to the next view of `focusOrder` (the previous one when `backward`), round
    /// from the last to the first, shows the ring and announces the view.
    public func moveFocus(backward: Bool = false) {
        isFocusRingVisible = true
        guard let next = FocusTraversal(root: self).next(after: focusedView, backward: backward) else { focus(nil); return }
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
    func revealFocusedView() { if let view = focusedView { FocusTraversal.reveal(view) } }

    /// Says what the focused view is (its label, role and state), through `announcer`.
    func announceFocus() {
        guard let view = focusedView, let node = view.semanticNodes().first else { return }
        announce(SpokenWords.describe(node, strings: strings, language: language))
    }

    /// The keyboard's part of focus (`FocusTraversal.handle`): whether `key` was used.
    func handleFocusKey(_ key: Key, modifiers held: Modifiers) -> Bool { FocusTraversal(root: self).handle(key, modifiers: held) }
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
