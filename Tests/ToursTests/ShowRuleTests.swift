import Foundation
import Testing
import Demo
@testable import Tours

/// When a tour shows: each `show` rule across launches, a tour after another, versioned steps,
/// saved progress from before these were kept, and what `check` says of bad rules.
@Suite @MainActor struct ShowRuleTests {
    let now = Date(timeIntervalSince1970: 1_000_000)

    func decide(_ t: Tour, _ progress: TourProgress, at date: Date? = nil) -> ShowDecision {
        ShowDecision.decide(t, progress: progress, now: date ?? now)
    }

    @Test func onceIsTheDefaultAndAlwaysHasNoLimit() throws {
        let once = try tour(#"{"id": "a", "steps": [{"target": "fab", "text": "x"}]}"#)
        var p = TourProgress()
        #expect(decide(once, p).shows && decide(once, p).reason == "first time")
        p.recordShown("a", at: now)
        p.recordEnd("a", outcome: .finished, at: now, versions: once.steps.map(\.contentVersion))
        #expect(!decide(once, p).shows && decide(once, p).reason == "was finished before" && decide(once, p).isUsedUp)
        let always = try tour(#"{"id": "a", "show": "always", "steps": [{"target": "fab", "text": "x"}]}"#)
        #expect(decide(always, p).shows)
    }

    @Test func afterLaunchesEventsAndAnotherTour() throws {
        let t = try tour(#"{"id": "b", "after": "a", "show": {"afterLaunches": 2, "afterEvent": "cardAdded", "count": 3}, "steps": [{"target": "fab", "text": "x"}]}"#)
        var p = TourProgress()
        #expect(decide(t, p).reason == #"waits for the tour "a" to be finished"#)
        p.recordEnd("a", outcome: .finished, at: now, versions: nil)
        p.recordLaunch()
        #expect(decide(t, p).reason == "after 2 launches (1 so far)")
        p.recordLaunch()
        #expect(decide(t, p).reason == "after 3 × cardAdded (0 so far)")
        for _ in 0..<3 { p.recordEvent("cardAdded") }
        #expect(decide(t, p).shows)
    }

    @Test func maxTimesAndNotWithin() throws {
        let t = try tour(#"{"id": "c", "show": {"maxTimes": 2, "notWithin": "7d"}, "steps": [{"target": "fab", "text": "x"}]}"#)
        var p = TourProgress()
        p.recordShown("c", at: now)
        #expect(!decide(t, p, at: now.addingTimeInterval(3 * 86400)).shows)
        #expect(decide(t, p, at: now.addingTimeInterval(3 * 86400)).reason == "shown 3 d ago, not again within 7 d")
        #expect(decide(t, p, at: now.addingTimeInterval(8 * 86400)).shows)
        p.recordShown("c", at: now.addingTimeInterval(8 * 86400))
        #expect(decide(t, p, at: now.addingTimeInterval(30 * 86400)).reason == "was shown 2 of at most 2 times")
    }

    @Test func someoneWhoFinishedSeesOnlyTheStepsThatChanged() throws {
        let v1 = try tour(#"{"id": "d", "steps": [{"target": "fab", "text": "one"}, {"target": "nav.title", "text": "two"}, {"target": "fab", "text": "three", "version": 1}]}"#)
        var p = TourProgress()
        p.recordShown("d", at: now)
        p.recordEnd("d", outcome: .finished, at: now, versions: v1.steps.map(\.contentVersion))
        let v2 = try tour(#"{"id": "d", "steps": [{"target": "fab", "text": "one"}, {"target": "nav.title", "text": "two, better"}, {"target": "fab", "text": "three, reworded", "version": 1}]}"#)
        let d = decide(v2, p)
        #expect(d.shows && d.steps == [1], "the edited step 2; step 3 kept its explicit version")
        #expect(d.reason == "step 2 changed since it was finished")
        #expect(v2.keepingSteps(d.steps).steps.map(\.text) == ["two, better"])
        let skippedBefore = { var q = p; q.recordEnd("d", outcome: .skipped, at: now, versions: nil); return q }()
        #expect(!decide(v2, skippedBefore).shows, "a tour left early does not come back for its changes")
    }

    @Test func progressSavedBeforeRulesLoadsAsOneShowing() throws {
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try #"{"version": 1, "tours": {"fab": {"outcome": "finished", "date": "2026-01-01T00:00:00Z"}}}"#.write(toFile: folder + "/state.json", atomically: true, encoding: .utf8)
        let store = TourProgressStore(directory: folder)
        let (p, warning) = store.load()
        #expect(warning == nil && p.launches == 0 && p.tours["fab"]?.timesShown == nil)
        let fab = try tour(#"{"id": "fab", "steps": [{"target": "fab", "text": "x"}]}"#)
        #expect(!decide(fab, p).shows && decide(fab, p).reason == "was finished before")
        try store.update { $0.recordLaunch(); $0.recordEvent("cardAdded") }
        #expect(store.load().progress.launches == 1 && store.load().progress.count(of: "cardAdded") == 1)
    }

    @Test func badRulesAreOneLineEach() {
        #expect(problemLines(#"{"id": "t", "show": "sometimes", "steps": [{"target": "fab", "text": "x"}]}"#)
                == [#"t.json:1: show: expected "once", "always" or an object such as {"afterLaunches": 3}, found "sometimes""#])
        #expect(problemLines(#"{"id": "t", "show": {"afterEvent": "liked", "notWithin": "soon", "maxTimes": 1.5}, "steps": [{"target": "fab", "text": "x"}]}"#) == [
            "t.json:1: show.maxTimes: expected a whole number from 1 to 100000, found 1.5",
            #"t.json:1: show.notWithin: expected a duration such as "7d", "12h", "30m" or "45s", found "soon""#,
            #"t.json:1: show.afterEvent: expected one of the app's events (launch, cardAdded, overlayOpened), found "liked""#,
        ])
    }
}
