import ScreensApp
import TranslationFiles
import Views

/// The translators' file of one language made from tours and Limelight's words, as gettext's
/// `msgmerge` updates one: over an existing file its translations are kept, an entry whose source
/// text changed since is marked fuzzy with the source it was translated from, and an entry no
/// longer in the tours is kept as obsolete.
public enum TranslationExport {
    /// The file for `language`: every text of `tours` (the tour's own translation when it has one,
    /// else the existing file's), then Limelight's words in `interface`, over `existing`.
    public static func file(of tours: [TourTexts], language: String, sourceLanguage: String = "en",
                            interface: InterfaceStrings?, over existing: TranslationFile? = nil) -> TranslationFile {
        var old: [String: TranslationUnit] = [:]
        for unit in existing?.units ?? [] where old[unit.context] == nil || old[unit.context]!.isObsolete { old[unit.context] = unit }
        var units: [TranslationUnit] = []
        var seen = Set<String>()
        func add(_ fresh: TranslationUnit) {
            guard seen.insert(fresh.context).inserted else { return }
            var unit = fresh
            if let before = old[unit.context], !before.translation.isEmpty {
                if before.source != unit.source {
                    // Translated from a source that has changed since: the translator reviews it.
                    if unit.translation.isEmpty || unit.translation == before.translation {
                        unit.translation = before.translation
                        unit.isFuzzy = true
                        unit.previousSource = before.isFuzzy ? (before.previousSource ?? before.source) : before.source
                    }
                } else if unit.translation.isEmpty || unit.translation == before.translation {
                    unit.translation = before.translation
                    unit.isFuzzy = before.isFuzzy
                    unit.previousSource = before.isFuzzy ? before.previousSource : nil
                }
            }
            units.append(unit)
        }
        for tour in tours {
            for entry in tour.entries {
                add(TranslationUnit(context: entry.context, source: entry.source, translation: entry.translations[language] ?? "",
                                    note: entry.note, references: ["\(tour.file):\(entry.line)"],
                                    formats: entry.placeholderFormats))
            }
        }
        if let interface { for unit in InterfaceWords.units(interface, language: language) { add(unit) } }
        for unit in existing?.units ?? [] where !seen.contains(unit.context) && !unit.translation.isEmpty {
            seen.insert(unit.context)
            var gone = unit
            gone.isObsolete = true
            gone.note = ""; gone.references = []; gone.isFuzzy = false; gone.previousSource = nil
            units.append(gone)
        }
        var file = TranslationFile(language: language, sourceLanguage: sourceLanguage, units: units)
        file.keptHeader = existing?.keptHeader ?? []
        return file
    }
}
