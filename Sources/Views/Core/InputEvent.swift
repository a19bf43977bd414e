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
    case escape, enter, tab, space, backspace, delete
    /// The arrow keys.
    case left, right, up, down
    /// The start and the end of a line (Home, End).
    case home, end
    /// Any other key, by the character it is labelled with (lowercase: `s`, `z`, `?`); sent for
    /// shortcuts (with Control, Alt or Command) — typed text comes as `InputEvent.text`.
    case character(String)
}

/// The modifier keys held during a key press or a click.
public struct Modifiers: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: Int
    /// Modifiers from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Shift.
    public static let shift = Modifiers(rawValue: 1)
    /// Control.
    public static let control = Modifiers(rawValue: 2)
    /// Alt (Option).
    public static let alt = Modifiers(rawValue: 4)
    /// Command (Super, the Windows key).
    public static let command = Modifiers(rawValue: 8)
}

/// The project's own input vocabulary. Hosts (SDL, tests, scripted tours) translate into it.
/// Positions are in screen points, with the origin at the top-left corner of the screen.
public enum InputEvent: Hashable, Sendable {
    /// A button went down at a point, with the modifier keys held.
    case pointerDown(Point, button: PointerButton, modifiers: Modifiers = [])
    /// The pointer moved (with or without a button held).
    case pointerMove(Point)
    /// A button went up at a point.
    case pointerUp(Point, button: PointerButton)
    /// A scroll wheel turned: `dy` points towards the end of the content (like dragging the content
    /// up), with the modifiers held (Control zooms in an editor, Shift scrolls sideways).
    case wheel(dy: Double, at: Point, modifiers: Modifiers = [])
    /// A key was pressed, with the modifier keys held.
    case key(Key, modifiers: Modifiers = [])
    /// Text was typed (a character, or what an input method committed), to be inserted at the caret.
    case text(String)
    /// An input method's text being composed, shown at the caret until it is committed (as `text`)
    /// or cancelled (an empty string); `cursor` is the caret's place in it, in characters.
    case composition(String, cursor: Int)
    /// The screen changed size (in points).
    case resize(Size)
}
