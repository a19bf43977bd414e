import Foundation
import Schema
import Testing
import ImageFiles
import Raster
import Tours

/// What the editor records over a screenshot, through the binary (`replay --edit`), held to the
/// tools that read it: clicks are rectangles `check` and `test` accept, and the JSON Schema
/// refuses what `check` refuses over a screenshot.
@Suite struct EditorRecordingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// Runs `limelight args…` headless in `dir`.
    func run(_ args: [String], in dir: String) throws -> CLIResult {
        try CLI.runProcess(CLI.binary, args, environment: ["DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": "dummy"], directory: dir)
    }

    /// The editor on `tour` (from `dir`) running `script`, with `before` ahead of the command (`--app FILE`).
    func edit(_ tour: String, _ script: String, in dir: String, extra: [String] = [], before: [String] = []) throws -> CLIResult {
        try script.write(toFile: dir + "/script.txt", atomically: true, encoding: .utf8)
        return try run(before + ["replay", "--edit", tour, "--script", "script.txt", "--out", "out"] + extra, in: dir)
    }

    /// A blue @3x phone screenshot (1170×2532 pixels: 390×844 points).
    static func screenshot(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Pixmap(width: 1170, height: 2532, fill: Color(red: 0x20, green: 0x50, blue: 0xA0)).writePNG(to: path)
    }

    static func json(_ path: String) throws -> JSONTree {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        return JSONTree(try JSONParser.parse(bytes), in: bytes)
    }

    static func numbers(_ tree: JSONTree?) -> [Double] { tree?.arrayValue?.compactMap(\.numberValue) ?? [] }

    /// Two clicks over a @3x screenshot (`--scale 3`) become two `rect` steps around them, in the
    /// tour's points (a click near the corner: the square moved inside the screen), each with a
    /// label to fill in; `check --lint` accepts the file and `limelight test` plays the recording back.
    @Test func clicksOverAScreenshotBecomeRectanglesAroundThem() throws {
        let dir = try CLI.temporaryFolder()
        try Self.screenshot(dir + "/home.png")
        let r = try edit("bank.json", "key ctrl+r\nwait 500\ntap 100 200\nwait 500\ntap 380 830\nkey ctrl+r\nkey ctrl+s\ntext \"bank\"\nkey enter\n",
                         in: dir, extra: ["--screenshot", "home.png", "--scale", "3"])
        #expect(r.status == 0, "\(r.stderr)")
        let saved = (try? String(contentsOfFile: dir + "/bank.json", encoding: .utf8)) ?? ""
        let steps = try Self.json(dir + "/bank.json")["steps"]?.arrayValue ?? []
        #expect(steps.count == 2, "\(saved)")
        #expect(!saved.contains("\"target\""), "no view to find by id over a picture: \(saved)")
        #expect(steps.map { Self.numbers($0["rect"]) } == [[72, 172, 56, 56], [334, 788, 56, 56]], "\(saved)")
        #expect(steps.allSatisfy { $0["label"]?.stringValue?.isEmpty == false }, "a label to fill in: \(saved)")
        let check = try run(["check", "--lint", "bank.json"], in: dir)
        #expect(check.status == 0 && check.stdout.contains("bank.json: ok (2 steps)"), "\(check.stdout)\(check.stderr)")
        #expect(try run(["test", "bank.json", "--update"], in: dir).status == 0)
        let test = try run(["test", "bank.json"], in: dir)
        #expect(test.status == 0 && test.stdout.contains("3 passed, 0 failed"), "two steps and the recorded script: \(test.stdout)\(test.stderr)")
    }

    /// A tour measured in the screenshot's pixels gets its recorded rectangle in pixels.
    @Test func aRecordedRectangleIsInTheToursUnits() throws {
        let dir = try CLI.temporaryFolder()
        try Self.screenshot(dir + "/home.png")
        try #"{"id": "px", "background": "home.png", "screen": {"scale": 3}, "units": "pixels", "steps": [{"rect": [30, 30, 300, 300], "label": "Top", "text": "Here."}]}"#
            .write(toFile: dir + "/px.json", atomically: true, encoding: .utf8)
        let r = try edit("px.json", "key ctrl+r\nwait 500\ntap 100 200\nkey escape\nkey ctrl+s\n", in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let steps = try Self.json(dir + "/px.json")["steps"]?.arrayValue ?? []
        #expect(steps.count == 2 && Self.numbers(steps[1]["rect"]) == [216, 516, 168, 168], "\(steps.map { $0.text() })")
        #expect(try run(["check", "px.json"], in: dir).status == 0)
    }

    /// The JSON Schema and `check` agree over a screenshot: a step that names a view (`target`,
    /// `targets`), a tab or a screen (`go`) is refused by both, Python's jsonschema and Limelight alike; a rectangle
    /// passes both.
    @Test(.enabled("needs python3-jsonschema (make test installs it)") { try ScreensCommandTests.jsonschemaReady() })
    func theSchemaRefusesWhatCheckRefusesOverAScreenshot() throws {
        let dir = try CLI.temporaryFolder()
        try Self.screenshot(dir + "/home.png")
        #expect(try run(["schema", "tour", "--out", "tour.schema.json"], in: dir).status == 0)
        let steps = ["target": #"{"target": "screenshot", "text": "Here."}"#,
                     "targets": #"{"targets": ["screenshot", "fab"], "text": "Here."}"#,
                     "tab": #"{"rect": [10, 10, 50, 50], "label": "Top", "tab": "home", "text": "Here."}"#,
                     "go": #"{"rect": [10, 10, 50, 50], "label": "Top", "go": "menu", "text": "Here."}"#,
                     "rect": #"{"rect": [10, 10, 50, 50], "label": "Top", "text": "Here."}"#]
        for (name, step) in steps {
            try #"{"id": "s", "background": "home.png", "screen": {"scale": 3}, "steps": [\#(step)]}"#.write(toFile: dir + "/\(name).json", atomically: true, encoding: .utf8)
        }
        let script = """
        import json, sys
        from jsonschema import Draft202012Validator
        schema = json.load(open('tour.schema.json'))
        for path in sys.argv[1:]:
            print(path, len(list(Draft202012Validator(schema).iter_errors(json.load(open(path))))))
        """
        let names = ["target", "targets", "tab", "go", "rect"]
        let validated = try CLI.runProcess("/usr/bin/python3", ["-c", script] + names.map { $0 + ".json" }, directory: dir)
        #expect(validated.status == 0, "\(validated.stderr)")
        for name in names {
            let schemaAccepts = validated.stdout.contains("\(name).json 0\n")
            let checkAccepts = try run(["check", name + ".json"], in: dir).status == 0
            #expect(schemaAccepts == checkAccepts && checkAccepts == (name == "rect"),
                    "\(name): the schema \(schemaAccepts ? "accepts" : "refuses") it, check \(checkAccepts ? "accepts" : "refuses") it")
        }
    }
}

