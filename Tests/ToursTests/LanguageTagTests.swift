import Testing
import Tours

/// Language tags as tours key their texts: RFC 5646's shape, RFC 4647's lookup.
@Suite @MainActor struct LanguageTagTests {
    @Test(arguments: ["en", "ja", "ast", "zh-Hans", "zh-Hant-TW", "pt-BR", "es-419", "sr-Latn-RS", "de-CH-1996", "sl-rozaj"])
    func wellFormedTags(tag: String) {
        #expect(LanguageTag.isWellFormed(tag))
    }

    @Test(arguments: ["", "e", "EN", "english", "zh_Hans", "zh-", "-en", "zh-hans-x", "pt-br", "en-US-", "ja-JP-ab", "én"])
    func malformedTags(tag: String) {
        #expect(!LanguageTag.isWellFormed(tag))
    }

    @Test func lookupDropsSubtagsFromTheEnd() {
        let table = ["zh": "中文", "zh-Hant": "繁體", "en": "English"]
        #expect(LanguageTag.lookup("zh-Hant-TW", in: table) == "繁體")
        #expect(LanguageTag.lookup("zh-Hans", in: table) == "中文")
        #expect(LanguageTag.lookup("en-GB", in: table) == "English")
        #expect(LanguageTag.lookup("ja", in: table) == nil)
    }

    @Test func aStepFallsBackFromARegionalTagToItsLanguage() throws {
        let t = try tour(#"{"id": "t", "steps": [{"target": "fab", "text": {"en": "Add", "pt": "Adicionar", "pt-BR": "Adicione"}}]}"#)
        #expect(t.steps[0].text(in: "pt-BR") == "Adicione")
        #expect(t.steps[0].text(in: "pt-PT") == "Adicionar")
        #expect(t.steps[0].text(in: "fr") == "Add")
    }

    @Test func aMalformedTagIsOneLineNamingTheKey() {
        #expect(problemLines(#"{"id": "t", "steps": [{"target": "fab", "text": {"en": "Add", "pt_BR": "Adicione"}}]}"#)
                == [#"t.json:1: steps[0].text.pt_BR: expected a language tag such as en, ja, zh-Hans or pt-BR"#])
    }
}
