import Files
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `--events FILE`: tour events appended to a file (or stderr for `-`) one line each, as they happen.
/// The file is opened without blocking and must be a regular file (a FIFO would hold the window
/// until someone read it). A write that fails is said once, on stderr, and makes the command exit 1
/// when the window closes: events are never dropped silently.
final class EventLog {
    private let fd: Int32
    private let name: String
    /// Why a write failed, once one has.
    private(set) var failure: String?

    /// A log appending to `path` (made if missing), opened now so a bad path fails before the
    /// window opens.
    init(_ path: String, command: String) throws(CLIError) {
        name = path
        if path == "-" { fd = 2; return }
        let fd = Glibc.open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0o644)
        guard fd >= 0 else {
            let code = errno
            let why = code == ENXIO ? "not a regular file (a pipe with no reader; expected a file path, or - for stderr)"
                : code == EISDIR ? "is a folder (expected a file path, or - for stderr)"
                : "cannot open it for writing (\(String(cString: strerror(code))))"
            let message = "\(command): --events \(Arguments.printable(path)): \(why)"
            throw code == ENXIO || code == EISDIR ? .usage(message) : .failure(message)
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw .usage("\(command): --events \(Arguments.printable(path)): not a regular file (expected a file path, or - for stderr)")
        }
        self.fd = fd
    }

    deinit { if fd > 2 { close(fd) } }

    /// Appends `line` and a newline.
    func write(_ line: String) {
        guard failure == nil else { return }
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                failure = "--events \(Arguments.printable(name)): cannot write (\(String(cString: strerror(n < 0 ? errno : EIO))))"
                warn("window: \(failure!); later events are not logged")
                return
            }
            offset += n
        }
    }
}
