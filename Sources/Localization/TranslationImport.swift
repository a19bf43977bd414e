import Schema
import ScreensApp
import Tours
import TranslationFiles
import Views

/// A translators' file brought back into tour files (and screens files): each translated entry
/// written into its file through `TourDocument` (so only what changes is rewritten, and an import
/// that changes nothing leaves every file byte for byte), Limelight's own words collected for a
/// strings file, and a note for each entry not taken (fuzzy, obsolete, unknown, translated from an
/// older source). A translation that drops or adds a placeholder of its source (`%1`; `{name}` in
/// a screens file's text) refuses the file, with the entry's line.
public struct TranslationImport: Sendable {
    /// A tour file's new text.
    public struct Change: Hashable, Sendable {
        /// The file's path.
        public var path: String
        /// Its text with the translations written in.
        public var text: String
        /// How many texts changed in it.
        public var count: Int
    }

    /// The tour files that change, in the order given.
    public var changes: [Change] = []
    /// Limelight's own words the file translates.
    public var interface: [InterfaceStrings.Key: String] = [:]
    /// One line for each entry not imported: `de.po:40: home/steps[9]/text: obsolete …`.
    public var notes: [String] = []
    /// Translations taken that the tours already had.
    public var unchanged = 0
    /// Entries with no translation yet.
    public var untranslated = 0

    /// What importing `file` (read from `path`) into the tour files `tours` (their paths and
    /// texts) changes. Refuses, with one line, a file for another language than `language` (when
    /// given) or for the tours' source language, a pseudo-locale's, and one none of whose entries
    /// belongs to these tours; and, with the entry's line, a translation that would make its tour
    /// one the tour loader refuses (a text longer than a tour's may be, a file larger than it reads)
    /// and one that does not keep its source's placeholders. `tours` may hold screens files, whose
    /// texts are written as a tour's are.
    public static func plan(_ file: TranslationFile, path: String, tours: [(path: String, bytes: [UInt8])],
                            language: String? = nil, sourceLanguage: String = "en") throws(LocalizationError) -> TranslationImport {
        let tag = file.language
        guard LanguageTag.isWellFormed(tag) else { throw LocalizationError("\(path): its language \(quoted(tag)) is not a language tag such as de or pt-BR") }
        if let language, language != tag { throw LocalizationError("\(path): the file is in \(tag), not \(language) (--lang \(language))") }
        guard file.sourceLanguage == sourceLanguage else {
            throw LocalizationError("\(path): the file translates from \(file.sourceLanguage), not from the tours' source language \(sourceLanguage)")
        }
        guard tag != sourceLanguage else { throw LocalizationError("\(path): the file is in \(tag), the tours' source language: there is nothing to translate into") }
        guard !PseudoLocale.isPseudo(tag) else { throw LocalizationError("\(path): \(tag) is a pseudo-locale, made from \(sourceLanguage) when shown: it takes no translations") }

        // Each tour parsed once: for its texts now, for its document if it changes.
        var nodes: [JSONNode] = []
        var isScreensFile: [Bool] = []
        var byContext: [String: (tour: Int, entry: TourTexts.Entry)] = [:]
        for (i, tour) in tours.enumerated() {
            let node: JSONNode
            do { node = try JSONParser.parse(tour.bytes) } catch { throw LocalizationError("\(tour.path):\(error.line): \(error.message)") }
            nodes.append(node)
            let read = try TourTexts.read(node, file: tour.path, sourceLanguage: sourceLanguage)
            isScreensFile.append(read.isScreensFile)
            for entry in read.entries where byContext[entry.context] == nil { byContext[entry.context] = (i, entry) }
        }
        let tourUnits = file.units.filter { InterfaceWords.key(of: $0.context) == nil && !$0.isObsolete }
        if !tourUnits.isEmpty, !tourUnits.contains(where: { byContext[$0.context] != nil }) {
            throw LocalizationError("\(path): none of its \(tourUnits.count) entries belongs to these tours (\(quoted(tourUnits[0].context)) is one; expected contexts such as \(quoted(byContext.keys.sorted().first ?? "TOUR/STEP/text")))")
        }

        var out = TranslationImport()
        var edits: [Int: [(entry: TourTexts.Entry, unit: TranslationUnit)]] = [:]
        for unit in file.units {
            let at = "\(path):\(unit.line)"
            if unit.isObsolete {
                if !unit.translation.isEmpty { out.notes.append("\(at): \(unit.context): obsolete (no longer in the tours): not imported") }
                continue
            }
            if let key = InterfaceWords.key(of: unit.context) {
                if unit.isFuzzy { out.notes.append("\(at): \(unit.context): marked fuzzy: not imported (review it and clear the flag)") }
                else if !unit.translation.isEmpty {
                    // Held to the word Limelight says, not to the file's msgid, which anyone can edit.
                    if let problem = Placeholders.problem(source: InterfaceStrings.builtIn.english(key), translation: unit.translation) {
                        throw LocalizationError("\(at): \(unit.context): \(problem): nothing was imported")
                    }
                    out.interface[key] = unit.translation
                }
                continue
            }
            guard let (tour, entry) = byContext[unit.context] else {
                out.notes.append("\(at): \(unit.context): not in these tours (an unknown entry): not imported")
                continue
            }
            if unit.translation.isEmpty { out.untranslated += 1; continue }
            if unit.isFuzzy { out.notes.append("\(at): \(unit.context): marked fuzzy: not imported (review it and clear the flag)"); continue }
            guard unit.source == entry.source else {
                out.notes.append("\(at): \(unit.context): the \(sourceLanguage) text changed since the export (the tour now says \(quoted(entry.source))): not imported; export again and translate the new text")
                continue
            }
            if let problem = Placeholders.problem(source: entry.source, translation: unit.translation, sourceLanguage: sourceLanguage,
                                                  placeholders: placeholders(showingStates: entry.showsStates)) {
                throw LocalizationError("\(at): \(unit.context): \(problem): nothing was imported")
            }
            if entry.translations[tag] == unit.translation { out.unchanged += 1; continue }
            // What the tour loader would refuse is refused here, before anything is written.
            guard SchemaReader.isWithinTextLimit(unit.translation) else {
                throw LocalizationError("\(at): \(unit.context): expected a translation of at most \(SchemaReader.maxTextCharacters) characters (the most a tour's text may have), found a longer one (\(unit.translation.utf8.count) bytes): nothing was imported")
            }
            edits[tour, default: []].append((entry, unit))
        }
        for (i, tour) in tours.enumerated() {
            guard let list = edits[i] else { continue }
            guard String(validating: tour.bytes, as: UTF8.self) != nil else { throw LocalizationError("\(tour.path): the file is not UTF-8 text") }
            var document = TourDocument(node: nodes[i], bytes: tour.bytes)
            for (entry, unit) in list {
                write(unit.translation, language: tag, at: entry.place.components[...], in: &document.root, sourceLanguage: sourceLanguage)
            }
            let text = document.text
            try checkSize(text, as: tour.path, limit: isScreensFile[i] ? ScreensLoader.maxFileSize : TourLoader.maxFileSize, edits: list, from: path)
            out.changes.append(Change(path: tour.path, text: text, count: list.count))
        }
        return out
    }

