import Foundation
import Testing
import TestSupport

/// `limelight analyze` through the command line: the shipped week of an experiment as a table,
/// JSON and a page (opened in Chromium), the planner, every bad line in one line (or counted and
/// skipped), memory flat in the log's size, and the window's own events log read back.
@Suite struct AnalyzeCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let week = root + "/examples/analytics/week.jsonl", tour = root + "/examples/analytics/onboarding.json"

    @Test func theShippedWeekReadsAsATableJSONAndAPage() throws {
        let table = try CLI.run(["analyze", Self.week, "--tour", Self.tour, "--goal", "cardAdded", "--within", "7d"])
        #expect(table.status == 0, "\(table.stderr)")
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasSuffix("events, 2000 users") == true && lines.contains("tour onboarding (4 steps)"), "\(table.stdout)")
        #expect(lines.contains { $0.hasPrefix("  holdout ") } && lines.contains { $0.hasPrefix("  most users are lost at step ") }, "\(table.stdout)")
        #expect(lines.contains { $0.hasPrefix("goal cardAdded within 7d") } && lines.contains { $0.hasPrefix("  sample ratio: chi-square ") }, "\(table.stdout)")
        // The arm "short" walks its own two steps: its funnel is two long.
        #expect(lines.contains("funnel of arm short (2 steps of its own)"), "\(table.stdout)")
        let json = try CLI.run(["analyze", Self.week, "--tour", Self.tour, "--goal", "cardAdded", "--within", "7d", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let tour = try #require((report["tours"] as? [[String: Any]])?.first)
        let arms = try #require(tour["arms"] as? [[String: Any]])
        #expect(arms.map { $0["arm"] as? String } == ["control", "short", "holdout"])
        #expect(arms.map { ($0["reached"] as? [Int])?.count } == [4, 2, 4])
        // Plain counts beside the rates: assigned, shown, finished, skipped, dismissed, reached, converted.
        for arm in arms {
            for key in ["assigned", "shown", "finished", "skipped", "dismissed", "reached", "converted", "goalUsers"] { #expect(arm[key] != nil, "\(key) of \(arm)") }
        }
        #expect((arms.map { $0["assigned"] as? Int ?? 0 }).reduce(0, +) == 2000)
        let experiment = try #require(tour["experiment"] as? [String: Any])
        #expect(experiment["control"] as? String == "holdout" && (experiment["lifts"] as? [Any])?.count == 2 && experiment["sampleRatio"] != nil)
        let dir = try CLI.temporaryFolder()
        let html = try CLI.run(["analyze", Self.week, "--tour", Self.tour, "--goal", "cardAdded", "--html", dir + "/report"])
        #expect(html.status == 0 && html.stdout == "wrote \(dir)/report/index.html\n", "\(html.stdout)\(html.stderr)")
        if Chromium.path != nil {
            let (status, dom) = try Chromium.browse("file://" + dir + "/report/index.html", profile: dir + "/profile", ["--dump-dom"])
            #expect(status == 0 && dom.contains("class=\"funnel\"") && dom.contains("class=\"dwell\"") && dom.contains("class=\"lift\""), "\(dom.prefix(400))")
            #expect(dom.contains("<rect class=\"bar\"") && dom.contains("<circle class=\"difference\""), "the charts are drawn")
        }
    }

    @Test func thePlannerGivesTheUsersEachArmNeeds() throws {
        let r = try CLI.run(["analyze", "--plan", "--baseline", "0.2", "--mde", "0.02"])
        #expect(r.status == 0 && r.stdout.hasPrefix("6510 users per arm to tell 0.2 from 0.22"), "\(r.stdout)\(r.stderr)")
        let tiny = try CLI.run(["analyze", "--plan", "--baseline", "0.2", "--mde", "1e-300"])
        #expect(tiny.status == 2 && tiny.errorLines.count == 1 && tiny.errorLines[0].hasSuffix("is too small to tell from noise with any number of users"), "\(tiny.stderr)")
        let bad = try CLI.run(["analyze", "--plan", "--baseline", "0.99", "--mde", "0.02"])
        #expect(bad.status == 2 && bad.errorLines == ["limelight: analyze: --baseline plus --mde must stay below 1"], "\(bad.stderr)")
    }

    @Test(arguments: [
        (#"{"time":"2026-12-01T00:00:00.000Z","user":"u","session":"s","event":"shown","tour":"t","step":1}"# + "\n" + #"{"time":"2026-12-01T00:00:01.000Z","user":"u","sess"#, "2: the last line is cut off"),
        ("[1, 2]\n", "1: not a JSON object"),
        (#"{"time":"2026-12-01T00:00:00.000Z","user":"u","session":"s","event":"clicked","tour":"t"}"# + "\n", "1: unknown event \"clicked\""),
        (#"{"time":"2026-12-01 00:00:00","user":"u","session":"s","event":"app","name":"x"}"# + "\n", "1: \"time\" expects UTC in RFC 3339"),
        (#"{"time":"2026-12-01T00:00:05.000Z","user":"u","session":"s","event":"app","name":"x"}"# + "\n" + #"{"time":"2026-12-01T00:00:01.000Z","user":"u","session":"s","event":"app","name":"x"}"# + "\n", "2: times go backwards for user \"u\""),
        (#"{"time":"2026-12-01T00:00:00.000Z","user":"u","session":"s","event":"shown","tour":"t"}"# + "\n", "1: a shown event without \"step\""),
    ])
    func aBadLineIsOneLine(text: String, message: String) throws {
        let dir = try CLI.temporaryFolder()
        let path = dir + "/log.jsonl"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let strict = try CLI.run(["analyze", path])
        #expect(strict.status == 2 && strict.errorLines.count == 1 && strict.errorLines[0].hasPrefix("limelight: analyze: \(path):\(message)"), "\(strict.stderr)")
        let lenient = try CLI.run(["analyze", path, "--lenient", "--json"])
        #expect(lenient.status == 0 && lenient.stdout.contains("\"skippedLines\" : 1"), "\(lenient.stdout)\(lenient.stderr)")
        #expect(lenient.errorLines.count == 1 && lenient.errorLines[0].hasSuffix("(skipped)"), "\(lenient.stderr)")
    }

    @Test func invalidUTF8IsOneLine() throws {
        let dir = try CLI.temporaryFolder()
        let path = dir + "/log.jsonl"
        var bytes = Array(#"{"time":"2026-12-01T00:00:00.000Z","user":"u"#.utf8)
        bytes += [0xFF, 0xFE] + Array(#"","session":"s","event":"app","name":"x"}"#.utf8) + [0x0A]
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let r = try CLI.run(["analyze", path])
        #expect(r.status == 2 && r.errorLines == ["limelight: analyze: \(path):1: invalid UTF-8 at byte 45"], "\(r.stderr)")
    }

    /// 30 times the lines of the same few users: memory stays that of the users. (Not under a
    /// sanitizer, whose quarantine keeps freed memory: its peak grows with what was allocated.)
    @Test(.enabled(if: ProcessInfo.processInfo.environment["LIMELIGHT_SANITIZER"] == nil, "a sanitizer's quarantine grows with allocations"))
    func memoryStaysFlatInTheLogsSize() throws {
        let dir = try CLI.temporaryFolder()
        // Each user's times grow: one line a millisecond after the one before.
        var text = ""
        for i in 0..<300_000 {
            let t = 1_796_083_200_000 + Int64(i)
            let seconds = t / 1000, ms = t % 1000
            let minute = (seconds / 60) % 60, second = seconds % 60
            text += "{\"time\":\"2026-12-01T00:\(minute < 10 ? "0" : "")\(minute):\(second < 10 ? "0" : "")\(second).\(String(format: "%03d", Int(ms)))Z\",\"user\":\"u\(i % 5)\",\"session\":\"s\",\"event\":\"app\",\"name\":\"tick\",\"pad\":\"\(String(repeating: "x", count: 80))\"}\n"
        }
        let big = dir + "/big.jsonl", small = dir + "/small.jsonl"
        try text.write(toFile: big, atomically: true, encoding: .utf8)
        try String(text.prefix(text.count / 30)).write(toFile: small, atomically: true, encoding: .utf8)
        func peak(_ path: String) throws -> Int {
            let out = try CLI.runProcess("/usr/bin/python3", ["-c", """
            import resource, subprocess, sys
            r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            """, CLI.binary, "analyze", path, "--lenient"]).stdout.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            try #require(out.count == 2 && out[0] == 0, "\(out)")
            return out[1]
        }
        let (s, b) = (try peak(small), try peak(big))
        #expect(Double(b) <= Double(s) * 1.25 + 4096, "peak KiB: \(s) for \(text.utf8.count / 30) bytes, \(b) for \(text.utf8.count) bytes")
    }

    /// The window's `--events` log over a tour with an experiment is the contract `analyze` reads,
    /// and Python's jsonschema finds every line valid against schemas/events.schema.json.
    @Test func theWindowsLogIsTheContract() throws {
        let dir = try CLI.temporaryFolder()
        try #"{"id": "exp", "holdout": 0.2, "variants": [{"name": "a"}, {"name": "b", "texts": [{"step": 1, "text": "Hello"}]}], "steps": [{"target": "fab", "text": "Add one."}, {"target": "nav.title", "text": "Home."}]}"#
            .write(toFile: dir + "/exp.json", atomically: true, encoding: .utf8)
        try "wait 1500\ntap overlay.bubble.next\nwait 600\ntap overlay.bubble.next\nwait 600\ntap fab\nwait 300\n".write(toFile: dir + "/s.txt", atomically: true, encoding: .utf8)
        // A user the hash puts in an arm that sees the tour.
        let assigned = try CLI.run(["simulate", dir + "/exp.json", "--user", "user-7"])
        #expect(assigned.status == 0 && assigned.stdout.hasPrefix("exp: experiment exp: user-7 is in "), "\(assigned.stdout)\(assigned.stderr)")
        let shares = try CLI.run(["simulate", dir + "/exp.json", "--users", "5000"])
        #expect(shares.status == 0 && shares.stdout.contains("  holdout: ") && shares.stdout.contains("the weights say 20.0%)")
                && shares.stdout.contains("  a: ") && shares.stdout.contains("the weights say 40.0%)"), "\(shares.stdout)")
        let r = try CLI.run(["--tour", dir + "/exp.json", "--events", dir + "/events.jsonl", "--user", "user-7", "--frames", "10"],
                            environment: ["XDG_STATE_HOME": dir + "/state"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = (try String(contentsOfFile: dir + "/events.jsonl", encoding: .utf8)).split(separator: "\n").map(String.init)
        let events = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(events.first?["event"] as? String == "assigned" && events.allSatisfy { $0["user"] as? String == "user-7" && $0["time"] is String && $0["session"] is String },
                "\(lines)")
        let analyzed = try CLI.run(["analyze", dir + "/events.jsonl", "--json"])
        #expect(analyzed.status == 0 && analyzed.stdout.contains("\"users\" : 1"), "\(analyzed.stdout)\(analyzed.stderr)")
        if try ScreensCommandTests.jsonschemaReady() {
            let check = try CLI.runProcess("/usr/bin/python3", ["-c", """
            import json, sys
            from jsonschema import Draft202012Validator
            schema = json.load(open(sys.argv[1])); Draft202012Validator.check_schema(schema)
            v = Draft202012Validator(schema)
            bad = [e.message for path in sys.argv[2:] for line in open(path) for e in v.iter_errors(json.loads(line))]
            print(len(bad), bad[:3])
            """, Self.root + "/schemas/events.schema.json", dir + "/events.jsonl", Self.week])
            #expect(check.stdout.hasPrefix("0 "), "\(check.stdout)\(check.stderr)")
        }
    }
}
