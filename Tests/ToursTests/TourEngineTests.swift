import Testing
import TestSupport
import Raster
import Views
import Overlays
@testable import Demo
@testable import Tours

/// The step engine on the sample app: moving between steps, tabs, scrolling, taps and keys, events.
@Suite(.serialized) @MainActor struct TourEngineTests {
    static let fourSteps = """
    {"id": "four", "showProgress": true, "steps": [
      {"target": "nav.title", "title": "One", "text": "first"},
      {"target": "card.0", "text": "second", "advanceOn": "tapAnywhere"},
      {"target": "fab", "shape": "circle", "text": "third", "advanceOn": "tapTarget"},
      {"tab": "menu", "target": "menu.alert", "text": "fourth"}
    ]}
    """

    func run(_ json: String = TourEngineTests.fourSteps, size: Size = Size(390, 844)) throws -> (AppFixture, TourEngine, Recorder) {
        let f = try AppFixture(size: size)
        let engine = TourEngine(tour: try tour(json), host: f.app)
        let recorder = Recorder()
        engine.onEvent = { recorder.events.append($0) }
        return (f, engine, recorder)
    }

    final class Recorder { var events: [TourEvent] = [] }

    @Test func startShowsTheFirstStep() throws {
        let (f, engine, events) = try run()
        engine.start(animated: false)
        #expect(engine.currentStep == 0)
        #expect(f.app.overlays.top === engine.spotlight)
        #expect(engine.spotlight?.holes.map(\.target) == [.view("nav.title")])
        #expect(engine.spotlight?.coachMark?.title == "One")
        #expect(engine.spotlight?.tapPolicy == .buttonsOnly)
        #expect(events.events == [.stepShown(0)])
        // The next frame draws the hole around the title (rounded rect, 8 points of padding).
        f.root.frame(into: nil)
        let hole = try #require(engine.spotlight?.displayedHoles.first)
        #expect(hole.rect == f.frame(of: "nav.title").outsetBy(8))
    }

    @Test func nextAndPreviousMorphBetweenSteps() throws {
        let (f, engine, events) = try run()
        engine.start(animated: false)
        f.root.frame(into: nil)
        engine.next()
        #expect(engine.currentStep == 1)
        #expect(engine.spotlight?.isAnimating == true, "the hole morphs")
        f.advance(0.15)
        let mid = try #require(engine.spotlight?.displayedHoles.first).rect
        #expect(mid != f.frame(of: "card.0").outsetBy(8) && mid != f.frame(of: "nav.title").outsetBy(8))
        f.advance(0.3)
        #expect(engine.spotlight?.displayedHoles.first?.rect == f.frame(of: "card.0").outsetBy(8))
        engine.previous()
        #expect(engine.currentStep == 0)
        engine.previous()
        #expect(engine.currentStep == 0, "nothing before the first step")
        #expect(events.events == [.stepShown(0), .advanced(0, by: "next"), .stepHidden(0), .stepShown(1), .stepHidden(1), .stepShown(0)])
    }

    @Test func keysMoveOnAndBack() throws {
        let (f, engine, _) = try run()
        engine.start(animated: false)
        f.root.send(.key(.enter))
        #expect(engine.currentStep == 1)
        f.root.send(.key(.left))
        #expect(engine.currentStep == 0)
        f.root.send(.key(.right))
        #expect(engine.currentStep == 1)
    }

    @Test func finishingAfterTheLastStep() throws {
        let (f, engine, events) = try run()
        engine.start(at: 3, animated: false)
        engine.next()
        #expect(engine.state == .finished)
        #expect(events.events == [.stepShown(3), .advanced(3, by: "next"), .stepHidden(3), .finished])
        f.advance(0.5)
        #expect(f.app.topOverlayKind == nil, "the spotlight faded out")
    }

