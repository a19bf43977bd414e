import Tours
import TranslationFiles
import Views

/// A translators' file brought back into tour files: each translated entry written into its tour
/// through `TourDocument` (so only what changes is rewritten, and an import that changes nothing
/// leaves every file byte for byte), Limelight's own words collected for a strings file, and a
/// note for each entry not taken (fuzzy, obsolete, unknown, translated from an older source).
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
    /// one the tour loader refuses (a text longer than a tour's may be, a file larger than it reads).
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
        var byContext: [String: (tour: Int, entry: TourTexts.Entry)] = [:]
        for (i, tour) in tours.enumerated() {
            let node: JSONNode
            do { node = try JSONParser.parse(tour.bytes) } catch { throw LocalizationError("\(tour.path):\(error.line): \(error.message)") }
            nodes.append(node)
            let read = try TourTexts.read(node, file: tour.path, sourceLanguage: sourceLanguage)
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
                else if !unit.translation.isEmpty { out.interface[key] = unit.translation }
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
            var steps = document.steps
            for (entry, unit) in list {
                steps[entry.step] = written(unit.translation, language: tag, into: steps[entry.step], path: entry.path, sourceLanguage: sourceLanguage)
            }
            document.steps = steps
            let text = document.text
            try checkSize(text, as: tour.path, edits: list, from: path)
            out.changes.append(Change(path: tour.path, text: text, count: list.count))
        }
        return out
    }

    /// Refuses, with the translators' file's line of its longest translation, a tour's new `text`
    /// larger than the tour loader reads. With each text within the text limit (checked entry by
    /// entry) and the language a well-formed tag, this is the last limit an import can break: it
    /// writes only strings, into a step's objects of texts (made from a plain string where needed),
    /// which the tour decoder reads as it read the file before.
    private static func checkSize(_ text: String, as file: String, edits: [(entry: TourTexts.Entry, unit: TranslationUnit)],
                                  from path: String) throws(LocalizationError) {
        let size = text.utf8.count
        guard size > TourLoader.maxFileSize, let longest = edits.max(by: { $0.unit.translation.utf8.count < $1.unit.translation.utf8.count }) else { return }
        throw LocalizationError("\(path):\(longest.unit.line): \(longest.unit.context): with this file's translations \(file) would be \(size) bytes, more than a tour file may be (\(TourLoader.maxFileSize) bytes; this entry's is the longest, \(longest.unit.translation.utf8.count) bytes): nothing was imported")
    }

    /// `step` with `translation` written at `path` (`steps[2].text`, `steps[2].buttons[1].title`):
    /// into the value's object of texts, or a plain string turned into one (`{"en": …, "de": …}`).
    private static func written(_ translation: String, language: String, into step: JSONTree, path: String, sourceLanguage: String) -> JSONTree {
        var step = step
        let parts = path.split(separator: ".").dropFirst().map(String.init)   // ["text"] or ["buttons[1]", "title"]
        func set(_ value: inout JSONTree, key: String) {
            guard let old = value[key] else { return }
            var texts = old
            if let plain = old.stringValue {
                texts = .object([(sourceLanguage, .string(plain)), (language, .string(translation))])
            } else if texts[language]?.stringValue != translation {
                texts.setMember(language, .string(translation))
            }
            value.setMember(key, texts)
        }
        if parts.count == 1 {
            set(&step, key: parts[0])
        } else if parts.count == 2, let open = parts[0].firstIndex(of: "["), let index = Int(parts[0][parts[0].index(after: open)...].dropLast()),
                  var buttons = step["buttons"]?.arrayValue, buttons.indices.contains(index) {
            set(&buttons[index], key: parts[1])
            var list = step["buttons"]!
            list.value = .array(buttons)
            step.setMember("buttons", list)
        }
        return step
    }
}

