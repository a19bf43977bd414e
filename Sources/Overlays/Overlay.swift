import Raster
import Views

/// What an overlay did with an input event.
public enum OverlayInput: Sendable {
    /// The overlay took the event; nothing beneath sees it.
    case consumed
    /// The overlay lets the event through to what is beneath (the next overlay, or the tree).
    case passThrough
}

/// The kinds of overlay, as reported by `limelight replay` and the soak checks.
public enum OverlayKind: String, Sendable {
    case spotlight, alert, popup, loading
}

/// One entry of the presentation stack: something drawn over the whole screen that blocks input
/// to what is beneath it.
///
/// Subclasses lay themselves out from the root (targets by view id, never hand-made coordinates),
/// composite into dirty rectangles of the frame, and handle input. The stack fades them in and out;
/// `presentationOpacity` is the fade's current value, which `composite` multiplies into everything.
@MainActor
open class Overlay {
    /// Where it is in its life.
    public enum Phase: Sendable { case appearing, shown, disappearing, removed }

    public let kind: OverlayKind
    /// The stack showing it (nil before `present` and after removal).
    public internal(set) weak var stack: PresentationStack?
    public internal(set) var phase: Phase = .removed
    /// The fade's current value, 0...1.
    public internal(set) var presentationOpacity: Double = 0
    var fade: Tween?
    /// Seconds of the appearing fade.
    public var appearDuration = 0.25
    /// Seconds of the disappearing fade.
    public var disappearDuration = 0.25
    /// Runs once the overlay has been removed from the stack.
    public var onRemoved: (@MainActor () -> Void)?

    public init(kind: OverlayKind) { self.kind = kind }

    /// Whether the overlay takes input now (a fading-out overlay no longer does).
    public var isInteractive: Bool { phase == .appearing || phase == .shown }

    /// Updates geometry from the root (target frames, screen size). Returns the areas (screen
    /// points) that must be repainted because something moved; `[]` when nothing changed.
    open func layout(root: ViewRoot) -> [Rect] { [] }

    /// The part of the screen the overlay paints (points). Fades repaint this.
    open func coveredRect(root: ViewRoot) -> Rect { root.bounds }

    /// Handles one input event.
    open func handle(_ event: InputEvent, root: ViewRoot) -> OverlayInput { .consumed }

    /// Draws over `region` (device pixels) of `frame`, which holds the tree and lower overlays.
    public final func composite(into frame: Pixmap, region: IntRect, root: ViewRoot) {
        composite(from: frame, into: frame, region: region, root: root)
    }

    /// Draws the overlay over `source`'s pixels in `region` (device pixels), writing `frame`. `source`
    /// holds the tree and lower overlays; it is either `frame` itself or the root's base layer (same
    /// size), so an overlay that dims reads it directly instead of having it copied first. The default
    /// draws nothing: it copies.
    open func composite(from source: Pixmap, into frame: Pixmap, region: IntRect, root: ViewRoot) {
        if source !== frame { frame.copyPixels(from: source, in: region) }
    }

    /// Advances the overlay's own animations to `time`; returns the areas to repaint (points).
    open func advance(to time: Double, root: ViewRoot) -> [Rect] { [] }

    /// Whether the overlay's own animations want more frames.
    open var isAnimating: Bool { false }

    /// The clock time of the overlay's next timer, if it waits for one.
    open var nextWakeUp: Double? { nil }

    /// Called when the stack starts showing the overlay.
    open func didPresent(root: ViewRoot) {}

    /// Dismisses this overlay from its stack.
    public func dismiss(animated: Bool = true) { stack?.dismiss(self, animated: animated) }
}
