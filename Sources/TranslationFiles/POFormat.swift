import CGettextPO
import Foundation

/// gettext's PO format: written as `msgmerge` writes it (header entry, `#.` notes, `#:` references,
/// `#, fuzzy` with `#| msgid`, `msgctxt`, obsolete entries as `#~` at the end), read with
/// libgettextpo, gettext's own reader.
enum POFormat {
    /// The header fields written before any kept ones, in gettext's order.
    static let headerOrder = ["Project-Id-Version", "Report-Msgid-Bugs-To", "POT-Creation-Date", "PO-Revision-Date",
                              "Last-Translator", "Language-Team", "Language", "MIME-Version", "Content-Type",
                              "Content-Transfer-Encoding", "Plural-Forms", "X-Source-Language", "X-Generator"]

    static func text(of file: TranslationFile) -> String {
        var header: [(String, String)] = [
            ("Project-Id-Version", "Limelight tours"),
            ("PO-Revision-Date", revisionDate()),
            ("Last-Translator", ""),
            ("Language-Team", file.language),
            ("Language", file.language),
            ("MIME-Version", "1.0"),
            ("Content-Type", "text/plain; charset=UTF-8"),
            ("Content-Transfer-Encoding", "8bit"),
            ("X-Source-Language", file.sourceLanguage),
            ("X-Generator", "limelight l10n export"),
        ]
        for (key, value) in file.keptHeader {
            if let i = header.firstIndex(where: { $0.0 == key }) { header[i].1 = value } else { header.append((key, value)) }
        }
        header.sort { (headerOrder.firstIndex(of: $0.0) ?? headerOrder.count) < (headerOrder.firstIndex(of: $1.0) ?? headerOrder.count) }
        var out = "# Limelight tours in \(file.language), translated from \(file.sourceLanguage).\n"
        out += "msgid \"\"\nmsgstr \"\"\n"
        for (key, value) in header { out += poString(key + ": " + value + "\n") + "\n" }
        for unit in file.units where !unit.isObsolete {
            out += "\n"
            for line in unit.note.split(separator: "\n", omittingEmptySubsequences: false) where !unit.note.isEmpty {
                out += "#. " + line + "\n"
            }
            if !unit.references.isEmpty { out += "#: " + unit.references.joined(separator: " ") + "\n" }
            let flags = (unit.isFuzzy ? ["fuzzy"] : []) + unit.formats
            if !flags.isEmpty { out += "#, " + flags.joined(separator: ", ") + "\n" }
            if unit.isFuzzy, let previous = unit.previousSource { out += field("#| msgid", previous) }
            out += field("msgctxt", unit.context) + field("msgid", unit.source) + field("msgstr", unit.translation)
        }
        for unit in file.units where unit.isObsolete {
            out += "\n"
            out += field("msgctxt", unit.context, prefix: "#~ ") + field("msgid", unit.source, prefix: "#~ ")
                + field("msgstr", unit.translation, prefix: "#~ ")
        }
        return out
    }

    /// Now, as PO headers write dates ("2026-12-02 18:10+0000"); `SOURCE_DATE_EPOCH` (seconds)
    /// instead when set, so a build can export the same bytes every time.
    static func revisionDate() -> String {
        let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(Double.init)
        let date = epoch.map { Date(timeIntervalSince1970: $0) } ?? Date()
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mmZ"
        return formatter.string(from: date)
    }

    /// `keyword "text"`, or for a text of several lines `keyword ""` and one quoted line each, as
    /// gettext writes them.
    private static func field(_ keyword: String, _ text: String, prefix: String = "") -> String {
        let linePrefix = keyword.hasPrefix("#|") ? "#| " : prefix
        // One line unless a line break comes before the end (gettext's rule).
        guard let firstBreak = text.firstIndex(of: "\n"), text.index(after: firstBreak) != text.endIndex else {
            return prefix + keyword + " " + poString(text) + "\n"
        }
        var out = prefix + keyword + " \"\"\n"
        var rest = Substring(text)
        while !rest.isEmpty {
            let end = rest.firstIndex(of: "\n").map { rest.index(after: $0) } ?? rest.endIndex
            out += linePrefix + poString(String(rest[..<end])) + "\n"
            rest = rest[end...]
        }
        return out
    }

