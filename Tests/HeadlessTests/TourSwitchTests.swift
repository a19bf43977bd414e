import Demo
import Foundation
import Headless
import Raster
import Testing
import Tours
import Views

/// The switch an app's own end-to-end tests turn (`LIMELIGHT_TOURS`, `AppDefinition.tours`), from
/// the Swift API as a host that shows its own tours uses it: its show decision, and an engine that
/// dismisses each step as it shows.
@Suite(.serialized) @MainActor struct TourSwitchTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fab = repository.appendingPathComponent("assets/tours/fab.json").path

    func definition(_ tours: TourSwitch) -> AppDefinition {
        var d = DemoApp.definition(imagesFolder: nil, toursFolder: nil)
        d.tours = tours
        return d
    }

    @Test func theVariableSetsTheSwitch() throws {
        #expect(try TourSwitch.from(environment: [:]).get() == nil)
        #expect(try TourSwitch.from(environment: ["LIMELIGHT_TOURS": ""]).get() == nil)
        #expect(try TourSwitch.from(environment: ["LIMELIGHT_TOURS": "off"]).get() == .off)
        #expect(try TourSwitch.from(environment: ["LIMELIGHT_TOURS": "Dismiss"]).get() == .dismiss)
        guard case .failure(let error) = TourSwitch.from(environment: ["LIMELIGHT_TOURS": "maybe"]) else { Issue.record("accepted"); return }
        #expect(error.message == "LIMELIGHT_TOURS=\"maybe\": expected on, off or dismiss")
        #expect(AppDefinition(id: "x", make: { _ in throw HeadlessError("unused") }).tours == .on, "on unless said")
    }

    @Test func switchedOffNoTourShowsByItself() throws {
        let session = try AppSession(definition(.off), textEngine: FixedMetricTextEngine())
        let tour = try session.load(tourFile: Self.fab).tour
        let decision = session.definition.showDecision(for: tour, progress: TourProgress(), now: Date())
        #expect(!decision.shows && decision.reason.hasPrefix("tours are switched off"), "\(decision)")
        // On, the same tour shows the first time.
        #expect(definition(.on).showDecision(for: tour, progress: TourProgress(), now: Date()).shows)
    }

    @Test func dismissedEachTourShowsAndIsDismissedAtOnce() throws {
        let session = try AppSession(definition(.dismiss), textEngine: FixedMetricTextEngine())
        let tour = try session.load(tourFile: Self.fab).tour
        var progress = TourProgress()
        let decision = session.definition.showDecision(for: tour, progress: progress, now: Date())
        #expect(decision.shows, "a tour dismissed as it shows shows first")
        // The host runs it as it runs any tour, and records what the engine says.
        let engine = TourEngine(tour: tour, host: session.app)
        engine.dismissesAsItShows = session.definition.tours == .dismiss
        var events: [TourEvent] = []
        engine.onEvent = { event in
            events.append(event)
            switch event {
            case .stepShown: progress.recordShown(tour.id, at: Date())
            case .dismissed, .skipped: progress.recordEnd(tour.id, outcome: .skipped, at: Date(), versions: nil)
            default: break
            }
        }
        engine.start(at: 0, animated: false)
        session.settle()
        #expect(events == [.stepShown(0), .stepHidden(0), .dismissed], "\(events)")
        #expect(engine.state == .dismissed && engine.endedAtStep == 0 && engine.spotlight == nil)
        #expect(session.app.overlays.top == nil, "nothing is left over the app")
        #expect(progress.outcome(ofTour: tour.id) == .skipped && progress.tours[tour.id]?.timesShown == 1)
        // Recorded so, it does not show again by its rule (once).
        #expect(!definition(.on).showDecision(for: tour, progress: progress, now: Date()).shows)
    }
}
