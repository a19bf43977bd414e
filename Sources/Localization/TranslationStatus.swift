import TranslationFiles
import Views

/// How far each language of some tours is translated: per tour, the texts with a translation of
/// their own, those missing one (they would show in the source language), and from translators'
/// files the entries marked fuzzy and those no longer in the tours.
public struct TranslationStatus: Hashable, Sendable {
    /// The counts of one tour (or of Limelight's own words) in one language.
    public struct Row: Hashable, Sendable {
        /// The tour's id, or `limelight` for Limelight's own words.
        public var tour: String
        /// The language tag.
        public var language: String
        /// Texts with a translation of their own.
        public var translated: Int
        /// Texts with none (neither in the tour nor in a file); fuzzy ones are not counted here.
        public var missing: Int
        /// Texts a translators' file has marked fuzzy (not yet taken).
        public var fuzzy: Int
        /// Entries of a translators' file that are no longer in the tour.
        public var obsolete: Int

        /// Whether nothing is missing or fuzzy.
        public var isComplete: Bool { missing == 0 && fuzzy == 0 }
    }

    /// The rows, by language (in the order asked), then by tour.
    public var rows: [Row]

    /// The status of `tours` in `languages`, with `files` (translators' files) for fuzzy and
    /// obsolete counts, and Limelight's words from `interface` (nil: not counted).
    public init(tours: [TourTexts], languages: [String], files: [TranslationFile] = [], interface: InterfaceStrings? = nil) {
        rows = []
        for language in languages {
            let own = files.filter { $0.language == language }
            var fileUnits: [String: TranslationUnit] = [:]
            for file in own { for unit in file.units where fileUnits[unit.context] == nil { fileUnits[unit.context] = unit } }
            for tour in tours {
                var row = Row(tour: tour.tourID, language: language, translated: 0, missing: 0, fuzzy: 0, obsolete: 0)
                let contexts = Set(tour.entries.map(\.context))
                for entry in tour.entries {
                    if PseudoLocale.isPseudo(language) || !(entry.translations[language] ?? "").isEmpty { row.translated += 1 }
                    else if let unit = fileUnits[entry.context], unit.isFuzzy, !unit.translation.isEmpty { row.fuzzy += 1 }
                    else { row.missing += 1 }
                }
                for file in own {
                    row.obsolete += file.units.filter { unit in
                        unit.context.hasPrefix(tour.tourID + "/") && !unit.translation.isEmpty && (unit.isObsolete || !contexts.contains(unit.context))
                    }.count
                }
                rows.append(row)
            }
            if let interface {
                var row = Row(tour: "limelight", language: language, translated: 0, missing: 0, fuzzy: 0, obsolete: 0)
                for key in InterfaceStrings.Key.allCases {
                    if PseudoLocale.isPseudo(language) || interface.table[language]?[key] != nil { row.translated += 1 } else { row.missing += 1 }
                }
                rows.append(row)
            }
        }
    }

    /// The languages of `required` that have a row with something missing or fuzzy.
    public func incomplete(_ required: [String]) -> [String] {
        required.filter { tag in rows.contains { $0.language == tag && !$0.isComplete } }
    }
}
