import Raster
import Views

/// What an overlay did with an input event.
public enum OverlayInput: Sendable {
    /// The overlay took the event; nothing beneath sees it.
    case consumed
    /// The overlay lets the event through to what is beneath (the next overlay, or the tree).
    case passThrough
}

/// One entry of the presentation stack: something drawn over the whole screen that blocks input
/// to what is beneath it.
///
/// Subclasses make their views before the tree's layout (`update(root:)`), lay themselves out once
/// a frame (`layout(root:)`: targets by view id, never hand-made coordinates), composite into dirty
/// rectangles of the frame, and handle input. Their views live
/// on surfaces (`addSurface(_:)`), attached to the root while the overlay is on a stack, so they are
/// in the root's id space and hit test. The stack fades overlays in and out; `presentationOpacity`
/// is the fade's current value, which `composite` multiplies into everything.
@MainActor
open class Overlay: Animating {
    /// Where an overlay is in its life.
    public enum Phase: Sendable {
        /// Fading in; takes input.
        case appearing
        /// Fully shown; takes input.
        case shown
        /// Fading out; takes no input.
        case disappearing
        /// Not on a stack.
        case removed
    }

    /// What kind of overlay this is, for reports.
    public let kind: OverlayKind
    /// The stack showing it (nil before `present` and after removal).
    public internal(set) weak var stack: PresentationStack?
    /// Where it is in its life.
    public internal(set) var phase: Phase = .removed
    /// The fade's current value, 0...1.
    public internal(set) var presentationOpacity: Double = 0
    /// The running fade in or out, if any.
    var fade: Tween?
    /// Seconds of the appearing fade.
    public var appearDuration = 0.25
    /// Seconds of the disappearing fade.
    public var disappearDuration = 0.25
    /// Runs once the overlay has been removed from the stack.
    public var onRemoved: (@MainActor () -> Void)?
    /// The surfaces holding the overlay's views, bottom first.
    public private(set) var surfaces: [Surface] = []

    /// An overlay of `kind`, not yet on a stack.
    public init(kind: OverlayKind) { self.kind = kind }

    /// Whether the overlay takes input now (a fading-out overlay no longer does).
    public var isInteractive: Bool { phase == .appearing || phase == .shown }

    /// The root of the stack showing it.
    public var root: ViewRoot? { stack?.root }

    // MARK: - Override points

    /// The end of the frame's callback phase, before the tree's layout: make the views for what the
    /// overlay shows now (add and remove surfaces), so they are laid out and painted in this frame.
    open func update(root: ViewRoot) {}

    /// The layer-layout phase, once a frame: update geometry from the root (target frames, the
    /// screen), place the surfaces, and invalidate what moved (`root.invalidateComposite`). Nothing
    /// is added, removed or marked for layout here (the root checks): surfaces come and go in
    /// `update(root:)`, the focus moves in the stack's arrival.
    open func layout(root: ViewRoot) {}

    /// The part of the screen the overlay paints (points). Fades re-composite this.
    open func coveredRect(root: ViewRoot) -> Rect { root.bounds }

    /// Handles one input event.
    open func handle(_ event: InputEvent, root: ViewRoot) -> OverlayInput { .consumed }

    /// Draws the overlay over `source`'s pixels in `region` (device pixels), writing `frame`. `source`
    /// holds the tree and lower overlays; it is either `frame` itself or the root's base layer (same
    /// size), so an overlay that dims reads it directly instead of having it copied first. The default
    /// draws nothing: it copies.
    open func composite(from source: Pixmap, into frame: Pixmap, region: IntRect, root: ViewRoot) {
        if source !== frame { frame.copyPixels(from: source, in: region) }
    }

    /// Advances the overlay's own animations (not its fade) to `time`; returns whether they still run.
    open func advanceOwnAnimations(to time: Double, root: ViewRoot) -> Bool { false }

    /// Whether the overlay's own animations (not its fade) run now.
    open var isAnimating: Bool { false }

    /// Called when the stack starts showing the overlay.
    open func didPresent(root: ViewRoot) {}

    // MARK: - Focus and semantics (override points)

    /// Where the keyboard focus may go while the overlay is on top: its surfaces' views, in order.
    open func focusScope(root: ViewRoot) -> [View] { surfaces.map(\.content) }

    /// The view the focus starts on when the overlay appears (its primary button); nil: the first
    /// view of its scope.
    open var primaryFocus: View? { nil }

