import Demo
import Foundation
import Overlays
import Tours
import Views

/// The app's state as `limelight replay` prints it and scripts' `expect` lines check it: one JSON
/// object with the sample app's tab and card count (null over a screenshot), the top overlay's
/// kind, and the tour: its id, the step on screen or the one it ended at, and how it stands.
public struct StateReport: Encodable, Hashable, Sendable {
    /// A tour's place.
    public struct TourState: Encodable, Hashable, Sendable {
        /// The tour's id.
        public var id: String
        /// The step on screen (1-based), or the one it ended at.
        public var step: Int
        /// How many steps it has.
        public var of: Int
        /// `running`, `finished`, `skipped` or `dismissed`.
        public var state: String
    }
    /// The sample app's tab; nil over a screenshot.
    public var tab: String?
    /// The sample app's card count; nil over a screenshot.
    public var cards: Int?
    /// The kind of the overlay taking input, if any.
    public var overlay: String?
    /// The tour, once started.
    public var tour: TourState?
    /// The id of the view holding the keyboard focus (its nearest ancestor's with an id), if any.
    public var focus: String?

    /// The state of `stage` and the tour run by `engine`.
    @MainActor
    public init(stage: any TourHost, engine: TourEngine?) {
        let app = stage as? DemoApp
        tab = app?.state.selectedTab.rawValue
        cards = app?.state.cards.count
        overlay = stage.overlays.topKind?.rawValue
        let root = stage.root
        var focused = root.focusedView.flatMap { $0.root === root ? $0 : nil }
        while let v = focused, v.id == nil { focused = v.parent }
        focus = focused?.id
        if let engine {
            switch engine.state {
            case .idle: tour = nil
            case .running(let i): tour = TourState(id: engine.tour.id, step: i + 1, of: engine.tour.steps.count, state: "running")
            case .finished, .skipped, .dismissed:
                let name = engine.state == .finished ? "finished" : engine.state == .skipped ? "skipped" : "dismissed"
                tour = TourState(id: engine.tour.id, step: (engine.endedAtStep ?? 0) + 1, of: engine.tour.steps.count, state: name)
            }
        }
    }

    enum CodingKeys: String, CodingKey { case tab, cards, overlay, tour, focus }

    /// Every key, null (not missing) when there is no value.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(tab, forKey: .tab)
        try c.encode(cards, forKey: .cards)
        try c.encode(overlay, forKey: .overlay)
        try c.encode(tour, forKey: .tour)
        try c.encode(focus, forKey: .focus)
    }

    /// One line of JSON with sorted keys.
    public var json: String { jsonLine(self) }

    /// The values an `expect` line checks, by key (nil for none): `step` is the step on screen.
    public var expectationValues: [String: String?] {
        let running = tour?.state == "running"
        return ["tab": tab, "cards": cards.map(String.init), "overlay": overlay,
                "step": running ? tour.map { String($0.step) } : nil, "tour": tour?.state, "focus": focus]
    }
}
