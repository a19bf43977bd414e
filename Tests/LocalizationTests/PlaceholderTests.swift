import Foundation
import Testing
@testable import Localization
import Tours
@testable import TranslationFiles
import Views

/// Translations are checked like code: a translation that drops or adds a placeholder of its
/// source (`%1` in Limelight's words, `{name}` in a screens file's texts) is refused with the
/// entry's line, whatever the file's own source says; a shipped or team file's such word is left out.
@Suite struct PlaceholderTests {
    func file(_ units: [TranslationUnit], language: String = "fr") -> TranslationFile { TranslationFile(language: language, units: units) }

    @Test func numberedPlaceholdersAreFoundAsQtAndGettextReadThem() {
        #expect(Placeholders.numbered(in: "Step %1 of %2") == ["%1", "%2"])
        #expect(Placeholders.numbered(in: "%2 sur %1, %1") == ["%2", "%1"])
        #expect(Placeholders.numbered(in: "%12 and %0 and 100% and %") == ["%12"])
        #expect(Placeholders.mismatch(source: "Step %1 of %2", translation: "%2 : étape %1") == nil, "any order")
        let wrong = Placeholders.mismatch(source: "Step %1 of %2", translation: "Étape sur %2 %3")
        #expect(wrong?.dropped == ["%1"] && wrong?.added == ["%3"])
        #expect(Placeholders.formats(of: "%1 of %2") == ["qt-format"])
        #expect(Placeholders.formats(of: "Played {plays} times", stateNames: { _ in ["plays"] }) == ["python-brace-format"])
        #expect(Placeholders.formats(of: "Next").isEmpty)
    }

    @Test func aWordOfLimelightsThatDropsAPlaceholderRefusesTheFileWithItsLine() {
        let tour = (path: "tours/home.json", bytes: Array(TranslationFileTests.tour.utf8))
        #expect {
            try TranslationImport.plan(file([
                TranslationUnit(context: "limelight/next", source: "Next", translation: "Suivant", line: 10),
                TranslationUnit(context: "limelight/step", source: "Step %1 of %2", translation: "Étape sur %2", line: 14),
            ]), path: "fr.po", tours: [tour])
        } throws: { error in
            (error as? LocalizationError)?.description
                == "fr.po:14: limelight/step: the translation drops %1 (the en text has %1 and %2; a translation keeps each, in any order, and adds none): nothing was imported"
        }
        // The file's own source cannot change what Limelight says: the word is held to the English one.
        #expect(throws: LocalizationError.self) {
            try TranslationImport.plan(file([TranslationUnit(context: "limelight/of", source: "of", translation: "sur", line: 3)]),
                                       path: "fr.po", tours: [tour])
        }
        // A fuzzy one is not imported, so not checked.
        #expect(throws: Never.self) {
            try TranslationImport.plan(file([TranslationUnit(context: "limelight/of", source: "%1 of %2", translation: "sur", isFuzzy: true)]),
                                       path: "fr.po", tours: [tour])
        }
    }

    @Test func aTourTextThatAddsAPlaceholderIsRefused() {
        let tour = (path: "t.json", bytes: Array(#"{"id": "t", "steps": [{"target": "a", "id": "one", "text": "Tap here"}]}"#.utf8))
        #expect {
            try TranslationImport.plan(file([TranslationUnit(context: "t/one/text", source: "Tap here", translation: "Touchez %1", line: 7)]),
                                       path: "fr.po", tours: [tour])
        } throws: { error in
            (error as? LocalizationError)?.description.hasPrefix("fr.po:7: t/one/text: the translation adds %1 (the en text has none;") == true
        }
    }

    static let screens = """
    {
      "id": "player",
      "languages": ["en", "fr"],
      "states": { "plays": { "number": 0 } },
      "tabs": [{ "screen": "home", "title": "Home" }],
      "screens": {
        "home": {
          "title": { "en": "Library", "fr": "Bibliothèque" },
          "content": { "type": "vstack", "children": [
            { "type": "text", "id": "home.count", "text": "Played {plays} times" },
            { "type": "button", "title": { "en": "Play" }, "action": { "increment": "plays" } }
          ] }
        }
      }
    }

    """

    @Test func aScreensFilesTextsAreReadWithStableContextsAndLines() throws {
        let texts = try TourTexts.read(Array(Self.screens.utf8), file: "app.json")
        #expect(texts.isScreensFile && texts.tourID == "player")
        #expect(texts.entries.map(\.context) == ["player/tabs[0]/title", "player/screens.home/title", "player/home.count/text",
                                                 "player/screens.home.content.children[1]/title"])
        #expect(texts.entries.map(\.line) == [5, 8, 10, 11])
        #expect(texts.entries[1].translations["fr"] == "Bibliothèque")
        #expect(texts.entries[2].note.contains("{plays}") && texts.entries[2].placeholderFormats == ["python-brace-format"])
        #expect(texts.languages == ["en", "fr"])
    }

    @Test func aScreensFileIsImportedLikeATourKeepingItsLayout() throws {
        let app = (path: "app.json", bytes: Array(Self.screens.utf8))
        let plan = try TranslationImport.plan(file([
            TranslationUnit(context: "player/home.count/text", source: "Played {plays} times", translation: "Lu {plays} fois"),
            TranslationUnit(context: "player/screens.home.content.children[1]/title", source: "Play", translation: "Lire"),
        ]), path: "fr.po", tours: [app])
        let text = try #require(plan.changes.first?.text)
        let before = Self.screens.split(separator: "\n", omittingEmptySubsequences: false)
        let after = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(after.prefix(9) == before.prefix(9), "nothing before the first text changed moves")
        #expect(after.suffix(5) == before.suffix(5))
        #expect(text.contains(#"{ "type": "button", "title": { "en": "Play", "fr": "Lire" }, "action": { "increment": "plays" } }"#), "\(text)")
        let read = try TourTexts.read(Array(text.utf8), file: "app.json")
        #expect(read.entries[2].translations == ["en": "Played {plays} times", "fr": "Lu {plays} fois"])
        #expect {
            try TranslationImport.plan(file([TranslationUnit(context: "player/home.count/text", source: "Played {plays} times",
                                                             translation: "Lu {lectures} fois", line: 21)]), path: "fr.po", tours: [app])
        } throws: { error in
            (error as? LocalizationError)?.description.hasPrefix("fr.po:21: player/home.count/text: the translation drops {plays} and adds {lectures}") == true
        }
    }

    @Test func aLoadedWordWithTheWrongPlaceholdersIsLeftOutAndSaid() {
        let loaded = file([
            TranslationUnit(context: "limelight/skip", source: "Skip", translation: "Passer", line: 4),
            TranslationUnit(context: "limelight/step", source: "Step %1 of %2", translation: "Étape sur %2", line: 9),
        ])
        let strings = InterfaceWords.strings(of: loaded)
        #expect(strings.table["fr"] == [.skip: "Passer"])
        #expect(strings.text(.step, language: "fr", 2, 5) == "Step 2 of 5", "English, not a wrong sentence")
        #expect(InterfaceWords.problems(of: loaded, path: "strings/fr.po")
                == ["strings/fr.po:9: limelight/step: the translation drops %1 (the en text has %1 and %2; a translation keeps each, in any order, and adds none): left out (the English word is said)"])
    }
}
