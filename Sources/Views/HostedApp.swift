/// What an app hands any host — the SDL window, a headless render or replay, the soak, a test: the
/// root it shows now. The host sends the root its input and calls `root.frame(into:)` when the
/// root's report asks for the next frame; the app's own timers and animations live on the root.
///
/// Hazard: `root` may change between frames (a live reload that swaps the screen); a host reads
/// it again before every frame.
@MainActor
public protocol HostedApp: AnyObject {
    /// The root whose frames the host shows.
    var root: ViewRoot { get }
}
