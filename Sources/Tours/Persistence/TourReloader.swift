import Files
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Schema
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

/// How often a `FileReloader` checks its file.
public enum FileReloaderTiming {
    /// Seconds between checks when the folder is watched with inotify.
    public static let watchedInterval = 0.05
    /// Seconds between checks of the signature alone.
    public static let pollingInterval = 0.5
}

/// The result of reloading a changed file (a tour, an app's screens).
public enum FileReload<Loaded> {
    /// The file changed and is good: what it holds now.
    case reloaded(Loaded)
    /// The file changed and is broken: its problems (the last good version should keep running).
    case failed(LoadError)
}

/// The result of reloading a changed tour file.
public typealias TourReload = FileReload<LoadedTour>

/// Watches a tour file for saves and reloads it when it changed.
public typealias TourReloader = FileReloader<LoadedTour>

/// Watches a file (a tour, an app's screens) for saves and reloads it when it changed. The file's folder is watched with
/// inotify (`FolderWatch`), so a save in place or by rename is seen as it happens: where a host
/// waits on the main loop's readable sources (the window), the inotify descriptor wakes it and the
/// check runs at once, with no polling; elsewhere checks run every 50 ms on a timer of the root
/// (each a read that does not block); where inotify is missing, the file's signature is compared
/// every 0.5 s instead.
@MainActor
public final class FileReloader<Loaded> {
    /// The watched file.
    public let path: String
    /// Seconds between checks.
    public let interval: Double
    private var lastSignature: FileSignature
    private let signature: (String) -> FileSignature
    private let load: () throws(LoadError) -> Loaded
    private let watch: FolderWatch?
    private weak var timers: Timers?
    private var timer: TimerID?
    private var source: ReadableSources.ID?

    /// Watches `path`, taking the file as it was when `known` was read (default: as it is now) as
    /// already loaded. `load` reads and checks the file; `signature` reads its signature
    /// (injectable for tests, which then poll every `interval` seconds without inotify).
    public init(path: String, interval: Double? = nil, loadedAt known: FileSignature? = nil,
                signature: ((String) -> FileSignature)? = nil,
                load: @escaping () throws(LoadError) -> Loaded) {
        self.path = path
        let folder = AtomicFile.split(path).folder
        watch = signature == nil ? FolderWatch(folder: folder.isEmpty ? "." : folder) : nil
        let fallback = watch == nil ? FileReloaderTiming.pollingInterval : FileReloaderTiming.watchedInterval
        self.interval = interval.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? fallback
        self.signature = signature ?? FileSignature.of
        self.load = load
        lastSignature = known ?? self.signature(path)
        // A save between the load and now has no event left to see: compare at the first check.
        if known != nil && known != self.signature(path) { pendingSignatureCheck = true }
    }

    private var pendingSignatureCheck = false

    /// Whether the folder is watched with inotify.
    var isWatchingFolder: Bool { watch != nil }

    /// Checks every `interval` seconds on `timers` (a root's), calling `onChange` with each reload;
    /// a check scheduled on other timers before stops.
    public func start(on timers: Timers, onChange: @escaping @MainActor (FileReload<Loaded>) -> Void) {
        stop()
        self.timers = timers
        let sources = ReadableSources.main
        if let watch, sources.isServed {
            source = sources.add(watch.fileDescriptor) { [weak self] in
                if let result = self?.check() { onChange(result) }
            }
            // A save between the load and now left no event behind: one check now.
            if pendingSignatureCheck {
                timer = timers.after(0) { [weak self] in
                    if let result = self?.check() { onChange(result) }
                }
            }
            return
        }
        timer = timers.every(interval) { [weak self] in
            if let result = self?.check() { onChange(result) }
        }
    }

    isolated deinit { stop() }

    /// Stops checking.
    public func stop() {
        timers?.cancel(timer)
        timer = nil
        ReadableSources.main.remove(source)
        source = nil
    }

    /// The reload, if the file changed since the last check; nil otherwise.
    public func check() -> FileReload<Loaded>? {
        if let watch {
            let name = (path as NSString).lastPathComponent
            let changed = watch.changes()
            guard changed.contains(name) || changed.contains("") || pendingSignatureCheck else { return nil }
            pendingSignatureCheck = false
        }
        let current = signature(path)
        guard current != lastSignature else { return nil }
        lastSignature = current
        do { return .reloaded(try load()) } catch { return .failed(error) }
    }
}
