import Demo
import Headless
import Schema
import Testing
import Tours

/// A tour's test scripts are the test kit's language: loaded with `TestScripts`, a script that
/// does not read, a `shot`, an `expect` that does not read or names what the app lacks, and a view
/// no screen has are told with their line and key path; loaded without (a host that runs no
/// scripts), the tour loads and its scripts go unread.
@Suite @MainActor struct TestScriptsTests {
    func load(_ json: String, scripts: (any TestScriptReading)? = TestScripts()) throws(LoadError) -> LoadedTour {
        try TourLoader.load(bytes: Array(json.utf8), file: "t.json", folder: "/nonexistent", appCatalog: { DemoApp.launchCatalog() }, scripts: scripts)
    }

    func problems(_ json: String) -> [String] {
        do throws(LoadError) { _ = try load(json); return [] } catch { return error.diagnostics.map(\.description) }
    }

    /// A test script's tap on an id no screen has at launch is a warning with the near ones; the
    /// bubble's own ids, tabs and the app's ids are not.
    @Test func scriptsActingOnUnknownViewsAreWarned() throws {
        let loaded = try load(#"{"id": "t", "test": {"scripts": [{"name": "s", "lines": ["tap overlay.bubble.next", "tap tab.menu", "tap fbb", "touch tap fab", "scroll -40 at card.0"]}]}, "steps": [{"target": "fab", "text": "x"}]}"#)
        #expect(loaded.warnings.map(\.description) == [
            #"t.json:1: test.scripts[0].lines: warning: no screen has a view with id "fbb" at launch (known: fab, grid, home, menu, card.0, card.1 and 11 more); the script fails there unless the app makes it as it runs"#,
        ], "\(loaded.warnings.map(\.description))")
    }

    /// A script that expects a tab the app does not have is told so when checked, with the near one.
    @Test func anExpectedTabMustBeOneOfTheApps() {
        #expect(problems(#"{"id": "t", "test": {"scripts": [{"name": "s", "lines": ["tap fab"], "expect": "tab=hom"}]}, "steps": [{"target": "fab", "text": "x"}]}"#) == [
            #"t.json:1: test.scripts[0].expect: no tab named "hom" (did you mean "home"?)"#,
        ])
    }

    /// A command that does not read names its line in the tour file and its place in `lines`; a
    /// `shot` and an `expect` that does not read are refused; every problem of the file is listed.
    @Test func scriptsThatDoNotReadAreRefusedWithTheirLines() {
        let json = """
        {"id": "t", "test": {"scripts": [
          {"name": "a", "lines": ["tap fab",
                                  "jump 3"]},
          {"name": "b", "lines": ["shot x.png"]},
          {"name": "c", "lines": ["wait 10"], "expect": "step=zero"}
        ]}, "steps": [{"target": "fab", "text": "x"}]}
        """
        let found = problems(json)
        #expect(found.count == 3, "\(found)")
        #expect(found.first?.hasPrefix("t.json:3: test.scripts[0].lines[1]: ") == true, "\(found)")
        #expect(found.contains("t.json:4: test.scripts[1].lines: a test script takes no `shot` (its case's frame is taken at its end)"), "\(found)")
        #expect(found.contains(#"t.json:5: test.scripts[2].expect: expected step=a step number from 1, or none (got "step=zero")"#), "\(found)")
        // A host that runs no scripts loads the tour; the scripts are kept as written.
        let loaded = try? load(json, scripts: nil)
        #expect(loaded?.tour.test.scripts.map(\.name) == ["a", "b", "c"] && loaded?.tour.test.scripts[0].lines == ["tap fab", "jump 3"])
    }

    /// A script's commands and expectation read back from the tour as the test kit runs them.
    @Test func aScriptReadsBackItsCommandsAndExpectation() throws {
        let loaded = try load(#"{"id": "t", "test": {"scripts": [{"name": "s", "lines": ["tap fab", "wait 300"], "expect": "step=1 tour=running"}]}, "steps": [{"target": "fab", "text": "x"}]}"#)
        let script = try #require(loaded.tour.test.scripts.first)
        let commands = try TestScripts.commands(of: script, file: "t.json")
        #expect(commands.commands.map(\.line) == [1, 1] && commands.commands.count == 2)
        #expect(try TestScripts.expectation(of: script)?.description == "step=1 tour=running")
    }
}
