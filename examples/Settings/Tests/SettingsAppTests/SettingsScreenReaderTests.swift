import Foundation
import Testing

/// The settings app's window as a screen reader finds it, with nothing of its own written for it:
/// through the app seam, its switches, slider and tour are on the accessibility bus (AT-SPI2), in
/// Limelight's private accessible desktop (Xvfb, a session bus, at-spi2-core) with pyatspi as the
/// client.
@Suite(.serialized, .enabled("needs Xvfb, xdotool, at-spi2-core and python3-pyatspi (make test installs them)") { try AccessibleDesktop.ready() })
struct SettingsScreenReaderTests {

    /// A step that waits for Wi-Fi to be turned off.
    static let tour = #"{"id": "off", "steps": [{"target": "settings.wifi", "showWhen": "wifi = false", "title": "Wi-Fi is off", "text": "Turn it on to sync."}]}"#

    /// Moves the slider, flips the Wi-Fi switch, and reports what it heard, as JSON lines.
    static let client = #"""
    #!/usr/bin/python3
    import pyatspi, json, sys, time
    from gi.repository import GLib, Atspi

    def find_app():
        for _ in range(100):
            desktop = pyatspi.Registry.getDesktop(0)
            for i in range(desktop.childCount):
                app = desktop.getChildAtIndex(i)
                if app is not None and app.name == "Settings":
                    return app
            time.sleep(0.1)
        return None

    def by_id(o, id):
        if ("id:" + id) in o.getAttributes():
            return o
        for i in range(o.childCount):
            hit = by_id(o.getChildAtIndex(i), id)
            if hit is not None:
                return hit
        return None

    def settle(seconds):
        loop = GLib.MainLoop()
        GLib.timeout_add(int(seconds * 1000), loop.quit)
        loop.run()

    app = find_app()
    if app is None:
        print(json.dumps({"error": "the app is not on the desktop"})); sys.exit(1)
    frame = app.getChildAtIndex(0)
    slider = by_id(frame, "settings.brightness")
    value = slider.queryValue()
    before = [slider.getRoleName(), value.currentValue, value.minimumValue, value.maximumValue]
    value.currentValue = 0.3
    settle(0.6)
    print(json.dumps({"slider": before, "moved": [slider.queryValue().currentValue, Atspi.Value.get_text(slider)]}))
    sys.stdout.flush()

