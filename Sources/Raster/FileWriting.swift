#if canImport(Glibc)
import Glibc
#endif

/// Writing a file so that a full disk or an I/O error is seen, not lost.
public enum FileWriting {
    /// Writes all of `bytes` to `fd` (retrying interrupted writes), then flushes them to the disk
    /// (fsync). Returns the call that failed ("write" or "fsync") and its errno, or nil.
    public static func writeAllAndSync(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> (call: String, code: Int32)? {
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return ("write", errno)
            }
            offset += n
        }
        return fsync(fd) == 0 ? nil : ("fsync", errno)
    }
}
