import Foundation
import Testing
import TestSupport

/// Checklist files through the built binary: `check` reads the example and the tours its items
/// launch, refuses an item's tour that is none of them, and a real JSON Schema validator accepts
/// the example against the shipped schema and catches a misspelt key.
@Suite struct ChecklistCommandTests {
    static let root = CaptureToursTests.root
    static let example = root + "/assets/tours/getting-started.checklist.json"

    @Test func checkReadsAChecklistWithTheToursItLaunches() throws {
        let r = try CLI.run(["check", Self.example, Self.root + "/assets/tours/home.json", Self.root + "/assets/tours/fab.json"])
        #expect(r.status == 0 && r.stdout.contains("getting-started.checklist.json: ok (4 items)"), "\(r.stdout)\(r.stderr)")
        let missing = try CLI.run(["check", Self.example, Self.root + "/assets/tours/home.json"])
        #expect(missing.status == 1 && missing.stderr.contains(#"getting-started.checklist.json:10: items[1].tour: no tour "fab" among the tours checked with it (known: home)"#),
                "\(missing.stderr)")
        let alone = try CLI.run(["check", Self.example])
        #expect(alone.status == 0, "alone, the tours it names are not checked: \(alone.stderr)")
    }

    @Test(.enabled("needs python3-jsonschema (make test installs it)") { try ScreensCommandTests.jsonschemaReady() })
    func aRealValidatorAcceptsTheExampleAndCatchesAMisspeltKey() throws {
        let dir = try CLI.temporaryFolder()
        try #"{"checklist": 1, "id": "c", "title": "C", "items": [{"id": "a", "titel": "A", "tour": "t"}]}"#
            .write(toFile: dir + "/bad.checklist.json", atomically: true, encoding: .utf8)
        let r = try CLI.runProcess("/usr/bin/python3", ["-c", """
        import json, sys
        from jsonschema import Draft202012Validator
        schema = json.load(open(sys.argv[1])); Draft202012Validator.check_schema(schema)
        for path in sys.argv[2:]:
            print(len(list(Draft202012Validator(schema).iter_errors(json.load(open(path))))))
        """, Self.root + "/schemas/checklist.schema.json", Self.example, dir + "/bad.checklist.json"])
        let counts = r.stdout.split(separator: "\n").compactMap { Int($0) }
        #expect(r.status == 0 && counts.count == 2 && counts[0] == 0 && counts[1] > 0, "the example passes, the misspelt key fails: \(r.stdout)\(r.stderr)")
    }

    /// What an item waits for is checked against the app: its states, its events.
    @Test func anItemsConditionAndEventAreTheApps() throws {
        let dir = try CLI.temporaryFolder()
        try #"{"checklist": 1, "id": "c", "title": "C", "items": [{"id": "a", "title": "A", "done": "crads >= 5"}, {"id": "b", "title": "B", "done": {"event": "cardAded"}}, {"id": "c", "title": "C", "done": "tab = menu"}]}"#
            .write(toFile: dir + "/c.checklist.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["check", dir + "/c.checklist.json"])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains(#"c.checklist.json:1: items[0].done: expected a condition on tab, overlay, view"#), "\(r.stderr)")
        #expect(r.stderr.contains(#"c.checklist.json:1: items[1].done.event: expected one of the app's events ("#) && r.stderr.contains("cardAdded"), "\(r.stderr)")
        #expect(!r.stderr.contains("items[2]"), "tab = menu is the app's: \(r.stderr)")
    }

    /// A checklist's texts go out to translators and come back in, the file's format kept.
    @Test func aChecklistsTextsGoOutAndComeBackIn() throws {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/lists", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.example, toPath: dir + "/lists/getting-started.checklist.json")
        let exported = try CLI.run(["l10n", "export", dir + "/lists", "--lang", "fr", "--out", dir + "/fr.po"])
        #expect(exported.status == 0, "\(exported.stderr)")
        var po = try String(contentsOfFile: dir + "/fr.po", encoding: .utf8)
        for context in ["getting-started/title", "getting-started/add/title", "getting-started/add/description", "getting-started/more/title"] {
            #expect(po.contains("msgctxt \"\(context)\""), "\(context) in \(po)")
        }
        po = po.replacingOccurrences(of: "msgid \"Add a card\"\nmsgstr \"\"", with: "msgid \"Add a card\"\nmsgstr \"Ajouter une carte\"")
        try po.write(toFile: dir + "/fr.po", atomically: true, encoding: .utf8)
        let imported = try CLI.run(["l10n", "import", dir + "/fr.po", "--tours", dir + "/lists"])
        #expect(imported.status == 0 && imported.stdout.contains("1 translation written"), "\(imported.stdout)\(imported.stderr)")
        let text = try String(contentsOfFile: dir + "/lists/getting-started.checklist.json", encoding: .utf8)
        #expect(text.contains(#""he": "הוסיפו כרטיס", "fr": "Ajouter une carte"}"#), "\(text)")
        let check = try CLI.run(["check", dir + "/lists/getting-started.checklist.json"])
        #expect(check.status == 0, "\(check.stderr)")
    }
}
