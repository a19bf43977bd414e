/// Why a capture could not be made, in one line (the app is not on the bus, the page did not load
/// in time, the browser is missing).
public struct CaptureError: Error, CustomStringConvertible, Sendable {
    /// What went wrong and, where it helps, what to do.
    public var message: String
    /// A failure saying `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
