import Testing
import Headless
import Tours
import Views

/// The lint of the languages a tour is shown in: Limelight's words and a font for each.
@MainActor @Suite struct LanguageFindingsTests {
    func tour(languages: [String]) -> Tour {
        var t = Tour(id: "t", steps: [TourStep(targets: [.view("fab")], text: "Hi")])
        t.test.languages = languages
        t.test.languageLines = Array(repeating: 7, count: languages.count)
        return t
    }

    @Test func aLanguageWithoutLimelightsWordsOrAFontIsFlagged() {
        let strings = InterfaceStrings.builtIn.adding([.next: "Weiter"], for: "de")
        let found = TourLint.languageFindings(tour(languages: ["en", "de", "fr", "bo", "en-XA", "ar-XB"]), file: "t.json", strings: strings,
                                              hasFont: { $0 != "bo" })
        #expect(found.map(\.path) == ["test.languages[2]", "test.languages[3]", "test.languages[3]"])
        #expect(found.allSatisfy { $0.severity == .warning && $0.line == 7 })
        #expect(found[0].message.hasPrefix("the tour is shown in fr, but Limelight has no words for it"))
        #expect(found[2].message.hasPrefix("the tour is shown in bo, but no installed font covers it"))
    }

    @Test func aRegionalTagUsesItsLanguagesWords() {
        let strings = InterfaceStrings.builtIn.adding([.next: "Weiter"], for: "de")
        #expect(TourLint.languageFindings(tour(languages: ["de-AT", "en-GB"]), file: "t.json", strings: strings, hasFont: { _ in true }).isEmpty)
    }
}
