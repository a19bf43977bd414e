import Raster
import Views

/// A press on a modal overlay, from its pointer-down to its up: on the overlay's card (the card's
/// views take it), or somewhere the overlay judges itself (`Region`: the pop-up's backdrop, a
/// spotlight's hole or the dim), with where it started. The spotlight and the pop-up share it.
@MainActor
struct OverlayPress<Region> {
    /// Where the press is.
    enum State {
        /// No press (or one that started before the overlay came).
        case none
        /// On the card: its moves and its up go to the card's views.
        case card
        /// Elsewhere, in `region`, from `origin` (screen points).
        case elsewhere(Region, origin: Point)
    }

    /// The press now.
    private(set) var state = State.none

    /// A pointer-down: the card's when `card` routes it, else `region`'s.
    mutating func begin(_ event: InputEvent, at point: Point, card: ModalCard?, root: ViewRoot, region: () -> Region) {
        if let card, card.route(event, root: root) { state = .card } else { state = .elsewhere(region(), origin: point) }
    }

    /// A pointer-up: the press that ends, now forgotten.
    mutating func end() -> State {
        defer { state = .none }
        return state
    }

    /// Forgets the press (the overlay was presented again); `card` forgets its own.
    mutating func cancel(card: ModalCard?) {
        state = .none
        card?.cancelPress()
    }

    /// Whether a press from `origin` that ends at `point` is a tap (it stayed within the root's slop).
    static func isTap(from origin: Point, to point: Point, root: ViewRoot) -> Bool { origin.distance(to: point) <= root.tapSlop }
}

extension OverlayPress {
    /// How a dialog over the screen takes `event` (the pop-up, a checklist's open panel): a press
    /// that starts on `card` goes to its views, with its moves and its up; a tap elsewhere than
    /// `box` dismisses it when `tapsOutsideDismiss`, and Escape always does (`dismisses`: the
    /// dialog closes itself after, once this press is put away); the wheel scrolls the card
    /// unless a press is on; a resize passes on; nothing else reaches what is beneath.
    mutating func dialogInput(_ event: InputEvent, card: ModalCard, box: Rect, root: ViewRoot, tapsOutsideDismiss: Bool,
                              region: () -> Region) -> (input: OverlayInput, dismisses: Bool) {
        var dismisses = false
        switch event {
        case .pointerDown(let p, _, _):
            begin(event, at: p, card: card, root: root, region: region)
        case .pointerMove:
            card.route(event, root: root)
        case .pointerUp(let p, _):
            if case .elsewhere(_, let origin) = end(), tapsOutsideDismiss, Self.isTap(from: origin, to: p, root: root), !box.contains(p) {
                dismisses = true
            }
            card.route(event, root: root)
        case .wheel:
            if case .none = state { root.route(event, into: card.surface.content) }
        case .key(.escape, _):
            dismisses = true
        case .resize:
            return (.passThrough, false)
        default:
            break
        }
        return (.consumed, dismisses)
    }
}
