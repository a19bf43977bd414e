/// A source of time in seconds. Views never read the wall clock: the root's clock is injected.
@MainActor
public protocol Clock: AnyObject {
    /// The current time in seconds (any epoch; only differences matter).
    var now: Double { get }
}

/// A clock that moves only when told to: tests and headless renders step it by hand.
@MainActor
public final class VirtualClock: Clock {
    /// The current time in seconds.
    public private(set) var now: Double

    /// A clock that starts at `now` seconds.
    public init(now: Double = 0) { self.now = now }

    /// Moves time forward by `seconds` (negative or non-finite steps are ignored).
    public func advance(by seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        now += seconds
    }
}
