/// An image file that could not be read or written: the file and what was wrong, as one line.
public struct ImageFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file as it was named.
    public var path: String
    /// What was wrong ("no such file", "cannot write (No space left on device)").
    public var reason: String

    /// The problem `reason` with the file `path`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
}
