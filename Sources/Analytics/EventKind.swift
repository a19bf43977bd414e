/// The events of the contract (README, "The events log"; `schemas/events.schema.json`).
public enum EventKind: String, CaseIterable, Sendable {
    /// A user became eligible for a tour with an experiment and was given an arm (holdout
    /// included): once per user and experiment, before anything of the tour is shown.
    case assigned
    /// A step came on screen (once per step and session).
    case shown
    /// A step was moved on from (`by` what: `next`, `back`, `key`, `target`, `tap`, `button N`, …).
    case advanced
    /// The tour was completed.
    case finished
    /// The tour was left early (Skip, Escape).
    case skipped
    /// The tour was taken off the screen by something else.
    case dismissed
    /// A step's target could not be pointed at (`cause`).
    case targetMissing
    /// One of the app's own events (`name`).
    case app
    /// A step left the screen (diagnostic: read, not counted).
    case hidden
    /// A step waits for its `showWhen` (diagnostic: read, not counted).
    case waiting
    /// A step's target came after a wait (diagnostic: read, not counted).
    case waited
    /// A checklist's launcher appeared (`checklist`; once a session).
    case checklistShown
    /// A checklist's item was chosen and its tour launched (`checklist`, `item`, `tour`).
    case itemLaunched
    /// A checklist's item turned done (`checklist`, `item`; once per item and session).
    case itemDone

    /// Whether the event belongs to a tour (it names one).
    public var isTourEvent: Bool { self != .app && !isChecklistEvent }
    /// Whether the event belongs to a checklist (it names one).
    public var isChecklistEvent: Bool { self == .checklistShown || self == .itemLaunched || self == .itemDone }
    /// Whether the event names a step, always.
    public var needsStep: Bool { [.shown, .advanced, .targetMissing, .hidden, .waiting, .waited].contains(self) }
    /// Whether the event ends the step it names (the end of that step's dwell).
    public var endsStep: Bool { [.advanced, .finished, .skipped, .dismissed].contains(self) }
}
