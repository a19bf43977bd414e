import Foundation
import Testing
@testable import Localization
@testable import TranslationFiles
import Tours
import Views

/// PO and XLIFF written and read back: every kind of entry survives, and a broken file is one line
/// naming its place.
@Suite(.serialized) struct TranslationFileTests {
    static let tour = """
    {
      "id": "home",
      "test": { "sizes": ["390x844", "240x400"] },
      "steps": [
        {
          "target": "fab",
          "id": "add",
          "title": "Add \\"cards\\"",
          "text": { "en": "Tap here.\\nThen again.", "ja": "ここをタップ。" },
          "buttons": [{ "title": "Later", "goto": "end" }]
        },
        { "target": "nav.title", "text": "Welcome" }
      ]
    }

    """

    func folder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-l10n-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    func texts() throws -> TourTexts { try TourTexts.read(Array(Self.tour.utf8), file: "tours/home.json") }

    @Test func aToursTextsHaveStableContextsLinesAndANoteOfTheNarrowestScreen() throws {
        let t = try texts()
        #expect(t.entries.map(\.context) == ["home/add/title", "home/add/text", "home/add/buttons[0].title", "home/steps[1]/text"])
        #expect(t.entries.map(\.line) == [8, 9, 10, 12])
        #expect(t.entries[1].source == "Tap here.\nThen again.")
        #expect(t.entries[1].translations["ja"] == "ここをタップ。")
        #expect(t.entries[1].note.contains("184 pt") && t.entries[1].note.contains("240x400"), "\(t.entries[1].note)")
        #expect(t.languages == ["en", "ja"])
    }

    func sample() -> TranslationFile {
        TranslationFile(language: "de", units: [
            TranslationUnit(context: "home/add/title", source: "Add \"cards\"", translation: "„Karten“ hinzufügen", note: "one line", references: ["tours/home.json:8"]),
            TranslationUnit(context: "home/add/text", source: "Tap here.\nThen again.", translation: "Hier tippen.\nNoch einmal.",
                            isFuzzy: true, previousSource: "Tap here.", references: ["tours/home.json:9"]),
            TranslationUnit(context: "home/steps[1]/text", source: "Welcome\t\\ back", translation: ""),
            TranslationUnit(context: "home/gone/text", source: "Old", translation: "Alt", isObsolete: true),
        ])
    }

    @Test(arguments: TranslationFile.Format.allCases)
    func everyKindOfEntryRoundTrips(format: TranslationFile.Format) throws {
        let dir = try folder()
        let path = dir + "/de." + (format == .po ? "po" : "xliff")
        try sample().text(as: format).write(toFile: path, atomically: true, encoding: .utf8)
        let read = try TranslationFile.read(path)
        #expect(read.language == "de" && read.sourceLanguage == "en")
        var expected = sample().units
        if format == .xliff {
            // XLIFF keeps no obsolete units and no previous source.
            expected.removeLast()
            expected[1].previousSource = nil
        }
        #expect(read.units.map { var u = $0; u.line = 0; return u } == expected)
        #expect(read.units.allSatisfy { $0.line > 0 })
    }

    @Test func poWritesGettextsShapes() {
        let text = sample().text(as: .po)
        #expect(text.contains("#, fuzzy\n#| msgid \"Tap here.\"\nmsgctxt \"home/add/text\"\nmsgid \"\"\n\"Tap here.\\n\"\n\"Then again.\"\n"))
        #expect(text.contains("#: tours/home.json:8\nmsgctxt \"home/add/title\"\nmsgid \"Add \\\"cards\\\"\"\n"))
        #expect(text.contains("#~ msgctxt \"home/gone/text\"\n#~ msgid \"Old\"\n#~ msgstr \"Alt\"\n"))
        #expect(text.contains("\"Language: de\\n\"\n"))
    }

