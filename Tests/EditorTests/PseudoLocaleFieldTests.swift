import Schema
import Testing
@testable import Editor
import Tours
import Views

/// A step's texts in a pseudo-locale: shown as the pseudo-locale makes them, never written.
@Suite struct PseudoLocaleFieldTests {
    @Test func aPseudoLocaleShowsTheBaseTextMadeOverAndTakesNoEdit() throws {
        let node = try JSONParser.parse(#"{"target": "fab", "title": "Add", "text": {"en": "Tap here.", "ja": "ここ。"}}"#)
        var fields = StepFields(JSONTree(node, in: Array(#"{"target": "fab", "title": "Add", "text": {"en": "Tap here.", "ja": "ここ。"}}"#.utf8)))
        #expect(fields.text("text", in: "en-XA") == PseudoLocale.accented.transform("Tap here."))
        #expect(fields.text("title", in: "ar-XB") == PseudoLocale.mirrored.transform("Add"))
        let before = fields.json
        fields.setText("text", in: "en-XA", to: "typed", languages: ["en", "ja", "en-XA"])
        fields.setText("title", in: "ar-XB", to: "typed", languages: ["en", "ar-XB"])
        #expect(fields.json == before)
    }
}
