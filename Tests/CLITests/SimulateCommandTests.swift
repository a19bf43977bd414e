import Foundation
import Testing

/// `limelight simulate`: which tours and steps show at each launch of a sample event log.
@Suite struct SimulateCommandTests {
    func folder(_ files: [String: String]) throws -> String {
        let dir = try CLI.temporaryFolder()
        for (name, text) in files { try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
        return dir
    }

    @Test func aSampleLogShowsWhatWouldShowWhen() throws {
        let dir = try folder([
            "welcome.json": #"{"id": "welcome", "steps": [{"target": "nav.title", "text": "Hi"}, {"target": "fab", "text": "Add"}]}"#,
            "power.json": #"{"id": "power", "after": "welcome", "show": {"afterEvent": "cardAdded", "count": 3, "maxTimes": 2, "notWithin": "7d"}, "steps": [{"target": "fab", "text": "You add a lot."}]}"#,
            "third.json": #"{"id": "third", "show": {"afterLaunches": 3}, "steps": [{"target": "tab.menu", "text": "Menu"}]}"#,
            "log.jsonl": """
                {"ms": 0, "event": "launch"}
                {"ms": 1000, "event": "cardAdded"}
                {"ms": 2000, "event": "cardAdded"}
                {"ms": 3000, "event": "cardAdded"}
                {"ms": 86400000, "event": "launch"}
                {"ms": 90000000, "event": "skipped", "tour": "power"}
                {"ms": 172800000, "event": "launch"}
                {"ms": 900000000, "event": "launch"}
                """,
        ])
        let r = try CLI.run(["simulate", dir + "/welcome.json", dir + "/power.json", dir + "/third.json", "--events", dir + "/log.jsonl"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == """
            launch 1 at 0.0 s:
              welcome: shows all 2 steps (first time)
              power: not shown (after 3 × cardAdded (0 so far))
              third: not shown (after 3 launches (1 so far))
            launch 2 at 1.0 d:
              welcome: not shown (was finished before)
              power: shows all 1 step (first time)
              third: not shown (after 3 launches (2 so far))
            launch 3 at 2.0 d:
              welcome: not shown (was finished before)
              power: not shown (shown 1 d ago, not again within 7 d)
              third: shows all 1 step (first time)
            launch 4 at 10.4 d:
              welcome: not shown (was finished before)
              power: shows all 1 step (shown 1 time before)
              third: not shown (was finished before)

            """)
    }

    @Test(arguments: [
        (#"{"ms": 0, "event": "launch"}\#n{"ms": -5, "event": "launch"}"#, "log.jsonl:2: expected \"ms\": a number of milliseconds from 0 to 3155760000000 (about 100 years)"),
        (#"{"ms": 10, "event": "launch"}\#n{"ms": 5, "event": "launch"}"#, "log.jsonl:2: the events go back in time (5 ms after 10 ms)"),
        (#"{"ms": 0, "event": "jump"}"#, "log.jsonl:1: expected \"event\": one of launch, cardAdded, overlayOpened, finished, skipped"),
        (#"{"ms": 0, "event": "skipped"}"#, "log.jsonl:1: \"skipped\" needs \"tour\": the tour's id"),
        ("not json", "log.jsonl:1: expected a JSON object such as {\"ms\": 0, \"event\": \"launch\"}"),
    ] as [(String, String)])
    func aBadLogLineIsOneErrorNamingIt(log: String, message: String) throws {
        let dir = try folder(["t.json": #"{"id": "t", "steps": [{"target": "fab", "text": "x"}]}"#, "log.jsonl": log])
        let r = try CLI.run(["simulate", dir + "/t.json", "--events", dir + "/log.jsonl"])
        #expect(r.status == 1 && r.errorLines == ["limelight: simulate: \(dir)/\(message)"], "\(r.stderr)")
    }
}
