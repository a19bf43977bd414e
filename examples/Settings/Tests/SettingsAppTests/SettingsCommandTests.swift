import Foundation
import Testing

/// The settings app's own command line, `settings-tours` (Limelight's whole command line run with
/// this app), through every command as a CI job or a designer runs it: the app's ids, states and
/// events are what the commands know, not Limelight's sample app's.
@Suite struct SettingsCommandTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let tours = package.appendingPathComponent("tours").path

    /// The built `settings-tours`, beside the test bundle.
    static var binary: String {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("settings-tours").path) && dir.path != "/" {
            dir = dir.deletingLastPathComponent()
        }
        return dir.appendingPathComponent("settings-tours").path
    }

    struct Result { var status: Int32; var stdout: String; var stderr: String }

    /// Runs `settings-tours args…` headless (SDL's dummy driver) and waits at most five minutes,
    /// reading its two pipes while it runs (a child that fills one while the other is read would
    /// wait forever); one still running then is killed and the test fails.
    func run(_ args: [String], environment extra: [String: String] = [:]) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.binary)
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        for (k, v) in extra { env[k] = v }
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let collected = Collected()
        let readers = DispatchGroup()
        for (pipe, isError) in [(out, false), (err, true)] {
            DispatchQueue.global().async(group: readers) { collected.set(pipe.fileHandleForReading.readDataToEndOfFile(), isError: isError) }
        }
        if readers.wait(timeout: .now() + 300) == .timedOut {
            kill(p.processIdentifier, SIGKILL)
            Issue.record("settings-tours \(args.joined(separator: " ")) was still running after 300 s: killed")
            _ = readers.wait(timeout: .now() + 10)
        }
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: collected.output, as: UTF8.self),
                      stderr: String(decoding: collected.error, as: UTF8.self))
    }

    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("settings-cli-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func checkKnowsTheAppsIdsStatesAndEvents() throws {
        let good = try run(["check", Self.tours + "/settings.json", Self.tours + "/returning.json"])
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout.contains("settings.json: ok (4 steps)"))
        let dir = try folder()
        try #"""
        {"id": "x", "show": {"afterEvent": "cardAdded"},
         "steps": [{"target": "fab", "text": "Add", "showWhen": "wifi = maybe"},
                   {"target": "settings.wifi", "text": "Wi-Fi", "showWhen": "cards >= 5"}]}
        """#.write(toFile: dir + "/x.json", atomically: true, encoding: .utf8)
        let bad = try run(["check", dir + "/x.json"])
        #expect(bad.status == 1)
        let lines = bad.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("show.afterEvent: expected one of the app's events (launch, settingsSaved, wifiToggled), found \"cardAdded\"") }, "\(lines)")
        #expect(lines.contains { $0.contains("steps[0].target: no view with id \"fab\" can exist (known: ") }, "\(lines)")
        #expect(lines.contains { $0.contains("wifi is compared with true or false, found \"maybe\"") }, "\(lines)")
        #expect(lines.contains { $0.contains("expected a condition on tab, overlay, view, wifi, bluetooth, remember, brightness, saves, found \"cards >= 5\"") }, "\(lines)")
    }

    @Test func itsHelpAndMessagesSayItsOwnName() throws {
        let help = try run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("usage: settings-tours [COMMAND] [OPTIONS]"), "\(help.stdout)")
        #expect(help.stdout.contains("in a window titled \"Settings\""), "\(help.stdout)")
        // `demo` is the sample's own other name for its window: this command keeps none.
        #expect(help.stdout.contains("  window    the app in a window (the default command)\n") && !help.stdout.contains("demo"), "\(help.stdout)")
        let demo = try run(["demo"])
        #expect(demo.status == 2 && demo.stderr.hasPrefix("settings-tours: unknown command \"demo\""), "\(demo.stderr)")
        let render = try run(["render", "--help"])
        #expect(render.stdout.hasPrefix("usage: settings-tours render "), "\(render.stdout)")
        let bad = try run(["render"])
        #expect(bad.status == 2)
        #expect(bad.stderr == "settings-tours: render: --out PATH is required (see settings-tours render --help)\n", "\(bad.stderr)")
        let unknown = try run(["check", "/nonexistent/tour.json"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "/nonexistent/tour.json: no such file\nsettings-tours: check: 1 problem found\n", "\(unknown.stderr)")
    }

    /// What `test` tells a user to run names this command: how to record a missing golden, how
    /// to accept the run's results, the report's title.
    @Test func testsHintsNameThisCommand() throws {
        let dir = try folder()
        try #"{"id": "wifi", "steps": [{"target": "settings.wifi", "text": "Turn it on."}]}"#.write(toFile: dir + "/wifi.json", atomically: true, encoding: .utf8)
        let r = try run(["test", dir + "/wifi.json", "--results", dir + "/results", "--report", dir + "/report"])
        #expect(r.status == 1, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stdout.contains("(record it with `settings-tours test --update \(dir)/wifi.json`)"), "\(r.stdout)")
        #expect(r.stdout.contains("(`settings-tours accept [PATTERN…] --results \(dir)/results` takes their actuals as goldens)"), "\(r.stdout)")
        #expect(!r.stdout.contains("limelight test") && !r.stdout.contains("`limelight "), "\(r.stdout)")
        let page = try String(contentsOfFile: dir + "/report/index.html", encoding: .utf8)
        #expect(page.contains("<h1>settings-tours test</h1>"))
    }

    @Test func testPassesAgainstTheCommittedGoldens() throws {
        let dir = try folder()
        let r = try run(["test", Self.tours, "--junit", dir + "/junit.xml", "--report", dir + "/report"])
        #expect(r.status == 0, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stdout.hasSuffix("38 passed, 0 failed\n"), "\(r.stdout)")
        #expect(try String(contentsOfFile: dir + "/junit.xml", encoding: .utf8).contains("name=\"768x1024@1x-de-script-walkthrough\""))
        let lint = try run(["check", "--lint", Self.tours + "/settings.json"])
        #expect(lint.status == 0, "\(lint.stderr)")
    }

    @Test func renderReplayAndInspectWorkOnTheAppsOwnScreens() throws {
        let dir = try folder()
        let render = try run(["render", "--tour", Self.tours + "/settings.json", "--step", "2", "--lang", "de", "--json", "--out", dir + "/step2.png"])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stdout.contains("\"wifi\":true") && render.stdout.contains("\"saves\":0"), "\(render.stdout)")
        #expect(FileManager.default.fileExists(atPath: dir + "/step2.png"))
        let all = try run(["render", "--tour", Self.tours + "/settings.json", "--all", "--out", dir + "/board"])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/board/step-04.png") && FileManager.default.fileExists(atPath: dir + "/board/storyboard.png"))
        try "wait 300\ntap settings.wifi\ntap settings.save\nexpect wifi=false saves=1\nshot after.png\n".write(toFile: dir + "/s.txt", atomically: true, encoding: .utf8)
        let replay = try run(["replay", "--script", dir + "/s.txt", "--out", dir + "/shots"])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout.contains("\"wifi\":false") && replay.stdout.contains("\"saves\":1") && replay.stdout.contains("\"tab\":\"settings\""), "\(replay.stdout)")
        try "expect cards=5\n".write(toFile: dir + "/bad.txt", atomically: true, encoding: .utf8)
        let badReplay = try run(["replay", "--script", dir + "/bad.txt", "--out", dir + "/shots"])
        #expect(badReplay.status == 2 && badReplay.stderr.contains("bad.txt:1: expect: the app keeps no state \"cards\""), "\(badReplay.stderr)")
        let inspect = try run(["inspect"])
        #expect(inspect.status == 0 && inspect.stdout.contains("\"id\": \"settings.brightness\""), "\(inspect.stdout)")
        #expect(inspect.stdout.contains("\"id\": \"overlay.bubble.title\""), "the launch tour's first step: \(inspect.stdout)")
        let semantics = try run(["inspect", "--semantics", "--no-overlay"])
        #expect(semantics.stdout.contains("\"role\": \"toggle\", \"label\": \"Wi-Fi\""), "\(semantics.stdout)")
        #expect(semantics.stdout.contains("\"role\": \"slider\", \"label\": \"Brightness\""), "\(semantics.stdout)")
    }

    @Test func simulateCountsTheAppsOwnEvents() throws {
        let dir = try folder()
        var log = "{\"ms\": 0, \"event\": \"launch\"}\n"
        for i in 1...3 { log += "{\"ms\": \(i * 1000), \"event\": \"settingsSaved\"}\n" }
        log += "{\"ms\": 9000, \"event\": \"launch\"}\n"
        try log.write(toFile: dir + "/log.jsonl", atomically: true, encoding: .utf8)
        let r = try run(["simulate", Self.tours, "--events", dir + "/log.jsonl"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("launch 2 at 9.0 s:\n  returning: shows all 1 step"), "\(r.stdout)")
        try "{\"ms\": 0, \"event\": \"cardAdded\"}\n".write(toFile: dir + "/bad.jsonl", atomically: true, encoding: .utf8)
        let bad = try run(["simulate", Self.tours, "--events", dir + "/bad.jsonl"])
        #expect(bad.status == 1 && bad.stderr.contains("expected \"event\": one of launch, settingsSaved, wifiToggled, finished, skipped"), "\(bad.stderr)")
    }

    @Test func theWindowAndTheEditorOpenOnTheApp() throws {
        let state = try folder()
        let window = try run(["--frames", "3", "--tour", Self.tours + "/settings.json"], environment: ["XDG_STATE_HOME": state])
        #expect(window.status == 0, "\(window.stderr)")
        let dir = try folder()
        try FileManager.default.copyItem(atPath: Self.tours + "/settings.json", toPath: dir + "/settings.json")
        try "wait 100\nshot editor.png\n".write(toFile: dir + "/e.txt", atomically: true, encoding: .utf8)
        let edit = try run(["replay", "--edit", dir + "/settings.json", "--script", dir + "/e.txt", "--out", dir])
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(edit.stdout.contains("\"steps\":4") && edit.stdout.contains("\"problems\":[]"), "\(edit.stdout)")
    }

    /// What a child wrote on its two pipes, filled in from the threads that read them.
    final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var out = Data(), err = Data()
        func set(_ data: Data, isError: Bool) { lock.withLock { if isError { err = data } else { out = data } } }
        var output: Data { lock.withLock { out } }
        var error: Data { lock.withLock { err } }
    }
}
