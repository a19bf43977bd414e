import Foundation
import Testing
import TestSupport
import Views

/// `limelight l10n`: files that gettext, polib, translate-toolkit and an XML parser read as their
/// own; a round trip through a translator's edit into a rendered language; and the pseudo-locales
/// finding layout bugs before any translation exists.
@Suite struct LocalizationCommandTests {
    static let python = "/usr/bin/python3"
    /// Limelight's own words, every one translated in the German file it ships.
    static let words = InterfaceStrings.Key.allCases.count

    /// A tour of the sample app in English, tested in English and German.
    static let tour = """
    {
      "id": "rt",
      "test": { "sizes": ["390x844"], "languages": ["en", "de"] },
      "steps": [
        {
          "target": "nav.title",
          "id": "hello",
          "title": "Welcome",
          "text": "This is your home screen."
        },
        {
          "target": "fab",
          "shape": "circle",
          "text": { "en": "Tap here to add a card." }
        }
      ]
    }

    """

    func folder(withTour: Bool = true) throws -> String {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/tours", withIntermediateDirectories: true)
        if withTour { try Self.tour.write(toFile: dir + "/tours/rt.json", atomically: true, encoding: .utf8) }
        return dir
    }

    func run(_ args: [String], in dir: String, environment: [String: String] = [:]) throws -> CLIResult {
        try CLI.runProcess(CLI.binary, args, environment: ["DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": "dummy"].merging(environment) { $1 }, directory: dir)
    }

    func python(_ script: String, in dir: String) throws -> CLIResult {
        try CLI.runProcess(Self.python, ["-c", script], directory: dir)
    }

