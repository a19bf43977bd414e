import Raster

extension View {
    /// Paints the view and its visible children back to front through `canvas`'s clip.
    func paint(in canvas: Canvas) {
        guard isPlaced, !canvas.isClippedOut else { return }
        let scale = canvas.scale
        let own = hasOwnContent &&
            !frame.outsetBy(max(0, inkOutset)).scaled(by: scale).roundedOut.intersection(canvas.clipRect).isEmpty
        let ring = showsFocusRing
        if own { draw(in: canvas) }
        if clipsChildren {
            guard !frame.scaled(by: scale).roundedOut.intersection(canvas.clipRect).isEmpty else { return }
            var inner = canvas
            let shape = clipShape
            inner.clip(to: shape.outlineRect(in: frame), cornerRadius: shape.cornerRadius(in: frame))
            if !inner.isClippedOut { for c in visibleChildren { c.paint(in: inner) } }
        } else {
            for c in visibleChildren { c.paint(in: canvas) }
        }
        if own { drawForeground(in: canvas) }
        if ring {
            let outline = focusOutline
            FocusRing.draw(around: outline.rect, shape: outline.shape, in: canvas)
        }
    }
}

extension View {
    /// The deepest view under `point` (screen points), walking children last to first so the view
    /// painted on top wins. Clipping views reject points outside their outline; a view answers for
    /// itself only when `contains(_:)` (its drawn shape) says so.
    public func hitTest(_ point: Point) -> View? {
        guard isPlaced, allowsHitTesting else { return nil }
        if clipsChildren || confinesHitTesting, !contains(point) { return nil }
        for c in visibleChildren.reversed() {
            if let hit = c.hitTest(point) { return hit }
        }
        return !isTransparentToHits && contains(point) ? self : nil
    }

    /// Registers the view with its root so that `advanceAnimations(to:)` is called on every tick
    /// until it returns false.
    public func startAnimating() { root?.startAnimating(self) }
}
