import Foundation
import Testing
import TestSupport
import ImageFiles
import Raster
import Views
import FontText
import Editor
import Demo

/// The real window on a virtual X server: Xvfb for the display, xdotool for the click, ImageMagick's
/// `import` for screenshots. `make test` installs all three.
enum WindowTools {
    static let paths = ["/usr/bin/Xvfb", "/usr/bin/xdotool", "/usr/bin/import"]
    /// The window suites' condition: skipped without the tools, failed without them in CI
    /// (`RequiredTools`).
    static func ready() throws -> Bool { try RequiredTools.check(programs: paths) }
}

@Suite(.serialized, .enabled("needs Xvfb, xdotool and ImageMagick (make test installs them)") { try WindowTools.ready() })
struct WindowTests {
    /// Starts Xvfb on a display it picks itself (`-displayfd`: it takes the first free number and
    /// writes it back once it accepts connections), so two runs at once never share or tear down
    /// each other's display. `-noreset`: an X server resets itself whenever its last client leaves,
    /// and a window starting while xdotool's searches come and go could meet it resetting and be
    /// refused ("x11 not available"). Returns the server and its display number.
    static func startXvfb(screen: String = "800x1000") throws -> (Process, Int) {
        let xvfb = Process()
        xvfb.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        xvfb.arguments = ["-displayfd", "1", "-screen", "0", screen + "x24", "-nolisten", "tcp", "-noreset"]
        let out = Pipe()
        xvfb.standardOutput = out
        xvfb.standardError = FileHandle.nullDevice
        try xvfb.run()
        var text = ""
        while !text.contains("\n") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let display = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(xvfb.processIdentifier, SIGKILL)
            xvfb.waitUntilExit()
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "Xvfb did not start: \(text)"])
        }
        return (xvfb, display)
    }

    /// Runs a tool to completion; returns its stdout.
    @discardableResult
    static func tool(_ path: String, _ args: [String], display: Int) throws -> String {
        try CLI.runProcess(path, args, environment: ["DISPLAY": ":\(display)"]).stdout
    }

    /// Polls `condition` every 100 ms for up to `seconds`.
    static func waitFor(_ seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.1)
        } while Date() < deadline
        return false
    }

    /// Stops the Xvfb of `display`. Ended by SIGTERM, it removes its own lock and socket; only one
    /// that had to be killed leaves them, and they are removed only while the lock still names it:
    /// another suite's Xvfb may already have taken the number, and removing its socket would leave
    /// that suite's windows with no display ("x11 not available").
    static func stopXvfb(_ xvfb: Process, display: Int) {
        let pid = xvfb.processIdentifier
        kill(pid, SIGTERM)
        if !waitFor(5, { !xvfb.isRunning }) { kill(pid, SIGKILL) }
        xvfb.waitUntilExit()
        let lock = "/tmp/.X\(display)-lock"
        guard let owner = try? String(contentsOfFile: lock, encoding: .utf8),
              Int32(owner.trimmingCharacters(in: .whitespacesAndNewlines)) == pid else { return }
        try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(display)")
        try? FileManager.default.removeItem(atPath: lock)
    }

    /// Starts `limelight args…` on `display` (no dummy driver) and waits up to 90 s for a window
    /// whose name matches `title`; returns the process, its stderr and the window id ("" if none).
    static func launch(_ args: [String], on display: Int, title: String, environment extra: [String: String] = [:]) throws -> (Process, Pipe, String) {
        let app = Process()
        app.executableURL = URL(fileURLWithPath: CLI.binary)
        app.arguments = args
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = ":\(display)"
        env["SDL_VIDEODRIVER"] = nil
        env["WAYLAND_DISPLAY"] = nil
        for (k, v) in extra { env[k] = v }
        app.environment = env
        let appErr = Pipe()
        app.standardError = appErr
        try app.run()
        var window = ""
        // A debug build starting beside a busy test run can take a while.
        _ = try waitFor(90) {
            window = try tool("/usr/bin/xdotool", ["search", "--name", title], display: display)
                .split(separator: "\n").first.map(String.init) ?? ""
            return !window.isEmpty || !app.isRunning
        }
        if window.isEmpty { throw noWindow(app, appErr, args: args, title: title) }
        return (app, appErr, window)
    }

    /// Why `app` showed no window: how it ended and what it wrote, or, when it is still running
    /// after the wait, where each of its threads stood (gdb) before it was stopped.
    static func noWindow(_ app: Process, _ appErr: Pipe, args: [String], title: String) -> CocoaError {
        var threads = ""
        if app.isRunning {
            threads = (try? CLI.runProcess("/usr/bin/gdb", ["-p", "\(app.processIdentifier)", "-batch", "-ex", "thread apply all bt"]))?.stdout ?? "(gdb failed)"
            kill(app.processIdentifier, SIGKILL)
        }
        app.waitUntilExit()
        let err = String(decoding: appErr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let description = "limelight \(args.joined(separator: " ")) showed no window titled /\(title)/ (status \(app.terminationStatus)); stderr:\n\(err)\n\(threads)"
        return CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: description])
    }

    /// Ends `app`: Ctrl-C's signal first (SDL turns it into a quit event), then a hard stop.
    static func stop(_ app: Process) {
        if app.isRunning { kill(app.processIdentifier, SIGINT) }
        if !waitFor(5, { !app.isRunning }) { kill(app.processIdentifier, SIGKILL) }
        app.waitUntilExit()
    }

    /// A screenshot of `window` through ImageMagick's `import`, written into `folder` as `name`.
    static func screenshot(of window: String, on display: Int, into folder: String, name: String) throws -> Pixmap {
        let path = folder + "/" + name + ".png"
        try tool("/usr/bin/import", ["-window", window, "png:" + path], display: display)
        return try Pixmap(contentsOfFile: path)
    }

    /// The share of one core `pid` used over the next `seconds` (a measurement, not a wait).
    static func cpuShare(pid: Int32, over seconds: Double) -> Double? {
        guard let before = cpuSeconds(pid: pid) else { return nil }
        Thread.sleep(forTimeInterval: seconds)
        guard let after = cpuSeconds(pid: pid) else { return nil }
        return (after - before) / seconds
    }

    /// CPU seconds (user + system) a process has used, from /proc.
    static func cpuSeconds(pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command name: state is field 3; utime and stime are fields 14 and 15.
        guard fields.count > 13, let u = Double(fields[11]), let s = Double(fields[12]) else { return nil }
        return (u + s) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    @Test func clickOutsideTheHoleDismissesTheTipAndTheIdleWindowSleeps() throws {
        let (xvfb, display) = try Self.startXvfb()
        defer { Self.stopXvfb(xvfb, display: display) }
        #expect(Self.waitFor(10) { FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(display)") }, "Xvfb started")

        let state = try CLI.temporaryFolder()
        let (app, appErr, window) = try Self.launch([], on: display, title: "^Limelight$", environment: ["XDG_STATE_HOME": state])
        defer { Self.stop(app) }
        let shots = try CLI.temporaryFolder()
        var shotIndex = 0
        func screenshot() throws -> Pixmap {
            shotIndex += 1
            return try Self.screenshot(of: window, on: display, into: shots, name: "shot\(shotIndex)")
        }
        // The same app rendered offscreen with its checklist's launcher and no tour: what the window
        // must show once the tip is gone.
        let reference = shots + "/reference.png"
        let render = try CLI.run(["render", "--checklist", ChecklistWindowTests.sample, "--out", reference])
        try #require(render.status == 0, "\(render.stderr)")
        let plain = try Pixmap(contentsOfFile: reference)
        let lit = plain.color(x: 200, y: 70)

        // The FAB tip appears 1 s after launch and dims the navigation bar by half.
        let tipShown = try Self.waitFor(20) {
            let c = try screenshot().color(x: 200, y: 70)
            return abs(Int(c.red) - Int(lit.red) / 2) <= 2
        }
        #expect(tipShown, "the FAB tip dimmed the navigation bar")

        // A click outside the hole dismisses it.
        try Self.tool("/usr/bin/xdotool", ["mousemove", "--window", window, "100", "400", "click", "1"], display: display)
        var last: Pixmap?
        let dimGone = try Self.waitFor(10) {
            last = try screenshot()
            return last!.color(x: 200, y: 70) == lit
        }
        #expect(dimGone, "the dim is gone after the click")
        if let last {
            #expect(last.width == plain.width && last.height == plain.height)
            #expect(last.hasSamePixels(as: plain), "the window shows exactly what render --checklist draws")
        }

        // Idle: the window settles within 10 s to well under a quarter of a core, measured over
        // 2 seconds (a busy loop would use all of one).
        _ = Self.waitFor(10) { (Self.cpuShare(pid: app.processIdentifier, over: 0.25) ?? 1) < 0.25 }
        let share = try #require(Self.cpuShare(pid: app.processIdentifier, over: 2))
        #expect(share < 0.25, "the idle window used \(share * 100)% of a core")
        #expect(app.isRunning, "the window is still up after the idle check")
        // Ctrl-C ends it cleanly.
        kill(app.processIdentifier, SIGINT)
        // Generous: two suites sharing two cores (make test beside make test-tsan) slow everything down.
        #expect(Self.waitFor(20) { !app.isRunning }, "SIGINT ends the window")
        _ = appErr
    }

    /// The editor in a real window: a click picks a view, Shift-click adds one, typed text lands in
    /// a field through SDL's text input, and Ctrl-S saves: SDL's keys, modifiers and text as the
    /// editor sees them.
    @Test func theEditorTakesClicksModifiersTypedTextAndSaves() async throws {
        let (xvfb, display) = try Self.startXvfb()
        defer { Self.stopXvfb(xvfb, display: display) }
        #expect(Self.waitFor(10) { FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(display)") }, "Xvfb started")
        let dir = try CLI.temporaryFolder()
        let tour = dir + "/t.json"
        try #"{"id": "t", "steps": [{"target": "nav.title", "title": "Old", "text": "Some text."}]}"#.write(toFile: tour, atomically: true, encoding: .utf8)
        // Where the controls are: the same editor laid out headless.
        let frames = try await MainActor.run { try EditorLayout.frames(of: tour, ids: ["editor.title", "card.1", "fab"]) }
        let (app, _, window) = try Self.launch(["edit", tour], on: display, title: "t\\.json$")
        defer { Self.stop(app) }
        let shots = try CLI.temporaryFolder()
        var shotIndex = 0
        func screenshot() throws -> Pixmap {
            shotIndex += 1
            return try Self.screenshot(of: window, on: display, into: shots, name: "shot\(shotIndex)")
        }
        // The editor has painted once its window is more than one flat colour.
        var shown = try screenshot()
        #expect(try Self.waitFor(20) {
            shown = try screenshot()
            let first = shown.color(x: 0, y: 0)
            return stride(from: 0, to: shown.height, by: 7).contains { y in
                stride(from: 0, to: shown.width, by: 7).contains { shown.color(x: $0, y: y) != first }
            }
        }, "the editor painted its window")
        // Each click changes what the window shows (a selection, a focused field): the next input
        // waits for that, not for a fixed time.
        func click(_ id: String, _ extra: [String] = []) throws {
            let c = frames[id]!.center
            let before = shown
            try Self.tool("/usr/bin/xdotool", ["mousemove", "--window", window, "\(Int(c.x))", "\(Int(c.y))"] + extra + ["click", "1"], display: display)
            #expect(try Self.waitFor(20) {
                shown = try screenshot()
                return !shown.hasSamePixels(as: before)
            }, "the click on \(id) showed")
        }
        try click("card.1")
        try Self.tool("/usr/bin/xdotool", ["keydown", "shift"], display: display)
        try click("fab")
        try Self.tool("/usr/bin/xdotool", ["keyup", "shift"], display: display)
        try click("editor.title")
        try Self.tool("/usr/bin/xdotool", ["key", "--window", window, "ctrl+a"], display: display)
        try Self.tool("/usr/bin/xdotool", ["type", "--delay", "30", "--window", window, "New title"], display: display)
        try Self.tool("/usr/bin/xdotool", ["key", "--window", window, "Escape", "ctrl+s"], display: display)
        let saved = Self.waitFor(20) { (try? String(contentsOfFile: tour, encoding: .utf8))?.contains("New title") == true }
        #expect(saved, "Ctrl-S saved the typed title")
        let text = try String(contentsOfFile: tour, encoding: .utf8)
        #expect(text == """
            {"id": "t", "steps": [{"targets": [
                    { "id": "card.1", "role": "button", "name": "City Lights, Streets glow at night after the rain." },
                    { "id": "fab", "role": "button", "name": "Add a card" }
                  ], "title": "New title", "text": "Some text."}]}
            """, "\(text)")
    }
}

/// The frames (in the editor's window) of views of the editor on a tour file, laid out headless.
@MainActor
enum EditorLayout {
    static func frames(of path: String, ids: [String]) throws -> [String: Rect] {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let engine = try SystemTextEngine()
        let clock = VirtualClock()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let model = try EditorModel(path: path, text: text, screenSize: Size(390, 844), catalog: { DemoApp.launchCatalog() })
        let images = CardImages.load(from: URL(fileURLWithPath: TourCommandTests.tours).deletingLastPathComponent().appendingPathComponent("images").path).images
        let editor = try EditorApp(model: model, makeStage: { try DemoApp(size: Size(390, 844), textEngine: engine, images: images, clock: clock) },
                                   textEngine: engine, clock: clock, scale: 1)
        // The app's root is embedded: its frames run inside the editor's, as the window runs them.
        editor.root.frame(into: nil)
        editor.root.frame(into: nil)
        var out: [String: Rect] = [:]
        for id in ids {
            if let v = editor.root.view(withID: id) { out[id] = v.frame }
            else if let v = editor.stage.root.view(withID: id) { out[id] = editor.editorRect(v.frame) }
        }
        return out
    }
}
