/// Something a headless run could not do: one line naming the file or place and what went wrong.
public struct HeadlessError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line for a person.
    public var message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
