import Testing
import Views

/// The pseudo-locales made from English: longer, accented and bracketed; mirrored right to left.
@Suite struct PseudoLocaleTests {
    @Test func accentedTextIsBracketedAboutFortyPercentLongerAndKeepsItsPlaceholders() {
        let english = "Tap this button to add an item to the list."
        let pseudo = PseudoLocale.accented.transform(english)
        #expect(pseudo.hasPrefix("[Ţåþ ţĥîš ƀûţţöñ"))
        #expect(pseudo.hasSuffix("]"))
        let growth = Double(pseudo.count) / Double(english.count)
        #expect(growth >= 1.3 && growth <= 1.6, "\(growth)")
        #expect(PseudoLocale.accented.transform("Step %1 of %2").contains("%1") && PseudoLocale.accented.transform("Step %1 of %2").contains("%2"))
        #expect(!pseudo.unicodeScalars.contains { ("a"..."z").contains($0) && !"onetwhrfuivsxg ".unicodeScalars.contains($0) })
    }

    @Test func mirroredTextRunsRightToLeft() {
        let pseudo = PseudoLocale.mirrored.transform("Add cards")
        #expect(pseudo == "\u{200F}\u{202E}Add\u{202C} \u{202E}cards\u{202C}")
        #expect(TextDirection(language: "ar-XB") == .rightToLeft)
        #expect(TextDirection(language: "en-XA") == .leftToRight)
    }

    @Test func limelightsWordsComeInThePseudoLocales() {
        let strings = InterfaceStrings.builtIn
        #expect(strings.text(.next, language: "en-XA") == "[Ñéẋţ one]")
        #expect(strings.text(.step, language: "en-xa", 2, 5).contains("2") && strings.text(.step, language: "en-XA", 2, 5).hasPrefix("[Šţéþ 2"))
        #expect(strings.text(.next, language: "ar-XB") == "\u{200F}\u{202E}Next\u{202C}")
        #expect(PseudoLocale(tag: "AR-xb") == .mirrored && PseudoLocale(tag: "en") == nil)
    }
}
