import Foundation
import Overlays
import Raster
import Schema
import Tours
import Views

/// Where a script's pointer command acts: a point in screen points, or the centre of the view with
/// an id (the tree's or an overlay's), found when the command runs, so a script survives layout
/// changes.
public enum ScriptPlace: Hashable, Sendable {
    /// A point in screen points.
    case point(Point)
    /// The centre of the view with this id.
    case view(String)
}

/// What a script's `touch` line does with a finger.
public enum TouchGesture: Hashable, Sendable {
    /// Finger 1 down and up at a place.
    case tap(ScriptPlace)
    /// Finger 1 down at a place, moved by an offset in steps, and up there.
    case drag(ScriptPlace, by: Point)
    /// A finger (1–10) touches a place.
    case down(finger: Int, ScriptPlace)
    /// A finger moves to a place.
    case move(finger: Int, ScriptPlace)
    /// A finger lifts at a place.
    case up(finger: Int, ScriptPlace)
}

extension TouchGesture {
    /// Where the finger acts.
    public var place: ScriptPlace {
        switch self {
        case .tap(let p), .drag(let p, _), .down(_, let p), .move(_, let p), .up(_, let p): return p
        }
    }
}

/// One command of a replay script.
public enum ReplayCommand: Hashable, Sendable {
    /// A pointer down and up, with modifier keys held.
    case tap(ScriptPlace, modifiers: Modifiers = [])
    /// A pointer down, with modifier keys held.
    case down(ScriptPlace, modifiers: Modifiers = [])
    /// The pointer moves.
    case move(ScriptPlace)
    /// A pointer up.
    case up(ScriptPlace)
    /// A pointer down at a place (with modifier keys held), moved by an offset in steps, and up there.
    case drag(ScriptPlace, by: Point, modifiers: Modifiers = [])
    /// A touch: only the first finger down drives the pointer, as on a touchscreen.
    case touch(TouchGesture)
    /// A wheel turn, at a place or where the pointer last was, with modifier keys held.
    case scroll(dy: Double, at: ScriptPlace?, modifiers: Modifiers = [])
    /// A key press, with modifier keys held.
    case key(Key, modifiers: Modifiers = [])
    /// Text typed at the caret.
    case text(String)
    /// An input method composing this text (shown at the caret, not yet typed).
    case compose(String)
    /// The composition so far is committed: typed at the caret.
    case commit
    /// Virtual time passes.
    case wait(milliseconds: Double)
    /// The frame is written as a PNG of this name.
    case shot(String)
    /// A file dropped on the window (its path as written: relative ones from the script's folder).
    case drop(String)
    /// The state must be as given here.
    case expect(StateExpectation)

    /// The id of the view the command acts on, if it names one.
    public var viewID: String? {
        let place: ScriptPlace?
        switch self {
        case .tap(let p, _), .down(let p, _), .move(let p), .up(let p), .drag(let p, _, _): place = p
        case .touch(let gesture): place = gesture.place
        case .scroll(_, let p, _): place = p
        default: place = nil
        }
        if case .view(let id)? = place { return id }
        return nil
    }
}

/// A replay script failed to parse: where, and what was expected.
public struct ReplayScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file as named (or the tour file, for a script inside a tour).
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// What was expected and what was found.
    public var message: String

    /// `file:line: message`.
    public var description: String { "\(file):\(line): \(message)" }
}
