import CSDL2
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Views

/// Waits on the main loop's readable sources (`ReadableSources.main`) on a thread of its own, and
/// wakes SDL's event wait with an event of its own type as soon as one is readable, so the window
/// sleeps in `SDL_WaitEvent` until input, a timer or a file's change, and a save reaches the screen
/// without polling.
///
/// One round: the loop arms it with the descriptors, the thread polls them (and a pipe that says
/// the set changed), pushes one event when any is readable and waits to be armed again; the loop
/// takes the readable ones and runs their handlers, which read what is there.
/// Hazard: only `SDL_PushEvent` is called off the main thread (SDL allows it from any thread).
/// `@unchecked Sendable`: the descriptors and the round's state are shared under `condition`.
final class DescriptorWaiter: @unchecked Sendable {
    /// The SDL event type it pushes.
    let eventType: UInt32
    private let condition = NSCondition()
    private var descriptors: [Int32] = []
    private var armed = false
    private var stopped = false
    private var ready: Set<Int32> = []
    private let interruptRead: Int32, interruptWrite: Int32

    /// A waiter with its thread, or nil when SDL has no event types or the system no pipes left.
    init?() {
        let type = SDL_RegisterEvents(1)
        guard type != UInt32.max else { return nil }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        eventType = type
        interruptRead = ends[0]
        interruptWrite = ends[1]
        let thread = Thread { [self] in self.run() }
        thread.name = "limelight readable sources"
        thread.start()
    }

    /// Whether it is waiting (or about to) on a set of descriptors.
    var isArmed: Bool { condition.lock(); defer { condition.unlock() }; return armed }

    /// Waits on `fds` until one is readable (a new set replaces the one being waited on).
    func arm(_ fds: [Int32]) {
        condition.lock()
        descriptors = fds
        armed = true
        condition.signal()
        condition.unlock()
        poke()
    }

    /// The descriptors found readable in the round that pushed the event.
    func takeReady() -> Set<Int32> {
        condition.lock(); defer { condition.unlock() }
        let r = ready
        ready = []
        return r
    }

    /// Ends the thread (the window closes).
    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
        poke()
    }

    private func poke() {
        var byte: UInt8 = 1
        _ = write(interruptWrite, &byte, 1)
    }

    private func run() {
        while true {
            condition.lock()
            while !armed && !stopped { condition.wait() }
            if stopped { condition.unlock(); close(interruptRead); close(interruptWrite); return }
            let fds = descriptors
            condition.unlock()
            var polled = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            polled.append(pollfd(fd: interruptRead, events: Int16(POLLIN), revents: 0))
            let n = poll(&polled, nfds_t(polled.count), -1)
            if n < 0 {
                if errno != EINTR { usleep(10_000) }
                continue
            }
            if polled[polled.count - 1].revents != 0 {
                var sink = [UInt8](repeating: 0, count: 64)
                while read(interruptRead, &sink, sink.count) > 0 {}
            }
            // A closed descriptor (POLLNVAL) ends the round too: the loop arms again with the sources as they are.
            let readable = polled.dropLast().filter { $0.revents & Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL) != 0 }.map(\.fd)
            guard !readable.isEmpty else { continue }
            condition.lock()
            armed = false
            ready = Set(readable)
            condition.unlock()
            var event = SDL_Event()
            event.type = eventType
            SDL_PushEvent(&event)
        }
    }
}
