import Raster

extension View {
    /// The view's size for `proposal`, from the cache when the same proposal was answered since the
    /// view last changed. The answer is never negative or NaN.
    public func measure(_ proposal: ProposedSize) -> Size {
        let generation = root?.layoutGeneration ?? 0
        if generation != cacheGeneration {
            measureCache.removeAll(keepingCapacity: true)
            cacheGeneration = generation
        }
        if let s = measureCache[proposal] { return s }
        let raw = sizeThatFits(proposal)
        // NaN and negative answers become 0; infinity stays (a greedy view answering an infinite probe).
        let s = Size(width: raw.width >= 0 ? raw.width : 0, height: raw.height >= 0 ? raw.height : 0)
        if measureCache.count >= 8 { measureCache.removeAll(keepingCapacity: true) }
        measureCache[proposal] = s
        return s
    }

    /// Commits `rect` (screen points, snapped to device pixels) as the frame and places the children.
    ///
    /// A clean view placed in the same rectangle again returns at once, so after a change only the
    /// dirty path and whatever moved is visited. A view that paints itself and moved invalidates its
    /// old and new area.
    public func place(in rect: Rect) {
        let root = self.root
        let r = rect.snapped(toScale: root?.scale ?? 1)
        let moved = !isPlaced || r != frame
        guard moved || needsLayout else { return }
        let repaintsOnMove = hasOwnContent || clipsChildren || showsFocusRing
        if moved, repaintsOnMove, !lastInk.isEmpty { invalidateInk(lastInk) }
        frame = r
        isPlaced = true
        needsLayout = false
        placeSubviews(in: r)
        if moved {
            lastInk = repaintsOnMove ? currentInk() : .zero
            if !lastInk.isEmpty { invalidateInk(lastInk) }
        }
    }

    /// Asks for this view to be measured and placed again before the next frame. Marks the path
    /// up to the nearest placed layout boundary, which the root lays out again in place.
    ///
    /// Hazard: not while anything lays out or paints (`FramePhase`); the root checks.
    public func setNeedsLayout() {
        root?.checkChange(.layoutMarked, view: self)
        var v: View = self
        while true {
            v.needsLayout = true
            v.measureCache.removeAll(keepingCapacity: true)
            guard let p = v.parent else {
                v.owner?.scheduleLayout(of: v)
                return
            }
            if v !== self, v.isLayoutBoundary, v.isPlaced {
                v.root?.scheduleLayout(of: v)
                return
            }
            v = p
        }
    }

    /// Asks for the view's own painting to be repainted (its current ink area).
    public func setNeedsDisplay() {
        guard isPlaced, root != nil else { return }
        let ink = currentInk()
        invalidateInk(ink)
        // Remember where the new content goes, so a later move repaints it (a text that was empty
        // when it was placed has no ink on record).
        if hasOwnContent || clipsChildren { lastInk = lastInk.union(ink) }
    }

    /// Device pixels covered by the view's own painting now: frame plus ink outset, clipped.
    func currentInk() -> IntRect {
        guard isPlaced, let root, let clip = ancestorClip() else { return .zero }
        // One device pixel of slack: anti-aliased edges and flattened curves may touch the pixel
        // row just outside an edge that lies exactly on a pixel boundary.
        let slack = 1 / root.scale
        let ink = frame.outsetBy(paintOutset + slack).intersection(clip)
        guard !ink.isEmpty else { return .zero }
        return ink.scaled(by: root.scale).roundedOut
    }
}

extension Rect {
    /// Each edge moved to the nearest device pixel edge (`scale` pixels per point); non-finite
    /// rectangles become empty at the origin.
    func snapped(toScale s: Double) -> Rect {
        guard isFinite, s > 0 else { return .zero }
        func snap(_ v: Double) -> Double { (v * s).rounded() / s }
        let x0 = snap(minX), y0 = snap(minY)
        let x1 = max(x0, snap(maxX)), y1 = max(y0, snap(maxY))
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
