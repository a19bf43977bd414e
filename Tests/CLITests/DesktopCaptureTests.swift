import Foundation
import Testing
import TestSupport

/// `limelight capture --atspi`: a real GTK 3 app (examples/gtk/mail.py) and Limelight's own window,
/// each in a private accessible desktop (Xvfb, a session bus, AT-SPI2's bus and registry), captured
/// over the accessibility bus with the window's pixels from the X display.
@Suite(.serialized, .enabled("needs Xvfb, dbus, at-spi2-core and python3-gi with GTK 3 (make test installs them)") {
    try RequiredTools.check(programs: ScreenReaderTools.programs, files: ["/usr/lib/python3/dist-packages/gi", "/usr/lib/x86_64-linux-gnu/girepository-1.0/Gtk-3.0.typelib"])
})
struct DesktopCaptureTests {
    static let gtkApp = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/gtk/mail.py").path

    /// Runs `app` in a private accessible desktop while `commands` (shell lines, each one's exit
    /// status printed as a JSON line) run as its client.
    func session(_ app: [String], _ commands: [String]) throws -> (statuses: [Int], log: String) {
        let script = "#!/bin/sh\n" + commands.map { "\($0)\necho \"{\\\"status\\\": $?}\"" }.joined(separator: "\n") + "\n"
        let (lines, log) = try ScreenReaderTools.run(client: script, app: app)
        return (lines.compactMap { $0["status"] as? Int }, log)
    }

    func elements(_ path: String) throws -> [[String: Any]] {
        let capture = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        var out: [[String: Any]] = []
        func walk(_ e: [String: Any]) { out.append(e); (e["children"] as? [[String: Any]] ?? []).forEach(walk) }
        (capture["elements"] as? [[String: Any]] ?? []).forEach(walk)
        return out
    }

    @Test func aGTKAppIsCapturedAndToured() throws {
        let dir = try CLI.temporaryFolder()
        let (statuses, log) = try session(["/usr/bin/python3", Self.gtkApp], [
            "\(CLI.binary) capture --atspi gtk-mail --out \(dir)/captures > \(dir)/capture.out 2>&1",
            "\(CLI.binary) capture --atspi no-such-app --out \(dir)/none > \(dir)/missing.out 2>&1",
        ])
        let said = (try? String(contentsOfFile: dir + "/capture.out", encoding: .utf8)) ?? ""
        #expect(statuses == [0, 1], "\(said)\n\(log)")
        #expect(said.hasPrefix("wrote \(dir)/captures/gtk-mail.capture.json ("), "\(said)")
        let found = try elements(dir + "/captures/gtk-mail.capture.json")
        func has(_ role: String, _ name: String, _ id: String) -> Bool {
            found.contains { $0["role"] as? String == role && $0["name"] as? String == name && $0["id"] as? String == id }
        }
        #expect(has("button", "Compose", "compose") && has("checkbox", "Notifications", "notifications") && has("toggle", "Dark theme", "dark"), "\(found)")
        #expect(has("textField", "Search mail", "search") && has("list", "Inbox", "mails") && has("text", "Photos from the trip", "mail.3"))
        #expect(found.contains { $0["id"] as? String == "compose" && $0["description"] as? String == "Writes a new message" })
        #expect(found.contains { $0["id"] as? String == "notifications" && ($0["states"] as? [String] ?? []).contains("checked") })
        let missing = (try? String(contentsOfFile: dir + "/missing.out", encoding: .utf8)) ?? ""
        #expect(missing.hasPrefix("limelight: capture: no application named \"no-such-app\" on the accessibility bus (there are ") && missing.contains("\"gtk-mail\""), "\(missing)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/none/no-such-app.capture.json"))
        // The window's pixels, at the window's size.
        let pixel = try CLI.runProcess("/usr/bin/convert", [dir + "/captures/gtk-mail.png", "-format", "%wx%h", "info:"])
        #expect(pixel.stdout == "480x640", "\(pixel.stdout)\(pixel.stderr)")
        // A tour over the capture: targets by id and by role and name, checked, tested, rendered.
        let tour = """
        {
          "id": "gtk-mail",
          "background": "captures/gtk-mail.capture.json",
          "steps": [
            {"target": {"role": "textField", "name": "Search mail"}, "text": "Find any message"},
            {"target": {"id": "dark", "role": "toggle", "name": "Dark theme"}, "text": "Easier on the eyes at night"},
            {"target": "compose", "text": "Write a new message", "advanceOn": "tapTarget"}
          ]
        }

        """
        try tour.write(toFile: dir + "/gtk-mail.json", atomically: true, encoding: .utf8)
        let check = try CLI.run(["check", "--strict", dir + "/gtk-mail.json"])
        #expect(check.status == 0 && check.stderr.isEmpty, "\(check.stdout)\(check.stderr)")
        #expect(try CLI.run(["test", "--update", dir + "/gtk-mail.json"]).status == 0)
        let test = try CLI.run(["test", dir + "/gtk-mail.json"])
        #expect(test.status == 0 && test.stdout.contains("3 passed, 0 failed"), "\(test.stdout)\(test.stderr)")
    }

    @Test func limelightsOwnWindowCapturesAsInspectSeesIt() throws {
        let dir = try CLI.temporaryFolder()
        let (statuses, log) = try session(["env", "SDL_VIDEODRIVER=x11", "LIMELIGHT_TOURS=off", CLI.binary, "--size", "390x844", "--scale", "1"], [
            "\(CLI.binary) capture --atspi Limelight --out \(dir) > \(dir)/capture.out 2>&1",
        ])
        #expect(statuses == [0], "\((try? String(contentsOfFile: dir + "/capture.out", encoding: .utf8)) ?? "")\n\(log)")
        let captured = try elements(dir + "/limelight.capture.json")
        let inspect = try CLI.run(["inspect", "--semantics", "--size", "390x844"], environment: ["LIMELIGHT_TOURS": "off"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(inspect.stdout.utf8)) as? [String: Any], "\(inspect.stderr)")
        var expected: [[String: Any]] = []
        func walk(_ e: [String: Any]) { expected.append(e); (e["children"] as? [[String: Any]] ?? []).forEach(walk) }
        (root["children"] as? [[String: Any]] ?? []).forEach(walk)
        #expect(captured.count == expected.count && captured.count > 10, "\(captured.count) captured, \(expected.count) inspected")
        for (c, e) in zip(captured, expected) {
            let frame = (e["frame"] as? [Double] ?? []).map { $0.rounded() }
            #expect(c["role"] as? String == e["role"] as? String && (c["name"] as? String ?? "") == e["label"] as? String
                    && c["id"] as? String == e["id"] as? String && c["frame"] as? [Double] == frame, "\(c) ≠ \(e)")
        }
    }
}
