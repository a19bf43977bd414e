import Overlays

/// Something that happened in a running tour.
public enum TourEvent: Hashable, Sendable {
    /// Step `index` (0-based) came on screen.
    case stepShown(Int)
    /// Step `index` (0-based) left the screen.
    case stepHidden(Int)
    /// The last step was completed (or `finish()` was called).
    case finished
    /// The tour was left early (Skip, Escape, or `skip()`).
    case skipped
    /// The tour's spotlight was taken off the screen by something else while a step showed.
    case dismissed
    /// Step `index`'s target cannot be pointed at (not laid out yet, gone, elsewhere, of no size,
    /// off the screen, covered: `cause`): the step waits for it.
    case targetMissing(Int, cause: TargetAbsence)
    /// Step `index`'s target came after `seconds` of waiting.
    case waited(Int, seconds: Double)
    /// Step `index` waits, nothing on screen, for its `showWhen` to hold.
    case waitingToShow(Int)
    /// Step `index` was moved on from, `by` what: `next` (its button), `key`, `target`, `tap`,
    /// `event`, `button N` (a step's own button), `missing` (its target never came).
    case advanced(Int, by: String)
}
