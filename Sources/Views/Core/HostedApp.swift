import Raster

/// What an app hands any host — the SDL window, a headless render or replay, the soak, a test: the
/// root it shows now. The host sends the root its input and calls `root.frame(into:)` when the
/// root's report asks for the next frame. The app's per-frame work hooks into that frame, on the
/// root: timers (`root.timers`) for what is due at a time, and animations
/// (`root.startAnimating(_:)`) for what moves every frame, so every host runs it the same way.
///
/// Hazard: `root` may change between frames (a live reload that swaps the screen); a host reads
/// it again before every frame.
@MainActor
public protocol HostedApp: AnyObject {
    /// The root whose frames the host shows.
    var root: ViewRoot { get }
    /// Whether the app may end now that the user asked to quit (the window closed, Ctrl-Q, a
    /// signal); an app with something to lose asks first and says false.
    func shouldQuit() -> Bool
    /// Whether the app asks its host to end (the user answered its question).
    var wantsToQuit: Bool { get }
    /// A screen size in points the app asks its window to take now (a reload brought a screen of
    /// another size), handed over once: the host fits it into the display, and the app's root is
    /// resized to what it got. Nil: nothing asked.
    func takeRequestedScreenSize() -> Size?
    /// A file dropped on the window (SDL's drop event), by its path.
    func open(droppedFile path: String)
}

extension HostedApp {
    /// Yes: an app with nothing to lose ends when asked.
    public func shouldQuit() -> Bool { true }
    /// No: an app ends when the user asks its host.
    public var wantsToQuit: Bool { false }
    /// Nil: the app takes whatever size its window has.
    public func takeRequestedScreenSize() -> Size? { nil }
    /// Nothing: an app that takes no files ignores a drop.
    public func open(droppedFile path: String) {}
}
