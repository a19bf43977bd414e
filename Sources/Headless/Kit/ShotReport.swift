import Foundation
import Overlays
import Tours

/// What one written frame showed, for `render --json` and `replay`'s shots: the file, the state, and
/// where the spotlight's holes and bubble were.
public struct ShotReport: Encodable, Hashable, Sendable {
    /// The PNG written.
    public var file: String
    /// The script's line that took it (replay), or nil.
    public var line: Int?
    /// The tour step it shows (1-based; `render --all`), or nil.
    public var step: Int?
    /// The app's state at that moment.
    public var state: StateReport
    /// The spotlight on top (the tour's, or one the app shows), nil when none shows.
    public var geometry: StepGeometry?

    /// The report of `file`, written from `session` with `engine`'s tour.
    @MainActor
    public init(file: String, line: Int? = nil, step: Int? = nil, session: HeadlessSession, engine: TourEngine?) {
        self.file = file
        self.line = line
        self.step = step
        let stage = session.stage
        state = StateReport(stage: stage, engine: engine, states: session.declaredStates)
        let spotlight = engine?.spotlight ?? (stage.overlays.top as? SpotlightOverlay)
        geometry = spotlight.map { StepGeometry(spotlight: $0, root: stage.root) }
    }
}

/// `value` as one line of JSON with sorted keys.
public func jsonLine<T: Encodable>(_ value: T) -> String {
    let e = JSONEncoder()
    e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? String(decoding: e.encode(value), as: UTF8.self)) ?? "{}"
}
