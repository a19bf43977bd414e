import Testing
import Raster
import Views
import Overlays
@testable import Demo
@testable import Tours

/// Tours that wait for the app and branch: `showWhen`, `advanceOn: {"event": …}`, buttons with
/// `goto`, Back along the path taken, and what `check` says about a flow that cannot work.
@Suite(.serialized) @MainActor struct FlowTests {
    func run(_ json: String) throws -> (AppFixture, TourEngine, EventRecorder) { try startTour(json) }

    func tapNext(_ f: AppFixture) {
        f.tap(f.frame(of: "overlay.bubble.next").center)
        f.advance(0.5)
    }

    @Test func aStepWaitsUntilTheAppReachesItsState() throws {
        let (f, engine, events) = try run("""
            {"id": "wait", "steps": [
              {"target": "nav.title", "text": "Open the Menu tab when you like."},
              {"target": "menu.alert", "text": "Here it is.", "showWhen": "tab = menu"}
            ]}
            """)
        tapNext(f)
        #expect(engine.currentStep == 1 && engine.spotlight == nil && f.app.topOverlayKind == nil, "nothing of the tour on screen")
        #expect(events.events.last == .waitingToShow(1))
        f.tap(f.frame(of: "tab.menu").center)
        f.advance(0.5)
        #expect(f.app.state.selectedTab == .menu, "the app worked as usual")
        #expect(engine.spotlight != nil && f.app.topOverlayKind == .spotlight)
        #expect(events.events.suffix(2).first.map { if case .waited(1, _) = $0 { return true } else { return false } } == true)
        #expect(events.events.last == .stepShown(1))
    }

    @Test func aCountCanBeWaitedFor() throws {
        let (f, engine, _) = try run("""
            {"id": "count", "steps": [
              {"target": "nav.title", "text": "Add two cards."},
              {"target": "card.5", "text": "Two more.", "showWhen": ["cards >= 6", "tab = home"]}
            ]}
            """)
        tapNext(f)
        let fab = f.frame(of: "fab").center
        f.tap(fab)
        f.advance(0.5)
        #expect(engine.spotlight == nil, "5 cards are not enough")
        f.tap(fab)
        f.advance(0.5)
        #expect(engine.currentStep == 1 && engine.spotlight?.displayedBubble != nil)
    }

    @Test func aStepMovesOnWhenTheUserDoesIt() throws {
        let (f, engine, _) = try run("""
            {"id": "event", "allowSkip": false, "steps": [
              {"target": "tab.menu", "text": "Open the Menu tab yourself.", "advanceOn": {"event": "tab = menu"}},
              {"target": "menu.alert", "text": "Well done."}
            ]}
            """)
        #expect(f.frame(of: "overlay.bubble.next") == .zero, "no Next button")
        f.tap(Point(100, 400))
        f.advance(0.3)
        #expect(engine.currentStep == 0 && f.app.state.selectedTab == .home, "a tap outside does nothing")
        f.tap(f.frame(of: "tab.menu").center)
        f.advance(0.5)
        #expect(f.app.state.selectedTab == .menu, "the tap went through the hole")
        #expect(engine.currentStep == 1)
    }

    @Test func buttonsBranchAndBackFollowsThePathTaken() throws {
        let (f, engine, _) = try run("""
            {"id": "branch", "steps": [
              {"id": "start", "target": "nav.title", "text": "Where to?",
               "buttons": [{"title": "Cards", "goto": "cards"}, {"title": {"en": "Tabs", "ja": "タブ"}, "goto": "next"}, {"title": "Done", "goto": "end"}]},
              {"id": "tabs", "target": "tab.home", "text": "The tabs."},
              {"id": "cards", "target": "card.0", "text": "The cards."}
            ]}
            """)
        #expect(f.frame(of: "overlay.bubble.next") == .zero && f.frame(of: "overlay.bubble.button.2") != .zero)
        f.tap(f.frame(of: "overlay.bubble.button.0").center)
        f.advance(0.5)
        #expect(engine.currentStep == 2 && engine.history == [0])
        f.root.send(.key(.left))
        f.advance(0.5)
        #expect(engine.currentStep == 0, "Back goes to where the tour came from, not to the step before")
        f.tap(f.frame(of: "overlay.bubble.button.1").center)
        f.advance(0.5)
        #expect(engine.currentStep == 1)
        f.root.send(.key(.left))
        f.advance(0.5)
        f.tap(f.frame(of: "overlay.bubble.button.2").center)
        f.advance(0.5)
        #expect(engine.state == .finished)
    }

    @Test func checkRejectsAFlowThatCannotWork() {
        let lines = problemLines("""
            {"id": "t", "steps": [
              {"id": "a", "target": "fab", "text": "x", "buttons": [{"title": "Go", "goto": "nowhere"}]},
              {"id": "a", "target": "fab", "text": "y"},
              {"id": "c", "target": "fab", "text": "z", "advanceOn": {"event": "tab = menu", "goto": "d"}},
              {"id": "d", "target": "fab", "text": "w", "advanceOn": {"event": "tab = menu", "goto": "c"}}
            ]}
            """)
        #expect(lines.contains(#"t.json:2: steps[0].buttons[0].goto: no step has the id "nowhere" (known: a, c, d, or "next", "end")"#), "\(lines)")
        #expect(lines.contains(#"t.json:3: steps[1].id: another step has the id "a" (steps[0])"#), "\(lines)")
        #expect(lines.contains("t.json:3: steps[1]: no path through the tour reaches this step (no step goes on to it, and no button leads here)"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("t.json:4: steps[2]: the steps from here go round in a loop that moves on by itself") }, "\(lines)")
    }

    @Test(arguments: [
        ("\"tab = settings\"", "no tab named \"settings\" (known: home, menu)"),
        ("\"overlay = sheet\"", "no overlay kind \"sheet\" (known: alert, popup, loading, none)"),
        ("\"view = card.x\"", "no view with id \"card.x\" can exist"),
        ("\"likes >= 3\"", "expected a condition on tab, overlay, view, cards, found \"likes >= 3\""),
        ("\"cards >= many\"", "cards is compared with a number, found \"many\""),
        ("\"tab > menu\"", "a tab is compared with = or !=, found \"tab > menu\""),
        ("\"menu\"", "expected a condition such as \"tab = NAME\", \"overlay = alert\", \"view = ID\" or \"STATE >= 5\", found \"menu\""),
    ])
    func badConditionsAreOneLineEach(condition: String, message: String) {
        #expect(problemLines(#"{"id": "t", "steps": [{"target": "fab", "text": "x", "showWhen": \#(condition)}]}"#)
                == ["t.json:1: steps[0].showWhen: \(message)"])
    }
}