    /// What a screen reader says the overlay is: the dialog's label ("Step 2 of 5: Wi-Fi. Turn it on
    /// here…", an alert's title).
    open func accessibilityDescription(root: ViewRoot) -> String { "" }

    /// The dialog's name, which a screen reader speaks before its role ("Step 2 of 5: Wi-Fi", an
    /// alert's title): the whole description unless the overlay splits it.
    open func accessibilityName(root: ViewRoot) -> String { accessibilityDescription(root: root) }

    /// What a screen reader reads after the name and role (a step's text, an alert's message).
    open func accessibilityDetail(root: ViewRoot) -> String { "" }

    /// The overlay's element: a modal dialog named by `accessibilityName(root:)` and described by
    /// `accessibilityDetail(root:)`, with its views' elements inside.
    open func semanticNode(root: ViewRoot) -> SemanticNode {
        var node = SemanticNode(role: .dialog, label: accessibilityName(root: root), id: "overlay.\(kind.rawValue)",
                                frame: coveredRect(root: root), children: surfaces.flatMap { $0.content.semanticNodes() })
        node.description = accessibilityDetail(root: root)
        return node
    }

    /// Whether the overlay is modal: it keeps the focus inside it and hides what lies beneath from
    /// the semantics tree (every overlay but hotspots, which leave the app usable).
    open var isModal: Bool { true }

    /// Whether the overlay's views are the ones it will keep (not those of a step fading out), so
    /// the focus can move in.
    open var isReadyForFocus: Bool { true }

    /// The keyboard activated `view`, one of the overlay's scope (after its action ran).
    open func didActivate(_ view: View, root: ViewRoot) {}

    /// Set when the overlay arrives (or shows a new step): in the next frame's arrival phase, after
    /// its layout, the focus moves to its primary view and the overlay is announced.
    var needsArrival = false
    /// Where the focus was before the overlay took it, given back when it goes.
    weak var focusBeforeArrival: View?

    /// Whether `view` is one of the overlay's own (on one of its surfaces).
    public func owns(_ view: View) -> Bool { surfaces.contains { view.isDescendant(of: $0.content) } }

    /// Asks for the focus to move into the overlay and for it to be announced again, in the arrival
    /// phase of the next frame (a spotlight showing its next step), or of this one when asked in
    /// its layout.
    public func arriveAgain() { needsArrival = true }

    // MARK: - Drawing and animating

    /// Draws over `region` (device pixels) of `frame`, which holds the tree and lower overlays.
    public final func composite(into frame: Pixmap, region: IntRect, root: ViewRoot) {
        composite(from: frame, into: frame, region: region, root: root)
    }

    /// Moves the fade, then the overlay's own animations, to `time`: what the root calls once a
    /// frame while the overlay is registered (`startAnimating()`).
    public final func advanceAnimations(to time: Double) -> Bool {
        guard let stack, let root = stack.root else { return false }
        if let fade {
            presentationOpacity = fade.value(at: time)
            root.invalidateComposite(rect: coveredRect(root: root))
            if fade.isFinished(at: time) {
                self.fade = nil
                if phase == .appearing { phase = .shown }
                if phase == .disappearing {
                    stack.remove(self)
                    return false
                }
            }
        }
        let own = advanceOwnAnimations(to: time, root: root)
        return fade != nil || own
    }

    /// Asks the root to advance the overlay every frame until its animations end.
    public func startAnimating() { root?.startAnimating(self) }

    /// Dismisses this overlay from its stack.
    public func dismiss(animated: Bool = true) { stack?.dismiss(self, animated: animated) }

    // MARK: - Surfaces

    /// A surface for `content`, owned by the overlay: attached to the root whenever the overlay is on
    /// a stack (at once, when it is already), so its views are found by id and hit-tested there.
    /// Not in `layout(root:)` (the root checks): in `update(root:)`, input or the overlay's making.
    @discardableResult
    public func addSurface(_ content: View, compositing: Surface.Compositing = .offscreen) -> Surface {
        let surface = Surface(content: content, compositing: compositing)
        surfaces.append(surface)
        if let root { surface.attach(to: root) }
        return surface
    }

    /// Detaches `surface` and forgets it.
    public func removeSurface(_ surface: Surface) {
        surface.detach()
        surfaces.removeAll { $0 === surface }
    }

    /// Attaches every surface to `root`, on top of the others.
    func attachSurfaces(to root: ViewRoot) {
        for s in surfaces { s.attach(to: root) }
    }

    /// Takes every surface off the root.
    func detachSurfaces() {
        for s in surfaces { s.detach() }
    }
}
