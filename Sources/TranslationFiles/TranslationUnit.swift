/// One translatable text as translators' files carry it: a PO entry, an XLIFF unit.
public struct TranslationUnit: Hashable, Sendable {
    /// Where the text is used, stable from export to export: `home/add-card/text` (tour id, step id
    /// or `steps[N]`, key) or `limelight/next` (Limelight's own words). PO's `msgctxt`.
    public var context: String
    /// The text in the source language (PO's `msgid`).
    public var source: String
    /// The translation; empty when there is none yet (PO's `msgstr`).
    public var translation: String
    /// Whether a translator marked it as needing review (PO's `fuzzy` flag; XLIFF's `initial` state
    /// with a target): an import skips it.
    public var isFuzzy: Bool
    /// For a fuzzy entry, the source text it was translated from (PO's `#| msgid`).
    public var previousSource: String?
    /// A note for the translator: what the layout allows (PO's `#.`).
    public var note: String
    /// Where the text is written: `tours/home.json:12` (PO's `#:`).
    public var references: [String]
    /// Whether the entry is no longer in the tours (PO's `#~`).
    public var isObsolete: Bool
    /// The placeholder forms its texts have, as gettext names them (PO's `#, qt-format` for `%1`,
    /// `#, python-brace-format` for `{name}`: see `Placeholders.formats(of:showingStates:)`), so
    /// Poedit, Weblate and `msgfmt --check` hold a translation to its placeholders too.
    public var formats: [String] = []
    /// Its line in the translation file it was read from (0 when made in code).
    public var line: Int

    /// An entry; a new one has no translation.
    public init(context: String, source: String, translation: String = "", isFuzzy: Bool = false,
                previousSource: String? = nil, note: String = "", references: [String] = [],
                isObsolete: Bool = false, line: Int = 0, formats: [String] = []) {
        self.context = context; self.source = source; self.translation = translation; self.isFuzzy = isFuzzy
        self.previousSource = previousSource; self.note = note; self.references = references
        self.isObsolete = isObsolete; self.line = line; self.formats = formats
    }

    /// The most references (PO's `#:` positions) an entry may have: an exported entry has one, the
    /// place its text is written. More is refused with the entry's line.
    public static let maxReferences = 1_000
    /// The most `<note>`s an XLIFF unit may have: an exported one has a layout note and a location.
    public static let maxNotes = 1_000

    /// Whether it has a translation that an import takes (not empty, not fuzzy, not obsolete).
    public var isTranslated: Bool { !translation.isEmpty && !isFuzzy && !isObsolete }
}
