import Files
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `--events FILE`: tour events appended to a file (or stderr for `-`) one line each, as they happen.
/// A regular file is opened without blocking, made if missing and appended to; a device such as
/// /dev/null, a FIFO someone reads, or a descriptor of this process (`/dev/stdout`) is written in
/// place, as `AtomicFile` writes them; a FIFO no one reads is refused at once, never waited on, and
/// a folder, a socket or a block device is refused. A write that fails is said once, on stderr,
/// and makes the command exit 1 when the window closes: events are never dropped silently.
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
        func refuse(_ why: String) -> CLIError { .usage("\(command): --events \(Arguments.printable(path)): \(why)") }
        let destination: AtomicFile.Destination
        do { destination = try AtomicFile.destination(of: path) } catch {
            throw refuse(error.reason + " (expected a file path, or - for stderr)")
        }
        let fd: Int32
        switch destination {
        case .descriptor(let own):
            fd = fcntl(own, F_DUPFD_CLOEXEC, 3)
            guard fd >= 0 else { throw refuse("descriptor \(own) is not open") }
        case .inPlace, .replaced:
            // A file of its own goes in a folder made now (with its parents) that can be written into.
            if destination == .replaced, let problem = OutputFolders.prepare(AtomicFile.split(path).folder) {
                throw .failure("\(command): --events \(Arguments.printable(path)): \(problem)")
            }
            let creating = destination == .replaced ? O_APPEND | O_CREAT : O_NOFOLLOW
            fd = Glibc.open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | creating, 0o644)
            guard fd >= 0 else {
                let code = errno
                if code == ENXIO { throw refuse("no one reads the pipe (expected a file path, or - for stderr)") }
                if code == EISDIR { throw refuse("is a folder (expected a file path, or - for stderr)") }
                throw .failure("\(command): --events \(Arguments.printable(path)): cannot open it for writing (\(SystemErrors.describe(code)))")
            }
        }
        // What was opened is what is written: a path swapped meanwhile for a socket is refused.
        var info = stat()
        let kind = fstat(fd, &info) == 0 ? info.st_mode & S_IFMT : 0
        if case .descriptor = destination {} else if ![S_IFREG, S_IFCHR, S_IFIFO].contains(kind) {
            close(fd)
            throw refuse("not a regular file (expected a file path, or - for stderr)")
        }
        // Opened without waiting; written at the reader's pace.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        self.fd = fd
    }

    deinit { if fd > 2 { close(fd) } }

    /// Appends `line` and a newline.
    func write(_ line: String) {
        guard failure == nil else { return }
        let bytes = Array((line + "\n").utf8)
        if let code = bytes.withUnsafeBytes({ Descriptors.write($0, to: fd) }) {
            failure = "--events \(Arguments.printable(name)): cannot write (\(SystemErrors.describe(code)))"
            warn("window: \(failure!); later events are not logged")
        }
    }
}
