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
