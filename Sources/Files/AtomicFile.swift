import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Replaces a file in one step, so a crash or a full disk at any point leaves either the old file or
/// the new one, never a cut-off mix: the new bytes go to a temporary file beside the target, which is
/// written, flushed (fsync) and closed with every result checked, then renamed over the target, and
/// the folder is flushed so the rename itself survives a power cut.
///
/// What is at the path decides first (`destination(of:)`): a character device such as `/dev/null`
/// or a FIFO is written in place and never replaced, a descriptor of this process (`/dev/stdout`)
/// is written to, and a folder, a socket or a block device is refused. Every output is saved
/// through it: PNGs, saved tour progress, reports, schemas, translators' files. The steps are
/// injectable (`AtomicFile.Steps`) so tests can fail any of them.
public struct AtomicFile: Sendable {
    /// The file-system steps of a save.
    public var steps: Steps
    /// The permission bits the new file is created with (before the umask).
    public var mode: mode_t

    /// A writer that saves through `steps`, creating files with `mode`.
    public init(steps: Steps = .system, mode: mode_t = 0o644) {
        self.steps = steps
        self.mode = mode
    }

    /// Replaces `path` with `bytes` (or writes them into the device, pipe or descriptor it names).
    /// On failure nothing at `path` has changed and the temporary file is gone; the error names
    /// the step that failed and `path` (not the temporary file, which the user never named).
    public func write(_ bytes: Data, to path: String) throws(AtomicFileFailure) {
        func fill(_ fd: Int32) -> (call: String, code: Int32)? {
            bytes.withUnsafeBytes { Descriptors.writeWhole(fd, $0) }.map { ("write", $0) }
        }
        switch try AtomicFile.destination(of: path) {
        case .inPlace: if try AtomicFile.writeInPlace(at: path, fill) { return }
        case .descriptor(let fd): return try AtomicFile.writeToDescriptor(fd, path: path, fill)
        case .replaced: break
        }
        let (folder, name) = AtomicFile.split(path)
        // Short and unique: any name length the folder allows still fits.
        let temporary = folder + "/." + String(name.prefix(40)) + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        do { try steps.writeSynced(bytes, temporary, mode) } catch {
            steps.remove(temporary)
            throw AtomicFileFailure(call: error.call, path: path, reason: error.reason)
        }
        do { try steps.rename(temporary, path) } catch {
            steps.remove(temporary)
            throw error
        }
        steps.syncFolder(folder)
    }

    /// The folder that holds `path` ("." for a bare name) and the last component.
    public static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = slash == path.startIndex ? "/" : String(path[..<slash])
        return (folder, String(path[path.index(after: slash)...]))
    }
}

extension AtomicFile {
    /// The file-system steps of an atomic save.
    public struct Steps: Sendable {
        /// Creates a new file at the path (it must not exist) with the mode, holding the bytes,
        /// flushed to the disk and closed, every result checked.
        public var writeSynced: @Sendable (_ bytes: Data, _ path: String, _ mode: mode_t) throws(AtomicFileFailure) -> Void
        /// Renames the first path to the second, replacing it in one step.
        public var rename: @Sendable (_ from: String, _ to: String) throws(AtomicFileFailure) -> Void
        /// Flushes a folder's entries to the disk.
        public var syncFolder: @Sendable (_ folder: String) -> Void
        /// Removes a temporary file after a failed step.
        public var remove: @Sendable (_ path: String) -> Void

        /// Steps made of the given parts.
        public init(writeSynced: @escaping @Sendable (Data, String, mode_t) throws(AtomicFileFailure) -> Void,
                    rename: @escaping @Sendable (String, String) throws(AtomicFileFailure) -> Void,
                    syncFolder: @escaping @Sendable (String) -> Void,
                    remove: @escaping @Sendable (String) -> Void = { unlink($0) }) {
            self.writeSynced = writeSynced
            self.rename = rename
            self.syncFolder = syncFolder
            self.remove = remove
        }

        /// The real thing: open(O_EXCL), write, fsync and close; rename(2); fsync of the folder.
        public static let system = Steps.flushed(true)

        /// For scratch files that are made again at will (a test run's results): still whole or
        /// absent (written beside, then renamed), every write and the close checked, but not
        /// flushed to the disk, which a run writing hundreds of images would otherwise wait on.
        public static let unsynced = Steps.flushed(false)

        /// The system's steps, with the file and its folder flushed to the disk or not.
        private static func flushed(_ sync: Bool) -> Steps {
            Steps(
                writeSynced: { bytes, path, mode throws(AtomicFileFailure) in
                    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
                    guard fd >= 0 else { throw AtomicFileFailure(call: "open", path: path) }
                    var failure = bytes.withUnsafeBytes { AtomicFile.writeAllAndSync(fd, $0, sync: sync) }
                        .map { AtomicFileFailure(call: $0.call, path: path, code: $0.code) }
                    if close(fd) != 0, failure == nil { failure = AtomicFileFailure(call: "close", path: path) }
                    if let failure { throw failure }
                },
                rename: { from, to throws(AtomicFileFailure) in
                    guard Glibc.rename(from, to) == 0 else { throw AtomicFileFailure(call: "rename", path: to) }
                },
                syncFolder: { folder in
                    guard sync else { return }
                    let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                    guard fd >= 0 else { return }
                    _ = fsync(fd)
                    close(fd)
                })
        }
    }

    /// Writes all of `bytes` to `fd` (retrying interrupted writes), then flushes them to the disk
    /// (fsync) unless `sync` is false. Returns the call that failed ("write" or "fsync") and its
    /// errno, or nil.
    static func writeAllAndSync(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, sync: Bool = true) -> (call: String, code: Int32)? {
        if let code = Descriptors.writeWhole(fd, bytes) { return ("write", code) }
        return !sync || fsync(fd) == 0 ? nil : ("fsync", errno)
    }
}
