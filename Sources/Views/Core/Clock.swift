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

    /// Lets `seconds` pass in steps of at most `step` (60 Hz by default), calling `frame` after each:
    /// how tests and headless runs drive animations the way a window would.
    public func advance(by seconds: Double, inStepsOf step: Double = 1.0 / 60, _ frame: () -> Void) {
        guard step > 0 else { return }
        var left = seconds
        while left > 1e-9 {
            let s = min(step, left)
            advance(by: s)
            left -= s
            frame()
        }
    }
}
