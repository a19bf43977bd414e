/// File descriptors whose input wakes the process's main loop, like GLib's default main context:
/// a live reload's inotify descriptor is served as soon as the kernel has an event, and the loop
/// sleeps until then (no polling).
///
/// A host that can wait on descriptors (the SDL window, which waits on them beside its events)
/// says so with `isServed` and calls `dispatch(readable:)`; where none does (a headless run on a
/// virtual clock), a source's owner falls back to checking on a timer.
/// Hazard: handlers run on the main actor and must not block (read without waiting).
@MainActor
public final class ReadableSources {
    /// The process's sources (one main loop per process).
    public static let main = ReadableSources()

    /// One registered descriptor.
    public struct ID: Hashable, Sendable { let value: Int }

    private var sources: [(id: ID, fd: Int32, handler: @MainActor () -> Void)] = []
    private var nextID = 0

    /// Whether a host waits on these descriptors now (set by the host while it runs).
    public var isServed = false
    /// Bumped whenever a source is added or removed, so a host waiting on the old set knows.
    public private(set) var generation = 0

    /// Sources are the process's: see `main`.
    private init() {}

    /// Runs `handler` on the main actor whenever `fd` is readable; until `remove` is called.
    @discardableResult
    public func add(_ fd: Int32, handler: @escaping @MainActor () -> Void) -> ID {
        let id = ID(value: nextID)
        nextID += 1
        sources.append((id, fd, handler))
        generation += 1
        return id
    }

    /// Stops watching a source; nil does nothing.
    public func remove(_ id: ID?) {
        guard let id, let i = sources.firstIndex(where: { $0.id == id }) else { return }
        sources.remove(at: i)
        generation += 1
    }

    /// The descriptors to wait on.
    public var descriptors: [Int32] { sources.map(\.fd) }

    /// Runs the handlers of the descriptors that are readable.
    public func dispatch(readable fds: Set<Int32>) {
        for source in sources where fds.contains(source.fd) { source.handler() }
    }
}
