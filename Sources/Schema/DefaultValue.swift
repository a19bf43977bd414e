/// What a file that leaves a key out gets, as a value: where a settings panel's control starts, and
/// the `default` of the key's JSON Schema. A key whose default is not one value ("the step's
/// `cornerRadius`", "as many as it takes") has none and says it in words.
public enum DefaultValue: Hashable, Sendable {
    /// A number.
    case number(Double)
    /// `true` or `false`.
    case flag(Bool)
    /// A name or a string (a choice's, a colour's).
    case name(String)

    /// The value as the README's tables write it: `` `8` ``, `` `true` ``, `` `"auto"` ``.
    public var markdown: String {
        switch self {
        case .number(let v): return "`\(v.jsonText)`"
        case .flag(let b): return "`\(b)`"
        case .name(let s): return "`\"\(s)\"`"
        }
    }

    /// The value as JSON's own (a number, a boolean or a string), for a JSON Schema.
    public var json: Any {
        switch self {
        case .number(let v): return v
        case .flag(let b): return b
        case .name(let s): return s
        }
    }
}
