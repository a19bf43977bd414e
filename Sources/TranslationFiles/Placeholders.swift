/// The placeholders of a text: what a program puts into it when it is shown, which a translation
/// must keep (in any order) or the words come out wrong ("Étape sur 5" for "Step %1 of %2").
///
/// Limelight's own words have numbered ones, `%1` to `%99` (Qt's form, which gettext checks as
/// `qt-format`); a screens file's texts also show states by name, `{name}` (a form a caller gives,
/// like gettext's `python-brace-format`). A translation that drops one, or adds one its source
/// lacks, is refused with the entry's line.
public enum Placeholders {
    /// The numbered placeholders of `text` (`%1`, `%2`), each once, in the order they first come:
    /// a `%` and one or two digits, not starting with 0.
    public static func numbered(in text: String) -> [String] {
        var found: [String] = []
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            defer { i += 1 }
            guard scalars[i] == "%", i + 1 < scalars.count, let first = digit(scalars[i + 1]), first > 0 else { continue }
            var name = "%" + String(first)
            if i + 2 < scalars.count, let second = digit(scalars[i + 2]) { name += String(second); i += 1 }
            i += 1
            if !found.contains(name) { found.append(name) }
        }
        return found
    }

    /// What `translation` drops of `source`'s placeholders and adds to them, as `placeholders`
    /// finds them in a text; nil when it keeps them all and adds none.
    public static func mismatch(source: String, translation: String,
                                placeholders: (String) -> [String] = numbered(in:)) -> (dropped: [String], added: [String])? {
        let expected = placeholders(source), given = placeholders(translation)
        let dropped = expected.filter { !given.contains($0) }, added = given.filter { !expected.contains($0) }
        return dropped.isEmpty && added.isEmpty ? nil : (dropped, added)
    }

    /// One line saying what `translation` does wrong with `source`'s placeholders, or nil when it
    /// keeps them: "the translation drops %1 (the en text has %1 and %2; a translation keeps each,
    /// in any order, and adds none)".
    public static func problem(source: String, translation: String, sourceLanguage: String = "en",
                               placeholders: (String) -> [String] = numbered(in:)) -> String? {
        guard let found = mismatch(source: source, translation: translation, placeholders: placeholders) else { return nil }
        var wrong: [String] = []
        if !found.dropped.isEmpty { wrong.append("drops " + spelled(found.dropped)) }
        if !found.added.isEmpty { wrong.append("adds " + spelled(found.added)) }
        let expected = placeholders(source)
        let has = expected.isEmpty ? "has none" : "has " + spelled(expected)
        return "the translation \(wrong.joined(separator: " and ")) (the \(sourceLanguage) text \(has); a translation keeps each, in any order, and adds none)"
    }

    /// gettext's names of the placeholder forms `source` has: `qt-format` for `%1` (Qt's form,
    /// which gettext reads as Limelight does), and, where the text shows states, `python-brace-format`
    /// for `{name}` (found by `stateNames`, the app's own reading of the text).
    public static func formats(of source: String, stateNames: ((String) -> [String])? = nil) -> [String] {
        var out: [String] = []
        if !numbered(in: source).isEmpty { out.append(qtFormat) }
        if let stateNames, !stateNames(source).isEmpty { out.append(braceFormat) }
        return out
    }

    /// gettext's name of the `%1` form.
    public static let qtFormat = "qt-format"
    /// gettext's name of the `{name}` form.
    public static let braceFormat = "python-brace-format"

    /// "%1", "%1 and %2", "%1, %2 and {name}".
    static func spelled(_ names: [String]) -> String {
        names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    private static func digit(_ scalar: Unicode.Scalar) -> Int? {
        ("0"..."9").contains(scalar) ? Int(scalar.value) - 48 : nil
    }
}
