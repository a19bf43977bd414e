import Raster

extension ViewRoot {
    /// Runs one frame at the clock's current time, the only place a phase runs:
    ///
    /// 1. the timers that are due (`timers`), earliest first;
    /// 2. every registered animation (`startAnimating(_:)`), moved to now;
    /// 3. layout of the tree (what was invalidated since the last frame);
    /// 4. layout of the layers (`ScreenLayer.layout(root:)`: overlays follow their targets, place their
    ///    surfaces and invalidate what moved), once;
    /// 5. with a pixmap, painting the dirty rectangles and compositing the layers over them.
    ///
    /// Without a pixmap the frame stops after layout and what it invalidated waits for the next
    /// frame that paints (headless runs step time this way and paint only the frames they keep).
    /// With `repaintingEverything` the whole pixmap is painted, not just what changed.
    ///
    /// Hazard: incremental painting assumes `pixmap` holds the previous frame painted by this root;
    /// any other pixmap is painted in full.
    @discardableResult
    public func frame(into pixmap: Pixmap?, repaintingEverything: Bool = false) -> FrameReport {
        let now = clock.now
        timers.runDue(at: now)
        advanceAnimations(to: now)
        layoutIfNeeded()
        for layer in layers { layer.layout(root: self) }
        layoutIfNeeded()
        var drawn: [IntRect] = []
        if let pixmap {
            if repaintingEverything {
                invalidateAll()
                lastTarget = nil
            }
            drawn = paint(into: pixmap)
        }
        return FrameReport(drawn: drawn, nextWakeUp: nextWakeUp)
    }

    /// When the next frame is wanted: now while something animates or waits to be painted, else at
    /// the next timer, else on input.
    public var nextWakeUp: WakeUp {
        if isAnimating || needsDisplay || needsLayout { return .nextFrame }
        return timers.nextDue.map(WakeUp.at) ?? .onInput
    }
}