    @Test func skippingWithEscapeOnlyWhenAllowed() throws {
        let (f, engine, events) = try run()
        engine.start(animated: false)
        #expect(engine.spotlight?.coachMark?.showsSkipButton == true)
        f.root.send(.key(.escape))
        #expect(engine.state == .skipped)
        #expect(events.events == [.stepShown(0), .stepHidden(0), .skipped])

        let (g, strict, _) = try run("{\"id\": \"s\", \"allowSkip\": false, \"steps\": [{\"target\": \"fab\", \"text\": \"x\"}]}")
        strict.start(animated: false)
        #expect(strict.spotlight?.coachMark?.showsSkipButton == false)
        g.root.send(.key(.escape))
        #expect(strict.currentStep == 0, "no skipping")
    }

    @Test func aStepOnAnotherTabSwitchesTabsFirst() throws {
        let (f, engine, _) = try run()
        engine.start(at: 2, animated: false)
        #expect(f.app.state.selectedTab == .home)
        engine.next()
        #expect(f.app.state.selectedTab == .menu)
        f.advance(0.5)
        #expect(engine.spotlight?.displayedHoles.first?.rect == f.frame(of: "menu.alert").outsetBy(8))
        engine.previous()
        #expect(f.app.state.selectedTab == .home, "earlier steps run on the first tab")
        #expect(engine.tab(forStep: 0) == "home" && engine.tab(forStep: 3) == "menu")
    }

    @Test func aTargetOutOfViewIsScrolledIntoViewFirst() throws {
        let (f, engine, _) = try run("{\"id\": \"s\", \"steps\": [{\"target\": \"card.3\", \"text\": \"x\"}]}", size: Size(390, 500))
        let scroll = try #require(f.root.view(withID: "home.scroll") as? ScrollView)
        #expect(f.frame(of: "card.3").maxY > scroll.frame.maxY, "starts cut off")
        engine.start(animated: false)
        let card = f.frame(of: "card.3")
        #expect(scroll.contentOffset > 0)
        #expect(card.minY >= scroll.frame.minY && card.maxY <= scroll.frame.maxY, "fully visible")
        #expect(engine.spotlight?.displayedHoles.first?.rect == card.outsetBy(8))
    }

    @Test func aVirtualizedCellFarAwayIsFoundAndScrolledTo() throws {
        let clock = VirtualClock()
        let cards = Array(repeating: CardContent.new, count: 200)
        let app = try DemoApp(size: Size(390, 844), textEngine: FixedMetricTextEngine(), cards: cards, clock: clock)
        app.root.frame(into: nil)
        #expect(app.root.view(withID: "card.150")?.isPlaced == false)
        let loaded = try TourLoader.load(bytes: Array("{\"id\": \"s\", \"steps\": [{\"target\": \"card.150\"}]}".utf8),
                                         file: "t.json", folder: ".", appCatalog: { app.targetCatalog(DemoApp.definition(imagesFolder: nil, toursFolder: nil)) })
        #expect(app.state.selectedTab == .home, "the catalog comes back to the tab it started on")
        let engine = TourEngine(tour: loaded.tour, host: app)
        engine.start(animated: false)
        let card = try #require(app.root.view(withID: "card.150"))
        let scroll = try #require(app.root.view(withID: "home.scroll"))
        #expect(card.isPlaced && card.frame.minY >= scroll.frame.minY && card.frame.maxY <= scroll.frame.maxY)
    }

    @Test func scrollIntoViewCanBeTurnedOff() throws {
        let (f, engine, _) = try run("{\"id\": \"s\", \"steps\": [{\"target\": \"card.3\", \"scrollIntoView\": false}]}", size: Size(390, 500))
        engine.start(animated: false)
        #expect((f.root.view(withID: "home.scroll") as? ScrollView)?.contentOffset == 0)
    }

