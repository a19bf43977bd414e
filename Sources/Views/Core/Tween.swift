import Foundation

/// How an animation's progress maps to its value.
public enum Easing: Sendable {
    /// Constant speed.
    case linear
    /// Slow start and end (cubic).
    case easeInOut
    /// Fast start, slow end (cubic).
    case easeOut

    /// The eased value of `t` in 0...1.
    public func callAsFunction(_ t: Double) -> Double {
        let t = min(1, max(0, t.isNaN ? 1 : t))
        switch self {
        case .linear: return t
        case .easeInOut: return t < 0.5 ? 4 * t * t * t : 1 - pow(-2 * t + 2, 3) / 2
        case .easeOut: return 1 - pow(1 - t, 3)
        }
    }
}

/// A value moving from `from` to `to` over `duration` seconds of the root's clock: what every
/// animation is made of, a widget's and an overlay's alike (its owner registers with
/// `ViewRoot.startAnimating(_:)` to be advanced each frame).
public struct Tween: Sendable {
    /// The value at the start.
    public var from: Double
    /// The value at the end.
    public var to: Double
    /// The clock time the tween starts at, in seconds.
    public var start: Double
    /// How long it runs, in seconds (never negative).
    public var duration: Double
    /// How progress maps to the value.
    public var easing: Easing

    /// A tween from `from` to `to`, starting at `start` and lasting `duration` seconds.
    public init(from: Double, to: Double, start: Double, duration: Double, easing: Easing = .easeInOut) {
        self.from = from; self.to = to; self.start = start; self.duration = max(0, duration); self.easing = easing
    }

    /// Progress in 0...1 at `time` (before eased).
    public func progress(at time: Double) -> Double {
        duration <= 0 ? 1 : min(1, max(0, (time - start) / duration))
    }

    /// The eased progress in 0...1 at `time`.
    public func easedProgress(at time: Double) -> Double { easing(progress(at: time)) }

    /// The value at `time`: exactly `to` once it has ended (`from + (to - from)` need not be).
    public func value(at time: Double) -> Double {
        let p = progress(at: time)
        return p >= 1 ? to : from + (to - from) * easing(p)
    }

    /// Whether the tween has reached its end at `time`.
    public func isFinished(at time: Double) -> Bool { progress(at: time) >= 1 }

    /// The time at which it ends.
    public var end: Double { start + duration }
}
