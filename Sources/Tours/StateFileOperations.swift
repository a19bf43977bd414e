import Foundation
import Raster
#if canImport(Glibc)
import Glibc
#endif

/// The file-system steps of an atomic save, injectable so tests can fail any of them (a full disk,
/// a crash between writing and renaming).
public struct StateFileOperations: Sendable {
    /// Creates a new file at `path` holding `data`, flushed to the disk (fsync) before it returns.
    public var writeSynced: @Sendable (_ data: Data, _ path: String) throws -> Void
    /// Renames `from` to `to`, replacing `to` in one step.
    public var rename: @Sendable (_ from: String, _ to: String) throws -> Void
    /// Flushes a folder's entries to the disk, so a rename survives a power cut.
    public var syncFolder: @Sendable (_ path: String) -> Void

    /// Operations with the given steps.
    public init(writeSynced: @escaping @Sendable (Data, String) throws -> Void,
                rename: @escaping @Sendable (String, String) throws -> Void,
                syncFolder: @escaping @Sendable (String) -> Void) {
        self.writeSynced = writeSynced; self.rename = rename; self.syncFolder = syncFolder
    }

    /// The real thing: open(O_EXCL), write, fsync, close; rename(2); fsync of the folder.
    public static let system = StateFileOperations(
        writeSynced: { data, path in
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw POSIXFailure(call: "open", path: path) }
            let failure = data.withUnsafeBytes { FileWriting.writeAllAndSync(fd, $0) }
                .map { POSIXFailure(call: $0.call, path: path, code: $0.code) }
            close(fd)
            if let failure { unlink(path); throw failure }
        },
        rename: { from, to in
            guard Glibc.rename(from, to) == 0 else { throw POSIXFailure(call: "rename", path: to) }
        },
        syncFolder: { path in
            let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard fd >= 0 else { return }
            _ = fsync(fd)
            close(fd)
        })
}

/// A failed system call, with errno's text.
public struct POSIXFailure: Error, CustomStringConvertible {
    /// The call that failed.
    public var call: String
    /// The file it was about.
    public var path: String
    /// errno's message.
    public var reason: String

    /// The failure of `call` on `path`, reading errno now.
    public init(call: String, path: String, code: Int32 = errno) {
        self.call = call; self.path = path
        reason = String(cString: strerror(code))
    }

    public var description: String { "\(call) \(path): \(reason)" }
}
