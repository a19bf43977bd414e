import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension AtomicFile {
    /// What a save does with what is at its path.
    public enum Destination: Hashable, Sendable {
        /// Nothing is there, or a regular file (or a symbolic link to one, or to nothing, which is
        /// replaced and never followed): the new file is written beside it and renamed over it.
        case replaced
        /// A character device (`/dev/null`, a terminal) or a FIFO: opened and written in place,
        /// never replaced.
        case inPlace
        /// One of this process's own open descriptors (`/dev/stdout`, `/dev/fd/N`,
        /// `/proc/self/fd/N`): written to that descriptor, as the shell set it up (a pipe, a
        /// terminal, or a file at its offset).
        case descriptor(Int32)
    }

    /// What a save to `path` does (see `Destination`), or why it is refused: an empty path, a
    /// folder, a socket, a block device (a disk), or a symbolic link to a device, a pipe or a
    /// folder (only the device's own path is written in place: a link planted in a folder of
    /// someone else's is never followed to one).
    public static func destination(of path: String) throws(AtomicFileFailure) -> Destination {
        func refuse(_ why: String) -> AtomicFileFailure { AtomicFileFailure(call: "", path: path, reason: why) }
        guard !path.isEmpty else { throw refuse("an empty path") }
        var info = stat()
        guard lstat(path, &info) == 0 else {
            // `/dev/fd/N` of a descriptor that is not open: said as such when written.
            if errno == ENOENT, let fd = ownDescriptor(named: path) { return .descriptor(fd) }
            return .replaced
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .replaced
        case S_IFCHR, S_IFIFO: return .inPlace
        case S_IFDIR: throw refuse("is a folder")
        case S_IFSOCK: throw refuse("is a socket")
        case S_IFBLK: throw refuse("is a block device")
        default: break
        }
        if let fd = ownDescriptor(named: path) { return .descriptor(fd) }
        // A link: what it leads to decides; a dangling one or a loop is replaced, as a file is.
        guard stat(path, &info) == 0 else { return .replaced }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .replaced
        case S_IFDIR: throw refuse("is a symbolic link to a folder")
        case S_IFIFO: throw refuse("is a symbolic link to a pipe, which is not followed")
        case S_IFSOCK: throw refuse("is a symbolic link to a socket")
        default: throw refuse("is a symbolic link to a device, which is not followed")
        }
    }

    /// The descriptor of this process that `path` names through its links (`/dev/stdout` →
    /// `/proc/self/fd/1`), or nil when it names none.
    static func ownDescriptor(named path: String) -> Int32? {
        var current = path
        for _ in 0..<40 {
            let (folder, name) = split(current)
            if !name.isEmpty, name.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
               let fd = Int32(name), isOwnDescriptorFolder(folder) {
                return fd
            }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { return nil }
            let target = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : folder + "/" + target
        }
        return nil
    }

    /// Whether `folder` is this process's (or one of its threads') `/proc/PID/fd`.
    private static func isOwnDescriptorFolder(_ folder: String) -> Bool {
        guard folder == "fd" || folder.hasSuffix("/fd"), let real = realpath(folder, nil) else { return false }
        defer { free(real) }
        let resolved = String(cString: real)
        let process = "/proc/\(getpid())/"
        return resolved == process + "fd" || (resolved.hasPrefix(process + "task/") && resolved.hasSuffix("/fd"))
    }

    /// Writes what `fill` writes into the character device or FIFO at `path`, in place: opened
    /// without creating or truncating anything and without waiting (a FIFO no one reads is
    /// refused at once), then written blocking. False, with nothing written, when the path turned
    /// into a regular file meanwhile (the caller then replaces it).
    static func writeInPlace(at path: String, _ fill: (Int32) -> (call: String, code: Int32)?) throws(AtomicFileFailure) -> Bool {
        let fd = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else {
            let code = errno
            if code == ENXIO { throw AtomicFileFailure(call: "", path: path, reason: "no one reads the pipe") }
            if code == ELOOP { throw AtomicFileFailure(call: "", path: path, reason: "became a symbolic link, which is not followed") }
            throw AtomicFileFailure(call: "open", path: path, code: code)
        }
        var info = stat()
        guard fstat(fd, &info) == 0, [S_IFCHR, S_IFIFO].contains(info.st_mode & S_IFMT) else {
            close(fd)
            return false
        }
        // Opened without waiting; written as any output is, at the reader's pace.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var failure = Descriptors.withoutBrokenPipeSignal { fill(fd) }.map { AtomicFileFailure(call: $0.call, path: path, code: $0.code) }
        if close(fd) != 0, failure == nil { failure = AtomicFileFailure(call: "close", path: path) }
        if let failure { throw failure }
        return true
    }

    /// Writes what `fill` writes to this process's descriptor `fd` (see `Destination.descriptor`),
    /// after what the C library holds for stdout, so the two arrive in order; `path` names it.
    static func writeToDescriptor(_ fd: Int32, path: String, _ fill: (Int32) -> (call: String, code: Int32)?) throws(AtomicFileFailure) {
        fflush(nil)
        guard fcntl(fd, F_GETFD) != -1 else { throw AtomicFileFailure(call: "", path: path, reason: "descriptor \(fd) is not open") }
        if let failure = Descriptors.withoutBrokenPipeSignal({ fill(fd) }) { throw AtomicFileFailure(call: failure.call, path: path, code: failure.code) }
    }

    /// Puts `file`, a finished file beside `path`, at `path`: renamed over it, or, when `path` is
    /// written in place (a device, a pipe, a descriptor), its bytes copied there and `file`
    /// removed. On failure `file` is removed too.
    public static func moveIntoPlace(_ file: String, at path: String) throws(AtomicFileFailure) {
        defer { unlink(file) }
        func copy(into target: Int32) -> (call: String, code: Int32)? {
            let source = open(file, O_RDONLY | O_CLOEXEC)
            guard source >= 0 else { return ("open", errno) }
            defer { close(source) }
            var chunk = [UInt8](repeating: 0, count: 1 << 20)
            while true {
                let n = chunk.withUnsafeMutableBytes { Glibc.read(source, $0.baseAddress!, $0.count) }
                if n < 0 { if errno == EINTR { continue }; return ("read", errno) }
                if n == 0 { return nil }
                if let code = chunk.withUnsafeBytes({ Descriptors.writeWhole(target, UnsafeRawBufferPointer(rebasing: $0[..<n])) }) { return ("write", code) }
            }
        }
        switch try destination(of: path) {
        case .inPlace: if try writeInPlace(at: path, copy) { return }
        case .descriptor(let fd): return try writeToDescriptor(fd, path: path, copy)
        case .replaced: break
        }
        guard rename(file, path) == 0 else { throw AtomicFileFailure(call: "rename", path: path) }
    }
}
