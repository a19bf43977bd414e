import Glibc

/// An events log read a chunk at a time, a line at a time: memory stays that of the longest line,
/// whatever the file's size.
struct LogReader {
    /// The longest line read (a longer one is a problem of its own, and skipped to its end).
    static let maxLine = 1 << 20
    /// Bytes read at once.
    static let chunk = 4 << 20

    /// Where a file could not be read.
    struct Failure: Error { var reason: String }

    /// Calls `body` with each line of the file at `path` (without its newline) and its number; the
    /// last line, if the file does not end in a newline, with `isLast` true. A line over `maxLine`
    /// bytes is given as nil.
    static func lines(of path: String, _ body: (UnsafeBufferPointer<UInt8>?, Int, Bool) throws -> Void) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { throw Failure(reason: errno == ENOENT ? "no such file" : "cannot open it (\(String(cString: strerror(errno))))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw Failure(reason: "not a regular file") }
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: chunk + maxLine + 1)
        defer { buffer.deallocate() }
        var kept = 0          // bytes of an unfinished line at the start of the buffer
        var skipping = false  // inside a line too long to keep
        var number = 0
        while true {
            let n = read(fd, buffer + kept, chunk)
            if n < 0 { if errno == EINTR { continue }; throw Failure(reason: "cannot read it (\(String(cString: strerror(errno))))") }
            let end = kept + n
            var start = 0
            var k = kept
            while let nl = memchr(buffer + k, 0x0A, end - k) {
                let at = buffer.distance(to: nl.assumingMemoryBound(to: UInt8.self))
                if skipping { skipping = false } else {
                    number += 1
                    try body(UnsafeBufferPointer(start: buffer + start, count: at - start), number, false)
                }
                start = at + 1
                k = start
            }
            if n == 0 {
                if end > start, !skipping {
                    number += 1
                    try body(UnsafeBufferPointer(start: buffer + start, count: end - start), number, true)
                }
                return
            }
            kept = end - start
            if kept > maxLine {
                if !skipping { number += 1; try body(nil, number, false) }
                skipping = true
                kept = 0
            } else if start > 0 {
                memmove(buffer, buffer + start, kept)
            }
        }
    }
}
