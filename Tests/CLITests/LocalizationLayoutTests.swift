import Foundation
import Testing

/// `l10n import` writes a translation where its text is and moves nothing else: a tour in a layout
/// of its own (several keys on a line, texts by language on one line, a blank line between steps,
/// spaces before colons) gains one language in one text, and every other line is byte for byte
/// what it was.
@Suite struct LocalizationLayoutTests {
    static let tour = """
    {
       "id" : "odd",
       "test" : {"languages": ["en", "de"]},
       "steps" : [
          {"target": "nav.title", "id": "hello",
           "title": {"en": "Welcome"},    "text": {"en": "This is your home screen."}},

          {"target": "fab", "id": "add", "shape": "circle",
           "text": {"en": "Tap here to add a card."}}
       ]
    }

    """

    @Test func anImportChangesTheLineOfItsTextAlone() throws {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/tours", withIntermediateDirectories: true)
        try Self.tour.write(toFile: dir + "/tours/odd.json", atomically: true, encoding: .utf8)
        let l10n = LocalizationCommandTests()
        let export = try l10n.run(["l10n", "export", "tours/odd.json", "--lang", "de", "--out", "de.po"], in: dir)
        #expect(export.status == 0, "\(export.stderr)")
        // The translator's one translation: the home screen's text.
        var po = try String(contentsOfFile: dir + "/de.po", encoding: .utf8)
        let context = try #require(po.range(of: "msgctxt \"odd/hello/text\"\nmsgid \"This is your home screen.\"\nmsgstr \"\""))
        po.replaceSubrange(context, with: "msgctxt \"odd/hello/text\"\nmsgid \"This is your home screen.\"\nmsgstr \"Das ist dein Startbildschirm.\"")
        try po.write(toFile: dir + "/de.po", atomically: true, encoding: .utf8)
        let imported = try l10n.run(["l10n", "import", "de.po"], in: dir)
        #expect(imported.status == 0 && imported.stdout.hasPrefix("de.po: 1 translation written"), "\(imported.stdout)\(imported.stderr)")
        let after = try String(contentsOfFile: dir + "/tours/odd.json", encoding: .utf8).components(separatedBy: "\n")
        let before = Self.tour.components(separatedBy: "\n")
        #expect(after.count == before.count, "\(after.joined(separator: "\n"))")
        let changed = zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }
        #expect(changed.map(\.offset) == [5], "only the text's line: \(changed.map(\.element))")
        #expect(changed.first?.element.1 == #"       "title": {"en": "Welcome"},    "text": {"en": "This is your home screen.", "de": "Das ist dein Startbildschirm."}},"#,
                "\(changed.map(\.element.1))")
        #expect(try l10n.run(["check", "tours/odd.json"], in: dir).status == 0)
    }
}