    heard = []
    def listen(event):
        heard.append([event.type, event.source.getRoleName(), event.detail1, event.any_data if event.type == "object:announcement" else 0])
    pyatspi.Registry.registerEventListener(listen, "object:state-changed:checked", "object:property-change:accessible-value", "object:announcement")
    wifi = by_id(frame, "settings.wifi")
    was = [wifi.getRoleName(), wifi.getState().contains(pyatspi.STATE_CHECKED), wifi.queryValue().currentValue]
    action = wifi.queryAction()
    done = action.doAction(0)
    settle(2)
    now = [wifi.getState().contains(pyatspi.STATE_CHECKED), wifi.queryValue().currentValue]
    print(json.dumps({"wifi": was, "flipped": now, "done": done, "heard": heard}))
    """#

    @Test func theSwitchesSliderAndTourAreOnTheAccessibilityBus() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("settings-sr-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Self.tour.write(toFile: dir + "/off.json", atomically: true, encoding: .utf8)
        try Self.client.write(toFile: dir + "/client", atomically: true, encoding: .utf8)
        chmod(dir + "/client", 0o755)
        _ = FileManager.default.createFile(atPath: dir + "/out.txt", contents: nil)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = [AccessibleDesktop.session, dir + "/desktop", dir + "/client", "env", "SDL_VIDEODRIVER=x11", SettingsCommandTests.binary,
                       "--size", "390x844", "--tour", dir + "/off.json"]
        // Output to a file, not a pipe: nothing the session started can hold the test up.
        p.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: dir + "/out.txt"))
        p.standardError = p.standardOutput
        try p.run()
        // The session ends itself; one still running after five minutes is stopped and fails.
        let deadline = Date().addingTimeInterval(300)
        while p.isRunning && Date() < deadline { usleep(20_000) }
        if p.isRunning {
            kill(p.processIdentifier, SIGKILL)
            Issue.record("the accessibility session was still running after 300 s: killed")
        }
        p.waitUntilExit()
        let out = (try? String(contentsOfFile: dir + "/out.txt", encoding: .utf8)) ?? ""
        let log = (try? String(contentsOfFile: dir + "/desktop/app.log", encoding: .utf8)) ?? ""
        let errors = (try? String(contentsOfFile: dir + "/desktop/client.log", encoding: .utf8)) ?? ""
        #expect(p.terminationStatus == 0, "session: \(out)\nclient: \(errors)\napp: \(log)")
        let lines = out.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }

        // The slider's value, set by the client, moves it as a drag would.
        let slider = try #require(lines.first { $0["slider"] != nil }, "\(out) \(log)")
        #expect(slider["slider"] as? [AnyHashable] == ["slider", 0.6, 0, 1], "\(slider)")
        #expect(slider["moved"] as? [AnyHashable] == [0.3, "30%"], "\(slider)")
        // The switch flips by its action: its checked state and value change, the client hears both,
        // and the step waiting for Wi-Fi to be off arrives, announced.
        let wifi = try #require(lines.first { $0["wifi"] != nil })
        let was = try #require(wifi["wifi"] as? [Any]), now = try #require(wifi["flipped"] as? [Any])
        #expect(was[0] as? String == "toggle button" && was[1] as? Bool == true && was[2] as? Double == 1, "on before: \(wifi)")
        #expect(now[0] as? Bool == false && now[1] as? Double == 0, "off after its action: \(wifi)")
        let events = try #require(wifi["heard"] as? [[Any]])
        let heard: [String] = events.map { "\($0[0]) \($0[1]) \($0[2]) \($0[3])" }
        #expect(heard.contains("object:state-changed:checked toggle button 0 0"), "\(heard)")
        #expect(heard.contains("object:property-change:accessible-value toggle button 0 0"), "\(heard)")
        #expect(heard.contains("object:announcement dialog 1 Wi-Fi is off. Turn it on to sync."), "\(heard)")
    }
}

/// Limelight's private accessible desktop, and whether this machine has what it needs.
enum AccessibleDesktop {
    /// The script that starts it.
    static let session = SettingsCommandTests.package.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/accessibility-session.sh").path
    /// Its programs, and pyatspi's folder.
    static let programs = ["/usr/bin/Xvfb", "/usr/bin/xdotool", "/usr/bin/dbus-daemon", "/usr/bin/dbus-send", "/usr/libexec/at-spi-bus-launcher", "/usr/bin/python3"]
    static let files = ["/usr/lib/python3/dist-packages/pyatspi"]

    /// What a CI run lacks.
    struct Missing: Error, CustomStringConvertible { let description: String }

    /// The suite's condition: it runs with everything there; without, it is skipped, or fails in
    /// a CI run (`CI=true`), whose green would otherwise mean the suite never ran.
    static func ready(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Bool {
        let missing = programs.filter { !FileManager.default.isExecutableFile(atPath: $0) } + files.filter { !FileManager.default.fileExists(atPath: $0) }
        return try decide(missing: missing, environment: environment)
    }

    /// True to run, false to skip; throws in CI when anything is `missing`.
    static func decide(missing: [String], environment: [String: String]) throws -> Bool {
        guard !missing.isEmpty else { return true }
        guard environment["CI"] == "true" else { return false }
        throw Missing(description: "CI=true and \(missing.joined(separator: ", ")) not installed: the suite cannot be skipped in CI (make test-deps installs it)")
    }
}

/// The screen-reader suite's condition: a missing program skips it on a developer's machine and
/// fails it in CI.
@Suite struct AccessibleDesktopConditionTests {
    @Test func aMissingProgramSkipsOutsideCIAndFailsInIt() throws {
        #expect(try AccessibleDesktop.decide(missing: [], environment: ["CI": "true"]))
        #expect(try !AccessibleDesktop.decide(missing: ["/usr/bin/Xvfb"], environment: [:]))
        #expect(try !AccessibleDesktop.decide(missing: ["/usr/bin/Xvfb"], environment: ["CI": "false"]))
        #expect(throws: AccessibleDesktop.Missing.self) { try AccessibleDesktop.decide(missing: ["/usr/bin/Xvfb"], environment: ["CI": "true"]) }
    }
}
