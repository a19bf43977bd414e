import Raster

extension ViewRoot {
    /// Runs one frame at the clock's current time (`frameTime`), the only place a phase runs:
    ///
    /// 1. the timers that are due (`timers`), earliest first;
    /// 2. every registered animation (`startAnimating(_:)`), moved to now;
    /// 3. the frame callbacks: what `beforeNextFrame(_:)` asked for during the last frame, then
    ///    every `addFrameCallback(_:)` (a tour checking its conditions); they may change anything;
    /// 4. layout of the tree (what was invalidated since the last frame), once;
    /// 5. layout of the layers (`ScreenLayer.layout(root:)`: overlays follow their targets, place their
    ///    surfaces and invalidate what moved), once; a change of the tree they ask for waits for the
    ///    next frame (`beforeNextFrame(_:)`), which the report then asks for;
    /// 6. with a pixmap, painting the dirty rectangles and compositing the layers over them.
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
        frameTime = now
        timers.runDue(at: now)
        advanceAnimations(to: now)
        runFrameCallbacks(at: now)
        layoutIfNeeded()
        for layer in layers { layer.layout(root: self) }
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

    /// When the next frame is wanted: now while something animates, waits to be painted or laid
    /// out, or was asked for before the next frame; else at the next timer, else on input.
    public var nextWakeUp: WakeUp {
        if isAnimating || needsDisplay || needsLayout || !nextFrameRequests.isEmpty { return .nextFrame }
        return timers.nextDue.map(WakeUp.at) ?? .onInput
    }
}