    @Test func aBrokenPOFileIsOneLineWithItsLine() throws {
        let dir = try folder()
        let path = dir + "/bad.po"
        try "msgid \"\"\nmsgstr \"Language: de\\n\"\n\nmsgctxt \"a\"\nmsgid \"b\"\nmsgstr \"c\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: LocalizationError.self) { try TranslationFile.read(path) }
        do { _ = try TranslationFile.read(path) } catch {
            // The line msgfmt names for the same file.
            #expect(error.description.hasPrefix(path + ":7: end-of-line within string"))
            #expect(!error.description.contains("\n"))
        }
        try "msgid \"\"\nmsgstr \"Project-Id-Version: x\\n\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        do { _ = try TranslationFile.read(path); Issue.record("a file without a language was read") } catch {
            #expect(error.description.contains("names no Language"))
        }
    }

    @Test func everyEntryHasItsLineHoweverGettextWritesItsContext() throws {
        // Contexts in every escape gettext's lexer reads, on several lines, in strings side by
        // side, with blanks around the keyword, obsolete; libgettextpo reads each context and the
        // line found for it must be its msgctxt's.
        let written = [#""q\"uote""#, #""t\tab""#, #""octal\101\7\0101\777""#, #""hex\x41\x4a\x4B\x1234""#,
                       #""c\a\b\f\v\r\n""#, #""back\\slash""#, #""side" "by" "side""#, "\"\"\n\"first \"\n  \"second\"", "\t\"tabbed\" "]
        var text = "msgid \"\"\nmsgstr \"Language: de\\n\"\n"
        var lines: [Int] = []
        for (i, context) in written.enumerated() {
            text += "\n"
            lines.append(text.split(separator: "\n", omittingEmptySubsequences: false).count)
            text += "msgctxt \(context)\nmsgid \"m\(i)\"\nmsgstr \"\"\n"
        }
        text += "\n"
        lines.append(text.split(separator: "\n", omittingEmptySubsequences: false).count)
        text += "#~ msgctxt \"old\\x21\"\n#~ msgid \"Old\"\n#~ msgstr \"Alt\"\n"
        let path = try folder() + "/de.po"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let read = try TranslationFile.read(path)
        #expect(read.units.map(\.context) == ["q\"uote", "t\tab", "octalA\u{7}\u{8}1\u{FFFD}", "hexAJK4", "c\u{7}\u{8}\u{C}\u{B}\r\n",
                                               "back\\slash", "sidebyside", "first second", "tabbed", "old!"])
        #expect(read.units.map(\.line) == lines, "\(text)")
        // The same with Windows line ends, which gettext reads as blanks.
        try text.replacingOccurrences(of: "\n", with: "\r\n").write(toFile: path, atomically: true, encoding: .utf8)
        let crlf = try TranslationFile.read(path)
        #expect(crlf.units.map(\.context) == read.units.map(\.context))
        #expect(crlf.units.map(\.line) == lines)
    }

    @Test func aBrokenXLIFFFileIsOneLineWithItsLine() throws {
        let dir = try folder()
        let path = dir + "/bad.xlf"
        try "<?xml version=\"1.0\"?>\n<xliff xmlns=\"urn:oasis:names:tc:xliff:document:2.0\" version=\"2.0\" srcLang=\"en\" trgLang=\"de\">\n<file id=\"f\">\n<unit id=\"u\" name=\"a\"><segment><source>x</source></unit>\n</file></xliff>\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        do { _ = try TranslationFile.read(path); Issue.record("a broken file was read") } catch {
            #expect(error.description.hasPrefix(path + ":4: "), "\(error)")
        }
        try "<?xml version=\"1.0\"?>\n<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\"></xliff>\n".write(toFile: path, atomically: true, encoding: .utf8)
        do { _ = try TranslationFile.read(path); Issue.record("XLIFF 1.2 was read") } catch {
            #expect(error.description.contains("expected XLIFF 2.0"))
        }
    }

    @Test func exportingOverAnOldFileKeepsItsWorkMarksChangedSourcesFuzzyAndKeepsGoneOnesObsolete() throws {
        let old = TranslationFile(language: "de", units: [
            TranslationUnit(context: "home/add/title", source: "Add \"cards\"", translation: "Karten hinzufügen"),
            TranslationUnit(context: "home/steps[1]/text", source: "Hello", translation: "Hallo"),
            TranslationUnit(context: "home/removed/text", source: "Bye", translation: "Tschüss"),
        ])
        let file = TranslationExport.file(of: [try texts()], language: "de", interface: nil, over: old)
        let byContext = Dictionary(uniqueKeysWithValues: file.units.map { ($0.context, $0) })
        #expect(byContext["home/add/title"]?.translation == "Karten hinzufügen")
        #expect(byContext["home/add/title"]?.isFuzzy == false)
        #expect(byContext["home/steps[1]/text"]?.isFuzzy == true)
        #expect(byContext["home/steps[1]/text"]?.previousSource == "Hello")
        #expect(byContext["home/removed/text"]?.isObsolete == true)
        #expect(byContext["home/add/text"]?.translation == "")
        // Exported again over itself, nothing moves.
        let again = TranslationExport.file(of: [try texts()], language: "de", interface: nil, over: file)
        #expect(again == file)
    }

    @Test func limelightsOwnWordsAreEntriesOfTheirOwn() {
        let units = InterfaceWords.units(InterfaceStrings.builtIn.adding([.next: "Weiter"], for: "de"), language: "de")
        #expect(units.count == InterfaceStrings.Key.allCases.count)
        #expect(units.first { $0.context == "limelight/next" }?.translation == "Weiter")
        #expect(units.first { $0.context == "limelight/step" }?.source == "Step %1 of %2")
        let strings = InterfaceWords.strings(of: TranslationFile(language: "de", units: units))
        #expect(strings.text(.next, language: "de") == "Weiter")
        #expect(strings.text(.skip, language: "de") == "Skip")
    }

    @Test func theShippedTranslationFilesHoldEveryWord() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("assets/strings").path
        let strings = try InterfaceWords.load(folder: folder)
        #expect(strings.languages == ["ar", "de", "he", "ja"])
        for language in strings.languages { #expect(strings.table[language]?.count == InterfaceStrings.Key.allCases.count, "\(language)") }
        #expect(strings.text(.next, language: "ja") == "次へ")
        #expect(strings.text(.next, language: "de") == "Weiter")
    }
}
