import Foundation
import Testing

/// `limelight l10n` on translators' files made to hurt: references that lead out of the project,
/// translations no tour could load, inputs large enough to find a quadratic path, contexts in
/// every escape gettext reads, and (under AddressSanitizer) nothing left unfreed.
@Suite struct LocalizationHardeningTests {
    static let tour = """
    {
      "id": "rt",
      "steps": [
        {
          "target": "nav.title",
          "id": "hello",
          "title": "Welcome",
          "text": "This is your home screen."
        }
      ]
    }

    """

    /// A project folder (`base/project`, its tour in `tours/rt.json`) beside a victim's folder
    /// (`base/victim`, a tour of id `vic`), neither inside the other.
    func project() throws -> (base: String, dir: String) {
        let base = try CLI.temporaryFolder()
        for folder in ["project/tours", "victim", "victim2"] {
            try FileManager.default.createDirectory(atPath: base + "/" + folder, withIntermediateDirectories: true)
        }
        try Self.tour.write(toFile: base + "/project/tours/rt.json", atomically: true, encoding: .utf8)
        for (folder, id) in [("victim", "vic"), ("victim2", "vic2")] {
            try #"{"id": "\#(id)", "steps": [{"target": "nav.title", "id": "a", "text": "Victim text."}]}"#
                .write(toFile: "\(base)/\(folder)/tour.json", atomically: true, encoding: .utf8)
        }
        return (base, base + "/project")
    }

    func run(_ args: [String], in dir: String) throws -> CLIResult {
        try CLI.runProcess(CLI.binary, args, environment: ["DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": "dummy"], directory: dir)
    }

