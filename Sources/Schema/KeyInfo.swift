/// One key of a format as a settings panel or a JSON Schema sees it: where it is, what a person
/// calls it, what it takes, its default and what it does. Read from the format's own rows.
public struct KeyInfo: Hashable, Sendable {
    /// Where the key is, from the top-level object: `dim.opacity`, `steps[].advanceOn.goto`.
    public let path: String
    /// The key's own name (`goto`).
    public let name: String
    /// What a panel calls it ("Corner radius").
    public let label: String
    /// What it takes, with its range or choices.
    public let kind: ValueKind
    /// What the value must be, as the README says it.
    public let value: String
    /// What a file that leaves it out gets.
    public let defaultValue: String
    /// What it does, one line.
    public let doc: String
    /// Whether every object it belongs in must give it.
    public var isRequired = false
    /// What a file that leaves it out gets, as a value (nil: none, or not one value).
    public var initialValue: DefaultValue?

    /// A key's description; see the members for what each part is.
    package init(path: String, name: String, label: String, kind: ValueKind, value: String, defaultValue: String, doc: String, isRequired: Bool = false,
                 initialValue: DefaultValue? = nil) {
        self.path = path; self.name = name; self.label = label; self.kind = kind
        self.value = value; self.defaultValue = defaultValue; self.doc = doc; self.isRequired = isRequired
        self.initialValue = initialValue
    }
}

extension KeyInfo {
    /// A key's name in words, first letter capital, as labels are made: `advanceOn` is "Advance
    /// on", `cornerRadius` "Corner radius", `svgPath` "Svg path".
    public static func words(_ name: String) -> String {
        var out = ""
        for c in name {
            if c.isUppercase, !out.isEmpty { out += " " + c.lowercased() } else { out.append(c) }
        }
        return out.prefix(1).uppercased() + out.dropFirst()
    }
}
