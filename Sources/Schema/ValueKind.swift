/// What kind of value the key takes, with its range or choices: what an editor's panel needs to
/// offer a control for it.
public enum ValueKind: Sendable, Hashable {
    /// `true` or `false`.
    case flag
    /// A number within a range.
    case number(ClosedRange<Double>)
    /// A whole number within a range.
    case wholeNumber(ClosedRange<Double>)
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

extension ValueKind {
    /// The range of a number's kind (whole or not), nil for other kinds.
    public var numberRange: ClosedRange<Double>? {
        switch self {
        case .number(let r), .wholeNumber(let r): return r
        default: return nil
        }
    }

    /// What a number of `range` must be, in the README's words: "a number from 0 to 200", "a whole
    /// number ≥ 0" (a bound past a billion is left unsaid), "a number above 0" (a lower bound just
    /// over 0), "a number" (both are), with the `unit` after it in brackets.
    public static func numberText(_ range: ClosedRange<Double>, whole: Bool, unit: String? = nil) -> String {
        let kind = whole ? "a whole number" : "a number"
        let low = range.lowerBound > -1e9, high = range.upperBound < 1e9
        let bounds: String
        switch (low, high) {
        case (true, true): bounds = " from \(range.lowerBound.jsonText) to \(range.upperBound.jsonText)"
        // A lower bound just over 0 (a slider's step) is "above 0", not "≥ 1e-06".
        case (true, false) where range.lowerBound > 0 && range.lowerBound < 0.001: bounds = " above 0"
        case (true, false): bounds = " ≥ \(range.lowerBound.jsonText)"
        case (false, true): bounds = " ≤ \(range.upperBound.jsonText)"
        case (false, false): bounds = ""
        }
        return kind + bounds + (unit.map { " (\($0))" } ?? "")
    }
}
