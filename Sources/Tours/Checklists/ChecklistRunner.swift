import Foundation
import Overlays
import Views

/// A checklist on a running app: its overlay on the app's stack, each item's state worked out from
/// the app (its state, the tab shown) and the progress the host keeps (events seen, tours ended,
/// items ticked), looked at again every frame the app draws. An item that turns done is reported
/// once (`onItemDone`: the host saves it) and ticks in; choosing an item reports its tour
/// (`onLaunch`: the host plays it). Every host shows checklists through it: the window, the
/// headless renderer, an embedded session.
@MainActor
public final class ChecklistRunner {
    /// The checklist shown.
    public let checklist: Checklist
    /// The app it is shown on.
    public let host: any TourHost
    /// Its overlay.
    public let overlay: ChecklistOverlay
    /// The progress items' states are read from: what the host keeps, told of events and tours
    /// ending (`noteEvent`, `noteTourEnded`) as they happen.
    public private(set) var progress: TourProgress
    /// Called once for each item that turns done, with when (the host saves it).
    public var onItemDone: (@MainActor (ChecklistItem) -> Void)?
    /// Called with the item chosen whose tour should play now.
    public var onLaunch: (@MainActor (ChecklistItem) -> Void)?
    /// Called once when every item is done.
    public var onComplete: (@MainActor () -> Void)?
    private var frameCallback: FrameCallbackID?
    private var reported: Set<String> = []

    /// `checklist` on `host` from `progress`; nothing shows until `present`.
    public init(checklist: Checklist, host: any TourHost, progress: TourProgress) {
        self.checklist = checklist
        self.host = host
        self.progress = progress
        overlay = ChecklistOverlay(content: ChecklistContent(title: checklist.id, items: [], progressText: "", closeLabel: ""),
                                   corner: checklist.corner, offset: checklist.offset, tint: checklist.tint)
        reported = Set(checklist.items.filter { progress.isChecked($0.id, in: checklist.id) }.map(\.id))
        overlay.show(content())
        overlay.onChoose = { [weak self] index in self?.choose(index) }
    }

    /// The items' states now, in order.
    public var states: [ChecklistItem.State] {
        checklist.states(progress: progress) { item in
            item.doneWhen?.holds(progress: progress) { $0.holds(on: host) } ?? false
        }
    }

    /// Whether every item is done.
    public var isComplete: Bool { states.allSatisfy { $0 == .done } }

    /// What the overlay shows now, in the app's language.
    public func content() -> ChecklistContent { content(states: states, language: host.languageCode) }

    /// What the overlay shows with the items in `states`, in `language`.
    private func content(states: [ChecklistItem.State], language: String) -> ChecklistContent {
        let strings = host.root.strings
        let items = zip(checklist.items, states).map { item, state in
            ChecklistContent.Item(id: item.id, title: item.title(in: language), detail: item.description(in: language),
                                  state: ChecklistContent.State(rawValue: state.rawValue) ?? .toDo, launches: item.tour != nil)
        }
        let done = states.filter { $0 == .done }.count
        return ChecklistContent(title: checklist.title(in: language), items: items,
                                progressText: strings.text(.checklistProgress, language: language, done, items.count),
                                closeLabel: strings.text(.close, language: language))
    }

    /// Shows the launcher on the app's stack (under whatever is above it) and starts following the app.
    public func present(animated: Bool = true) {
        // Under whatever is up already (a tour's step): tours launched from it show above it.
        host.overlays.present(overlay, animated: animated, atBottom: true)
        if frameCallback == nil {
            frameCallback = host.root.addFrameCallback { [weak self] _ in self?.refresh() }
        }
        refresh()
    }

    /// Takes the checklist off the screen and stops following the app.
    public func dismiss(animated: Bool = true) {
        if let frameCallback { host.root.removeFrameCallback(frameCallback) }
        frameCallback = nil
        overlay.dismiss(animated: animated)
    }

    /// Counts one of the app's events (the host keeps its own count too).
    public func noteEvent(_ name: String) {
        progress.recordEvent(name)
        refresh()
    }

    /// Notes that the tour `id` ended with `outcome`; when the checklist launched it, its panel
    /// opens again once the tour's last step has gone, so its tick is seen.
    public func noteTourEnded(_ id: String, outcome: TourOutcome) {
        progress.recordEnd(id, outcome: outcome, at: Date(), versions: nil)
        refresh()
        guard launched == id else { return }
        launched = nil
        host.root.timers.after(0.4) { [weak self] in self?.overlay.open() }
    }
    /// The tour launched from the checklist that has not ended yet.
    private var launched: String?

    /// Ticks item `id` as saved progress from an earlier run has it: done, without reporting it.
    public func restoreChecked(_ id: String) {
        progress.recordChecked(id, in: checklist.id, at: Date())
        reported.insert(id)
        refresh()
    }

    /// Works the states out again: items that turned done are reported and tick in.
    public func refresh() {
        let states = self.states
        for (item, state) in zip(checklist.items, states) where state == .done && !reported.contains(item.id) {
            reported.insert(item.id)
            progress.recordChecked(item.id, in: checklist.id, at: Date())
            onItemDone?(item)
            if reported.count == checklist.items.count { onComplete?() }
        }
        // The same states in the same language make the same content: a frame where nothing the
        // items ask changed makes none.
        let language = host.languageCode
        guard states != shownStates || language != shownLanguage else { return }
        shownStates = states
        shownLanguage = language
        overlay.show(content(states: states, language: language))
    }
    /// The states and the language the overlay shows.
    private var shownStates: [ChecklistItem.State] = []
    private var shownLanguage = ""

    private func choose(_ index: Int) {
        guard index < checklist.items.count else { return }
        let item = checklist.items[index]
        if let tour = item.tour {
            launched = tour
            onLaunch?(item)
        }
    }
}
