import Foundation
import Views

/// The real clock for a window: seconds since the host started, never going backwards.
@MainActor
public final class MonotonicClock: Clock {
    private let start = DispatchTime.now().uptimeNanoseconds
    /// A clock starting now.
    public init() {}
    /// Seconds since this clock was made.
    public var now: Double { Double(DispatchTime.now().uptimeNanoseconds &- start) / 1e9 }
}
