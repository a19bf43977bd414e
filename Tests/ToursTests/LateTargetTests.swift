import Testing
import Raster
import Views
import Overlays
import Demo
@testable import Tours

/// Targets that come and go: a step waits for a card not added yet, a vanished target, and what
/// `ifMissing` does when the wait runs out; `check` knows the ids the app can create.
@Suite(.serialized) @MainActor struct LateTargetTests {
    func run(_ json: String) throws -> (AppFixture, TourEngine, EventRecorder) { try startTour(json) }

    @Test func aStepWaitsForACardAddedLater() throws {
        let (f, engine, events) = try run("""
            {"id": "late", "steps": [
              {"target": "fab", "text": "Add one", "advanceOn": "tapTarget"},
              {"target": "card.4", "text": "Your new card"}
            ]}
            """)
        engine.go(to: 1, animated: false)
        f.advance(0.5)
        let spot = try #require(engine.spotlight)
        #expect(engine.currentStep == 1 && spot.isMissingTargets)
        #expect(spot.displayedBubble == nil && spot.displayedHoles.isEmpty, "the dim is up with no bubble and no hole")
        #expect(events.events.suffix(2) == [.stepShown(1), .targetMissing(1, cause: .missing)])
        // The app adds the card on its own (a list that loads), the dim still up.
        (f.root.view(withID: "fab") as? Button)?.action()
        f.advance(0.5)
        #expect(!spot.isMissingTargets && spot.displayedBubble != nil, "the card came: the step shows")
        let card = f.frame(of: "card.4")
        #expect(spot.displayedHoles.first.map { $0.rect.contains(card.center) } == true)
        guard case let .waited(1, seconds)? = events.events.last else { Issue.record("\(events.events)"); return }
        #expect(abs(seconds - 0.5) < 0.05)
    }

    @Test(arguments: [MissingTargetAction.skip, .end, .center])
    func whenTheWaitRunsOut(action: MissingTargetAction) throws {
        let (f, engine, events) = try run("""
            {"id": "gone", "steps": [
              {"target": "nav.title", "text": "One"},
              {"target": "card.9", "text": "Never there", "waitFor": 400, "ifMissing": "\(action.rawValue)"},
              {"target": "fab", "text": "Three"}
            ]}
            """)
        engine.next()
        f.advance(0.3)
        #expect(engine.currentStep == 1 && events.events.last == .targetMissing(1, cause: .missing))
        f.advance(0.2)
        switch action {
        case .skip:
            #expect(engine.currentStep == 2, "passed over")
        case .end:
            #expect(engine.state == .skipped && engine.endedAtStep == 1)
        case .center:
            let spot = try #require(engine.spotlight)
            let bubble = try #require(spot.displayedBubble)
            #expect(engine.currentStep == 1 && spot.displayedHoles.isEmpty)
            #expect(abs(bubble.box.midX - 195) < 1 && abs(bubble.box.midY - f.root.bounds.inset(by: f.root.safeArea).midY) < 1, "in the middle")
        }
    }

    @Test func aTargetThatGoesAwayWhileItsStepIsUpIsWaitedFor() throws {
        let (f, engine, events) = try run("""
            {"id": "tab", "steps": [{"target": "fab", "text": "The FAB", "waitFor": 1000}, {"target": "nav.title", "text": "Two"}]}
            """)
        f.app.select(.menu)
        f.advance(0.3)
        #expect(events.events.last == .targetMissing(0, cause: .elsewhere) && engine.spotlight?.displayedBubble == nil)
        f.app.select(.home)
        f.advance(0.3)
        #expect(engine.currentStep == 0 && engine.spotlight?.displayedBubble != nil)
        f.app.select(.menu)
        f.advance(1.2)
        #expect(engine.currentStep == 1, "gone for longer than its wait: passed over")
    }

    @Test func checkKnowsTheIdsTheAppCanCreate() {
        #expect(problemLines(#"{"id": "t", "steps": [{"target": "card.12", "text": "later"}]}"#).isEmpty)
        #expect(problemLines(#"{"id": "t", "steps": [{"target": "card.x", "text": "never"}]}"#)
                == [#"t.json:1: steps[0].target: no view with id "card.x" can exist (known: card.0, card.1, card.2, card.3, fab, grid and 5 more; and as the app runs: card.N)"#])
        #expect(problemLines(#"{"id": "t", "steps": [{"tab": "menu", "target": "card.7", "text": "wrong tab"}]}"#)
                == [#"t.json:1: steps[0].target: the view "card.7" is on the tab "home", not "menu" (add "tab": "home" to this step)"#])
        #expect(problemLines(#"{"id": "t", "steps": [{"target": "fab", "text": "x", "ifMissing": "wait"}]}"#)
                == [#"t.json:1: steps[0].ifMissing: expected one of "skip", "end", "center", found "wait""#])
        for id in ["card.0", "card.12"] { #expect(TargetCatalog.matches(id, pattern: "card.N")) }
        for id in ["card.", "card.01", "card.-1", "cards.1", "card.1x"] { #expect(!TargetCatalog.matches(id, pattern: "card.N"), "\(id)") }
    }
}