    @Test func tapTargetOutsideTheHoleSkipsOnlyWhenSkippingIsAllowed() throws {
        let json = #"{"id": "t", "allowSkip": %@, "steps": [{"target": "fab", "shape": "circle", "text": "x", "advanceOn": "tapTarget"}, {"target": "nav.title", "text": "y"}]}"#
        let (f, strict, _) = try run(json.replacingOccurrences(of: "%@", with: "false"))
        strict.start(animated: false)
        #expect(strict.spotlight?.tapPolicy == .targetOnly)
        f.tap(Point(60, 300))
        #expect(strict.currentStep == 0, "no skipping: a tap beside the target does nothing")
        let (g, loose, events) = try run(json.replacingOccurrences(of: "%@", with: "true"))
        loose.start(animated: false)
        g.tap(Point(60, 300))
        #expect(events.events.contains(.skipped), "skippable: a tap beside the target skips, as the FAB tip is dismissed")
        #expect(g.app.state.cards.count == 4)
    }

    @Test func tapPoliciesFollowAdvanceOn() throws {
        let (f, engine, _) = try run()
        engine.start(animated: false)
        f.tap(Point(200, 600))
        #expect(engine.currentStep == 0, "nextButton: a tap on the dim does nothing")
        engine.next()
        f.advance(0.5)
        #expect(engine.spotlight?.tapPolicy == .anywhereAdvances)
        f.tap(Point(200, 600))
        #expect(engine.currentStep == 2, "tapAnywhere")
        f.advance(0.5)
        #expect(engine.spotlight?.tapPolicy == .standard, "tapTarget in a skippable tour")
        f.tap(f.frame(of: "fab").center)
        #expect(engine.currentStep == 3, "tapTarget: the target advances")
        #expect(f.app.state.cards.count == 5, "and the tap reached the FAB")
    }

