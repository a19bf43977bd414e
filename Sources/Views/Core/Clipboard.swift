/// Where copied text goes and pasted text comes from. A window uses the system's clipboard; headless
/// runs and tests use `MemoryClipboard`.
@MainActor
public protocol Clipboard: AnyObject {
    /// The text on the clipboard, if any; setting it replaces what was there.
    var text: String? { get set }
}

/// A clipboard that lives as long as the root it belongs to.
@MainActor
public final class MemoryClipboard: Clipboard {
    /// The text on the clipboard.
    public var text: String?
    /// An empty clipboard.
    public init() {}
}
