#if canImport(Glibc)
import Glibc
#endif

/// A step of an atomic save that failed: the system call, the file it was about, and errno's text.
public struct AtomicFileFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The call that failed ("open", "write", "fsync", "close", "rename"), or "" for a target
    /// refused before any call (a folder, a socket, a pipe no one reads).
    public var call: String
    /// The file it was about.
    public var path: String
    /// What went wrong, in plain words ("the disk is full", "is a folder (expected a file)").
    public var reason: String

    /// The failure of `call` on `path`, with `code` (errno now by default) in plain words
    /// (`SystemErrors.describe`).
    public init(call: String, path: String, code: Int32 = errno) {
        self.call = call
        self.path = path
        reason = SystemErrors.describe(code)
    }

    /// A failure with a reason given as text (tests simulate failures this way).
    public init(call: String, path: String, reason: String) {
        self.call = call
        self.path = path
        self.reason = reason
    }

    /// `write /path: the disk is full`, or `/path: is a folder (expected a file)` for a refusal.
    public var description: String { call.isEmpty ? "\(path): \(reason)" : "\(call) \(path): \(reason)" }
}
