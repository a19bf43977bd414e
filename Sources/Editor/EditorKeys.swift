/// The editor's keys, as `?` lists them (and the README): every action also has a button or a
/// pointer gesture.
public enum EditorKeys {
    /// Each key (or gesture) and what it does.
    public static let all: [(keys: String, action: String)] = [
        ("click", "pick the view under the pointer as the step's target"),
        ("Shift-click", "add (or take away) the view as another hole of the step"),
        ("Alt-drag (any drag over a screenshot)", "draw a rectangle target; drag its edges, corners or inside after"),
        ("wheel", "scroll the app, to reach views further down"),
        ("Up, Down", "select the step before or after"),
        ("Alt-Up, Alt-Down", "move the selected step earlier or later"),
        ("Ctrl-N", "add a step after the selected one"),
        ("Ctrl-D", "duplicate the selected step"),
        ("Delete", "delete the selected step"),
        ("Tab, Shift-Tab", "go to the next or previous text field"),
        ("Ctrl-Z", "undo"),
        ("Ctrl-Shift-Z, Ctrl-Y", "redo"),
        ("Ctrl-S", "save (a new tour asks for its id first)"),
        ("Ctrl-P, Ctrl-Enter", "play the tour from the selected step; Escape returns to editing"),
        ("Escape", "leave a text field, close this list, or stop playing"),
        ("?", "show or hide this list"),
    ]
}
