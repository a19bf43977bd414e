/// Names one scheduled timer, so it can be cancelled.
public struct TimerID: Hashable, Sendable {
    fileprivate let value: Int
}

/// The root's timers, on its injected clock: a tip shown a second after launch, a loading screen's
/// delay, a tour's start, a file polled every half second. `ViewRoot.frame(into:)` runs the ones
/// that are due before anything else in the frame, and its report says when the next one is, so a
/// host sleeps until then. Nothing here reads the wall clock or sleeps.
@MainActor
public final class Timers {
    private struct Entry {
        var id: TimerID
        var due: Double
        /// Seconds between firings, for repeating timers.
        var interval: Double?
        var action: @MainActor () -> Void
    }

    private let clock: any Clock
    private var entries: [Entry] = []
    private var nextValue = 0

    /// Timers on `clock`.
    public init(clock: any Clock) { self.clock = clock }

    /// Runs `action` once, `seconds` from now (a negative or non-finite delay counts as none).
    @discardableResult
    public func after(_ seconds: Double, _ action: @escaping @MainActor () -> Void) -> TimerID {
        schedule(due: clock.now + Timers.delay(seconds), interval: nil, action)
    }

    /// Runs `action` every `seconds` (at least a millisecond), the first time `seconds` from now;
    /// each next time counts from when the last one ran.
    @discardableResult
    public func every(_ seconds: Double, _ action: @escaping @MainActor () -> Void) -> TimerID {
        let interval = max(0.001, Timers.delay(seconds))
        return schedule(due: clock.now + interval, interval: interval, action)
    }

    /// Stops a timer; it does not run again. Cancelling one that already ran, or twice, does nothing.
    public func cancel(_ id: TimerID?) {
        guard let id else { return }
        entries.removeAll { $0.id == id }
    }

    /// Whether `id` is still waiting to run.
    public func isScheduled(_ id: TimerID?) -> Bool { id.map { id in entries.contains { $0.id == id } } ?? false }

    /// The clock time the next timer is due, nil when none is scheduled.
    public var nextDue: Double? { entries.lazy.map(\.due).min() }

    /// Runs every timer due at `now`, earliest first (the order they were scheduled in for the same
    /// time). Timers that these schedule for `now` or earlier run in the next frame, so a timer that
    /// keeps rescheduling itself cannot hold a frame forever.
    func runDue(at now: Double) {
        let due = entries.filter { $0.due <= now }.sorted { $0.due < $1.due || ($0.due == $1.due && $0.id.value < $1.id.value) }
        guard !due.isEmpty else { return }
        for timer in due {
            // An earlier action of this frame may have cancelled it.
            guard let i = entries.firstIndex(where: { $0.id == timer.id }) else { continue }
            if let interval = timer.interval {
                entries[i].due = now + interval
            } else {
                entries.remove(at: i)
            }
            timer.action()
        }
    }

    private func schedule(due: Double, interval: Double?, _ action: @escaping @MainActor () -> Void) -> TimerID {
        nextValue += 1
        let id = TimerID(value: nextValue)
        entries.append(Entry(id: id, due: due, interval: interval, action: action))
        return id
    }

    private static func delay(_ seconds: Double) -> Double { seconds.isFinite ? max(0, seconds) : 0 }
}
