import Foundation
import Testing

/// `LIMELIGHT_TOURS` through the window command, as an app's own end-to-end tests set it: `off`
/// shows no launch tour and leaves saved progress alone; `dismiss` shows the launch tour and
/// dismisses it at once, logged and saved as a user's dismissal, so the next launch goes on from
/// there. A value it does not know is one line and exit 2.
@Suite struct TourSwitchWindowTests {
    /// The window's events log and stderr once `done` holds for the log (or 20 s passed), then the
    /// window is stopped.
    func runWindow(_ environment: [String: String], state: String, until done: (String) -> Bool) throws -> (events: String, stderr: String) {
        let dir = try CLI.temporaryFolder()
        let log = dir + "/events.jsonl"
        let window = try CLI.startWindow(["--driver", "dummy", "--events", log, "--speech", "off"], state: state,
                                         stderr: dir + "/stderr.txt", environment: environment)
        defer { if window.isRunning { window.terminate(); window.waitUntilExit() } }
        let deadline = Date().addingTimeInterval(20)
        var text = ""
        while Date() < deadline {
            text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if done(text) { break }
            usleep(50_000)
        }
        window.terminate()
        window.waitUntilExit()
        return (text, (try? String(contentsOfFile: dir + "/stderr.txt", encoding: .utf8)) ?? "")
    }

    /// The sample's saved progress under `state`.
    func saved(_ state: String) -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: state + "/limelight/sample/state.json") else { return nil }
        return try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    }

    @Test func dismissShowsTheLaunchTourAndDismissesItAtOnce() throws {
        let state = try CLI.temporaryFolder()
        let run = try runWindow(["LIMELIGHT_TOURS": "dismiss"], state: state) { $0.contains("\"dismissed\"") }
        let events = run.events.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(events.map { $0["event"] as? String } == ["shown", "hidden", "dismissed"], "\(run.events)")
        #expect(events.allSatisfy { $0["tour"] as? String == "fab" })
        #expect(run.stderr.contains("window: tours are dismissed as they show (LIMELIGHT_TOURS=dismiss, or the app's definition)"), "\(run.stderr)")
        let tours = saved(state)?["tours"] as? [String: Any]
        let fab = tours?["fab"] as? [String: Any]
        #expect(fab?["outcome"] as? String == "skipped" && fab?["timesShown"] as? Int == 1, "\(String(describing: tours))")
        // The next launch, tours on, goes on from there: the tip was closed, once is enough (the
        // app's checklist shows, as it does at every launch until it is complete).
        let again = Date()
        let next = try runWindow([:], state: state) { _ in Date().timeIntervalSince(again) > 3 }
        let nextEvents = next.events.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(nextEvents.map { $0["event"] as? String } == ["checklistShown"], "\(next.events)")
        #expect(next.stderr.contains("window: tour \"fab\" was skipped before; not shown again"), "\(next.stderr)")
    }

    @Test func offShowsNoLaunchTourAndSavesNoOutcome() throws {
        let state = try CLI.temporaryFolder()
        let start = Date()
        let run = try runWindow(["LIMELIGHT_TOURS": "off"], state: state) { _ in Date().timeIntervalSince(start) > 3 }
        #expect(run.events.isEmpty, "\(run.events)")
        #expect(run.stderr.contains("window: tours are switched off (LIMELIGHT_TOURS=off, or the app's definition): no launch tour shows"), "\(run.stderr)")
        #expect((saved(state)?["tours"] as? [String: Any])?.isEmpty ?? true, "no tour outcome saved")
        #expect(saved(state)?["appLaunches"] as? Int == 1, "the launch still counts")
        // The headless commands show the app without its launch tour too.
        let dir = try CLI.temporaryFolder()
        try "wait 1500\n".write(toFile: dir + "/s.txt", atomically: true, encoding: .utf8)
        let replay = try CLI.run(["replay", "--script", dir + "/s.txt", "--out", dir + "/shots"], environment: ["LIMELIGHT_TOURS": "off"])
        #expect(replay.status == 0 && replay.stdout.contains("\"overlay\":null") && replay.stdout.contains("\"tour\":null"), "\(replay.stdout)")
    }

    @Test func anUnknownValueIsOneLine() throws {
        let r = try CLI.run(["render", "--out", "/dev/null"], environment: ["LIMELIGHT_TOURS": "sometimes"])
        #expect(r.status == 2 && r.errorLines == ["limelight: LIMELIGHT_TOURS=\"sometimes\": expected on, off or dismiss"], "\(r.stderr)")
    }
}