    /// Refuses, with the translators' file's line of its longest translation, a tour's new `text`
    /// larger than the tour loader reads. With each text within the text limit (checked entry by
    /// entry) and the language a well-formed tag, this is the last limit an import can break: it
    /// writes only strings, into objects of texts (made from a plain string where needed), which
    /// the tour decoder (or the screens loader) reads as it read the file before.
    private static func checkSize(_ text: String, as file: String, limit: Int, edits: [(entry: TourTexts.Entry, unit: TranslationUnit)],
                                  from path: String) throws(LocalizationError) {
        let size = text.utf8.count
        guard size > limit, let longest = edits.max(by: { $0.unit.translation.utf8.count < $1.unit.translation.utf8.count }) else { return }
        let what = limit == TourLoader.maxFileSize ? "a tour file" : "a screens file"
        throw LocalizationError("\(path):\(longest.unit.line): \(longest.unit.context): with this file's translations \(file) would be \(size) bytes, more than \(what) may be (\(limit) bytes; this entry's is the longest, \(longest.unit.translation.utf8.count) bytes): nothing was imported")
    }

    /// How the placeholders of a text are found: `%1`, and `{name}` where the text shows states.
    static func placeholders(showingStates: Bool) -> (String) -> [String] {
        guard showingStates else { return Placeholders.numbered(in:) }
        return { text in Placeholders.numbered(in: text) + ScreensTexts.stateNames(in: text).map { "{\($0)}" } }
    }

    /// `translation` in `language` written into the text at `path` beneath `tree`: into the
    /// value's object of texts, or a plain string turned into one (`{"en": …, "de": …}`). Each
    /// object and list on the way is changed in place (`setMember`, `value`), so the spacing of
    /// what it holds is kept and only the text's own line is written anew.
    private static func write(_ translation: String, language: String, at path: ArraySlice<JSONPath.Component>, in tree: inout JSONTree,
                              sourceLanguage: String) {
        guard let first = path.first else { return }
        let rest = path.dropFirst()
        switch first {
        case .key(let key):
            guard var value = tree[key] else { return }
            if !rest.isEmpty {
                write(translation, language: language, at: rest, in: &value, sourceLanguage: sourceLanguage)
            } else if let plain = value.stringValue {
                value = .object([(sourceLanguage, .string(plain)), (language, .string(translation))])
            } else if value[language]?.stringValue != translation {
                value.setMember(language, .string(translation))
            }
            tree.setMember(key, value)
        case .index(let index):
            guard var items = tree.arrayValue, items.indices.contains(index) else { return }
            let before = items[index]
            write(translation, language: language, at: rest, in: &items[index], sourceLanguage: sourceLanguage)
            if items[index] != before { tree.value = .array(items) }
        }
    }
}

