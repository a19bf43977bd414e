/// Something that changes with the root's clock: a widget's transition, an overlay's fade, morph
/// or spinner. Registered with `ViewRoot.startAnimating(_:)`, it is advanced once a frame, after the
/// due timers and before layout, until it answers that it has finished.
///
/// Hazard: an animation invalidates what it changes (`setNeedsDisplay()`, `setNeedsLayout()`,
/// `ViewRoot.invalidateComposite(rect:)`); advancing it must not paint.
@MainActor
public protocol Animating: AnyObject {
    /// Moves the animation to `time` (seconds on the root's clock); returns whether it still runs.
    func advanceAnimations(to time: Double) -> Bool
}
