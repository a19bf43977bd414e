import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Views

/// What a file looked like at one poll: enough to notice a save (in place or by rename).
public struct FileSignature: Hashable, Sendable {
    /// Whether the file exists.
    public var exists: Bool
    /// Modification time in nanoseconds since the epoch.
    public var modified: Int64
    /// Size in bytes.
    public var size: Int64
    /// The inode (an editor that saves by renaming a new file changes it).
    public var inode: UInt64

    /// A signature.
    public init(exists: Bool, modified: Int64 = 0, size: Int64 = 0, inode: UInt64 = 0) {
        self.exists = exists; self.modified = modified; self.size = size; self.inode = inode
    }

    /// The signature of the file at `path` now (stat(2)).
    public static func of(_ path: String) -> FileSignature {
        var st = stat()
        guard stat(path, &st) == 0 else { return FileSignature(exists: false) }
        let ns = Int64(st.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(st.st_mtim.tv_nsec)
        return FileSignature(exists: true, modified: ns, size: Int64(st.st_size), inode: UInt64(st.st_ino))
    }
}

/// The result of reloading a changed tour file.
public enum TourReload {
    /// The file changed and is good: the new tour.
    case reloaded(LoadedTour)
    /// The file changed and is broken: its problems (the last good tour should keep running).
    case failed(TourLoadError)
}

/// Watches a tour file for saves by checking its signature every `interval` seconds, on a timer of
/// the root it runs on (so a host sleeps in between), and reloads it when it changed.
@MainActor
public final class TourReloader {
    /// The watched file.
    public let path: String
    /// Seconds between checks.
    public let interval: Double
    private var lastSignature: FileSignature
    private let signature: (String) -> FileSignature
    private let load: () throws(TourLoadError) -> LoadedTour
    private weak var timers: Timers?
    private var timer: TimerID?

    /// Watches `path`, taking the file as it is now as already loaded. `load` reads and checks the
    /// file; `signature` reads its signature (injectable for tests).
    public init(path: String, interval: Double = 0.5,
                signature: @escaping (String) -> FileSignature = FileSignature.of,
                load: @escaping () throws(TourLoadError) -> LoadedTour) {
        self.path = path
        self.interval = interval.isFinite && interval > 0 ? interval : 0.5
        self.signature = signature
        self.load = load
        lastSignature = signature(path)
    }

    /// Checks every `interval` seconds on `timers` (a root's), calling `onChange` with each reload;
    /// a check scheduled on other timers before stops.
    public func start(on timers: Timers, onChange: @escaping @MainActor (TourReload) -> Void) {
        stop()
        self.timers = timers
        timer = timers.every(interval) { [weak self] in
            if let result = self?.check() { onChange(result) }
        }
    }

    /// Stops checking.
    public func stop() {
        timers?.cancel(timer)
        timer = nil
    }

    /// The reload, if the file changed since the last check; nil otherwise.
    public func check() -> TourReload? {
        let current = signature(path)
        guard current != lastSignature else { return nil }
        lastSignature = current
        do { return .reloaded(try load()) } catch { return .failed(error) }
    }
}
