import Foundation
import Schema

/// The events log's lines as every host writes them (the window's `--events`, an embedded
/// session's `onEventLine`, liblimelight's callback): the contract's fields (README, "The events
/// log"; `schemas/events.schema.json`) for one user's session, and its rules kept:
///
/// - `assigned` comes once per user and experiment, before anything else of the tour, with the arm
///   (`holdout` included); a host that kept the user's arm from an earlier session says so
///   (`alreadyAssigned`) and it is not written again;
/// - a step's `shown` is written once per session, however often the step comes back;
/// - a tour ends once per session: after `finished`, `skipped` or `dismissed`, no other end of it;
/// - a step's `targetMissing` is written once per session and cause.
///
/// Every tour event carries the arm (`variant`) when the tour has an experiment.
@MainActor
public final class EventLogWriter {
    /// Who and where: the anonymous user, the session, the language, the screen size.
    public struct Context: Sendable {
        /// The anonymous user's id.
        public var user: String
        /// This session's id.
        public var session: String
        /// The language tours run in.
        public var language: String
        /// The screen's size in points (`390x844`).
        public var screen: String
        /// A context.
        public init(user: String, session: String, language: String, screen: String) {
            self.user = user; self.session = session; self.language = language; self.screen = screen
        }
    }

    /// Who and where; a change applies to the lines written after it.
    public var context: Context
    /// Whether the user was given an arm of `experiment` in an earlier session (the host's saved
    /// progress): their `assigned` is not written again.
    public var alreadyAssigned: (String) -> Bool = { _ in false }
    /// Told the experiment's name each time an `assigned` is written (for the host to keep).
    public var onAssigned: ((String) -> Void)?
    private let write: (String) -> Void
    private let now: () -> Date
    private var assigned: [String: String] = [:]
    /// Each tour's version as its file has it (an arm's steps are still that version of the tour).
    private var versions: [String: String] = [:]
    private var shown = Set<String>(), ended = Set<String>(), missing = Set<String>()

    /// A writer for `context` giving each line to `write`, its time from `now` (the wall clock).
    public init(context: Context, now: @escaping () -> Date = Date.init, write: @escaping (String) -> Void) {
        self.context = context
        self.now = now
        self.write = write
    }

    /// The arm of `tour`'s experiment the user gets (nil: the tour has none), its `assigned`
    /// written the first time. A user held out gets `Experiment.holdoutArm`: show them nothing.
    @discardableResult
    public func assign(_ tour: Tour, ms: Double? = nil) -> String? {
        if versions[tour.id] == nil { versions[tour.id] = tour.contentVersion }
        guard let plan = tour.experimentPlan else { return nil }
        if let arm = assigned[plan.name] { return arm }
        let arm = plan.arm(forUser: context.user)
        assigned[plan.name] = arm
        if !alreadyAssigned(plan.name) {
            line("assigned", tour: tour, arm: arm, ms: ms)
            onAssigned?(plan.name)
        }
        return arm
    }

    /// Writes `event` of `tour` (as the engine runs it: an arm's steps), unless the rules say it
    /// was written already; `endedAt` is the step a tour that ended was on (from 0), `ms` the
    /// host clock's time in milliseconds.
    public func record(_ event: TourEvent, tour: Tour, endedAt: Int?, ms: Double? = nil) {
        let arm = assign(tour, ms: ms)
        let id = tour.id
        var fields: [(String, String)] = []
        let kind: String, step: Int?
        switch event {
        case .stepShown(let i):
            guard shown.insert("\(id)\u{0}\(i)").inserted else { return }
            kind = "shown"; step = i
        case .stepHidden(let i): kind = "hidden"; step = i
        case let .advanced(i, by): kind = "advanced"; step = i; fields.append(("by", by))
        case .finished, .skipped, .dismissed:
            guard ended.insert(id).inserted else { return }
            kind = event == .finished ? "finished" : event == .skipped ? "skipped" : "dismissed"
            step = endedAt
        case let .targetMissing(i, cause):
            guard missing.insert("\(id)\u{0}\(i)\u{0}\(cause.rawValue)").inserted else { return }
            kind = "targetMissing"; step = i; fields.append(("cause", cause.rawValue))
        case .waitingToShow(let i): kind = "waiting"; step = i
        case let .waited(i, seconds): kind = "waited"; step = i; fields.append(("waitedMs", "\((seconds * 1000).rounded())"))
        }
        line(kind, tour: tour, arm: arm, step: step, extra: fields, ms: ms)
    }

    /// Writes what happened to a checklist: `checklistShown` (once a session), `itemLaunched` (an
    /// item's tour chosen, `tour` naming it) or `itemDone` (once per item and session), with the
    /// checklist's id and the item's.
    public func checklist(_ event: ChecklistEvent, checklist: String, item: String? = nil, tour: String? = nil, ms: Double? = nil) {
        guard event == .itemLaunched || checklistsSeen.insert("\(event.rawValue)\u{0}\(checklist)\u{0}\(item ?? "")").inserted else { return }
        var out = head(event.rawValue) + ",\"checklist\":" + Self.string(checklist)
        if let item { out += ",\"item\":" + Self.string(item) }
        if let tour { out += ",\"tour\":" + Self.string(tour) }
        out += ",\"language\":" + Self.string(context.language) + ",\"screen\":" + Self.string(context.screen)
        if let ms { out += ",\"ms\":\(Self.number(ms))" }
        write(out + "}")
    }
    private var checklistsSeen: Set<String> = []

    /// Writes one of the app's own events, `name`.
    public func app(_ name: String, ms: Double? = nil) {
        var out = head("app")
        out += ",\"name\":" + Self.string(name)
        if let ms { out += ",\"ms\":\(Self.number(ms))" }
        write(out + "}")
    }

    private func head(_ event: String) -> String {
        let time = now().formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        return "{\"time\":\(Self.string(time)),\"user\":\(Self.string(context.user)),\"session\":\(Self.string(context.session)),\"event\":\(Self.string(event))"
    }

    private func line(_ event: String, tour: Tour, arm: String?, step: Int? = nil, extra: [(String, String)] = [], ms: Double?) {
        var out = head(event) + ",\"tour\":" + Self.string(tour.id)
        if let step {
            out += ",\"step\":\(step + 1)"
            if step < tour.steps.count, let stepID = tour.steps[step].id { out += ",\"stepId\":" + Self.string(stepID) }
        }
        if let arm { out += ",\"variant\":" + Self.string(arm) }
        out += ",\"tourVersion\":" + Self.string(versions[tour.id] ?? tour.contentVersion)
        out += ",\"language\":" + Self.string(context.language) + ",\"screen\":" + Self.string(context.screen)
        for (k, v) in extra { out += ",\"\(k)\":" + (k == "waitedMs" ? v : Self.string(v)) }
        if let ms { out += ",\"ms\":\(Self.number(ms))" }
        write(out + "}")
    }

    /// `s` as a JSON string.
    static func string(_ s: String) -> String { JSONTree.quote(s) }

    /// `v` as JSON writes a number (whole ones without a fraction).
    static func number(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? "\(Int(v))" : "\(v)" }
}

/// What the events log says of a checklist.
public enum ChecklistEvent: String, Hashable, Sendable {
    /// Its launcher appeared (once a session).
    case checklistShown
    /// An item was chosen and its tour launched.
    case itemLaunched
    /// An item turned done (once per item and session).
    case itemDone
}