    @Test func anExportedPOIsReadByGettextPolibAndTranslateToolkit() throws {
        let dir = try folder()
        let r = try run(["l10n", "export", "tours/rt.json", "--lang", "de", "--out", "de.po"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("de.po: \(3 + Self.words) texts (\(Self.words) translated, 0 fuzzy), 0 obsolete"), "\(r.stdout)")
        let check = try CLI.runProcess("/usr/bin/msgfmt", ["--check", "-o", "/dev/null", "de.po"], directory: dir)
        #expect(check.status == 0 && check.stderr.isEmpty, "\(check.stderr)")
        let polib = try python("""
        from polib import pofile
        p = pofile('de.po')
        e = p.find('Welcome', msgctxt='rt/hello/title')
        print(p.metadata['Language'], len(p), e.occurrences, 'lines of 248 pt' in e.comment, p.find('Next', msgctxt='limelight/next').msgstr)
        """, in: dir)
        #expect(polib.stdout == "de \(3 + Self.words) [('tours/rt.json', '8')] True Weiter\n", "\(polib.stderr)")
        // translate-toolkit reads it and writes it back; Limelight reads what it wrote.
        let toolkit = try python("""
        from translate.storage import factory
        store = factory.getobject('de.po')
        units = [u for u in store.units if not u.isheader()]
        print(len(units), units[0].getcontext(), units[0].source)
        open('tt.po', 'wb').write(bytes(store))
        """, in: dir)
        #expect(toolkit.stdout == "\(3 + Self.words) rt/hello/title Welcome\n", "\(toolkit.stderr)")
        let again = try run(["l10n", "export", "tours/rt.json", "--lang", "de", "--out", "tt.po"], in: dir)
        #expect(again.status == 0 && again.stdout.hasPrefix("tt.po: \(3 + Self.words) texts (\(Self.words) translated, 0 fuzzy), 0 obsolete"), "\(again.stderr)")
    }

    @Test func anExportedXLIFFIsXLIFF2WithNotesAndComesBackIn() throws {
        let dir = try folder()
        let r = try run(["l10n", "export", "tours/rt.json", "--lang", "de", "--out", "de.xliff"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let read = try python("""
        from xml.etree import ElementTree as ET
        ns = {'x': 'urn:oasis:names:tc:xliff:document:2.0'}
        t = ET.parse('de.xliff'); root = t.getroot()
        units = root.findall('.//x:unit', ns)
        first = units[0]
        notes = {n.get('category'): n.text for n in first.findall('.//x:note', ns)}
        print(root.get('version'), root.get('srcLang'), root.get('trgLang'), len(units), first.get('name'), first.find('.//x:source', ns).text, notes['location'], 'pt' in notes['layout'])
        for u in units:
            if u.get('name').startswith('rt/'):
                seg = u.find('x:segment', ns); tgt = ET.SubElement(seg, '{urn:oasis:names:tc:xliff:document:2.0}target'); tgt.text = 'DE ' + seg.find('x:source', ns).text; seg.set('state', 'translated')
        t.write('de-done.xliff', encoding='UTF-8', xml_declaration=True)
        """, in: dir)
        #expect(read.stdout == "2.0 en de \(3 + Self.words) rt/hello/title Welcome tours/rt.json:8 True\n", "\(read.stderr)")
        let imported = try run(["l10n", "import", "de-done.xliff"], in: dir)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("de-done.xliff: 3 translations written"), "\(imported.stdout)")
        let tour = try String(contentsOfFile: dir + "/tours/rt.json", encoding: .utf8)
        #expect(tour.contains("\"de\": \"DE Welcome\"") && tour.contains("\"de\": \"DE Tap here to add a card.\""))
    }

    @Test func aTranslatorsEditComesBackIntoTheToursAndRendersInTheNewLanguage() throws {
        let dir = try folder()
        #expect(try run(["l10n", "export", "tours", "--lang", "de", "--out", "de.po"], in: dir).status == 0)
        let status = try run(["l10n", "status", "tours", "--require", "de"], in: dir)
        #expect(status.status == 1 && status.stderr.contains("de is required and incomplete (3 texts missing or fuzzy)"), "\(status.stderr)")
        #expect(status.stdout.contains("de        rt                  0        3      0         0"), "\(status.stdout)")
        // The translator's work, as polib saves it: every text translated, one left fuzzy.
        let edit = try python("""
        from polib import pofile
        p = pofile('de.po')
        words = {'Welcome': 'Willkommen', 'This is your home screen.': 'Das ist dein Startbildschirm.', 'Tap here to add a card.': 'Tippe hier, um eine Karte hinzuzufügen.'}
        for e in p:
            if e.msgid in words: e.msgstr = words[e.msgid]
            if e.msgid == 'Welcome': e.flags.append('fuzzy')
        p.save('de.po')
        """, in: dir)
        #expect(edit.status == 0, "\(edit.stderr)")
        let imported = try run(["l10n", "import", "de.po"], in: dir)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("de.po: 2 translations written, 0 unchanged, 0 untranslated, 1 skipped"), "\(imported.stdout)")
        #expect(imported.errorLines.count == 1 && imported.stderr.contains(": rt/hello/title: marked fuzzy: not imported"), "\(imported.stderr)")
        let tour = try String(contentsOfFile: dir + "/tours/rt.json", encoding: .utf8)
        #expect(tour.contains("""
              "text": {
                "en": "This is your home screen.",
                "de": "Das ist dein Startbildschirm."
              }
        """), "\(tour)")
        #expect(tour.hasPrefix(Self.tour.components(separatedBy: "\"title\"")[0]), "the lines before the first change are as they were")
        // The same file again changes nothing, byte for byte.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/tours/rt.json"))
        let again = try run(["l10n", "import", "de.po"], in: dir)
        #expect(again.stdout.hasPrefix("de.po: 0 translations written, 2 unchanged"), "\(again.stdout)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/tours/rt.json")) == bytes)
        // The title is still missing in German, then the fuzzy flag is cleared and it comes in.
        #expect(try run(["l10n", "status", "tours", "de.po", "--require", "de"], in: dir).stdout.contains("de        rt                  2        0      1         0"))
        #expect(try python("from polib import pofile\np = pofile('de.po')\nfor e in p:\n    e.flags = []\np.save('de.po')", in: dir).status == 0)
        #expect(try run(["l10n", "import", "de.po"], in: dir).status == 0)
        let complete = try run(["l10n", "status", "tours", "--require", "de"], in: dir)
        #expect(complete.status == 0, "\(complete.stderr)")
        // The new language renders: Limelight's words and the tour's texts in German.
        let heard = try run(["inspect", "--semantics", "--tour", "tours/rt.json", "--step", "1", "--lang", "de"], in: dir)
        #expect(heard.stdout.contains("\"label\": \"Willkommen\"") && heard.stdout.contains("\"label\": \"Weiter\""), "\(heard.stdout)")
        let test = try run(["test", "tours", "--update"], in: dir)
        #expect(test.status == 0, "\(test.stderr)")
        let golden = dir + "/tours/rt.goldens/390x844@1x-de-step01.png"
        #expect(FileManager.default.fileExists(atPath: golden), "\(test.stdout)")
        #expect(try run(["test", "tours"], in: dir).status == 0)
    }

    @Test func obsoleteAndUnknownEntriesAreReportedWithTheirLinesAndAWrongFileIsRefused() throws {
        let dir = try folder()
        #expect(try run(["l10n", "export", "tours/rt.json", "--lang", "de", "--out", "de.po"], in: dir).status == 0)
        var po = try String(contentsOfFile: dir + "/de.po", encoding: .utf8)
        po += "\n#: tours/rt.json:99\nmsgctxt \"rt/nothere/text\"\nmsgid \"Gone\"\nmsgstr \"Weg\"\n\n#~ msgctxt \"rt/old/text\"\n#~ msgid \"Old\"\n#~ msgstr \"Alt\"\n"
        try po.write(toFile: dir + "/de.po", atomically: true, encoding: .utf8)
        let lines = po.split(separator: "\n", omittingEmptySubsequences: false)
        let unknownLine = lines.firstIndex { $0 == "msgctxt \"rt/nothere/text\"" }! + 1
        let obsoleteLine = lines.firstIndex { $0 == "#~ msgctxt \"rt/old/text\"" }! + 1
        let r = try run(["l10n", "import", "de.po"], in: dir)
        #expect(r.status == 0)
        #expect(r.stderr.contains("de.po:\(unknownLine): rt/nothere/text: not in these tours (an unknown entry): not imported"), "\(r.stderr)")
        #expect(r.stderr.contains("de.po:\(obsoleteLine): rt/old/text: obsolete (no longer in the tours): not imported"), "\(r.stderr)")
        let wrong = try run(["l10n", "import", "de.po", "--lang", "ja"], in: dir)
        #expect(wrong.status == 2 && wrong.errorLines == ["limelight: l10n import: de.po: the file is in de, not ja (--lang ja)"], "\(wrong.stderr)")
        try "msgid \"\"\nmsgstr \"Language: de\\n\"\n\nmsgctxt \"other/steps[0]/text\"\nmsgid \"A\"\nmsgstr \"B\"\n".write(toFile: dir + "/other.po", atomically: true, encoding: .utf8)
        let other = try run(["l10n", "import", "other.po", "--tours", "tours"], in: dir)
        #expect(other.status == 2 && other.errorLines.count == 1 && other.stderr.contains("none of its 1 entries belongs to these tours"), "\(other.stderr)")
        try "msgid \"\"\nmsgstr \"Language: de\\n\"\n\nmsgid \"A\nmsgstr \"B\"\n".write(toFile: dir + "/broken.po", atomically: true, encoding: .utf8)
        let broken = try run(["l10n", "import", "broken.po", "--tours", "tours"], in: dir)
        #expect(broken.status == 2 && broken.errorLines.count == 1 && broken.stderr.contains("broken.po:5: end-of-line within string"), "\(broken.stderr)")
    }

    @Test func aLanguageIsAddedByAFileAlone() throws {
        let dir = try folder()
        let strings = dir + "/strings"
        try FileManager.default.createDirectory(atPath: strings, withIntermediateDirectories: true)
        let r = try run(["l10n", "export", "tours/rt.json", "--lang", "fr", "--out", "strings/fr.po"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        var po = try String(contentsOfFile: strings + "/fr.po", encoding: .utf8)
        po = po.replacingOccurrences(of: "msgctxt \"limelight/next\"\nmsgid \"Next\"\nmsgstr \"\"", with: "msgctxt \"limelight/next\"\nmsgid \"Next\"\nmsgstr \"Suivant\"")
        try po.write(toFile: strings + "/fr.po", atomically: true, encoding: .utf8)
        let heard = try run(["inspect", "--semantics", "--tour", "tours/rt.json", "--lang", "fr"], in: dir, environment: ["LIMELIGHT_STRINGS": strings])
        #expect(heard.status == 0, "\(heard.stderr)")
        #expect(heard.stdout.contains("\"label\": \"Suivant\""))
        // Imported words of Limelight's go to the strings folder.
        po = po.replacingOccurrences(of: "msgctxt \"limelight/skip\"\nmsgid \"Skip\"\nmsgstr \"\"", with: "msgctxt \"limelight/skip\"\nmsgid \"Skip\"\nmsgstr \"Passer\"")
        try po.write(toFile: dir + "/fr.po", atomically: true, encoding: .utf8)
        let imported = try run(["l10n", "import", "fr.po", "--strings", "strings"], in: dir)
        #expect(imported.status == 0 && imported.stdout.contains("strings/fr.po: 2 of Limelight's own words"), "\(imported.stdout) \(imported.stderr)")
        #expect(try String(contentsOfFile: strings + "/fr.po", encoding: .utf8).contains("msgstr \"Passer\""))
        let without = try run(["inspect", "--lang", "fr"], in: dir)
        #expect(without.status == 2, "without the file, the sample app does not speak French")
    }

    @Test func thePseudoLocalesFindTheBubbleThatClipsAndMirrorTheLayout() throws {
        let dir = try folder(withTour: false)
        let tour = #"{"id": "p", "showProgress": true, "allowSkip": true, "test": {"sizes": ["320x568", "390x844"], "languages": ["en", "en-XA", "ar-XB"]}, "steps": [{"target": "nav.title", "text": "Home."}, {"target": "fab", "text": "Add."}]}"#
        try tour.write(toFile: dir + "/tours/p.json", atomically: true, encoding: .utf8)
        let r = try run(["check", "--lint", "--json", "tours/p.json"], in: dir)
        let found = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        let messages = found.compactMap { $0["message"] as? String }
        // The longer buttons widen the bubble past its 280 points where the screen has room; on a
        // small phone they cannot fit.
        #expect(messages.contains { $0.contains("cut short with an ellipsis") && $0.hasSuffix("(at 320x568@1x, en-XA)") }, "\(messages)")
        #expect(!messages.contains { $0.hasSuffix("(at 390x844@1x, en-XA)") && !$0.hasPrefix("the progress dots vanish") }, "\(messages)")
        // Where they fit, the longer words still leave the progress dots no room: a note.
        #expect(messages.contains { $0.hasPrefix("the progress dots vanish in en-XA: ") && $0.hasSuffix("(at 390x844@1x, en-XA)") }, "\(messages)")
        #expect(!messages.contains { $0.hasSuffix(", en)") }, "it fits in English: \(messages)")
        #expect(!messages.contains { $0.contains("no title or text") }, "a pseudo-locale needs no translation")
        func frame(_ lang: String, _ id: String) throws -> [Double] {
            let out = try run(["inspect", "--no-overlay", "--lang", lang], in: dir)
            let obj = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
            let views = try #require(obj["views"] as? [[String: Any]])
            return try #require(views.first { $0["id"] as? String == id }?["frame"] as? [Double])
        }
        for id in ["nav.title", "fab", "card.0"] {
            let en = try frame("en", id), mirrored = try frame("ar-XB", id)
            #expect(abs(mirrored[0] - (390 - en[0] - en[2])) < 1 && mirrored[1] == en[1], "\(id): \(en) → \(mirrored)")
        }
        let bad = try run(["l10n", "export", "tours/p.json", "--lang", "en-XA"], in: dir)
        #expect(bad.status == 2 && bad.stderr.contains("a pseudo-locale is made from en when shown"))
    }

    @Test func badUsageIsOneLine() throws {
        let dir = try folder()
        for (args, message) in [
            (["l10n"], "l10n: expected export, import or status"),
            (["l10n", "export", "tours/rt.json"], "l10n export: expected --lang TAG"),
            (["l10n", "export", "tours/rt.json", "--lang", "de", "--format", "csv"], "l10n export: --format expects po or xliff"),
            (["l10n", "export", "tours/rt.json", "--lang", "de_DE"], "l10n export: --lang expects a language tag"),
            (["l10n", "import", "nothere.po"], "l10n import: nothere.po: no such file"),
            (["l10n", "import", "tours/rt.json"], "l10n import: tours/rt.json: expected a .po or .xliff (.xlf) file"),
            (["check", "tours/rt.json", "--require", "de"], "check: --require works with --lint"),
        ] {
            let r = try run(args, in: dir)
            #expect(r.status == 2 && r.errorLines.count == 1 && r.stderr.contains(message), "\(args): \(r.stderr)")
        }
    }
}
