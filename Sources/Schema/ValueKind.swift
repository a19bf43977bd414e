/// What kind of value the key takes, with its range or choices: what an editor's panel needs to
/// offer a control for it.
public enum ValueKind: Sendable, Hashable {
    /// `true` or `false`.
    case flag
    /// A number within a range.
    case number(ClosedRange<Double>)
    /// One of some names.
    case choice([String])
    /// `true`, `false`, or one of some names (`"semantics": "all"`).
    case flagOr([String])
    /// A string, or strings by language tag.
    case localizedText
    /// A name (an id, a group, a font family).
    case name
    /// A `"#RRGGBB"` colour.
    case color
    /// A path to a file, from the folder of the file that names it.
    case file
    /// A view id, or several.
    case viewIDs
    /// `[x, y, width, height]` rectangles.
    case rects
    /// A condition, or several.
    case conditions
    /// An object of its own keys (a nested table).
    case object
    /// A list of objects of their own keys.
    case list
    /// Several forms (a name or an object): the README row says which.
    case mixed
}
