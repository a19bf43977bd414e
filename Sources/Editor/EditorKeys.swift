import Views

/// What a key of the editor does.
enum EditorCommand: Hashable, Sendable {
    case save, quit, undo, redo, addStep, duplicateStep, deleteStep, togglePlay, toggleRecording
    case selectPrevious, selectNext, moveEarlier, moveLater
    case nextField, previousField
    case zoomToFit, zoomToActualSize, zoomIn, zoomOut
    /// Leave a text field, close the key list or the prompt.
    case escape
    case toggleHelp
}

/// A key with the modifiers it needs: nil says either way.
struct EditorChord: Hashable, Sendable {
    /// The key.
    let key: Key
    /// Control or Command held (nil: either way).
    var command: Bool? = nil
    /// Shift held (nil: either way).
    var shift: Bool? = nil
    /// Alt held (nil: either way).
    var alt: Bool? = nil

    /// Whether `key` with `modifiers` is this chord.
    func matches(_ key: Key, _ modifiers: Modifiers) -> Bool {
        func holds(_ wanted: Bool?, _ held: Bool) -> Bool { wanted.map { $0 == held } ?? true }
        return key == self.key && holds(command, modifiers.contains(.control) || modifiers.contains(.command))
            && holds(shift, modifiers.contains(.shift)) && holds(alt, modifiers.contains(.alt))
    }
}

/// The editor's keys, one table: what `?` lists (and the README), and what each key does. Every
/// action also has a button or a pointer gesture; the gestures are rows without keys.
public enum EditorKeys {
    /// One row: its keys as shown, what they do, and the chords that do it.
    struct Binding: Sendable {
        let keys: String
        let action: String
        let chords: [(EditorChord, EditorCommand)]
    }

    static let bindings: [Binding] = [
        Binding(keys: "click", action: "pick what is under the pointer as the step's target: its id, role and name", chords: []),
        Binding(keys: "Shift-click", action: "add (or take away) the view as another hole of the step", chords: []),
        Binding(keys: "Alt-drag (any drag over a screenshot)", action: "draw a rectangle target; drag its edges, corners or inside after", chords: []),
        Binding(keys: "wheel", action: "scroll the app, to reach views further down; then pan a zoomed screen", chords: []),
        Binding(keys: "Shift-wheel, Ctrl-wheel", action: "pan sideways; zoom around the pointer", chords: []),
        Binding(keys: "Ctrl-0", action: "fit the screen into the window (as it opens)", chords: [(EditorChord(key: .character("0"), command: true), .zoomToFit)]),
        Binding(keys: "Ctrl-1", action: "show the screen at its own size (100%)", chords: [(EditorChord(key: .character("1"), command: true), .zoomToActualSize)]),
        Binding(keys: "Ctrl-+, Ctrl-minus", action: "zoom in or out (50% to 400%)",
                chords: [(EditorChord(key: .character("="), command: true), .zoomIn), (EditorChord(key: .character("+"), command: true), .zoomIn),
                         (EditorChord(key: .character("-"), command: true), .zoomOut)]),
        Binding(keys: "Up, Down", action: "select the step before or after",
                chords: [(EditorChord(key: .up, alt: false), .selectPrevious), (EditorChord(key: .down, alt: false), .selectNext)]),
        Binding(keys: "Alt-Up, Alt-Down", action: "move the selected step earlier or later",
                chords: [(EditorChord(key: .up, alt: true), .moveEarlier), (EditorChord(key: .down, alt: true), .moveLater)]),
        Binding(keys: "Ctrl-N", action: "add a step after the selected one", chords: [(EditorChord(key: .character("n"), command: true), .addStep)]),
        Binding(keys: "Ctrl-D", action: "duplicate the selected step", chords: [(EditorChord(key: .character("d"), command: true), .duplicateStep)]),
        Binding(keys: "Delete", action: "delete the selected step",
                chords: [(EditorChord(key: .delete), .deleteStep), (EditorChord(key: .backspace), .deleteStep)]),
        Binding(keys: "Tab, Shift-Tab", action: "go to the next or previous field of the settings (scrolled into sight); Enter or Space opens a heading",
                chords: [(EditorChord(key: .tab, shift: false), .nextField), (EditorChord(key: .tab, shift: true), .previousField)]),
        Binding(keys: "Ctrl-Z", action: "undo", chords: [(EditorChord(key: .character("z"), command: true, shift: false), .undo)]),
        Binding(keys: "Ctrl-Shift-Z, Ctrl-Y", action: "redo",
                chords: [(EditorChord(key: .character("z"), command: true, shift: true), .redo), (EditorChord(key: .character("y"), command: true), .redo)]),
        Binding(keys: "Ctrl-S", action: "save (a new tour asks for its id first)", chords: [(EditorChord(key: .character("s"), command: true), .save)]),
        Binding(keys: "Ctrl-Q", action: "quit, as closing the window does; with unsaved changes it asks first",
                chords: [(EditorChord(key: .character("q"), command: true), .quit)]),
        Binding(keys: "Ctrl-P, Ctrl-Enter", action: "play the tour from the selected step; Escape returns to editing",
                chords: [(EditorChord(key: .character("p"), command: true), .togglePlay), (EditorChord(key: .enter, command: true), .togglePlay)]),
        Binding(keys: "Ctrl-R", action: "record: tap through the app (or the screenshot) and each tap on a view becomes a step; again, or Escape, stops",
                chords: [(EditorChord(key: .character("r"), command: true), .toggleRecording)]),
        Binding(keys: "Escape", action: "leave a field, close this list or a question, or stop playing or recording", chords: [(EditorChord(key: .escape), .escape)]),
        Binding(keys: "?", action: "show or hide this list",
                chords: [(EditorChord(key: .character("?")), .toggleHelp), (EditorChord(key: .character("/"), shift: true), .toggleHelp)]),
    ]

    /// Each key (or gesture) and what it does.
    public static var all: [(keys: String, action: String)] { bindings.map { ($0.keys, $0.action) } }

    /// The command of `key` with `modifiers`, nil for a key the editor leaves alone.
    static func command(for key: Key, _ modifiers: Modifiers) -> EditorCommand? {
        for binding in bindings {
            if let (_, command) = binding.chords.first(where: { $0.0.matches(key, modifiers) }) { return command }
        }
        return nil
    }
}
