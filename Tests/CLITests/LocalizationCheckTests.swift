import Foundation
import Testing
import TestSupport
import Views

/// `limelight l10n` checks translations as code is checked: an entry whose translation drops or
/// adds a placeholder is an error with its file and line, nothing is written, and gettext's own
/// `msgfmt --check` agrees on the exported file; `status` counts the words an app gives itself;
/// a screens file's texts go out and come back in like a tour's.
@Suite struct LocalizationCheckTests {
    /// A tour of the sample app, with its progress shown ("Step 1 of 2").
    static let tour = #"{"id": "rt", "showProgress": true, "steps": [{"target": "nav.title", "id": "hello", "text": "Welcome"}, {"target": "fab", "text": "Add one."}]}"#

    /// An app as a screens file that gives French words of its own, and a tour over it.
    static let app = """
    {
      "id": "player",
      "languages": ["en", "fr"],
      "strings": { "fr": { "next": "Suivant", "skip": "Passer", "done": "Terminé", "back": "Retour", "step": "Étape %1 sur %2" } },
      "states": { "plays": { "number": 0 } },
      "screens": {
        "home": {
          "title": { "en": "Library", "fr": "Bibliothèque" },
          "content": { "type": "vstack", "children": [
            { "type": "text", "id": "home.count", "text": "Played {plays} times" },
            { "type": "button", "id": "home.play", "title": { "en": "Play" }, "action": { "increment": "plays" } }
          ] }
        }
      }
    }

    """
    static let appTour = #"{ "id": "t", "app": "app.json", "steps": [ { "target": "home.play", "text": { "en": "Tap to play.", "fr": "Touchez pour lire." } } ] }"#

    func run(_ args: [String], in dir: String, environment: [String: String] = [:]) throws -> CLIResult {
        try CLI.runProcess(CLI.binary, args, environment: ["DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": "dummy"].merging(environment) { $1 }, directory: dir)
    }

    /// The counts of `status`'s French row of `tour`: translated, missing, fuzzy, obsolete.
    func numbers(of tour: String, in status: String) -> [Int]? {
        let row = status.split(separator: "\n").first { $0.hasPrefix("fr ") && $0.split(separator: " ").dropFirst().first.map(String.init) == tour }
        return row.map { $0.split(separator: " ").dropFirst(2).compactMap { Int($0) } }
    }

