/// An image file that could not be read or written: the file and what was wrong, as one line.
public struct ImageFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file as it was named.
    public var path: String
    /// What was wrong ("no such file", "cannot write (No space left on device)").
    public var reason: String
    /// Whether the image was refused for the budget of decoded images (`DecodedImageCache`), not
    /// for anything wrong with the file: images after it would be refused too.
    public var isOverBudget: Bool

    /// The problem `reason` with the file `path`.
    public init(path: String, reason: String, isOverBudget: Bool = false) {
        self.path = path
        self.reason = reason
        self.isOverBudget = isOverBudget
    }

    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
}