    @Test func anInteractiveStepLetsTheTargetBeUsedUntilNext() throws {
        let json = #"{"id": "t", "steps": [{"target": "fab", "shape": "circle", "text": "try it", %@}, {"target": "nav.title", "text": "y"}]}"#
        let (f, engine, _) = try run(json.replacingOccurrences(of: "%@", with: #""interactive": true"#))
        engine.start(animated: false)
        #expect(engine.spotlight?.tapPolicy == .targetsReachable)
        f.tap(f.frame(of: "fab").center)
        f.tap(f.frame(of: "fab").center)
        #expect(f.app.state.cards.count == 6, "both taps reached the FAB")
        #expect(engine.currentStep == 0, "and the step waits for Next")
        let (g, closed, _) = try run(json.replacingOccurrences(of: "%@", with: #""interactive": false"#))
        closed.start(animated: false)
        #expect(closed.spotlight?.tapPolicy == .buttonsOnly)
        g.tap(g.frame(of: "fab").center)
        #expect(g.app.state.cards.count == 4, "without it the hole shows the FAB and nothing more")
        #expect(problemLines(#"{"id": "t", "steps": [{"target": "fab", "text": "x", "advanceOn": "tapAnywhere",\#n "interactive": true}]}"#)
                == [#"t.json:2: steps[0].interactive: "interactive" works with "advanceOn": "nextButton" (a tap on the target already reaches it with "tapTarget" and events; with "tapAnywhere" a tap moves on)"#])
    }

    @Test func progressLabelsButtonsAndBubbles() throws {
        let (_, engine, _) = try run()
        #expect(engine.coachMark(for: 1)?.progress?.label == "2 / 4")
        #expect(engine.coachMark(for: 0)?.showsNextButton == true)
        #expect(engine.coachMark(for: 0)?.nextTitle == "Next")
        #expect(engine.coachMark(for: 1)?.showsNextButton == false)
        #expect(engine.coachMark(for: 3)?.nextTitle == "Done")
        #expect(engine.coachMark(for: 3)?.showsSkipButton == false, "no Skip on the last step")
        let quiet = TourEngine(tour: try tour("{\"id\": \"q\", \"steps\": [{\"target\": \"fab\", \"text\": \"a\"}, {\"target\": \"grid\"}]}"),
                               host: try AppFixture().app)
        #expect(quiet.coachMark(for: 0)?.progress == nil, "showProgress is off")
        #expect(quiet.coachMark(for: 1) == nil, "no text, no bubble")
        #expect(StepProgress(current: 2, total: 4).label == "2 / 4")
    }

    @Test func holesFollowTheStep() throws {
        let (_, engine, _) = try run("""
        {"id": "h", "steps": [
          {"targets": ["card.0", "card.1"], "shape": "roundedRect", "cornerRadius": 5, "padding": 2, "feather": 3},
          {"rect": [10, 20, 30, 40], "shape": {"svgPath": "M 0 0 L 50 0 L 0 50 Z", "fillRule": "evenOdd"}}
        ]}
        """)
        let two = engine.holes(for: 0)
        #expect(two.map(\.target) == [.view("card.0"), .view("card.1")])
        #expect(two.allSatisfy { $0.shape == .roundedRect(cornerRadius: 5) && $0.padding == 2 && $0.feather == 3 })
        let path = engine.holes(for: 1)
        #expect(path.count == 1 && path[0].target == .rect(Rect(x: 10, y: 20, width: 30, height: 40)))
        if case .path(_, let rule) = path[0].shape { #expect(rule == .evenOdd) } else { Issue.record("not a path") }
    }

    @Test func dimComesFromTheTour() throws {
        let (_, engine, _) = try run("{\"id\": \"d\", \"dim\": {\"color\": \"#112233\", \"opacity\": 0.7}, \"steps\": [{\"target\": \"fab\"}]}")
        engine.start(animated: false)
        #expect(engine.spotlight?.dimColor == Color(red: 0x11, green: 0x22, blue: 0x33))
        #expect(engine.spotlight?.dimOpacity == 0.7)
    }

    @Test func aSpotlightRemovedFromOutsideEndsTheTourAsDismissedAtItsStep() throws {
        let (f, engine, events) = try run()
        engine.start(animated: false)
        engine.next()
        f.app.overlays.dismissAll(animated: false)
        #expect(engine.state == .dismissed && engine.endedAtStep == 1)
        #expect(events.events == [.stepShown(0), .advanced(0, by: "next"), .stepHidden(0), .stepShown(1), .stepHidden(1), .dismissed])
    }

    @Test func eventsDescribeThemselves() throws {
        let (_, engine, _) = try run()
        #expect(engine.describe(.stepShown(1)) == "tour \"four\": step 2 of 4 shown")
        #expect(engine.describe(.skipped) == "tour \"four\": skipped")
    }
}

/// Texts per language: the host's language picks them, English is the default.
@Suite @MainActor struct LocalizedTourTests {
    static let json = """
    {"id": "l", "steps": [{"target": "fab", "title": {"en": "Add", "ja": "追加"},
      "text": {"en": "Tap to add.", "ja": "タップして追加。"}}, {"target": "nav.title", "text": "Only English."}]}
    """

    @Test func theHostLanguagePicksTheText() throws {
        let t = try tour(Self.json)
        #expect(t.steps[0].title == "Add" && t.steps[0].text == "Tap to add.")
        #expect(t.steps[0].text(in: "ja") == "タップして追加。")
        #expect(t.steps[1].text(in: "ja") == "Only English.", "a plain string serves every language")
        let f = try AppFixture()
        f.app.setLanguage(.ja)
        f.app.root.strings = ShippedStrings.strings
        let engine = TourEngine(tour: t, host: f.app)
        let mark = try #require(engine.coachMark(for: 0))
        #expect(mark.title == "追加" && mark.text == "タップして追加。")
        #expect(mark.nextTitle == "次へ" && mark.skipTitle == "スキップ")
        #expect(engine.coachMark(for: 1)?.nextTitle == "完了")
    }

    @Test func badLanguageTablesAreReported() throws {
        let r = problemLines("""
        {"id": "l", "steps": [{"target": "fab", "text": {"English": "x", "ja": 3}}, {"target": "fab", "text": {}}]}
        """)
        #expect(r.contains { $0.contains("steps[0].text.English: expected a language tag such as en, ja, zh-Hans or pt-BR") })
        #expect(r.contains { $0.contains("steps[0].text.ja: expected a string, found a number") })
        #expect(r.contains { $0.contains("steps[1].text: expected a string, or an object of strings by language code") })
    }
}
