import Foundation
#if canImport(Glibc)
import Glibc
#endif

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

/// Watches a tour file for saves by polling its signature every `interval` seconds of the host's
/// clock (no busy loop: a host sleeps until `nextPoll`), and reloads it when it changed.
@MainActor
public final class TourReloader {
    /// The watched file.
    public let path: String
    /// Seconds between polls.
    public let interval: Double
    /// The clock time of the next poll.
    public private(set) var nextPoll: Double
    private var lastSignature: FileSignature
    private let signature: (String) -> FileSignature
    private let load: () throws(TourLoadError) -> LoadedTour

    /// Watches `path` from `now`, taking the file as it is now as already loaded. `load` reads and
    /// checks the file; `signature` reads its signature (injectable for tests).
    public init(path: String, interval: Double = 0.5, now: Double,
                signature: @escaping (String) -> FileSignature = FileSignature.of,
                load: @escaping () throws(TourLoadError) -> LoadedTour) {
        self.path = path
        self.interval = interval.isFinite && interval > 0 ? interval : 0.5
        self.signature = signature
        self.load = load
        lastSignature = signature(path)
        nextPoll = now + self.interval
    }

    /// When a poll is due at `now`: the reload if the file changed since the last poll, else nil.
    public func poll(now: Double) -> TourReload? {
        guard now >= nextPoll else { return nil }
        nextPoll = now + interval
        let current = signature(path)
        guard current != lastSignature else { return nil }
        lastSignature = current
        do { return .reloaded(try load()) } catch { return .failed(error) }
    }
}
