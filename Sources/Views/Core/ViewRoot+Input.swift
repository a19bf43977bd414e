import Raster

extension ViewRoot {
    /// Routes one input event: layers first (top to bottom), then the tree. Returns whether
    /// anything consumed it. Pending layout runs first, so hit tests see current frames.
    @discardableResult
    public func send(_ event: InputEvent) -> Bool {
        if case .resize(let newSize) = event {
            do { try resize(to: newSize, safeArea: safeAreaProvider(newSize)) } catch { return false }
            // Layers hear about the new size too (they cannot refuse it).
            for layer in layers { _ = layer.handle(event, root: self) }
            return true
        }
        layoutIfNeeded()
        switch event {
        case let .key(key, held):
            if handleFocusKey(key, modifiers: held) { return true }
        case .pointerDown:
            isFocusRingVisible = false
        default:
            break
        }
        for layer in layers.reversed() where layer.handle(event, root: self) {
            if case .pointerUp = event { cancelPointerCapture() }
            return true
        }
        return sendToContent(event)
    }

    /// Routes `event` to the tree only, past every layer: how a layer passes a tap through a
    /// spotlight hole to the view beneath on purpose.
    @discardableResult
    public func sendToContent(_ event: InputEvent) -> Bool { route(event, into: content) }

    /// Routes `event` into `subtree` (the tree, or a surface's content) with the root's own hit
    /// test and pointer capture, in screen points: a pointer-down hits the deepest view of the
    /// subtree under it, which may capture the pointer; moves and the up go to whoever captured it;
    /// a wheel goes to the views under it, deepest first. Keys go to `keyHandler` for the tree only.
    @discardableResult
    public func route(_ event: InputEvent, into subtree: View) -> Bool {
        layoutIfNeeded()
        switch event {
        case let .pointerDown(p, button, held):
            guard button == .primary else { return false }
            modifiers = held
            return pointer.down(at: p, in: subtree)
        case let .pointerMove(p):
            return pointer.move(to: p, on: self) ?? hover(at: p)
        case let .pointerUp(p, button):
            guard button == .primary else { return false }
            return pointer.up(at: p, on: self)
        case let .wheel(dy, p, held):
            modifiers = held
            guard dy.isFinite else { return false }
            var v = subtree.hitTest(p)
            while let view = v {
                if view.scrollWheel(dy: dy, at: p) { return true }
                v = view.parent
            }
            return false
        case let .key(key, held):
            guard subtree === content else { return false }
            modifiers = held
            return keyHandler?(key, held) ?? false
        case .text(let text):
            guard subtree === content else { return false }
            if let focused = focusedView, focused.root === self { focused.insertText(text); return true }
            return textHandler?(text) ?? false
        case let .composition(text, cursor):
            guard subtree === content, let focused = focusedView, focused.root === self else { return false }
            focused.setComposition(text, cursor: cursor)
            return true
        case .resize:
            return false
        }
    }

    /// Gives `view` the focus (nil: nobody has it); the views losing and gaining it hear so. Not
    /// while anything lays out or paints (the root checks): a layer moves it in `arrive(root:)`.
    public func focus(_ view: View?) {
        guard view !== focusedView else { return }
        checkChange(.focusMoved, view: view ?? focusedView)
        let old = focusedView
        if focusRingShown { old?.invalidateFocusRing() }
        old?.drawsFocusRing = false
        focusedView = view
        view?.drawsFocusRing = focusRingShown
        old?.focusChanged(false)
        view?.focusChanged(true)
        if focusRingShown { view?.invalidateFocusRing() }
    }

    /// Where the focused view's caret is (screen points), for an input method's candidate window.
    public var textInputRect: Rect? {
        guard let focused = focusedView, focused.root === self else { return nil }
        return focused.caretRect
    }

    /// The view holding the pointer, if any.
    public var pointerCaptor: View? { pointer.captor }

    /// Takes the pointer away from the tree (the captor gets `pointerCancelled()`).
    public func cancelPointerCapture() { pointer.cancel() }

    /// A move with no button held: the views under the pointer, deepest first, until one wants it.
    private func hover(at p: Point) -> Bool {
        var v = content.hitTest(p)
        while let view = v {
            if view.pointerHovered(at: p) { return true }
            v = view.parent
        }
        return false
    }
}
