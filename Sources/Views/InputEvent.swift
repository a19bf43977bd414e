import Raster

/// A mouse button or the single button of a touch.
public enum PointerButton: Hashable, Sendable {
    /// The left mouse button, or a finger.
    case primary
    /// The right mouse button.
    case secondary
    /// The middle mouse button (or wheel press).
    case middle
}

/// A key the app reacts to; hosts map their key codes onto these.
public enum Key: Hashable, Sendable {
    /// The keys of those names.
    case escape, enter, tab, space, backspace
    /// The arrow keys.
    case left, right, up, down
    /// Any other key that produces text.
    case character(String)
}

/// The project's own input vocabulary. Hosts (SDL, tests, scripted tours) translate into it.
/// Positions are in screen points, with the origin at the top-left corner of the screen.
public enum InputEvent: Hashable, Sendable {
    /// A button went down at a point.
    case pointerDown(Point, button: PointerButton)
    /// The pointer moved (with or without a button held).
    case pointerMove(Point)
    /// A button went up at a point.
    case pointerUp(Point, button: PointerButton)
    /// A scroll wheel turned: `dy` points towards the end of the content (like dragging the content up).
    case wheel(dy: Double, at: Point)
    /// A key was pressed.
    case key(Key)
    /// The screen changed size (in points).
    case resize(Size)
}
