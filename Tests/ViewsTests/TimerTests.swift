import Testing
import Raster
@testable import Views

/// The root's timers run on its clock, at the start of the frame they fall due in.
@MainActor
@Suite struct TimerTests {
    @Test func aTimerRunsOnceInTheFirstFrameAtOrAfterItsTime() throws {
        let clock = VirtualClock()
        let timers = Timers(clock: clock)
        var ran: [Double] = []
        timers.after(1) { ran.append(clock.now) }
        #expect(timers.nextDue == 1)
        clock.advance(by: 0.9); timers.runDue(at: clock.now)
        #expect(ran.isEmpty)
        clock.advance(by: 0.2); timers.runDue(at: clock.now)
        clock.advance(by: 1); timers.runDue(at: clock.now)
        #expect(ran.count == 1 && abs(ran[0] - 1.1) < 1e-9, "once, in the first run after it fell due")
        #expect(timers.nextDue == nil)
    }

    @Test func aRepeatingTimerCountsEachIntervalFromWhenItLastRan() throws {
        let clock = VirtualClock()
        let timers = Timers(clock: clock)
        var count = 0
        let id = timers.every(0.5) { count += 1 }
        clock.advance(by: 0.6); timers.runDue(at: clock.now)
        #expect(count == 1 && timers.nextDue == 1.1)
        clock.advance(by: 0.5); timers.runDue(at: clock.now)
        #expect(count == 2)
        timers.cancel(id)
        clock.advance(by: 5); timers.runDue(at: clock.now)
        #expect(count == 2 && !timers.isScheduled(id), "cancelled, it never runs again")
    }

    @Test func dueTimersRunEarliestFirstAndACancelledOneDoesNot() throws {
        let clock = VirtualClock()
        let timers = Timers(clock: clock)
        var order: [String] = []
        final class Box { var id: TimerID? }
        let late = Box()
        timers.after(0.3) { order.append("c") }
        timers.after(0.1) { order.append("a"); timers.cancel(late.id) }
        late.id = timers.after(0.2) { order.append("b") }
        timers.after(0.1) { order.append("a2") }
        clock.advance(by: 1); timers.runDue(at: clock.now)
        #expect(order == ["a", "a2", "c"], "by due time, then in the order scheduled; a cancelled one is skipped")
    }

    @Test func aTimerScheduledWhileTimersRunWaitsForTheNextFrame() throws {
        let clock = VirtualClock()
        let timers = Timers(clock: clock)
        var runs = 0
        var last: TimerID?
        func again() { runs += 1; last = timers.after(0) { again() } }
        timers.after(0) { again() }
        timers.runDue(at: clock.now)
        #expect(runs == 1, "a timer that keeps scheduling itself for now cannot hold a frame")
        timers.runDue(at: clock.now)
        #expect(runs == 2)
        // The pending timer holds `again`, which holds the timers.
        timers.cancel(last)
    }

    @Test func badDelaysCountAsNone() throws {
        let clock = VirtualClock(now: 5)
        let timers = Timers(clock: clock)
        timers.after(.nan) {}
        timers.after(-3) {}
        #expect(timers.nextDue == 5)
        let every = timers.every(.infinity) {}
        timers.cancel(every)
        #expect(timers.nextDue == 5)
    }
}