    /// `s` as a PO string: in quotes, with `\\`, `\"`, `\n`, `\t` and other controls escaped.
    static func poString(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            switch c {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if c.value < 0x20 || c.value == 0x7F { out += String(format: "\\%03o", c.value) } else { out.unicodeScalars.append(c) }
            }
        }
        return out + "\""
    }

    // MARK: - Reading

    static func read(path: String, text: String) throws(LocalizationError) -> TranslationFile {
        guard let file = path.withCString({ limelight_po_read($0) }) else {
            throw LocalizationError("\(path): cannot be read as a PO file")
        }
        defer { limelight_po_free(file) }
        var line = 0, problem: UnsafePointer<CChar>?
        if limelight_po_problem(&line, &problem) > 0 {
            let message = problem.map { String(cString: $0) }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            throw LocalizationError("\(path)\(line > 0 ? ":\(line)" : ""): \(message.isEmpty ? "not a PO file" : message) (expected a PO file as gettext writes it)")
        }
        let lines = MessageLines(text)
        var header: [(String, String)] = []
        var units: [TranslationUnit] = []
        let iterator = po_message_iterator(file, nil)
        defer { po_message_iterator_free(iterator) }
        while let message = po_next_message(iterator) {
            let context = po_message_msgctxt(message).map { String(cString: $0) }
            let source = String(cString: po_message_msgid(message))
            let translation = String(cString: po_message_msgstr(message))
            if context == nil && source.isEmpty {
                header = translation.split(separator: "\n").compactMap { field in
                    guard let colon = field.firstIndex(of: ":") else { return nil }
                    return (String(field[..<colon]), field[field.index(after: colon)...].trimmingCharacters(in: .whitespaces))
                }
                continue
            }
            let obsolete = po_message_is_obsolete(message) != 0
            let line = lines.line(of: context ?? "", obsolete: obsolete)
            var references: [String] = []
            var i: Int32 = 0
            while let position = po_message_filepos(message, i) {
                guard references.count < TranslationUnit.maxReferences else {
                    throw LocalizationError("\(path):\(line): \(context ?? source): more than \(TranslationUnit.maxReferences) references (#:) in one entry (an entry is written in one place of a tour)")
                }
                let name = String(cString: po_filepos_file(position))
                let at = po_filepos_start_line(position)
                references.append(at < 0 ? name : "\(name):\(at)")
                i += 1
            }
            let formats = [Placeholders.qtFormat, Placeholders.braceFormat].filter { name in name.withCString { po_message_is_format(message, $0) != 0 } }
            let comments = limelight_po_extracted_comments(message)
            let note = comments.map { String(cString: $0) } ?? ""
            free(comments)
            units.append(TranslationUnit(
                context: context ?? "", source: source, translation: translation,
                isFuzzy: po_message_is_fuzzy(message) != 0,
                previousSource: po_message_prev_msgid(message).map { String(cString: $0) },
                note: note.hasSuffix("\n") ? String(note.dropLast()) : note, references: references,
                isObsolete: obsolete, line: line, formats: formats))
        }
        let fields = Dictionary(header, uniquingKeysWith: { a, _ in a })
        guard let language = fields["Language"], !language.isEmpty else {
            throw LocalizationError("\(path): the header names no Language (expected a field such as \"Language: de\")")
        }
        var out = TranslationFile(language: language.replacingOccurrences(of: "_", with: "-"),
                                  sourceLanguage: fields["X-Source-Language"].flatMap { $0.isEmpty ? nil : $0 } ?? "en", units: units)
        let made: Set<String> = ["Language", "MIME-Version", "Content-Type", "Content-Transfer-Encoding", "X-Source-Language", "X-Generator"]
        out.keptHeader = header.filter { !made.contains($0.0) }
        return out
    }
}
