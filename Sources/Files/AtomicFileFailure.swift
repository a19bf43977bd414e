#if canImport(Glibc)
import Glibc
#endif

/// A step of an atomic save that failed: the system call, the file it was about, and errno's text.
public struct AtomicFileFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The call that failed ("open", "write", "fsync", "close", "rename").
    public var call: String
    /// The file it was about.
    public var path: String
    /// errno's message ("No space left on device").
    public var reason: String

    /// The failure of `call` on `path`, with errno's message for `code` (errno now by default).
    public init(call: String, path: String, code: Int32 = errno) {
        self.call = call
        self.path = path
        reason = String(cString: strerror(code))
    }

    /// A failure with a reason given as text (tests simulate failures this way).
    public init(call: String, path: String, reason: String) {
        self.call = call
        self.path = path
        self.reason = reason
    }

    /// `write /path: No space left on device`.
    public var description: String { "\(call) \(path): \(reason)" }
}