    /// A PO file of German entries: each `(references, context, source, translation)`.
    static func po(_ entries: [(String, String, String, String)]) -> String {
        var out = "msgid \"\"\nmsgstr \"\"\n\"Language: de\\n\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
        for (references, context, source, translation) in entries {
            out += "\n" + (references.isEmpty ? "" : "#: \(references)\n")
            out += "msgctxt \"\(context)\"\nmsgid \"\(source)\"\nmsgstr \"\(translation)\"\n"
        }
        return out
    }

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    func line(of text: String, in file: String) -> Int {
        file.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0 == text }.map { $0 + 1 } ?? 0
    }

    // MARK: - Where an import writes

    @Test func anImportWritesNoTourOutsideTheCurrentFolderWhateverTheReferencesSay() throws {
        let (base, dir) = try project()
        let victims = try [bytes(base + "/victim/tour.json"), bytes(base + "/victim2/tour.json")]
        let absolute = base + "/victim2/tour.json"
        try Self.po([
            ("tours/rt.json:6", "rt/hello/title", "Welcome", "Willkommen"),
            ("../victim/tour.json:1", "vic/a/text", "Victim text.", "Übernommen"),
            ("\(absolute):1", "vic2/a/text", "Victim text.", "Übernommen"),
        ]).write(toFile: dir + "/de.po", atomically: true, encoding: .utf8)
        let r = try run(["l10n", "import", "de.po"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try [bytes(base + "/victim/tour.json"), bytes(base + "/victim2/tour.json")] == victims)
        #expect(r.stderr.contains("de.po: references to 2 files outside the current folder ignored (../victim/tour.json, \(absolute)): an import writes only tours under the current folder, or those of --tours DIR"), "\(r.stderr)")
        #expect(r.stdout.hasPrefix("de.po: 1 translation written"), "\(r.stdout)")
        #expect(try String(contentsOfFile: dir + "/tours/rt.json", encoding: .utf8).contains("\"de\": \"Willkommen\""))

        // The same from an XLIFF file's location notes; a file that names only tours elsewhere
        // writes nothing.
        let xliff = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de">
          <file id="f1" original="x"><unit id="u1" name="vic/a/text"><notes><note category="location">../victim/tour.json:1</note></notes>
            <segment state="translated"><source>Victim text.</source><target>Übernommen</target></segment></unit></file>
        </xliff>
        """
        try xliff.write(toFile: dir + "/de.xliff", atomically: true, encoding: .utf8)
        let x = try run(["l10n", "import", "de.xliff"], in: dir)
        #expect(x.status == 2 && x.stderr.contains("de.xliff: references to 1 file outside the current folder ignored (../victim/tour.json)"), "\(x.stderr)")
        #expect(x.errorLines.last == "limelight: l10n import: the files name no tours that are here: give --tours DIR", "\(x.stderr)")
        #expect(try bytes(base + "/victim/tour.json") == victims[0])

        // --tours names the tours to write, wherever they are.
        let chosen = try run(["l10n", "import", "de.po", "--tours", "../victim"], in: dir)
        #expect(chosen.status == 0 && chosen.stdout.hasPrefix("de.po: 1 translation written"), "\(chosen.stdout) \(chosen.stderr)")
        #expect(try String(contentsOfFile: base + "/victim/tour.json", encoding: .utf8).contains("\"de\": \"Übernommen\""))
    }

    @Test func noSymbolicLinkInTheProjectLeadsAnImportOut() throws {
        let (base, dir) = try project()
        let victim = try bytes(base + "/victim/tour.json")
        try Self.po([("shared/tour.json:1", "vic/a/text", "Victim text.", "Übernommen")])
            .write(toFile: dir + "/de.po", atomically: true, encoding: .utf8)
        // A folder inside the project that is a link to one outside it.
        try FileManager.default.createSymbolicLink(atPath: dir + "/shared", withDestinationPath: base + "/victim")
        let folder = try run(["l10n", "import", "de.po"], in: dir)
        #expect(folder.status == 2 && folder.errorLines.count == 1, "\(folder.stderr)")
        #expect(folder.stderr.contains("shared/tour.json: a symbolic link in its path leads out of"), "\(folder.stderr)")
        // A tour file that is a link to one outside.
        try FileManager.default.removeItem(atPath: dir + "/shared")
        try FileManager.default.createDirectory(atPath: dir + "/shared", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/shared/tour.json", withDestinationPath: base + "/victim/tour.json")
        let file = try run(["l10n", "import", "de.po"], in: dir)
        #expect(file.status == 2 && file.stderr.contains("shared/tour.json: a symbolic link (not followed"), "\(file.stderr)")
        #expect(try bytes(base + "/victim/tour.json") == victim)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/shared/tour.json") == base + "/victim/tour.json")
    }

    // MARK: - What an import writes still loads

    @Test func aTranslationNoTourCouldLoadIsRefusedWithItsLineAndNothingIsWritten() throws {
        let (_, dir) = try project()
        let before = try bytes(dir + "/tours/rt.json")
        // Twice the characters a tour's text may have.
        let long = String(repeating: "Wort ", count: 4_000)
        let po = Self.po([("tours/rt.json:6", "rt/hello/title", "Welcome", "Willkommen"),
                          ("tours/rt.json:7", "rt/hello/text", "This is your home screen.", long)])
        try po.write(toFile: dir + "/de.po", atomically: true, encoding: .utf8)
        let r = try run(["l10n", "import", "de.po"], in: dir)
        let at = line(of: "msgctxt \"rt/hello/text\"", in: po)
        #expect(r.status == 2 && r.errorLines.count == 1, "\(r.stderr)")
        #expect(r.stderr.contains("de.po:\(at): rt/hello/text: expected a translation of at most 10000 characters (the most a tour's text may have), found a longer one (20000 bytes): nothing was imported"), "\(r.stderr)")
        #expect(try bytes(dir + "/tours/rt.json") == before, "the title's translation is not written either")

        // 5 MB in 5,000 characters (each a letter and 500 combining accents): within the text's
        // limit, beyond a tour file's.
        let heavy = String(repeating: "a" + String(repeating: "\u{301}", count: 500), count: 5_000)
        let big = Self.po([("tours/rt.json:6", "rt/hello/title", "Welcome", "Willkommen"),
                           ("tours/rt.json:7", "rt/hello/text", "This is your home screen.", heavy)])
        try big.write(toFile: dir + "/big.po", atomically: true, encoding: .utf8)
        let b = try run(["l10n", "import", "big.po"], in: dir)
        #expect(b.status == 2 && b.errorLines.count == 1, "\(b.stderr)")
        #expect(b.stderr.contains("big.po:\(line(of: "msgctxt \"rt/hello/text\"", in: big)): rt/hello/text: with this file's translations tours/rt.json would be"), "\(b.stderr)")
        #expect(b.stderr.contains("more than a tour file may be (4194304 bytes; this entry's is the longest, 5005000 bytes): nothing was imported"), "\(b.stderr)")
        #expect(try bytes(dir + "/tours/rt.json") == before)

        // Two files: the second refused, the first's translations are not written either.
        try Self.po([("tours/rt.json:6", "rt/hello/title", "Welcome", "Willkommen")]).write(toFile: dir + "/good.po", atomically: true, encoding: .utf8)
        let both = try run(["l10n", "import", "good.po", "de.po"], in: dir)
        #expect(both.status == 2 && both.stdout.isEmpty, "\(both.stdout)")
        #expect(try bytes(dir + "/tours/rt.json") == before)
        // What is left loads and tests as it did.
        #expect(try run(["check", "tours/rt.json"], in: dir).status == 0)
    }

    // MARK: - Large inputs

    @Test func aPOOf100000ReferencesImportsAndTooManyInOneEntryIsRefused() throws {
        let (_, dir) = try project()
        // 100 entries naming 1,000 files each, every one in a folder of its own.
        var po = Self.po([("tours/rt.json:6", "rt/hello/title", "Welcome", "Willkommen")])
        for entry in 0..<100 {
            let references = (0..<1_000).map { "f\(entry * 1_000 + $0)/t.json:1" }.joined(separator: " ")
            po += "\n#: \(references)\nmsgctxt \"rt/x\(entry)/text\"\nmsgid \"X\"\nmsgstr \"\"\n"
        }
        try po.write(toFile: dir + "/de.po", atomically: true, encoding: .utf8)
        let r = try run(["l10n", "import", "de.po"], in: dir)
        #expect(r.status == 0, "\(r.stderr.prefix(500))")
        #expect(r.stdout.hasPrefix("de.po: 1 translation written, 0 unchanged, 0 untranslated, 100 skipped"), "\(r.stdout)")

        let tooMany = Self.po([((0...1_000).map { "f\($0)/t.json:1" }.joined(separator: " "), "rt/hello/title", "Welcome", "Willkommen")])
        try tooMany.write(toFile: dir + "/many.po", atomically: true, encoding: .utf8)
        let m = try run(["l10n", "status", "tours", "many.po"], in: dir)
        #expect(m.status == 2 && m.errorLines == ["limelight: l10n status: many.po:\(line(of: "msgctxt \"rt/hello/title\"", in: tooMany)): rt/hello/title: more than 1000 references (#:) in one entry (an entry is written in one place of a tour)"], "\(m.stderr)")
    }

    @Test func anXLIFFOf100000NotesImportsAndTooManyInOneUnitIsRefused() throws {
        let (_, dir) = try project()
        func xliff(units: Int, notes: Int) -> String {
            var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xliff xmlns=\"urn:oasis:names:tc:xliff:document:2.0\" version=\"2.0\" srcLang=\"en\" trgLang=\"de\"><file id=\"f1\">\n"
            for unit in 0..<units {
                out += "<unit id=\"u\(unit)\" name=\"\(unit == 0 ? "rt/hello/title" : "rt/x\(unit)/text")\"><notes>\n<note category=\"location\">tours/rt.json:6</note>\n"
                for note in 1..<notes { out += "<note category=\"layout\">note \(note)</note>\n" }
                out += "</notes><segment state=\"translated\"><source>\(unit == 0 ? "Welcome" : "X")</source><target>\(unit == 0 ? "Willkommen" : "")</target></segment></unit>\n"
            }
            return out + "</file></xliff>\n"
        }
        try xliff(units: 100, notes: 1_000).write(toFile: dir + "/de.xliff", atomically: true, encoding: .utf8)
        let r = try run(["l10n", "import", "de.xliff"], in: dir)
        #expect(r.status == 0, "\(r.stderr.prefix(500))")
        #expect(r.stdout.hasPrefix("de.xliff: 1 translation written"), "\(r.stdout)")
        try xliff(units: 1, notes: 1_001).write(toFile: dir + "/many.xliff", atomically: true, encoding: .utf8)
        let m = try run(["l10n", "status", "tours", "many.xliff"], in: dir)
        #expect(m.status == 2 && m.errorLines.count == 1, "\(m.stderr)")
        #expect(m.stderr.contains("many.xliff:1004: rt/hello/title: more than 1000 notes in one <unit>"), "\(m.stderr)")
    }

    // MARK: - Contexts as gettext reads them

    @Test func anEntryWhoseContextHasEscapesKeepsItsLine() throws {
        let (_, dir) = try project()
        // Each context as written in the file, and as gettext reads it.
        let contexts: [(String, String)] = [
            (#""q\"uote""#, "q\"uote"), (#""tab\tx""#, "tab\tx"), (#""octal\101\7\0101""#, "octalA\u{7}\u{8}1"),
            (#""hex\x41\x4a\x4B""#, "hexAJK"), (#""bell\a\b\f\v\r""#, "bell\u{7}\u{8}\u{c}\u{b}\r"), (#""back\\slash""#, "back\\slash"),
            (#""split" "on one line""#, "spliton one line"),
        ]
        var po = Self.po([("tours/rt.json:6", "rt/hello/title", "Welcome", "Willkommen")])
        for (i, (written, _)) in contexts.enumerated() {
            po += "\n#: tours/rt.json:6\nmsgctxt \(written)\nmsgid \"Unknown \(i)\"\nmsgstr \"Unbekannt\"\n"
        }
        // A context on several lines, as gettext wraps a long one, and an obsolete one.
        po += "\n#: tours/rt.json:6\nmsgctxt \"\"\n\"first \"\n  \"second\"\nmsgid \"Wrapped\"\nmsgstr \"Umbrochen\"\n"
        po += "\n#~ msgctxt \"old\\x21\"\n#~ msgid \"Old\"\n#~ msgstr \"Alt\"\n"
        try po.write(toFile: dir + "/de.po", atomically: true, encoding: .utf8)
        let r = try run(["l10n", "import", "de.po"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        for (written, read) in contexts {
            // As messages show control characters.
            let shown = read.unicodeScalars.map { $0 == "\t" ? "\\t" : $0.value < 0x20 ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
            #expect(r.stderr.contains("de.po:\(line(of: "msgctxt \(written)", in: po)): \(shown): not in these tours"), "\(written): \(r.stderr)")
        }
        #expect(r.stderr.contains("de.po:\(line(of: "msgctxt \"\"", in: po)): first second: not in these tours"), "\(r.stderr)")
        #expect(r.stderr.contains("de.po:\(line(of: "#~ msgctxt \"old\\x21\"", in: po)): old!: obsolete"), "\(r.stderr)")
        #expect(!r.stderr.contains("de.po:0:"), "\(r.stderr)")
    }

    // MARK: - Memory

    /// Every command that reads a PO file frees what it read: under `make test-asan` (the binary
    /// built with AddressSanitizer) LeakSanitizer reports any block left at exit and the exit
    /// status changes; in other builds these are plain runs. The commands run with full stacks
    /// and only the file-name copy gettext's lexer loses suppressed (sanitizers/lsan.supp must name
    /// all of libgettextpo_xmalloc, where the default fast unwinder stops), so a string of
    /// libgettextpo's that Limelight should free is reported here.
    @Test func commandsThatReadPOFilesLeaveNothingUnfreed() throws {
        let (base, dir) = try project()
        let suppressions = base + "/gettext.supp"
        try "leak:libgettextpo_lex_start\n".write(toFile: suppressions, atomically: true, encoding: .utf8)
        func run(_ args: [String], in dir: String) throws -> CLIResult {
            try CLI.runProcess(CLI.binary, args, environment: [
                "DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": "dummy",
                "ASAN_OPTIONS": "detect_leaks=1:fast_unwind_on_malloc=0", "LSAN_OPTIONS": "suppressions=\(suppressions):print_suppressions=0",
            ], directory: dir)
        }
        #expect(try run(["l10n", "export", "tours", "--lang", "de", "--out", "de.po"], in: dir).status == 0)
        var po = try String(contentsOfFile: dir + "/de.po", encoding: .utf8)
        po = po.replacingOccurrences(of: "msgid \"Welcome\"\nmsgstr \"\"", with: "msgid \"Welcome\"\nmsgstr \"Willkommen\"")
        po += "\n#, fuzzy\n#| msgid \"Older\"\nmsgctxt \"rt/hello/label\"\nmsgid \"Old\"\nmsgstr \"Alt\"\n\n#~ msgctxt \"rt/gone/text\"\n#~ msgid \"Gone\"\n#~ msgstr \"Weg\"\n"
        try po.write(toFile: dir + "/de.po", atomically: true, encoding: .utf8)
        try "msgid \"\"\nmsgstr \"Language: de\\n\"\n\nmsgid \"A\nmsgstr \"B\"\n".write(toFile: dir + "/broken.po", atomically: true, encoding: .utf8)
        for (args, status) in [(["l10n", "import", "de.po"], Int32(0)), (["l10n", "status", "tours", "de.po"], 0),
                               (["l10n", "export", "tours", "--lang", "de", "--out", "de.po"], 0), (["l10n", "import", "broken.po"], 2)] {
            let r = try run(args, in: dir)
            #expect(r.status == status && !r.stderr.contains("LeakSanitizer"), "\(args): \(r.status) \(r.stderr)")
        }
    }
}
