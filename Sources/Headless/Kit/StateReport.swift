import Foundation
import Overlays
import Tours
import Views

/// The app's state as `limelight replay` prints it and scripts' `expect` lines check it: one JSON
/// object with the app's tab (null without tabs), every state it declares (its value, or null), the
/// top overlay's kind, the focused view, and the tour: its id, the step on screen or the one it
/// ended at, and how it stands.
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
    /// The app's tab or screen; nil without names (a screenshot).
    public var tab: String?
    /// The app's declared states in order, with their values now (nil when it has none).
    public var states: [(name: String, value: StateValue?)]
    /// The kind of the overlay taking input, if any.
    public var overlay: String?
    /// The tour, once started.
    public var tour: TourState?
    /// The id of the view holding the keyboard focus (its nearest ancestor's with an id), if any.
    public var focus: String?

    /// The state of `stage` (its `states` as declared) and the tour run by `engine`.
    @MainActor
    public init(stage: any TourHost, engine: TourEngine?, states declared: [StateDeclaration] = []) {
        tab = stage.selectedTabName
        states = declared.map { ($0.name, stage.state(named: $0.name)) }
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

    /// A key of the report: a fixed one or a state's name.
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Every key, null (not missing) when there is no value; a state as a JSON number, boolean or
    /// string.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(tab, forKey: Key("tab"))
        for (name, value) in states {
            switch value {
            case .number(let n)?: try c.encode(n, forKey: Key(name))
            case .flag(let b)?: try c.encode(b, forKey: Key(name))
            case .text(let t)?: try c.encode(t, forKey: Key(name))
            case nil: try c.encodeNil(forKey: Key(name))
            }
        }
        try c.encode(overlay, forKey: Key("overlay"))
        try c.encode(tour, forKey: Key("tour"))
        try c.encode(focus, forKey: Key("focus"))
    }

    /// Reports are equal when every part is.
    public static func == (a: StateReport, b: StateReport) -> Bool {
        a.tab == b.tab && a.states.map(\.name) == b.states.map(\.name) && a.states.map(\.value) == b.states.map(\.value)
            && a.overlay == b.overlay && a.tour == b.tour && a.focus == b.focus
    }

    /// Hashes every part.
    public func hash(into h: inout Hasher) {
        h.combine(tab); h.combine(overlay); h.combine(tour); h.combine(focus)
        for (name, value) in states { h.combine(name); h.combine(value) }
    }

    /// One line of JSON with sorted keys.
    public var json: String { jsonLine(self) }

    /// The values an `expect` line checks, by key (nil for none): `step` is the step on screen.
    public var expectationValues: [String: String?] {
        let running = tour?.state == "running"
        var values: [String: String?] = ["tab": tab, "overlay": overlay,
                                         "step": running ? tour.map { String($0.step) } : nil, "tour": tour?.state, "focus": focus]
        for (name, value) in states { values[name] = value?.description }
        return values
    }
}
