import Foundation
import Testing
@testable import Tours

/// Experiments in tour files and the events log's writer: arms drawn the same for the same user on
/// every host, in the shares the weights say; the file's mistakes refused; the writer keeping the
/// contract's rules.
@Suite @MainActor struct ExperimentTests {
    static let json = #"""
    {"id": "onboarding", "holdout": 0.1, "variants": [
      {"name": "control"},
      {"name": "short", "weight": 2, "steps": [{"target": "fab", "text": "Tap +."}]},
      {"name": "friendly", "texts": [{"step": 1, "title": "Hi", "text": {"en": "Hello!", "ja": "こんにちは"}}]}
    ], "steps": [{"target": "fab", "text": "Add a card."}, {"target": "nav.title", "text": "Home."}]}
    """#

    @Test func armsAreDrawnByTheirSharesAndAlwaysTheSame() throws {
        let t = try tour(Self.json)
        let plan = try #require(t.experimentPlan)
        #expect(plan.name == "onboarding" && plan.arms.map(\.name) == ["control", "short", "friendly"])
        // Pinned: the same hash on every host and machine.
        #expect(plan.arm(forUser: "alice") == "friendly" && plan.arm(forUser: "bob") == plan.arm(forUser: "bob"))
        var counts: [String: Int] = [:]
        for i in 0..<40_000 { counts[plan.arm(forUser: "user-\(i)"), default: 0] += 1 }
        let expected = ["holdout": 0.1, "control": 0.225, "short": 0.45, "friendly": 0.225]
        for (arm, share) in expected {
            let got = Double(counts[arm] ?? 0) / 40_000
            #expect(abs(got - share) < 0.01, "\(arm): \(got) for \(share)")
        }
        // Another experiment name draws every user again.
        var renamed = t
        renamed.experiment = "onboarding-2"
        let moved = (0..<1000).filter { renamed.experimentPlan!.arm(forUser: "user-\($0)") != plan.arm(forUser: "user-\($0)") }.count
        #expect(moved > 400)
    }

    @Test func anArmShowsItsOwnStepsOrTexts() throws {
        let t = try tour(Self.json)
        #expect(t.applying(arm: "short").steps.map(\.text) == ["Tap +."])
        let friendly = t.applying(arm: "friendly")
        #expect(friendly.steps.count == 2 && friendly.steps[0].title == "Hi" && friendly.steps[0].texts["ja"] == "こんにちは" && friendly.steps[1].text == "Home.")
        #expect(t.applying(arm: "control").steps == t.steps)
    }

    @Test func theFilesMistakesAreOneLineEach() {
        let lines = problemLines(#"{"id": "x", "holdout": 0.95, "variants": [{"name": "a", "weight": 0}, {"name": "a"}, {"name": "holdout"}, {"weight": 1}], "steps": [{"target": "fab", "text": "x"}]}"#)
        #expect(lines.contains { $0.contains("holdout: expected a number from 0 to 0.9") }, "\(lines)")
        #expect(lines.contains { $0.contains("variants[0].weight: expected a number from 0.001 to 1000") })
        #expect(lines.contains { $0.contains("variants[1].name: a second arm named \"a\"") })
        #expect(lines.contains { $0.contains("variants[2].name: \"holdout\" is the arm of users held out") })
        #expect(lines.contains { $0.contains("variants[3]: missing key \"name\"") })
    }

    @Test func anArmsOwnStepsAreCheckedAsTheToursAre() {
        let lines = problemLines(#"""
        {"id": "x", "variants": [{"name": "a"}, {"name": "b", "steps": [
          {"target": "fabb", "text": "x"},
          {"target": "fab", "tab": "nowhere", "text": "y"}]}],
         "steps": [{"target": "fab", "text": "x"}]}
        """#)
        #expect(lines.contains { $0.hasPrefix("t.json:2: variants[1].steps[0].target: no view with id \"fabb\" can exist (known: fab") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("t.json:3: variants[1].steps[1].tab: no tab named \"nowhere\"") }, "\(lines)")
        #expect(lines.count == 2, "each said once, at its place in the arm: \(lines)")
    }

    @Test func theWriterKeepsTheContractsRules() throws {
        let t = try tour(Self.json)
        var lines: [[String: Any]] = []
        let writer = EventLogWriter(context: .init(user: "alice", session: "s1", language: "en", screen: "390x844"),
                                    now: { Date(timeIntervalSince1970: 1_796_083_200.25) }) { line in
            lines.append((try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]) ?? [:])
        }
        let arm = try #require(writer.assign(t))
        let running = t.applying(arm: arm)
        writer.record(.stepShown(0), tour: running, endedAt: nil)
        writer.record(.stepShown(0), tour: running, endedAt: nil)          // shown again: once a session
        writer.record(.targetMissing(1, cause: .elsewhere), tour: running, endedAt: nil)
        writer.record(.targetMissing(1, cause: .elsewhere), tour: running, endedAt: nil)
        writer.record(.advanced(0, by: "next"), tour: running, endedAt: nil)
        writer.record(.finished, tour: running, endedAt: 1)
        writer.record(.dismissed, tour: running, endedAt: 1)               // a finished tour is not also dismissed
        writer.app("cardAdded")
        #expect(lines.map { $0["event"] as? String } == ["assigned", "shown", "targetMissing", "advanced", "finished", "app"], "\(lines)")
        #expect(lines.allSatisfy { $0["user"] as? String == "alice" && $0["session"] as? String == "s1" && $0["time"] as? String == "2026-12-01T00:00:00.250Z" })
        #expect(lines.dropLast().allSatisfy { $0["variant"] as? String == "friendly" && $0["tour"] as? String == "onboarding" })
        #expect(lines[1]["step"] as? Int == 1 && lines[4]["step"] as? Int == 2 && lines[5]["name"] as? String == "cardAdded")
        #expect(Set(lines.dropLast().compactMap { $0["tourVersion"] as? String }).count == 1, "one version of the tour, whatever the arm")
        // A second session of the same user: assigned was written before, and is not again.
        var second: [String] = []
        let later = EventLogWriter(context: .init(user: "alice", session: "s2", language: "en", screen: "390x844")) { second.append($0) }
        later.alreadyAssigned = { $0 == "onboarding" }
        #expect(later.assign(t) == "friendly" && second.isEmpty)
    }
}
