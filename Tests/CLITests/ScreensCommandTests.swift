import Foundation
import ImageFiles
import Raster
import Testing
import TestSupport

/// An app declared in a screens file through every command: `--app FILE` and a tour's own
/// `"app"`, its problems as lines with their file and line, `test` over it with goldens (and beside
/// tours of another app), and the JSON Schemas checked by a real validator against every file
/// Limelight ships.
@Suite struct ScreensCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let player = root + "/examples/Player/player.json"
    static let playerTours = root + "/examples/Player/tours"

    /// The condition of the tests that validate with Python's jsonschema (python3-jsonschema):
    /// skipped without it, failed without it in CI (`RequiredTools`).
    static func jsonschemaReady() throws -> Bool {
        try RequiredTools.check(programs: ["/usr/bin/python3"], files: ["/usr/lib/python3/dist-packages/jsonschema"])
    }

    @Test func everyCommandRunsOverTheApp() throws {
        let dir = try CLI.temporaryFolder()
        let render = try CLI.run(["--app", Self.player, "render", "--out", dir + "/home.png"])
        #expect(render.status == 0, "\(render.stderr)")
        let home = try Pixmap(contentsOfFile: dir + "/home.png")
        #expect(home.width == 390 && home.height == 844)
        // The selected tab (Library) is in the app's tint, #B3261E.
        let inspect = try CLI.run(["inspect", "--app=\(Self.player)", "--lang", "ar"])
        #expect(inspect.status == 0 && inspect.stdout.contains(#""id": "album.sunrise""#) && inspect.stdout.contains(#""tab": "nowPlaying""#), "\(inspect.stderr)")
        // A tour that names its app runs over it with no --app; the script moves through screens.
        try """
        tap overlay.bubble.next
        wait 400
        tap album.sunrise
        wait 400
        tap overlay.bubble.skip
        wait 400
        tap player.play
        expect tab=nowPlaying playing=true plays=1
        """.write(toFile: dir + "/s.txt", atomically: true, encoding: .utf8)
        let replay = try CLI.run(["replay", "--tour", Self.playerTours + "/first-song.json", "--script", dir + "/s.txt", "--out", dir + "/out"])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout.contains(#""tab":"nowPlaying""#) && replay.stdout.contains(#""plays":1"#) && replay.stdout.contains(#""playing":true"#), "\(replay.stdout)")
        // Its German Skip and Next leave the bubble no room for the progress dots: the lint says so.
        let check = try CLI.run(["check", "--lint", Self.playerTours + "/first-song.json"])
        #expect(check.status == 0 && check.stdout.contains("ok (4 steps, 4 warnings)"), "\(check.stderr)")
        #expect(check.errorLines.allSatisfy { $0.contains("warning: the progress dots vanish in de: ") }, "\(check.stderr)")
    }

    @Test func theExampleToursPassAgainstTheirGoldensBesideTheSampleApps() throws {
        let dir = try CLI.temporaryFolder()
        // A folder of tours over two apps: each runs over its own.
        try FileManager.default.copyItem(atPath: Self.root + "/assets/tours/fab.json", toPath: dir + "/fab.json")
        try FileManager.default.copyItem(atPath: Self.root + "/assets/tours/fab.goldens", toPath: dir + "/fab.goldens")
        let r = try CLI.run(["test", Self.playerTours, dir, "--jobs", "2", "--results", dir + "/results"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.hasSuffix("passed, 0 failed\n") && r.stdout.contains("64 passed"), "\(r.stdout)")
    }

    @Test func aBrokenAppIsOneLineAProblemWithItsFileAndLine() throws {
        let dir = try CLI.temporaryFolder()
        try #"{"id": "x", "screens": {"a": {"content": {"type": "buton", "title": "Hi"}}}}"#.write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["--app", dir + "/app.json", "render", "--out", dir + "/x.png"])
        #expect(r.status == 2)
        #expect(r.errorLines == ["limelight: \(dir)/app.json:1: screens.a.content.type: unknown widget \"buton\" (did you mean \"button\"?)"], "\(r.errorLines)")
        let missing = try CLI.run(["render", "--app"])
        #expect(missing.status == 2 && missing.errorLines == ["limelight: --app expects a screens file (see limelight --help)"], "\(missing.errorLines)")
        // A tour naming it: the tour's line, then the app's own problems.
        try #"{"id": "t", "app": "app.json", "steps": [{"target": "a", "text": "x"}]}"#.write(toFile: dir + "/t.json", atomically: true, encoding: .utf8)
        let check = try CLI.run(["check", dir + "/t.json"])
        #expect(check.status == 1)
        #expect(check.stderr.contains("\(dir)/t.json:1: app: the app \"app.json\" has problems (listed below)"), "\(check.stderr)")
        #expect(check.stderr.contains("\(dir)/app.json:1: screens.a.content.type: unknown widget"), "\(check.stderr)")
        let test = try CLI.run(["test", dir + "/t.json", "--results", dir + "/results"])
        #expect(test.status == 2 && test.stdout.contains("ERROR"), "a tour whose app does not load is an error of bad input: \(test.stdout)")
    }

    /// Help and the JSON Schemas need no app: a broken `--app` is reported and they go on.
    @Test func aBrokenAppDoesNotStandInTheWayOfHelpOrTheSchemas() throws {
        let dir = try CLI.temporaryFolder()
        try #"{"id": "x", "screens": {"a": {"content": {"type": "buton", "title": "Hi"}}}}"#.write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        let help = try CLI.run(["--app", dir + "/app.json", "render", "--help"])
        #expect(help.status == 0 && help.stdout.hasPrefix("usage: limelight render"), "\(help.stdout)\(help.stderr)")
        #expect(help.stderr.contains("unknown widget \"buton\""), "the problem is still said: \(help.stderr)")
        let schema = try CLI.run(["--app", dir + "/app.json", "schema", "screens"])
        #expect(schema.status == 0 && schema.stdout.contains(#""$schema""#), "\(schema.stderr)")
    }

    /// `check` knows a screens file from a tour: it checks it as an app (alone, beside tours, or
    /// as `--app` with no file), and `--lint` finds its texts that miss one of its languages or are
    /// in one it does not list; `--require` makes a missing one an error, for the app of a tour too.
    @Test func checkTakesAScreensFileAndLintsItsLanguages() throws {
        let dir = try CLI.temporaryFolder()
        try """
        {"id": "todo", "languages": ["en", "de"],
         "screens": {"home": {"title": {"en": "Today", "fr": "Aujourd'hui"},
           "content": {"type": "vstack", "children": [
             {"type": "text", "text": {"en": "Buy milk", "de": "Milch kaufen"}},
             {"type": "button", "id": "home.add", "title": {"en": "Add"}},
             {"type": "text", "text": "42"}]}}}}
        """.write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        try #"{"id": "t", "app": "app.json", "steps": [{"target": "home.add", "text": {"en": "Add one", "de": "Eins dazu"}}]}"#
            .write(toFile: dir + "/t.json", atomically: true, encoding: .utf8)
        let alone = try CLI.run(["check", dir + "/app.json"])
        #expect(alone.status == 0 && alone.stdout == "\(dir)/app.json: ok (1 screen, 4 views)\n", "\(alone.stdout)\(alone.stderr)")
        let asApp = try CLI.run(["--app", dir + "/app.json", "check"])
        #expect(asApp.status == 0 && asApp.stdout == alone.stdout, "\(asApp.stdout)\(asApp.stderr)")
        let both = try CLI.run(["check", dir + "/t.json", dir + "/app.json"])
        #expect(both.status == 0 && both.stdout == "\(dir)/t.json: ok (1 step)\n\(dir)/app.json: ok (1 screen, 4 views)\n", "\(both.stdout)\(both.stderr)")
        let lint = try CLI.run(["check", "--lint", dir + "/app.json"])
        #expect(lint.status == 0 && lint.stdout == "\(dir)/app.json: ok (1 screen, 4 views, 3 warnings)\n", "\(lint.stdout)")
        #expect(lint.errorLines == [
            "\(dir)/app.json:2: screens.home.title: warning: no de text (the en one would show)",
            "\(dir)/app.json:2: screens.home.title: warning: a text in \"fr\", which is not one of the app's languages (en, de): it is never shown",
            "\(dir)/app.json:5: screens.home.content.children[1].title: warning: no de text (the en one would show)",
        ], "plain strings are the same in every language by intent: \(lint.errorLines)")
        let required = try CLI.run(["check", "--lint", "--require", "de", dir + "/t.json"])
        #expect(required.status == 1, "\(required.stdout)")
        #expect(required.errorLines.contains("\(dir)/app.json:5: screens.home.content.children[1].title: no de text (the en one would show; de is required)"), "\(required.errorLines)")
        let unknown = try CLI.run(["check", "--lint", "--require", "ja", dir + "/app.json"])
        #expect(unknown.status == 1 && unknown.errorLines.first == "\(dir)/app.json: languages: --require ja: the app's languages are en, de", "\(unknown.errorLines)")
        let nothing = try CLI.run(["check"])
        #expect(nothing.status == 2 && nothing.errorLines == ["limelight: check: expected one or more tour or screens files (see limelight check --help)"], "\(nothing.errorLines)")
    }

    @Test func theShippedSchemasAreTheOnesLimelightMakes() throws {
        for (format, file) in [("tour", "tour.schema.json"), ("screens", "screens.schema.json"), ("capture", "capture.schema.json"), ("checklist", "checklist.schema.json")] {
            let r = try CLI.run(["schema", format])
            #expect(r.status == 0)
            let shipped = try String(contentsOfFile: Self.root + "/schemas/" + file, encoding: .utf8)
            #expect(r.stdout == shipped, "schemas/\(file) is out of date (limelight schema \(format) --out schemas/\(file))")
        }
    }

    /// Python's `jsonschema` (Debian's python3-jsonschema), Draft 2020-12: each schema is valid,
    /// every tour and screens file Limelight ships passes it, and a misspelt key fails it.
    @Test(.enabled("needs python3-jsonschema (make test installs it)") { try ScreensCommandTests.jsonschemaReady() })
    func aRealValidatorAcceptsEveryShippedFileAndCatchesAMisspeltKey() throws {
        let dir = try CLI.temporaryFolder()
        var tours: [String] = []
        for folder in ["assets/tours", "examples/Settings/tours", "examples/Player/tours", "examples/web", "examples/gtk", "examples/analytics"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: Self.root + "/" + folder) where name.hasSuffix(".json") {
                tours.append(Self.root + "/" + folder + "/" + name)
            }
        }
        var captures: [String] = []
        for folder in ["examples/web/captures", "examples/gtk/captures"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: Self.root + "/" + folder) where name.hasSuffix(".capture.json") {
                captures.append(Self.root + "/" + folder + "/" + name)
            }
        }
        let badTour = dir + "/bad-tour.json", badScreens = dir + "/bad-screens.json", badCapture = dir + "/bad.capture.json"
        try #"{"capture": 1, "screen": {"size": [390, 844]}, "image": "a.png", "elements": [{"role": "button", "frame": [0, 0, 1]}]}"#
            .write(toFile: badCapture, atomically: true, encoding: .utf8)
        // Over a screenshot a view id is refused; over a capture it is what the tour names.
        let idOverScreenshot = dir + "/id-over-screenshot.json"
        try #"{"id": "t", "background": "home.png", "steps": [{"target": "fab", "text": "x"}]}"#.write(toFile: idOverScreenshot, atomically: true, encoding: .utf8)
        try #"{"id": "t", "steps": [{"target": "fab", "txt": "x"}]}"#.write(toFile: badTour, atomically: true, encoding: .utf8)
        try ##"{"id": "x", "screens": {"a": {"content": {"type": "text", "text": "Hi", "colour": "#FFFFFF"}}}}"##.write(toFile: badScreens, atomically: true, encoding: .utf8)
        let script = """
        import json, sys
        from jsonschema import Draft202012Validator
        tour = json.load(open(sys.argv[1])); screens = json.load(open(sys.argv[2])); capture = json.load(open(sys.argv[3])); checklist = json.load(open(sys.argv[4]))
        for s in (tour, screens, capture, checklist): Draft202012Validator.check_schema(s)
        for path in sys.argv[5:]:
            schema = screens if path.endswith('player.json') or 'bad-screens' in path else capture if path.endswith('.capture.json') else checklist if path.endswith('.checklist.json') else tour
            errors = list(Draft202012Validator(schema).iter_errors(json.load(open(path))))
            print(path, len(errors), errors[0].message if errors else '')
        """
        let r = try CLI.runProcess("/usr/bin/python3", ["-c", script, Self.root + "/schemas/tour.schema.json", Self.root + "/schemas/screens.schema.json",
                                                        Self.root + "/schemas/capture.schema.json", Self.root + "/schemas/checklist.schema.json"]
                                   + tours + captures + [Self.player, badTour, badScreens, badCapture, idOverScreenshot])
        #expect(r.status == 0, "\(r.stderr)")
        let results = Dictionary(uniqueKeysWithValues: r.stdout.split(separator: "\n").map { line -> (String, String) in
            let parts = line.split(separator: " ", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        })
        #expect(tours.count >= 10 && captures.count >= 5)
        for path in tours + captures + [Self.player] { #expect(results[path]?.hasPrefix("0 ") == true, "\(path): \(results[path] ?? "not checked")") }
        for path in [badTour, badScreens, badCapture, idOverScreenshot] { #expect(results[path]?.hasPrefix("0 ") == false, "\(path): \(r.stdout)") }
    }
}
