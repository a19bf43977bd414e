import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The process's standard descriptors: kept open from the start, and written with checked calls
/// that never trap.
///
/// `FileHandle.write` traps when its descriptor cannot be written (stderr closed, on a full disk,
/// `2>/dev/full`), so a diagnostic could crash a command that had done its work. Lines for the
/// user go through `writeError` instead: a failure is remembered (`errorFailure`) for the exit
/// status, and the line is lost, never the process.
public enum StandardStreams {
    /// Opens /dev/null on each of descriptors 0, 1 and 2 that is closed, once a process. Call it
    /// before anything opens a file: otherwise the first file opened would become "stderr", and
    /// every diagnostic after would be written into it (an `--events` log, a PNG being saved).
    public static func reserveDescriptors() { _ = reserved }

    /// The reservation, made the first time it is asked for.
    private static let reserved: Bool = {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            // The lower ones are open by now, so the lowest free descriptor is this one.
            let opened = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if opened >= 0 && opened != fd {
                dup2(opened, fd)
                close(opened)
            }
        }
        return true
    }()

    /// errno of the first write to stderr that failed, or nil while none has.
    public static var errorFailure: Int32? { firstErrorFailure.code }
    private static let firstErrorFailure = FirstFailure()

    /// The errno of the first failure, kept across threads (`@unchecked Sendable`: under `lock`).
    private final class FirstFailure: @unchecked Sendable {
        private let lock = NSLock()
        private var first: Int32?
        var code: Int32? { lock.withLock { first } }
        func record(_ code: Int32) { lock.withLock { if first == nil { first = code } } }
    }

    /// Writes `text` to stderr, whole (interrupted and partial writes are resumed); a failure is
    /// remembered in `errorFailure`, and nothing traps or dies of SIGPIPE.
    public static func writeError(_ text: String) {
        if let code = write(text, to: STDERR_FILENO) {
            firstErrorFailure.record(code)
        }
    }

    /// Writes `text` to stdout at once, past the C library's buffer (what was `print`ed before
    /// may still wait there): a tool's progress lines, shown as they come even into a pipe; true
    /// when all of it was written.
    @discardableResult
    public static func writeOutput(_ text: String) -> Bool { write(text, to: STDOUT_FILENO) == nil }

    /// Writes `text` to `fd` whole; errno of the failure, or nil.
    static func write(_ text: String, to fd: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { Descriptors.write(UnsafeRawBufferPointer($0), to: fd) }
    }
}
