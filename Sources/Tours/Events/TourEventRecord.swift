import Foundation

/// A tour event as one JSON object, for `--events FILE` and `replay`'s output: `"event"`
/// (`shown`, `hidden`, `advanced` with `"by"`, `skipped`, `finished`, `dismissed`, `targetMissing` with `"cause"`,
/// `waiting`, `waited` with `"waitedMs"`), `"tour"`, `"step"` (counting from 1; for `skipped` and
/// `dismissed` the step it ended at) and `"ms"`, the clock's time in milliseconds.
public struct TourEventRecord: Encodable, Hashable, Sendable {
    /// What happened.
    public var event: String
    /// The tour's id.
    public var tour: String
    /// The step it happened to, counting from 1.
    public var step: Int?
    /// When, in milliseconds of the clock.
    public var ms: Double
    /// For `advanced`: what moved the step on.
    public var by: String?
    /// For `waited`: how long the step waited.
    public var waitedMs: Double?
    /// For `targetMissing`: why (`missing`, `ambiguous`, `elsewhere`, `zeroSize`, `offScreen`, `occluded`).
    public var cause: String?

    /// The record of `event` in tour `tour` at `time` (seconds); `endedAt` is the step a tour that
    /// ended was on (0-based).
    public init(_ event: TourEvent, tour: String, endedAt: Int?, time: Double) {
        self.tour = tour
        ms = (time * 1000).rounded()
        switch event {
        case .stepShown(let i): self.event = "shown"; step = i + 1
        case .stepHidden(let i): self.event = "hidden"; step = i + 1
        case let .advanced(i, cause): self.event = "advanced"; step = i + 1; by = cause
        case .finished: self.event = "finished"; step = endedAt.map { $0 + 1 }
        case .skipped: self.event = "skipped"; step = endedAt.map { $0 + 1 }
        case .dismissed: self.event = "dismissed"; step = endedAt.map { $0 + 1 }
        case let .targetMissing(i, why): self.event = "targetMissing"; step = i + 1; cause = why.rawValue
        case .waitingToShow(let i): self.event = "waiting"; step = i + 1
        case let .waited(i, seconds): self.event = "waited"; step = i + 1; waitedMs = (seconds * 1000).rounded()
        }
    }

    /// The record as one line of JSON with sorted keys.
    public var jsonLine: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
