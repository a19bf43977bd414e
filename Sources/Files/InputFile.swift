import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reading a file that came from outside (a tour, a script, an image, an event log, saved
/// progress): the whole of a regular file, at most so many bytes, in one call that never blocks.
///
/// The file is opened without blocking (`O_NONBLOCK`: a pipe with no writer, a FIFO, a terminal or a
/// device would otherwise wait forever) and checked on the open descriptor (`fstat`), so what is
/// read is what was checked, even if the path is swapped meanwhile. A folder, a pipe, a socket or a
/// device is refused with a reason, and so is a file larger than the limit, before it is read.
public enum InputFile {
    /// Why a file could not be read, as a phrase for a one-line message ("no such file").
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// What was wrong: "no such file", "is a folder", "not a regular file (a pipe)", …
        public var reason: String
        /// Whether the file is not there at all (so a caller may treat it as empty).
        public var isMissing: Bool
        /// A failure for `reason`.
        public init(reason: String, isMissing: Bool = false) { self.reason = reason; self.isMissing = isMissing }
        /// The reason.
        public var description: String { reason }
    }

    /// The bytes of the regular file at `path`, at most `limit` of them (a larger file is refused).
    /// `kind` names what the file should be, for the message about a folder ("a tour file").
    public static func read(_ path: String, limit: Int, kind: String = "a file") throws(Failure) -> [UInt8] {
        guard !path.isEmpty else { throw Failure(reason: "an empty path (expected \(kind))", isMissing: true) }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw openFailure(errno) }
        defer { close(fd) }
        return try read(descriptor: fd, limit: limit, kind: kind)
    }

    /// The bytes of the open file `fd` (checked with `fstat`: a regular file of at most `limit`
    /// bytes), read to its end; the caller closes it.
    public static func read(descriptor fd: Int32, limit: Int, kind: String = "a file") throws(Failure) -> [UInt8] {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(reason: "cannot read the file (\(SystemErrors.describe(errno)))") }
        if let failure = notRegular(info.st_mode, kind: kind) { throw failure }
        let size = Int(info.st_size)
        guard size <= limit else { throw Failure(reason: "larger than \(describe(bytes: limit)) (\(size) bytes; expected \(kind))") }
        // The size may change while reading: read up to one byte past the limit and look.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(limit, size) + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= limit {
            let want = min(chunk.count, limit + 1 - bytes.count)
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, want) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(reason: "cannot read the file (\(SystemErrors.describe(errno)))")
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        guard bytes.count <= limit else { throw Failure(reason: "larger than \(describe(bytes: limit)) (it grew while being read; expected \(kind))") }
        return bytes
    }

    /// Refuses `path` unless it is missing or a regular file: a destination that must not be a
    /// pipe, a device or a folder (opening a FIFO to append to it would wait for a reader forever).
    public static func checkWritable(_ path: String, kind: String = "a file") throws(Failure) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return }
            throw openFailure(errno)
        }
        if let failure = notRegular(info.st_mode, kind: kind) { throw failure }
    }

    /// What is at `path`, its links followed: nil when nothing is (no such file, or a part of the
    /// path is a file); a failure when it cannot be told, which is not the same as missing (a loop
    /// of symbolic links, a folder that may not be looked into, a path too long).
    public static func kind(of path: String) throws(Failure) -> FileKind? {
        guard !path.isEmpty else { return nil }
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            throw openFailure(code)
        }
        return FileKind(mode: info.st_mode, size: Int(info.st_size))
    }

    /// What is wrong with a file of `mode` where `kind` was expected, or nil for a regular file.
    static func notRegular(_ mode: mode_t, kind: String) -> Failure? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return Failure(reason: "is a folder (expected \(kind))")
        case S_IFIFO: return Failure(reason: "not a regular file (a pipe; expected \(kind))")
        case S_IFSOCK: return Failure(reason: "not a regular file (a socket; expected \(kind))")
        default: return Failure(reason: "not a regular file (a device; expected \(kind))")
        }
    }

    /// The reason for an `open` or `stat` that failed with `code`.
    public static func openFailure(_ code: Int32) -> Failure {
        switch code {
        case ENOENT: return Failure(reason: "no such file", isMissing: true)
        case EACCES, EPERM: return Failure(reason: "not readable (permission denied)")
        case ELOOP: return Failure(reason: "a loop of symbolic links")
        case ENOTDIR: return Failure(reason: "no such file (a part of the path is a file, not a folder)", isMissing: true)
        case ENAMETOOLONG: return Failure(reason: "the path is too long")
        default: return Failure(reason: "cannot open the file (\(SystemErrors.describe(code)))")
        }
    }

    /// `bytes` as "4 MiB", "64 KiB" or "512 bytes".
    public static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 20 { return String(format: "%.1f MiB", Double(bytes) / Double(1 << 20)) }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
