import Foundation
import Testing
@testable import Analytics

/// `analyze` reproduces the truth of seeded synthetic logs exactly: every count, rate, quantile,
/// missing-target rate, button, language, screen, conversion, lift and sample-ratio figure.
@Suite struct SyntheticTruthTests {
    static func plan(seed: UInt64, users: Int) -> SyntheticLog.Plan {
        var onboarding = TourFacts(id: "onboarding", steps: 4)
        onboarding.variants = [("control", 1), ("short", 1)]
        onboarding.holdout = 0.1
        onboarding.armSteps = ["short": 2]
        let tips = TourFacts(id: "tips", steps: 2)
        var plan = SyntheticLog.Plan(seed: seed, users: users, tours: [onboarding, tips])
        plan.checklists = [("start", ["tour", "add", "menu"])]
        return plan
    }

    /// The log of `plan` in a file, and its truth.
    static func log(_ plan: SyntheticLog.Plan) throws -> (path: String, truth: AnalysisReport) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-synthetic-\(plan.seed)-\(UUID().uuidString).jsonl").path
        var text = ""
        let truth = SyntheticLog.write(plan) { text += $0 + "\n" }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (path, truth)
    }

    static func analyze(_ path: String, _ plan: SyntheticLog.Plan) throws -> AnalysisReport {
        var options = AnalysisOptions()
        options.goal = plan.goal
        options.within = plan.within
        options.tours = plan.tours
        options.checklists = plan.checklists
        let analysis = EventAnalysis(options: options)
        try analysis.read(path)
        return analysis.report()
    }

    @Test(arguments: 1...20)
    func everyFigureIsTheTruth(seed: Int) throws {
        let plan = Self.plan(seed: UInt64(seed), users: 300 + seed * 37)
        let (path, truth) = try Self.log(plan)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let found = try Self.analyze(path, plan)
        #expect(found.events == truth.events && found.users == truth.users)
        for (f, t) in zip(found.tours, truth.tours) {
            #expect(f.total == t.total, "\(t.tour) all:\n\(f.total)\n\(t.total)")
            #expect(f.arms == t.arms, "\(t.tour) arms")
            #expect(f.buttons == t.buttons, "\(t.tour) buttons: \(f.buttons) \(t.buttons)")
            #expect(f.languages == t.languages && f.screens == t.screens, "\(t.tour) languages, screens")
            #expect(f.experiment == t.experiment, "\(t.tour) experiment: \(String(describing: f.experiment)) \(String(describing: t.experiment))")
        }
        #expect(found.checklists == truth.checklists, "checklists:\n\(found.checklists)\n\(truth.checklists)")
        #expect(found == truth)
        // The logs hold every case the contract names.
        let o = truth.tours[0]
        #expect(o.arms.map(\.arm) == ["control", "short", "holdout"] && o.total.shown > 100 && o.total.dwellMs.allSatisfy { $0 != nil })
        // The arm with two steps of its own: a funnel of two, no one lost past its end.
        #expect(o.arms[1].reached.count == 2 && o.arms[1].dropOff.allSatisfy { $0 >= 0 } && o.total.dropOff.allSatisfy { $0 >= 0 })
        #expect(o.arms[0].reached.count == 4 && o.total.reached.count == 4 && o.total.reached[2] == o.arms[0].reached[2])
        #expect(o.total.finished > 0 && o.total.skipped > 0 && o.total.dismissed > 0 && !o.total.targetMissing.isEmpty)
        #expect((o.arms.last?.converted ?? 0) > 0 && o.experiment?.lifts.count == 2 && o.experiment?.sampleRatio != nil)
        #expect(truth.tours[1].arms.isEmpty && (truth.tours[1].total.converted ?? 0) > 0)
        // Items launched, done by users shown and not, one the checklist does not list; a launch names a tour and is no tour's.
        let c = try #require(truth.checklists.first)
        #expect(c.items.map(\.item) == ["tour", "add", "menu", "extra"] && c.items.allSatisfy { $0.launched > 0 && $0.done > 0 } && c.completed > 0)
    }

    /// --since and --until keep only the events in their range: a log cut in two halves by time
    /// counts, half by half, every event once.
    @Test func aTimeRangeKeepsItsEventsOnly() throws {
        let plan = Self.plan(seed: 5, users: 200)
        let (path, truth) = try Self.log(plan)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let middle = plan.start + plan.spread / 2
        var counts: [Int] = []
        for (since, until) in [(nil, middle), (middle, nil)] as [(Int64?, Int64?)] {
            var options = AnalysisOptions()
            options.since = since
            options.until = until
            let analysis = EventAnalysis(options: options)
            try analysis.read(path)
            counts.append(analysis.events)
        }
        #expect(counts[0] > 0 && counts[1] > 0 && counts[0] + counts[1] == truth.events, "\(counts) of \(truth.events)")
    }
}
