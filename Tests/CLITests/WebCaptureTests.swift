import Foundation
import Testing
import TestSupport

/// `limelight capture --url`: the pages in examples/web captured in headless Chromium at a phone
/// and a desktop size, in English and Japanese; a tour over the captures checks, tests and renders
/// with targets found by anchors; a recapture after the page changed is the drift report.
@Suite(.serialized, .enabled("needs chromium (make test installs it)") { try RequiredTools.check(programs: ["/usr/lib/chromium/chromium"]) })
struct WebCaptureTests {
    static let pages = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/web").path

    /// A copy of examples/web in a folder of its own (a test may change it).
    func pagesCopy() throws -> String {
        let dir = try CLI.temporaryFolder() + "/web"
        try FileManager.default.copyItem(atPath: Self.pages, toPath: dir)
        return dir
    }

    func capture(_ page: String, _ extra: [String], out: String) throws -> CLIResult {
        try CLI.run(["capture", "--url", "file://" + page, "--out", out] + extra, timeout: 120)
    }

    /// The capture file at `path`, as JSON.
    func read(_ path: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    /// Every element of `capture`, depth first, as (role, name, id).
    func elements(_ capture: [String: Any]) -> [(role: String, name: String, id: String?, frame: [Double])] {
        var out: [(String, String, String?, [Double])] = []
        func walk(_ e: [String: Any]) {
            out.append((e["role"] as? String ?? "", e["name"] as? String ?? "", e["id"] as? String, e["frame"] as? [Double] ?? []))
            (e["children"] as? [[String: Any]] ?? []).forEach(walk)
        }
        (capture["elements"] as? [[String: Any]] ?? []).forEach(walk)
        return out
    }

    @Test func aPageIsCapturedAtTwoSizesInTwoLanguages() throws {
        let web = try pagesCopy(), out = try CLI.temporaryFolder() + "/captures"
        let phone = try capture(web + "/index.html", ["--size", "390x844", "--scale", "2"], out: out)
        #expect(phone.status == 0 && phone.stdout.hasPrefix("wrote \(out)/index.capture.json ("), "\(phone.stdout)\(phone.stderr)")
        let ja = try capture(web + "/index.html", ["--size", "390x844", "--scale", "2", "--lang", "ja"], out: out)
        #expect(ja.status == 0, "\(ja.stderr)")
        let desktop = try capture(web + "/settings.html", ["--size", "1280x800", "--name", "settings-desktop"], out: out)
        #expect(desktop.status == 0, "\(desktop.stderr)")
        let en = try read(out + "/index.capture.json"), jaCapture = try read(out + "/index-ja.capture.json")
        #expect((en["screen"] as? [String: Any])?["size"] as? [Double] == [390, 844] && (en["screen"] as? [String: Any])?["scale"] as? Double == 2)
        #expect(en["image"] as? String == "index.png" && jaCapture["language"] as? String == "ja")
        let english = elements(en), japanese = elements(jaCapture)
        // data-testid, else id, is the element's id; roles and names are the browser's.
        #expect(english.contains { $0.role == "button" && $0.name == "Compose" && $0.id == "compose" }, "\(english)")
        #expect(english.contains { $0.role == "textField" && $0.name == "Search mail" && $0.id == "search" })
        #expect(english.contains { $0.role == "list" && $0.name == "Inbox" && $0.id == "mails" })
        #expect(english.contains { $0.role == "button" && $0.name == "Settings" && $0.id == "settings" })
        #expect((0..<4).allSatisfy { i in english.contains { $0.id == "mail.\(i)" && $0.role == "button" } })
        #expect(japanese.contains { $0.role == "button" && $0.name == "作成" && $0.id == "compose" }, "\(japanese)")
        // The compose button sits 24 px from the corner of the 390x844 viewport.
        let compose = try #require(english.first { $0.id == "compose" })
        #expect(compose.frame == [302, 756, 64, 64], "\(compose.frame)")
        #expect(elements(try read(out + "/settings-desktop.capture.json")).contains { $0.role == "toggle" && $0.id == "dark" && $0.name == "Dark theme" })
        // The pictures are the screen's pixels: 780x1688 at scale 2, 1280x800 at 1.
        let magick = try CLI.runProcess("/usr/bin/identify", ["-format", "%wx%h ", out + "/index.png", out + "/index-ja.png", out + "/settings-desktop.png"])
        #expect(magick.stdout.trimmingCharacters(in: .whitespaces) == "780x1688 780x1688 1280x800", "\(magick.stdout)\(magick.stderr)")
        // The captures pass their JSON Schema's reader: `check` of a tour over each loads them.
        let tour = """
        {
          "id": "inbox",
          "background": {"en": "captures/index.capture.json", "ja": "captures/index-ja.capture.json"},
          "test": {"languages": ["en", "ja"]},
          "steps": [
            {"target": {"role": "textField", "name": {"en": "Search mail", "ja": "メールを検索"}}, "text": {"en": "Search", "ja": "検索"}},
            {"target": {"id": "mail.1", "role": "button", "within": {"id": "mails"}}, "text": {"en": "A message", "ja": "メッセージ"}},
            {"target": {"id": "compose", "role": "button", "name": {"en": "Compose", "ja": "作成"}}, "text": {"en": "Write one", "ja": "書く"}, "advanceOn": "tapTarget"}
          ]
        }

        """
        let folder = (out as NSString).deletingLastPathComponent
        try tour.write(toFile: folder + "/inbox.json", atomically: true, encoding: .utf8)
        let check = try CLI.run(["check", "--strict", folder + "/inbox.json"])
        #expect(check.status == 0 && check.stderr.isEmpty, "\(check.stdout)\(check.stderr)")
        let update = try CLI.run(["test", "--update", folder + "/inbox.json"])
        #expect(update.status == 0 && update.stdout.contains("recorded 6 goldens"), "\(update.stdout)\(update.stderr)")
        let test = try CLI.run(["test", folder + "/inbox.json"])
        #expect(test.status == 0 && test.stdout.contains("6 passed, 0 failed"), "\(test.stdout)\(test.stderr)")
        // The hole is the compose button's, found by its anchors on the captured tree.
        let inspect = try CLI.run(["inspect", "--tour", folder + "/inbox.json", "--step", "3", "--semantics", "--lang", "ja"])
        #expect(inspect.stdout.contains(#"{"role": "button", "label": "作成", "description": "新しいメッセージを書きます", "id": "compose", "frame": [302, 756, 64, 64]"#), "\(inspect.stdout)\(inspect.stderr)")
    }

    @Test func aRecaptureAfterThePageChangedIsTheDriftReport() throws {
        let web = try pagesCopy(), out = web + "/captures"
        #expect(try capture(web + "/index.html", ["--size", "390x844"], out: out).status == 0)
        let tour = """
        {
          "id": "compose",
          "background": "captures/index.capture.json",
          "steps": [{"target": {"id": "compose", "role": "button", "name": "Compose"}, "text": "Write a message"}]
        }

        """
        try tour.write(toFile: web + "/compose.json", atomically: true, encoding: .utf8)
        let clean = try CLI.run(["check", "--strict", web + "/compose.json"])
        #expect(clean.status == 0 && clean.stderr.isEmpty, "\(clean.stderr)")
        // The app renames the button's id in a redesign; the capture is taken again.
        let html = try String(contentsOfFile: web + "/index.html", encoding: .utf8)
        try html.replacingOccurrences(of: #"<button id="compose""#, with: #"<button id="new-message""#).write(toFile: web + "/index.html", atomically: true, encoding: .utf8)
        #expect(try capture(web + "/index.html", ["--size", "390x844"], out: out).status == 0)
        let drift = try CLI.run(["check", web + "/compose.json"])
        #expect(drift.status == 0)
        #expect(drift.errorLines.contains { $0.hasPrefix("\(web)/compose.json:4: steps[0].target: warning: the target (id \"compose\" role button name \"Compose\") changed: found button \"Compose\" (id \"new-message\") by its role and name; id no longer agrees") }, "\(drift.stderr)")
        let heal = try CLI.run(["check", "--heal", web + "/compose.json"])
        #expect(heal.stdout.contains("steps[0].target: healed: id \"compose\" → \"new-message\""), "\(heal.stdout)\(heal.stderr)")
        #expect(try CLI.run(["check", "--strict", web + "/compose.json"]).status == 0)
    }

    @Test func whatCannotBeCapturedIsOneLine() throws {
        let web = try pagesCopy(), out = try CLI.temporaryFolder() + "/out"
        let missing = try capture(web + "/nothing.html", [], out: out)
        #expect(missing.status == 1 && missing.errorLines.count == 1 && missing.stderr.contains("did not load: net::ERR_FILE_NOT_FOUND"), "\(missing.stderr)")
        let noBrowser = try CLI.run(["capture", "--url", "file://" + web + "/index.html", "--out", out], environment: ["LIMELIGHT_CHROMIUM": "/nonexistent/chromium"])
        #expect(noBrowser.status == 1 && noBrowser.errorLines == ["limelight: capture: no browser at /nonexistent/chromium (LIMELIGHT_CHROMIUM names a program that is not there)"], "\(noBrowser.stderr)")
        // A server that takes the connection and never answers: the page does not load in time.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in(sin_family: sa_family_t(AF_INET), sin_port: 0, sin_addr: in_addr(s_addr: inet_addr("127.0.0.1")), sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) } }
        _ = listen(listener, 8)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } }
        let port = UInt16(bigEndian: address.sin_port)
        let slow = try CLI.run(["capture", "--url", "http://127.0.0.1:\(port)/", "--out", out, "--timeout", "2"], timeout: 60)
        #expect(slow.status == 1 && slow.errorLines == ["limelight: capture: the page http://127.0.0.1:\(port)/ did not load in 2 s"], "\(slow.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out + "/capture.capture.json") && !FileManager.default.fileExists(atPath: out + "/nothing.capture.json"),
                "nothing is half written")
        let usage = try CLI.run(["capture", "--url", "file:///x.html", "--atspi", "x", "--out", out])
        #expect(usage.status == 2 && usage.errorLines == ["limelight: capture: expected one of --url URL or --atspi APP"], "\(usage.stderr)")
    }
}