    /// The 1-based line of the first line of `text` equal to `line`.
    func line(of line: String, in text: String) -> Int? {
        text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0 == line }.map { $0 + 1 }
    }

    @Test func aDroppedPlaceholderIsAnErrorWithItsLineAndNothingIsWritten() throws {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/tours", withIntermediateDirectories: true)
        try Self.tour.write(toFile: dir + "/tours/rt.json", atomically: true, encoding: .utf8)
        #expect(try run(["l10n", "export", "tours/rt.json", "--lang", "fr", "--out", "fr.po"], in: dir).status == 0)
        var po = try String(contentsOfFile: dir + "/fr.po", encoding: .utf8)
        #expect(po.contains("#, qt-format\nmsgctxt \"limelight/step\""), "gettext's tools are told the placeholders' form")
        po = po.replacingOccurrences(of: "msgid \"Welcome\"\nmsgstr \"\"", with: "msgid \"Welcome\"\nmsgstr \"Bienvenue\"")
        let good = po.replacingOccurrences(of: "msgid \"Step %1 of %2\"\nmsgstr \"\"", with: "msgid \"Step %1 of %2\"\nmsgstr \"Étape %1 sur %2\"")
        let bad = po.replacingOccurrences(of: "msgid \"Step %1 of %2\"\nmsgstr \"\"", with: "msgid \"Step %1 of %2\"\nmsgstr \"Étape sur %2\"")
        try bad.write(toFile: dir + "/fr.po", atomically: true, encoding: .utf8)
        let at = try #require(line(of: "msgctxt \"limelight/step\"", in: bad))
        let before = try Data(contentsOf: URL(fileURLWithPath: dir + "/tours/rt.json"))

        let refused = try run(["l10n", "import", "fr.po", "--strings", "strings"], in: dir)
        #expect(refused.status == 2, "\(refused.stdout) \(refused.stderr)")
        #expect(refused.errorLines == ["limelight: l10n import: fr.po:\(at): limelight/step: the translation drops %1 (the en text has %1 and %2; a translation keeps each, in any order, and adds none): nothing was imported"],
                "\(refused.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/tours/rt.json")) == before, "no tour written")
        #expect(!FileManager.default.fileExists(atPath: dir + "/strings"), "no strings file written")
        // gettext's own check refuses the same entry.
        let msgfmt = try CLI.runProcess("/usr/bin/msgfmt", ["--check", "-o", "/dev/null", "fr.po"], directory: dir)
        #expect(msgfmt.status != 0 && msgfmt.stderr.contains("fr.po:\(at + 2):"), "\(msgfmt.stderr)")

        try good.write(toFile: dir + "/fr.po", atomically: true, encoding: .utf8)
        let imported = try run(["l10n", "import", "fr.po", "--strings", "strings"], in: dir)
        #expect(imported.status == 0, "\(imported.stderr)")
        let heard = try run(["inspect", "--semantics", "--tour", "tours/rt.json", "--lang", "fr"], in: dir, environment: ["LIMELIGHT_STRINGS": dir + "/strings"])
        #expect(heard.stdout.contains("Étape 1 sur 2"), "\(heard.stdout) \(heard.stderr)")
    }

    @Test func anXLIFFTargetThatAddsAPlaceholderIsAnErrorWithItsLine() throws {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/tours", withIntermediateDirectories: true)
        try Self.tour.write(toFile: dir + "/tours/rt.json", atomically: true, encoding: .utf8)
        #expect(try run(["l10n", "export", "tours/rt.json", "--lang", "fr", "--out", "fr.xliff"], in: dir).status == 0)
        var xliff = try String(contentsOfFile: dir + "/fr.xliff", encoding: .utf8)
        xliff = xliff.replacingOccurrences(of: "<segment state=\"initial\">\n        <source>Welcome</source>",
                                           with: "<segment state=\"translated\">\n        <source>Welcome</source>\n        <target>Bienvenue %1</target>")
        try xliff.write(toFile: dir + "/fr.xliff", atomically: true, encoding: .utf8)
        let at = try #require(xliff.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("name=\"rt/hello/text\"") }.map { $0 + 1 })
        let before = try Data(contentsOf: URL(fileURLWithPath: dir + "/tours/rt.json"))
        let refused = try run(["l10n", "import", "fr.xliff"], in: dir)
        #expect(refused.status == 2 && refused.errorLines.count == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("fr.xliff:\(at): rt/hello/text: the translation adds %1 (the en text has none;"), "\(refused.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/tours/rt.json")) == before)
    }

    @Test func statusCountsTheWordsAnAppGivesItself() throws {
        let dir = try CLI.temporaryFolder()
        try Self.app.write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        try Self.appTour.write(toFile: dir + "/t.json", atomically: true, encoding: .utf8)
        let total = InterfaceStrings.Key.allCases.count
        for args in [["t.json"], ["app.json"]] {
            let r = try run(["l10n", "status"] + args, in: dir)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(numbers(of: "limelight", in: r.stdout) == [5, total - 5, 0, 0], "\(args): \(r.stdout)")
        }
    }

    @Test func aScreensFilesTextsGoOutAndComeBackInLikeATours() throws {
        let dir = try CLI.temporaryFolder()
        try Self.app.write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        let exported = try run(["l10n", "export", "app.json", "--lang", "fr", "--out", "fr.po"], in: dir)
        #expect(exported.status == 0 && exported.stdout.hasPrefix("fr.po: \(3 + InterfaceStrings.Key.allCases.count) texts (6 translated, 0 fuzzy)"), "\(exported.stdout) \(exported.stderr)")
        let check = try CLI.runProcess("/usr/bin/msgfmt", ["--check", "-o", "/dev/null", "fr.po"], directory: dir)
        #expect(check.status == 0, "\(check.stderr)")
        let polib = try CLI.runProcess("/usr/bin/python3", ["-c", """
        from polib import pofile
        p = pofile('fr.po')
        e = p.find('Played {plays} times', msgctxt='player/home.count/text')
        print(e.occurrences, e.flags, p.find('Library', msgctxt='player/screens.home/title').msgstr)
        """], directory: dir)
        #expect(polib.stdout == "[('app.json', '10')] ['python-brace-format'] Bibliothèque\n", "\(polib.stdout) \(polib.stderr)")

        var po = try String(contentsOfFile: dir + "/fr.po", encoding: .utf8)
        po = po.replacingOccurrences(of: "msgid \"Played {plays} times\"\nmsgstr \"\"", with: "msgid \"Played {plays} times\"\nmsgstr \"Lu {plays} fois\"")
        po = po.replacingOccurrences(of: "msgid \"Play\"\nmsgstr \"\"", with: "msgid \"Play\"\nmsgstr \"Lire\"")
        let dropped = po.replacingOccurrences(of: "\"Lu {plays} fois\"", with: "\"Lu plusieurs fois\"")
        try dropped.write(toFile: dir + "/fr.po", atomically: true, encoding: .utf8)
        let refused = try run(["l10n", "import", "fr.po"], in: dir)
        #expect(refused.status == 2 && refused.stderr.contains("player/home.count/text: the translation drops {plays}"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: dir + "/app.json", encoding: .utf8) == Self.app)

        try po.write(toFile: dir + "/fr.po", atomically: true, encoding: .utf8)
        let imported = try run(["l10n", "import", "fr.po"], in: dir)
        #expect(imported.status == 0 && imported.stdout.hasPrefix("fr.po: 2 translations written"), "\(imported.stdout) \(imported.stderr)")
        let after = try String(contentsOfFile: dir + "/app.json", encoding: .utf8)
        let old = Self.app.split(separator: "\n", omittingEmptySubsequences: false), new = after.split(separator: "\n", omittingEmptySubsequences: false)
        let same = zip(old, new).prefix { $0 == $1 }.count, sameAtEnd = zip(old.reversed(), new.reversed()).prefix { $0 == $1 }.count
        let replaced = old[same..<max(same, old.count - sameAtEnd)]
        #expect(replaced.count == 2 && replaced.allSatisfy { $0.contains("\"id\": \"home.") }, "only the two views' lines: \(after)")
        #expect(after.contains(#"{ "type": "button", "id": "home.play", "title": { "en": "Play", "fr": "Lire" }, "action": { "increment": "plays" } }"#))
        #expect(try run(["check", "app.json"], in: dir).status == 0)
        let status = try run(["l10n", "status", "app.json"], in: dir)
        #expect(numbers(of: "player", in: status.stdout) == [3, 0, 0, 0], "\(status.stdout)")
        let again = try run(["l10n", "import", "fr.po"], in: dir)
        #expect(again.stdout.hasPrefix("fr.po: 0 translations written, 3 unchanged"), "\(again.stdout)")
        #expect(try String(contentsOfFile: dir + "/app.json", encoding: .utf8) == after, "an import of what it says changes nothing")
    }
}
