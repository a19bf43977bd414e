import Foundation
import Overlays
import Raster
import Views

/// An onboarding checklist: tasks an app's new user works through, each ticked when the app says it
/// is done (a state, an event seen, a tour finished), each able to launch the tour that teaches it,
/// some waiting for others. Read from a checklist file (`ChecklistLoader`); its progress is kept
/// with the tours' saved progress (`TourProgress.checklists`).
public struct Checklist: Hashable, Sendable {
    /// The checklist's id (what saved progress and the events log name it by).
    public var id: String
    /// Its title in the source language, and by language tag.
    public var title = "", titles: [String: String] = [:]
    /// The tasks, in the order shown.
    public var items: [ChecklistItem] = []
    /// When it shows, as a tour's `show` says.
    public var show = ShowRule()
    /// The corner its launcher sits in.
    public var corner = ChecklistOverlay.Corner.bottomLeading
    /// How far in from the corner the launcher sits, in points.
    public var offset = Size(16, 16)
    /// The launcher's, the marks' and the progress bar's colour.
    public var tint = Palette.readableTint
    /// A checklist with `id` and nothing else yet: shown every launch until it is complete.
    public init(id: String) {
        self.id = id
        show.maxTimes = nil
    }

    /// Whether it shows now by its `show` rule, as a tour's (its showings counted apart from
    /// tours'); one finished before (every item done) never shows again.
    public func showDecision(progress: TourProgress, now: Date) -> ShowDecision {
        if progress.checklistsShown?[id]?.outcome == .finished {
            var done = ShowDecision(shows: false, steps: [], reason: "was completed before")
            done.isUsedUp = true
            return done
        }
        return ShowDecision.decide(show, entry: progress.checklistsShown?[id], progress: progress, now: now, steps: 0, versions: { [] })
    }

    /// The most items a checklist may have.
    public static let maxItems = 50

    /// Its title in `language` (its own tag, a pseudo-locale made from the source, the nearest tag, the source).
    public func title(in language: String?) -> String { LanguageTag.text(in: titles, language: language, base: title) ?? title }

    /// Each item's state, in order, from `isDone` (whether an item's own `done` holds): done, else
    /// waiting while an item it comes `after` is not done, else to do. An item ticked once in
    /// saved progress stays done.
    public func states(progress: TourProgress, isDone: (ChecklistItem) -> Bool) -> [ChecklistItem.State] {
        var done: [String: Bool] = [:]
        for item in items {
            done[item.id] = progress.isChecked(item.id, in: id) || isDone(item)
        }
        return items.map { item in
            if done[item.id] == true { return .done }
            return item.after.allSatisfy { done[$0] == true } ? .toDo : .waiting
        }
    }
}

/// One task of a checklist.
public struct ChecklistItem: Hashable, Sendable {
    /// How far an item is.
    public enum State: String, Hashable, Sendable {
        /// Done: ticked, and never shown as to do again.
        case done
        /// Its turn: what it comes after is done.
        case toDo
        /// An item it comes after is not done yet.
        case waiting
    }

    /// The item's id, unique in its checklist.
    public var id: String
    /// Its title in the source language, and by language tag.
    public var title = "", titles: [String: String] = [:]
    /// What it asks, in the source language and by language tag.
    public var description = "", descriptions: [String: String] = [:]
    /// When it is done; nil: when its tour finished.
    public var done: ChecklistDone?
    /// The tour choosing it launches, by id.
    public var tour: String?
    /// The items that must be done before it.
    public var after: [String] = []
    /// The line of the item in the file (0 when not read from one).
    public var line = 0
    /// An item with `id` and nothing else yet.
    public init(id: String) { self.id = id }

    /// What makes it done: its `done`, else its tour finished.
    public var doneWhen: ChecklistDone? { done ?? tour.map { .tourFinished($0) } }

    /// Its title in `language`.
    public func title(in language: String?) -> String { LanguageTag.text(in: titles, language: language, base: title) ?? title }
    /// Its description in `language`.
    public func description(in language: String?) -> String { LanguageTag.text(in: descriptions, language: language, base: description) ?? description }
}

/// When a checklist's item is done: the condition language tours use for the app's state, an app
/// event seen, or a tour finished.
public enum ChecklistDone: Hashable, Sendable, CustomStringConvertible {
    /// A state of the app holds (`saves >= 3`, `wifi = true`).
    case condition(TourCondition)
    /// The app's event happened at least once.
    case event(String)
    /// The tour with this id was finished.
    case tourFinished(String)

    /// Whether it holds on `progress` (events counted, tours ended), with `condition` answering
    /// for the app's state.
    public func holds(progress: TourProgress, condition: (TourCondition) -> Bool) -> Bool {
        switch self {
        case .condition(let c): return condition(c)
        case .event(let name): return progress.count(of: name) > 0
        case .tourFinished(let id): return progress.outcome(ofTour: id) == .finished
        }
    }

    /// As a file writes it: `saves >= 3`, `event saved`, `tour welcome`.
    public var description: String {
        switch self {
        case .condition(let c): return c.description
        case .event(let name): return "event \(name)"
        case .tourFinished(let id): return "tour \(id)"
        }
    }
}
