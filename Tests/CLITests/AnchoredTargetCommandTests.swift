import Foundation
import Testing

/// Anchored targets through the command line: `check` prints the drift report (a warning, an error
/// with `--strict`, a failure always an error), `check --heal` rewrites only the drifted anchors
/// and lists each change, refusing what does not hold in every language, and `test` runs the same
/// report on every settled step.
@Suite struct AnchoredTargetCommandTests {
    /// A tour over the sample app in English and Japanese: one target whole, one whose id was
    /// renamed, one relabelled, and (with `gone`) one that matches nothing.
    static func tour(gone: Bool = false, languages: String = #"["en", "ja"]"#) -> String {
        """
        {
          "id": "anchors",
          "test": {"languages": \(languages)},
          "steps": [
            {"target": {"id": "nav.title", "role": "header", "name": {"en": "Home", "ja": "ホーム"}}, "text": {"en": "Whole", "ja": "そのまま"}},
            {"target": {"id": "addButton", "role": "button", "name": {"en": "Add a card", "ja": "カードを追加"}}, "text": {"en": "Renamed", "ja": "改名"}},
            {"target": {"id": "fab", "role": "button", "name": "Add card"}, "text": {"en": "Relabelled", "ja": "改題"}}\(gone ? #",\#n    {"target": {"role": "button", "name": "Nothing like it"}, "text": {"en": "Gone", "ja": "なし"}, "waitFor": 0}"# : "")
          ]
        }

        """
    }

    func write(_ text: String, in folder: String) throws -> String {
        let path = folder + "/anchors.json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func checkReportsEveryDriftAndEveryFailure() throws {
        let folder = try CLI.temporaryFolder()
        let path = try write(Self.tour(gone: true), in: folder)
        let r = try CLI.run(["check", path])
        #expect(r.status == 1, "a failure is an error")
        let lines = r.errorLines
        #expect(lines.contains("\(path):6: steps[1].target: warning: the target (id \"addButton\" role button name \"Add a card\") changed: found button \"Add a card\" (id \"fab\") by its role and name; id no longer agrees (at 390x844@1x, en)"), "\(r.stderr)")
        #expect(lines.contains("\(path):7: steps[2].target: warning: the target (id \"fab\" role button name \"Add card\") changed: found button \"Add a card\" (id \"fab\") by its id; name no longer agrees (at 390x844@1x, en)"), "\(r.stderr)")
        #expect(lines.contains { $0.hasPrefix("\(path):8: steps[3].target: the target (role button name \"Nothing like it\") is not on the screen") }, "\(r.stderr)")
        #expect(!lines.contains { $0.contains("steps[0]") }, "a target found whole is not reported")
        // In Japanese the name given in English alone does not agree either.
        #expect(lines.contains { $0.hasPrefix("\(path):7: steps[2].target: warning:") && $0.hasSuffix("(at 390x844@1x, ja)") })
        let json = try CLI.run(["check", "--json", path])
        #expect(json.stdout.contains(#""severity":"warning""#) || json.stdout.contains(#""severity": "warning""#))
    }

    @Test func strictMakesADriftAnError() throws {
        let folder = try CLI.temporaryFolder()
        let path = try write(Self.tour(), in: folder)
        let lenient = try CLI.run(["check", path])
        #expect(lenient.status == 0 && lenient.stdout.contains("anchors.json: ok (3 steps, 4 warnings)"), "\(lenient.stdout)\(lenient.stderr)")
        let strict = try CLI.run(["check", "--strict", path])
        #expect(strict.status == 1)
        #expect(strict.errorLines.contains { $0.hasPrefix("\(path):6: steps[1].target: the target (id \"addButton\"") }, "\(strict.stderr)")
    }

    @Test func healRewritesOnlyTheDriftedAnchorsAndListsEachChange() throws {
        let folder = try CLI.temporaryFolder()
        let path = try write(Self.tour(), in: folder)
        let r = try CLI.run(["check", "--heal", path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\(path):6: steps[1].target: healed: id \"addButton\" → \"fab\""), "\(r.stdout)")
        #expect(r.stdout.contains("\(path):7: steps[2].target: healed: name \"Add card\" → {\"en\": \"Add a card\", \"ja\": \"カードを追加\"}"), "\(r.stdout)")
        let healed = try String(contentsOfFile: path, encoding: .utf8)
        let expected = Self.tour()
            .replacingOccurrences(of: #""id": "addButton""#, with: #""id": "fab""#)
            .replacingOccurrences(of: #""name": "Add card"}"#, with: #""name": { "en": "Add a card", "ja": "カードを追加" }}"#)
        #expect(healed == expected, "only the drifted anchors' bytes change:\n\(healed)")
        let again = try CLI.run(["check", "--strict", path])
        #expect(again.status == 0 && again.stderr.isEmpty, "healed, the report is clean: \(again.stderr)")
        let twice = try CLI.run(["check", "--heal", path])
        #expect(!twice.stdout.contains("healed"), "nothing left to heal")
        // With --json, stdout stays one JSON array and the heals go to stderr.
        let json = try write(Self.tour(), in: folder)
        let r2 = try CLI.run(["check", "--heal", "--json", json])
        #expect(r2.stdout.hasPrefix("[") && r2.stderr.contains("healed: id \"addButton\" → \"fab\""), "\(r2.stdout)\(r2.stderr)")
    }

    @Test func nothingHealsBelowAFullMatchOrInATourWithErrors() throws {
        let folder = try CLI.temporaryFolder()
        // Gone: nothing to heal to, and the file is left as it is.
        let gone = try write(Self.tour(gone: true), in: folder)
        let before = try String(contentsOfFile: gone, encoding: .utf8)
        let r = try CLI.run(["check", "--heal", gone])
        #expect(r.errorLines.contains { $0.hasPrefix("\(gone):8: steps[3].target: warning: not healed: at 390x844@1x, en its anchors find no one element") }, "\(r.stderr)")
        #expect(try String(contentsOfFile: gone, encoding: .utf8) != before, "the others heal")
        // A tour with an error of its own is not touched.
        let broken = try write(Self.tour().replacingOccurrences(of: #""id": "anchors","#, with: #""id": "anchors", "showProgress": 3,"#), in: folder)
        let text = try String(contentsOfFile: broken, encoding: .utf8)
        let refused = try CLI.run(["check", "--heal", broken])
        #expect(refused.status == 1)
        #expect(try String(contentsOfFile: broken, encoding: .utf8) == text)
    }

    @Test func testRunsTheDriftReportOnEverySettledStep() throws {
        let folder = try CLI.temporaryFolder()
        let path = try write(Self.tour(languages: #"["en"]"#), in: folder)
        let record = try CLI.run(["test", path, "--update", "--results", folder + "/results"])
        #expect(record.status == 0, "a drift is a warning: \(record.stderr)")
        #expect(record.stdout.contains("changed: found button \"Add a card\" (id \"fab\") by its role and name"), "\(record.stdout)")
        let strict = try CLI.run(["test", path, "--strict", "--results", folder + "/results"])
        #expect(strict.status == 1, "with --strict a drift fails its case: \(strict.stdout)")
        #expect(strict.stdout.contains("1 passed, 2 failed"), "\(strict.stdout)")
    }
}
