import Raster

extension ViewRoot {
    /// Runs one frame at the clock's current time (`frameTime`), the only place a phase runs
    /// (`phase` says which):
    ///
    /// 1. the callback phase: the timers that are due (`timers`), earliest first; every registered
    ///    animation (`startAnimating(_:)`), moved to now; what `beforeNextFrame(_:)` asked for
    ///    during the last frame, then every `addFrameCallback(_:)` (a tour checking its
    ///    conditions); then each layer's update (`ScreenLayer.update(root:)`: an overlay builds its
    ///    views for what it shows now). They may change anything;
    /// 2. layout of the tree (what was invalidated since the last frame), once;
    /// 3. layout of the layers (`ScreenLayer.layout(root:)`: overlays follow their targets, place their
    ///    surfaces and invalidate what moved), once; a change of the tree they ask for waits for the
    ///    next frame (`beforeNextFrame(_:)`), which the report then asks for;
    /// 4. arrival (`ScreenLayer.arrive(root:)`): the focus moves into an overlay that arrived and it
    ///    is announced; what that marks for layout (a field that lost the focus) is laid out, tree
    ///    and layers, before painting;
    /// 5. with a pixmap, painting the dirty rectangles and compositing the layers over them.
    ///
    /// In layout and painting nothing may be added, removed or marked for layout; the root checks
    /// (`checksPhases`, `onPhaseViolation`). A frame is never run inside another of the same root,
    /// nor for a root shown inside another (`EmbeddedRootView`) but in that root's animation phase:
    /// such a call is reported and runs nothing.
    ///
    /// Without a pixmap the frame stops after arrival and what it invalidated waits for the next
    /// frame that paints (headless runs step time this way and paint only the frames they keep).
    /// With `repaintingEverything` the whole pixmap is painted, not just what changed.
    ///
    /// Hazard: incremental painting assumes `pixmap` holds the previous frame painted by this root;
    /// any other pixmap is painted in full.
    @discardableResult
    public func frame(into pixmap: Pixmap?, repaintingEverything: Bool = false) -> FrameReport {
        guard frameMayRun() else { return FrameReport(drawn: [], nextWakeUp: .nextFrame) }
        let outer = phase
        defer { phase = outer }
        let now = clock.now
        frameTime = now
        phase = .callbacks
        timers.runDue(at: now)
        advanceAnimations(to: now)
        frameCallbacks.run(at: now)
        for layer in layers { layer.update(root: self) }
        layOutTreeAndLayers()
        phase = .arrival
        for layer in layers { layer.arrive(root: self) }
        if needsLayout { layOutTreeAndLayers() }
        var drawn: [IntRect] = []
        if let pixmap {
            if repaintingEverything {
                invalidateAll()
                painter.forgetTarget()
            }
            phase = .paint
            drawn = painter.paint(self, into: pixmap)
        }
        return FrameReport(drawn: drawn, nextWakeUp: nextWakeUp)
    }

    /// The layout phases: the tree's (what is pending), then each layer's.
    private func layOutTreeAndLayers() {
        layoutIfNeeded()
        phase = .layerLayout
        for layer in layers { layer.layout(root: self) }
    }

    /// When the next frame is wanted: now while something animates, waits to be painted or laid
    /// out, or was asked for before the next frame; else at the next timer, else on input.
    public var nextWakeUp: WakeUp {
        if isAnimating || needsDisplay || needsLayout || frameCallbacks.hasRequests { return .nextFrame }
        return timers.nextDue.map(WakeUp.at) ?? .onInput
    }

    /// Whether a frame has work besides painting: something animates, waits to be laid out, or was
    /// asked for before the next frame. A host that brings the app to rest (a headless session's
    /// `settle()`) runs frames until this is false.
    public var hasPendingFrameWork: Bool { isAnimating || needsLayout || frameCallbacks.hasRequests }
}
