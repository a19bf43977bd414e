import Raster

/// Touches as the pointer: the first finger down drives it (down, moves, up) like the primary
/// button, so a tap and a drag that scrolls follow the same slop rules as the mouse; other fingers
/// are ignored until it lifts. The SDL host and replay scripts' `touch` lines both go through it.
public struct TouchTracker: Sendable {
    /// The finger driving the pointer, while it is down.
    public private(set) var activeFinger: Int64?

    /// A tracker with no finger down.
    public init() {}

    /// Finger `finger` touched `p`: a pointer-down when no other finger is down, else nothing.
    public mutating func down(_ finger: Int64, at p: Point) -> InputEvent? {
        guard activeFinger == nil else { return nil }
        activeFinger = finger
        return .pointerDown(p, button: .primary)
    }

    /// Finger `finger` moved to `p`: a pointer move when it is the active one.
    public func move(_ finger: Int64, to p: Point) -> InputEvent? {
        activeFinger == finger ? .pointerMove(p) : nil
    }

    /// Finger `finger` lifted at `p`: a pointer-up when it is the active one.
    public mutating func up(_ finger: Int64, at p: Point) -> InputEvent? {
        guard activeFinger == finger else { return nil }
        activeFinger = nil
        return .pointerUp(p, button: .primary)
    }
}
