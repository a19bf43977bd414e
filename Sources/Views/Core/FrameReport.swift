import Raster

/// When a root wants its next frame.
public enum WakeUp: Hashable, Sendable {
    /// As soon as the host's pace allows: something animates, or waits to be painted.
    case nextFrame
    /// At this clock time (seconds): the next timer.
    case at(Double)
    /// Only when input arrives.
    case onInput
}

/// What one frame of `ViewRoot.frame(into:)` did, for the host.
public struct FrameReport: Hashable, Sendable {
    /// The device rectangles painted into the pixmap: what a window uploads. Empty when nothing
    /// changed, or when the frame had no pixmap to paint into.
    public var drawn: [IntRect]
    /// When the root wants its next frame: a host sleeps until then unless input arrives.
    public var nextWakeUp: WakeUp

    /// A report of `drawn` rectangles and the next wake-up.
    public init(drawn: [IntRect], nextWakeUp: WakeUp) {
        self.drawn = drawn
        self.nextWakeUp = nextWakeUp
    }
}
