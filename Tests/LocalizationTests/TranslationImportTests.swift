import Foundation
import Schema
import Testing
@testable import Localization
@testable import TranslationFiles
import Tours

/// Translations written into tour files: only what changes, nothing on an unchanged import, and a
/// line for each entry not taken.
@Suite struct TranslationImportTests {
    let tour = (path: "tours/home.json", bytes: Array(TranslationFileTests.tour.utf8))

    func file(_ units: [TranslationUnit], language: String = "de") -> TranslationFile { TranslationFile(language: language, units: units) }

    @Test func aPlainStringBecomesTextsByLanguageAndAnObjectGainsOne() throws {
        let plan = try TranslationImport.plan(file([
            TranslationUnit(context: "home/steps[1]/text", source: "Welcome", translation: "Willkommen"),
            TranslationUnit(context: "home/add/text", source: "Tap here.\nThen again.", translation: "Hier tippen.\nNoch einmal."),
            TranslationUnit(context: "home/add/buttons[0].title", source: "Later", translation: "Später"),
        ]), path: "de.po", tours: [tour])
        #expect(plan.notes.isEmpty)
        let text = try #require(plan.changes.first?.text)
        let node = try JSONParser.parse(text)
        let (decoded, problems) = TourDecoder.decode(node, file: "home.json")
        let t = try #require(decoded)
        #expect(problems.isEmpty)
        #expect(t.steps[1].text(in: "de") == "Willkommen" && t.steps[1].text(in: "en") == "Welcome")
        #expect(t.steps[0].text(in: "de") == "Hier tippen.\nNoch einmal." && t.steps[0].text(in: "ja") == "ここをタップ。")
        #expect(t.steps[0].buttons[0].title(in: "de") == "Später")
        // Only the changed values' lines differ.
        let before = TranslationFileTests.tour.split(separator: "\n", omittingEmptySubsequences: false)
        let after = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(after.prefix(8) == before.prefix(8))
        #expect(after.suffix(3) == before.suffix(3))
    }

    @Test func anImportOfWhatTheToursAlreadySayChangesNoFile() throws {
        let plan = try TranslationImport.plan(file([
            TranslationUnit(context: "home/add/text", source: "Tap here.\nThen again.", translation: "ここをタップ。"),
        ], language: "ja"), path: "ja.po", tours: [tour])
        #expect(plan.changes.isEmpty && plan.unchanged == 1)
    }

    @Test func fuzzyObsoleteUnknownAndStaleEntriesAreSkippedEachWithItsLine() throws {
        let plan = try TranslationImport.plan(file([
            TranslationUnit(context: "home/add/title", source: "Add \"cards\"", translation: "X", isFuzzy: true, line: 12),
            TranslationUnit(context: "home/old/text", source: "Old", translation: "Alt", isObsolete: true, line: 40),
            TranslationUnit(context: "home/nothere/text", source: "Nope", translation: "Nein", line: 20),
            TranslationUnit(context: "home/steps[1]/text", source: "Welcome!", translation: "Willkommen!", line: 30),
        ]), path: "de.po", tours: [tour])
        #expect(plan.changes.isEmpty)
        #expect(plan.notes.count == 4)
        #expect(plan.notes[0].hasPrefix("de.po:12: home/add/title: marked fuzzy"))
        #expect(plan.notes[1].hasPrefix("de.po:40: home/old/text: obsolete"))
        #expect(plan.notes[2].hasPrefix("de.po:20: home/nothere/text: not in these tours"))
        #expect(plan.notes[3].hasPrefix("de.po:30: home/steps[1]/text: the en text changed"))
    }

    @Test func aTranslationTheTourLoaderWouldRefuseIsRefusedWithItsLine() throws {
        let tooLong = String(repeating: "x", count: SchemaReader.maxTextCharacters + 1)
        #expect {
            try TranslationImport.plan(file([
                TranslationUnit(context: "home/steps[1]/text", source: "Welcome", translation: "Willkommen", line: 8),
                TranslationUnit(context: "home/add/title", source: "Add \"cards\"", translation: tooLong, line: 12),
            ]), path: "de.po", tours: [tour])
        } throws: { error in
            (error as? LocalizationError)?.description.hasPrefix("de.po:12: home/add/title: expected a translation of at most \(SchemaReader.maxTextCharacters) characters") == true
        }
        // As many characters as a text may have, but a letter with 420 accents each: more bytes
        // than a tour file may have.
        let heavy = String(repeating: "a" + String(repeating: "\u{301}", count: 420), count: 5_000)
        #expect(heavy.count <= SchemaReader.maxTextCharacters)
        #expect {
            try TranslationImport.plan(file([TranslationUnit(context: "home/add/title", source: "Add \"cards\"", translation: heavy, line: 12)]),
                                       path: "de.po", tours: [tour])
        } throws: { error in
            (error as? LocalizationError)?.description.hasPrefix("de.po:12: home/add/title: with this file's translations tours/home.json would be ") == true
        }
        // At the limit, it is written and the tour still decodes.
        let atLimit = String(repeating: "x", count: SchemaReader.maxTextCharacters)
        let plan = try TranslationImport.plan(file([TranslationUnit(context: "home/add/title", source: "Add \"cards\"", translation: atLimit)]),
                                              path: "de.po", tours: [tour])
        let text = try #require(plan.changes.first?.text)
        #expect(TourDecoder.decode(try JSONParser.parse(text), file: "home.json").diagnostics.isEmpty)
    }

    @Test func aFileForOtherToursOrTheWrongLanguageIsRefused() {
        #expect(throws: LocalizationError.self) {
            try TranslationImport.plan(file([TranslationUnit(context: "other/steps[0]/text", source: "A", translation: "B")]), path: "de.po", tours: [tour])
        }
        #expect(throws: LocalizationError.self) {
            try TranslationImport.plan(file([TranslationUnit(context: "home/steps[1]/text", source: "Welcome", translation: "B")]), path: "de.po", tours: [tour], language: "fr")
        }
        #expect(throws: LocalizationError.self) {
            try TranslationImport.plan(file([], language: "en"), path: "en.po", tours: [tour])
        }
        #expect(throws: LocalizationError.self) {
            try TranslationImport.plan(file([], language: "en-XA"), path: "x.po", tours: [tour])
        }
    }

    @Test func statusCountsEachLanguage() throws {
        let texts = try TourTexts.read(tour.bytes, file: tour.path)
        let files = [file([TranslationUnit(context: "home/add/title", source: "Add \"cards\"", translation: "X", isFuzzy: true),
                           TranslationUnit(context: "home/gone/text", source: "Old", translation: "Alt", isObsolete: true)])]
        let status = TranslationStatus(tours: [texts], languages: ["ja", "de", "en-XA"], files: files)
        #expect(status.rows.map { [$0.translated, $0.missing, $0.fuzzy, $0.obsolete] } == [[1, 3, 0, 0], [0, 3, 1, 1], [4, 0, 0, 0]])
        #expect(status.incomplete(["de", "en-XA"]) == ["de"])
    }
}
