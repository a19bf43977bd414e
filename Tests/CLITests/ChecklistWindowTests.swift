import Foundation
import Testing
import TestSupport

/// The checklist through the built binary: the window shows `--checklist FILE` and the app's own
/// checklist by its rules, logs and saves its showing, and hides one whose every item is done;
/// `render --checklist` draws it closed and open; a step's version is the same in every process.
@Suite struct ChecklistWindowTests {
    static let root = CaptureToursTests.root
    static let sample = root + "/assets/tours/getting-started.checklist.json"

    static func lines(_ path: String) throws -> [[String: Any]] {
        (try String(contentsOfFile: path, encoding: .utf8)).split(separator: "\n")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    @Test func theWindowShowsTheChecklistLogsAndSavesIt() throws {
        let dir = try CLI.temporaryFolder()
        let state = ["XDG_STATE_HOME": dir + "/state"]
        let r = try CLI.run(["--checklist", Self.sample, "--events", dir + "/events.jsonl", "--user", "u1", "--frames", "10"], environment: state)
        #expect(r.status == 0, "\(r.stderr)")
        let shown = try Self.lines(dir + "/events.jsonl").filter { $0["event"] as? String == "checklistShown" }
        #expect(shown.count == 1 && shown[0]["checklist"] as? String == "getting-started" && shown[0]["user"] as? String == "u1", "\(shown)")
        let saved = try String(contentsOfFile: dir + "/state/limelight/sample/state.json", encoding: .utf8)
        #expect(saved.contains("\"checklistsShown\"") && saved.contains("\"getting-started\""), "\(saved)")
        // Without --checklist the sample app shows its own, by its rules; with every item ticked, none.
        let own = try CLI.run(["--events", dir + "/own.jsonl", "--frames", "10"], environment: state)
        let ownLines = try Self.lines(dir + "/own.jsonl")
        #expect(own.status == 0 && ownLines.contains { $0["event"] as? String == "checklistShown" }, "\(own.stderr)")
        var progress = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/state/limelight/sample/state.json"))) as? [String: Any] ?? [:]
        progress["checklists"] = ["getting-started": ["tour": "2026-12-01T00:00:00Z", "add": "2026-12-01T00:00:00Z", "menu": "2026-12-01T00:00:00Z", "more": "2026-12-01T00:00:00Z"]]
        try JSONSerialization.data(withJSONObject: progress).write(to: URL(fileURLWithPath: dir + "/state/limelight/sample/state.json"))
        let done = try CLI.run(["--events", dir + "/done.jsonl", "--frames", "10"], environment: state)
        #expect(done.status == 0 && done.stderr.contains("checklist getting-started: every item is done already; not shown"), "\(done.stderr)")
        let doneLines = try Self.lines(dir + "/done.jsonl")
        #expect(!doneLines.contains { $0["event"] as? String == "checklistShown" })
        let analyzed = try CLI.run(["analyze", dir + "/events.jsonl", dir + "/own.jsonl", "--checklist", Self.sample])
        #expect(analyzed.status == 0 && analyzed.stdout.contains("checklist getting-started: shown to"), "\(analyzed.stdout)\(analyzed.stderr)")
    }

    @Test func aBrokenChecklistStopsTheWindowInOneLine() throws {
        let dir = try CLI.temporaryFolder()
        try #"{"checklist": 1, "id": "c", "title": "C", "corner": "middle", "items": [{"id": "a", "title": "A", "tour": "t"}]}"#
            .write(toFile: dir + "/bad.checklist.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["--checklist", dir + "/bad.checklist.json", "--frames", "10"], environment: ["XDG_STATE_HOME": dir + "/state"])
        #expect(r.status != 0 && r.stderr.contains("bad.checklist.json:1: corner:") && r.stderr.contains("\"bottomLeading\""), "\(r.stderr)")
    }

    @Test func renderDrawsTheChecklistClosedAndOpen() throws {
        let dir = try CLI.temporaryFolder()
        let closed = try CLI.run(["render", "--checklist", Self.sample, "--out", dir + "/closed.png"])
        let open = try CLI.run(["render", "--checklist", Self.sample, "--open", "--checked", "tour", "--json", "--out", dir + "/open.png"])
        #expect(closed.status == 0 && open.status == 0, "\(closed.stderr)\(open.stderr)")
        let a = try Data(contentsOf: URL(fileURLWithPath: dir + "/closed.png")), b = try Data(contentsOf: URL(fileURLWithPath: dir + "/open.png"))
        #expect(a != b)
        #expect(open.stdout.contains(#""focus":"overlay.checklist.item.add","overlay":"checklist""#),
                "the panel is open with the focus on the first item to do: \(open.stdout.prefix(400))")
        let wrong = try CLI.run(["render", "--checklist", Self.sample, "--checked", "nope", "--out", dir + "/x.png"])
        #expect(wrong.status == 2 && wrong.stderr.contains("--checked nope: no item \"nope\"") && wrong.stderr.contains("items: tour, add, menu, more"), "\(wrong.stderr)")
        let alone = try CLI.run(["render", "--open", "--out", dir + "/y.png"])
        #expect(alone.status == 2 && alone.stderr.contains("--open goes with --checklist FILE"), "\(alone.stderr)")
    }

    /// A tour shown once is not shown again at the next launch: its steps' versions are the same in
    /// every process (an anchored target's printed query once carried an address).
    @Test func aStepsVersionIsTheSameInEveryProcess() throws {
        var versions: Set<String> = []
        for _ in 0..<2 {
            let dir = try CLI.temporaryFolder()
            let r = try CLI.run(["--tour", Self.root + "/assets/tours/fab.json", "--events", dir + "/e.jsonl", "--frames", "10"],
                                environment: ["XDG_STATE_HOME": dir + "/state"])
            #expect(r.status == 0, "\(r.stderr)")
            for line in try Self.lines(dir + "/e.jsonl") { if let v = line["tourVersion"] as? String { versions.insert(v) } }
        }
        #expect(versions.count == 1, "\(versions)")
    }

    /// A screens file's checklists are checked with it, against the app it declares.
    @Test func aScreensFilesChecklistsAreCheckedWithIt() throws {
        let good = try CLI.run(["check", Self.root + "/examples/Player/player.json"])
        #expect(good.status == 0 && good.stdout.contains("player.json: ok"), "\(good.stdout)\(good.stderr)")
        let dir = try CLI.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/tours", withIntermediateDirectories: true)
        var screens = try String(contentsOfFile: Self.root + "/examples/Player/player.json", encoding: .utf8)
        screens = screens.replacingOccurrences(of: #""$schema": "../../schemas/screens.schema.json","#, with: "")
        try screens.write(toFile: dir + "/player.json", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: Self.root + "/examples/Player/images", toPath: dir + "/images")
        let list = try String(contentsOfFile: Self.root + "/examples/Player/tours/getting-started.checklist.json", encoding: .utf8)
        try list.replacingOccurrences(of: #""shuffle = true""#, with: #""shufle = true""#).write(toFile: dir + "/tours/getting-started.checklist.json", atomically: true, encoding: .utf8)
        let bad = try CLI.run(["check", dir + "/player.json"])
        #expect(bad.status == 1 && bad.stderr.contains(#"getting-started.checklist.json:15: items[3].done: expected a condition on tab, overlay, view, playing"#), "\(bad.stderr)")
        try FileManager.default.removeItem(atPath: dir + "/tours/getting-started.checklist.json")
        let missing = try CLI.run(["check", dir + "/player.json"])
        #expect(missing.status == 1 && missing.stderr.contains("checklists: no checklist file"), "\(missing.stderr)")
        // A path out of the file's folder is refused as it is read.
        try screens.replacingOccurrences(of: #""tours/getting-started.checklist.json""#, with: #""../x.checklist.json""#).write(toFile: dir + "/player.json", atomically: true, encoding: .utf8)
        let out = try CLI.run(["check", dir + "/player.json"])
        #expect(out.status == 1 && out.stderr.contains("expected a NAME.checklist.json path inside this file's folder"), "\(out.stderr)")
    }
}
