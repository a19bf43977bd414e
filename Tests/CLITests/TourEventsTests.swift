import Foundation
import Testing

/// Tour events out as JSON lines: in `replay`'s output and from the window with `--events`.
@Suite struct TourEventsTests {
    func write(_ text: String, name: String = "script.txt") throws -> String {
        let path = try CLI.temporaryFolder() + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func replayListsEveryEventWithWhatDidIt() throws {
        let tour = try write(#"""
            {"id": "ev", "allowSkip": true, "steps": [
              {"target": "nav.title", "text": "One"},
              {"target": "card.9", "text": "Never", "waitFor": 300},
              {"target": "fab", "text": "Tap it", "advanceOn": "tapTarget"},
              {"target": "tab.home", "text": "Last"}
            ]}
            """#, name: "ev.json")
        let out = try CLI.temporaryFolder()
        let r = try CLI.run(["replay", "--tour", tour, "--script", try write("wait 300\nkey right\nwait 700\ntap fab\nwait 400\nkey escape\nwait 400\n"), "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let events = try #require(o["events"] as? [[String: Any]])
        let summary = events.map { e in
            [e["event"] as? String, (e["step"] as? Int).map(String.init), e["by"] as? String].compactMap { $0 }.joined(separator: " ")
        }
        #expect(summary == ["shown 1", "advanced 1 key", "hidden 1", "shown 2", "targetMissing 2", "advanced 2 missing",
                            "hidden 2", "shown 3", "advanced 3 target", "hidden 3", "shown 4", "hidden 4", "skipped 4"], "\(summary)")
        #expect(events.allSatisfy { $0["tour"] as? String == "ev" && $0["ms"] is Double })
        #expect((events[1]["ms"] as? Double) == 300, "with the virtual time")
    }

    @Test func theWindowAppendsEventsToAFile() throws {
        let dir = try CLI.temporaryFolder()
        let log = dir + "/events.jsonl"
        let window = try CLI.startWindow(["--tour", TourCommandTests.tours + "/fab.json", "--driver", "dummy", "--events", log, "--speech", "off"],
                                         state: dir + "/state", stderr: dir + "/stderr.txt")
        defer { if window.isRunning { window.terminate(); window.waitUntilExit() } }
        let deadline = Date().addingTimeInterval(20)
        var text = ""
        while Date() < deadline {
            text = (try? String(decoding: FileHandle(forReadingFrom: URL(fileURLWithPath: log)).readToEnd() ?? Data(), as: UTF8.self)) ?? ""
            if text.contains("\"shown\"") { break }
            usleep(50_000)
        }
        let first = try #require(text.split(separator: "\n").first)
        let o = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect(o["event"] as? String == "shown" && o["tour"] as? String == "fab" && o["step"] as? Int == 1, "\(text)")
        let bad = try CLI.run(["--events", dir, "--frames", "1"])
        #expect(bad.status == 2 && bad.errorLines == ["limelight: window: --events \(dir): is a folder (expected a file path, or - for stderr)"])
    }
}