/// What the editor records over a capture: a click picks the captured element under it and writes
/// its id with its role and name, as over a live app, never a rectangle.
@Suite struct EditorCaptureRecordingTests {
    @Test func clicksOverACaptureBecomeAnchoredTargets() throws {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.copyItem(atPath: EditorRecordingTests.root + "/examples/web/captures", toPath: dir + "/captures")
        try #"{"id": "rec", "background": "captures/inbox-en.capture.json", "steps": [{"target": "search", "text": "Search."}]}"#
            .write(toFile: dir + "/rec.json", atomically: true, encoding: .utf8)
        try "key ctrl+r\nwait 500\ntap 60 160\nwait 500\ntap 334 788\nkey ctrl+r\nkey ctrl+s\n".write(toFile: dir + "/script.txt", atomically: true, encoding: .utf8)
        let r = try CLI.runProcess(CLI.binary, ["replay", "--edit", "rec.json", "--script", "script.txt", "--out", "out"],
                                   environment: ["DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": "dummy"], directory: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let saved = (try? String(contentsOfFile: dir + "/rec.json", encoding: .utf8)) ?? ""
        let steps = try EditorRecordingTests.json(dir + "/rec.json")["steps"]?.arrayValue ?? []
        #expect(steps.count == 3 && !saved.contains("\"rect\""), "\(saved)")
        let targets = steps.dropFirst().map { $0["target"] }
        #expect(targets.map { $0?["id"]?.stringValue } == ["mail.0", "compose"], "\(saved)")
        #expect(targets.map { $0?["role"]?.stringValue } == ["button", "button"] && targets.last??["name"]?.stringValue == "Compose", "\(saved)")
        let check = try CLI.run(["check", "--strict", dir + "/rec.json"])
        #expect(check.status == 0 && check.stderr.isEmpty, "\(check.stdout)\(check.stderr)")
    }
}
