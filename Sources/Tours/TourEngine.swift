import Overlays
import Raster
import Views

/// Something that happened in a running tour.
public enum TourEvent: Hashable, Sendable {
    /// Step `index` (0-based) came on screen.
    case stepShown(Int)
    /// Step `index` (0-based) left the screen.
    case stepHidden(Int)
    /// The last step was completed (or `finish()` was called).
    case finished
    /// The tour was left early (Skip, Escape, or `skip()`).
    case skipped
    /// The tour's spotlight was taken off the screen by something else while a step showed.
    case dismissed
    /// Step `index`'s target is not laid out (not yet, or no longer): the step waits for it.
    case targetMissing(Int)
    /// Step `index`'s target came after `seconds` of waiting.
    case waited(Int, seconds: Double)
    /// Step `index` waits, nothing on screen, for its `showWhen` to hold.
    case waitingToShow(Int)
    /// Step `index` was moved on from, `by` what: `next` (its button), `key`, `target`, `tap`,
    /// `event`, `button N` (a step's own button), `missing` (its target never came).
    case advanced(Int, by: String)
}

/// Runs a tour on a host: one spotlight on the host's presentation stack, moved from step to step.
///
/// Each step first switches to its tab (its own `tab`, else the nearest earlier step's, else the
/// host's first tab) and scrolls its first view target into view; then the spotlight morphs to the
/// step's holes and bubble. Taps follow the step's `advanceOn`; Enter and Right go on, Left goes
/// back, and Escape or Skip leave the tour when it allows skipping.
@MainActor
public final class TourEngine {
    /// Where the tour is.
    public enum State: Hashable, Sendable {
        /// Not started.
        case idle
        /// Showing step `step` (0-based).
        case running(step: Int)
        /// Completed.
        case finished
        /// Left early.
        case skipped
        /// Its spotlight was taken away by something else.
        case dismissed
    }

    /// The tour being run (replaced by `replace(with:)` on a live reload).
    public private(set) var tour: Tour
    /// What it runs on.
    public let host: any TourHost
    /// Where the tour is.
    public private(set) var state: State = .idle
    /// The spotlight showing the current step (nil before the start).
    public private(set) var spotlight: SpotlightOverlay?
    /// Receives every event, in order.
    public var onEvent: (@MainActor (TourEvent) -> Void)?
    /// While a step waits for its target: since when (clock seconds), and the timer that ends the wait.
    private var waiting: (step: Int, since: Double, timer: TimerID?)?
    /// The steps taken to reach the current one, for Back.
    public private(set) var history: [Int] = []
    /// The step that waits for its `showWhen`, nothing on screen, and since when.
    public private(set) var pendingStep: (index: Int, since: Double)?
    /// Checks conditions once a frame while a step waits for one or moves on at one.
    private lazy var watcher = ConditionWatcher(engine: self)
    /// The beacons up now, for hotspot steps not opened yet.
    public private(set) var hotspots: HotspotOverlay?
    /// The steps of the hotspot group up now, in order.
    public private(set) var hotspotGroup: [Int] = []
    /// Hotspot steps of the group already opened and moved on from.
    private var openedHotspots = Set<Int>()
    /// The hotspot step open as a spotlight now, if any.
    private var openHotspot: Int?

    /// An engine for `tour` on `host`; nothing shows until `start`.
    public init(tour: Tour, host: any TourHost) {
        self.tour = tour
        self.host = host
    }

    /// The 0-based index of the step on screen, nil when not running.
    public var currentStep: Int? {
        if case .running(let i) = state { return i }
        return nil
    }

    /// Whether a step is on screen.
    public var isRunning: Bool { currentStep != nil }

    // MARK: - Moving

    /// Shows step `index` (clamped), fading the spotlight in when `animated`. A running tour moves there.
    public func start(at index: Int = 0, animated: Bool = true) {
        guard !tour.steps.isEmpty else { return }
        let i = clamp(index)
        if isRunning { go(to: i, animated: animated); return }
        history = []
        state = .running(step: i)
        endedAtStep = nil
        present(i, animated: animated)
    }

    /// Puts step `i` on screen in a new spotlight, or, while its `showWhen` does not hold, waits; a
    /// hotspot step not opened yet shows its group's beacons instead.
    private func present(_ i: Int, animated: Bool) {
        if tour.steps[i].isHotspot && openHotspot != i {
            showHotspots(from: i)
            return
        }
        guard tour.steps[i].showWhen.allHold(on: host) else {
            pendingStep = (i, host.root.clock.now)
            updateWatcher()
            onEvent?(.waitingToShow(i))
            return
        }
        pendingStep = nil
        prepareHost(for: i)
        let spot = SpotlightOverlay(holes: holes(for: i), coachMark: coachMark(for: i), dimColor: tour.dimColor,
                                    dimOpacity: tour.dimOpacity, tapPolicy: TourEngine.tapPolicy(for: tour.steps[i], allowsSkip: tour.allowsSkip))
        spot.onAction = { [weak self] action in self?.handle(action) }
        spot.onRemoved = { [weak self, weak spot] in self?.spotlightRemoved(spot) }
        spot.onTargetsMissing = { [weak self] missing in self?.targetsMissing(missing) }
        spotlight = spot
        host.overlays.present(spot, animated: animated)
        updateWatcher()
        onEvent?(.stepShown(i))
    }

    /// Moves to step `index` (clamped): the hole morphs there when `animated`.
    public func go(to index: Int, animated: Bool = true) {
        guard let current = currentStep else { start(at: index, animated: animated); return }
        let i = clamp(index)
        guard i != current else { return }
        if pendingStep == nil { onEvent?(.stepHidden(current)) }
        endWait()
        state = .running(step: i)
        // A step that waits for the app, or a hotspot's beacons: nothing of the spotlight meanwhile.
        if !tour.steps[i].showWhen.allHold(on: host) || (tour.steps[i].isHotspot && openHotspot != i) {
            takeDownSpotlight(animated: animated)
        }
        guard let spot = spotlight else { present(i, animated: animated); return }
        prepareHost(for: i)
        show(i, on: spot, animated: animated)
        updateWatcher()
        onEvent?(.stepShown(i))
    }

    /// The next step (a step's `advanceOn` goto when it has one), or the end of the tour after the last.
    public func next(by cause: String = "next") {
        guard let i = currentStep else { return }
        onEvent?(.advanced(i, by: cause))
        if openHotspot == i {
            // Back to the group's other beacons, or on past the group.
            openHotspot = nil
            openedHotspots.insert(i)
            let rest = hotspotGroup.filter { !openedHotspots.contains($0) }
            if let first = rest.first {
                onEvent?(.stepHidden(i))
                takeDownSpotlight(animated: true)
                state = .running(step: first)
                showHotspots(from: first)
                return
            }
            let after = (hotspotGroup.max() ?? i) + 1
            hotspotGroup = []
            openedHotspots = []
            if after < tour.steps.count { forward(to: after) } else { finish() }
            return
        }
        if tour.steps[i].advanceOn == .event, let target = tour.steps[i].advanceGoto { follow(target); return }
        if i + 1 < tour.steps.count { forward(to: i + 1) } else { finish() }
    }

    /// The step the tour came from (Back follows the path taken; without one, the step before).
    public func previous() {
        guard let i = currentStep else { return }
        if let back = history.popLast() { go(to: back); return }
        guard i > 0 else { return }
        go(to: i - 1)
    }

    /// Goes where `goto` says: the next step, the end, or the step with that id.
    public func follow(_ goto: StepGoto) {
        switch goto {
        case .next:
            guard let i = currentStep else { return }
            if i + 1 < tour.steps.count { forward(to: i + 1) } else { finish() }
        case .end:
            finish()
        case .step(let id):
            if let j = tour.steps.firstIndex(where: { $0.id == id }) { forward(to: j) }
        }
    }

    /// Takes the spotlight off the screen on purpose (not the tour being dismissed).
    private func takeDownSpotlight(animated: Bool) {
        guard let spot = spotlight else { return }
        spot.onRemoved = nil
        spotlight = nil
        spot.dismiss(animated: animated)
    }

    /// Moves on to step `j`, remembering the step left for Back.
    private func forward(to j: Int) {
        guard let i = currentStep, j != i else { return }
        history.append(i)
        go(to: j)
    }

    // MARK: - Hotspots

    /// The beacons of step `i`'s group (the hotspot steps in a row with its `group`, or it alone),
    /// less those already opened; the app stays usable until one is tapped.
    private func showHotspots(from i: Int) {
        hideHotspots()
        if hotspotGroup.isEmpty || !hotspotGroup.contains(i) {
            var group = [i]
            if let g = tour.steps[i].group {
                var j = i + 1
                while j < tour.steps.count, tour.steps[j].isHotspot, tour.steps[j].group == g { group.append(j); j += 1 }
            }
            hotspotGroup = group
            openedHotspots = []
        }
        prepareHost(for: i)
        let shown = hotspotGroup.filter { !openedHotspots.contains($0) }
        let language = host.languageCode
        let beacons = shown.map { s in
            HotspotOverlay.Beacon(target: tour.steps[s].targets.first ?? .rect(.zero),
                                  label: tour.steps[s].title(in: language) ?? tour.steps[s].text(in: language) ?? "")
        }
        let overlay = HotspotOverlay(beacons: beacons)
        overlay.onOpen = { [weak self] k in self?.openHotspot(shown[k]) }
        hotspots = overlay
        host.overlays.present(overlay)
    }

    /// Opens hotspot step `s`: its beacons go, and it shows as a spotlight.
    private func openHotspot(_ s: Int) {
        hideHotspots()
        openHotspot = s
        state = .running(step: s)
        present(s, animated: true)
    }

    private func hideHotspots() {
        hotspots?.dismiss(animated: false)
        hotspots = nil
    }

    // MARK: - Conditions

    /// Once a frame while needed: a waiting step shows once its `showWhen` holds; a step that moves
    /// on at an event does so once its conditions hold.
    func checkConditions() {
        if let pending = pendingStep, currentStep == pending.index {
            if tour.steps[pending.index].showWhen.allHold(on: host) {
                onEvent?(.waited(pending.index, seconds: host.root.clock.now - pending.since))
                present(pending.index, animated: true)
            }
            return
        }
        if let i = currentStep, spotlight != nil, tour.steps[i].advanceOn == .event,
           !tour.steps[i].advanceConditions.isEmpty, tour.steps[i].advanceConditions.allHold(on: host) {
            next(by: "event")
        }
    }

    /// The watcher is on the root while a step waits to show or moves on at an event.
    private func updateWatcher() {
        let root = host.root
        let needed: Bool
        if let i = currentStep {
            needed = pendingStep != nil || tour.steps[i].advanceOn == .event
        } else {
            needed = false
        }
        let attached = root.layers.contains { $0 === watcher }
        if needed && !attached { root.addLayer(watcher) }
        if !needed && attached { root.removeLayer(watcher) }
    }

    /// Leaves the tour early.
    public func skip() { end(.skipped) }

    /// Ends the tour as completed.
    public func finish() { end(.finished) }

    /// Replaces the tour (a live reload). A running tour stays on its step, or on the last one that
    /// still exists, and morphs to the new version of it.
    public func replace(with newTour: Tour, animated: Bool = true) {
        guard !newTour.steps.isEmpty else { return }
        tour = newTour
        guard let current = currentStep, let spot = spotlight else { return }
        let i = clamp(current)
        spot.dimColor = tour.dimColor
        spot.dimOpacity = tour.dimOpacity
        if i != current { onEvent?(.stepHidden(current)) }
        prepareHost(for: i)
        state = .running(step: i)
        show(i, on: spot, animated: animated)
        if i != current { onEvent?(.stepShown(i)) }
    }

    /// The step (0-based) that was on screen when the tour ended, nil while it runs or before.
    public private(set) var endedAtStep: Int?

    private func end(_ outcome: State) {
        guard let i = currentStep else { return }
        endWait()
        hideHotspots()
        hotspotGroup = []
        openedHotspots = []
        openHotspot = nil
        let wasShown = pendingStep == nil
        pendingStep = nil
        state = outcome
        endedAtStep = i
        updateWatcher()
        if wasShown { onEvent?(.stepHidden(i)) }
        onEvent?(outcome == .finished ? .finished : .skipped)
        spotlight?.dismiss()
    }

    // MARK: - Targets that come and go

    /// The spotlight found the step's target missing (or back): wait for it up to the step's
    /// `waitFor`, then do what its `ifMissing` says.
    private func targetsMissing(_ missing: Bool) {
        guard let i = currentStep else { return }
        let root = host.root
        if missing {
            guard waiting?.step != i else { return }
            endWait()
            let step = tour.steps[i]
            let timer = root.timers.after(step.waitFor / 1000) { [weak self] in self?.waitRanOut(step: i) }
            waiting = (i, root.clock.now, timer)
            onEvent?(.targetMissing(i))
        } else if let w = waiting, w.step == i {
            endWait()
            onEvent?(.waited(i, seconds: root.clock.now - w.since))
            // Now that it is there, it can be scrolled to.
            let step = tour.steps[i]
            if step.scrollsIntoView, let id = step.targets.lazy.compactMap(\.viewID).first { host.scrollIntoView(viewID: id) }
        }
    }

    private func waitRanOut(step i: Int) {
        guard currentStep == i, waiting?.step == i else { return }
        waiting?.timer = nil
        waiting = nil
        switch tour.steps[i].ifMissing {
        case .skip: next(by: "missing")
        case .end: end(.skipped)
        case .center: spotlight?.centersBubbleWithoutTarget = true
        }
    }

    private func endWait() {
        if let timer = waiting?.timer { host.root.timers.cancel(timer) }
        waiting = nil
    }

    private func show(_ i: Int, on spot: SpotlightOverlay, animated: Bool) {
        endWait()
        spot.centersBubbleWithoutTarget = false
        spot.tapPolicy = TourEngine.tapPolicy(for: tour.steps[i], allowsSkip: tour.allowsSkip)
        spot.show(holes: holes(for: i), coachMark: coachMark(for: i), animated: animated)
    }

    private func handle(_ action: SpotlightAction) {
        switch action {
        case .advance: next(by: spotlight?.lastAdvanceCause ?? "next")
        case .back: previous()
        case .dismiss: if tour.allowsSkip { skip() }
        case .button(let k):
            guard let i = currentStep, tour.steps[i].buttons.indices.contains(k) else { return }
            onEvent?(.advanced(i, by: "button \(k + 1)"))
            follow(tour.steps[i].buttons[k].goto)
        }
    }

    private func spotlightRemoved(_ removed: SpotlightOverlay?) {
        // Taken off the stack by someone else while still running: the tour was left.
        guard let removed, removed === spotlight else { return }
        spotlight = nil
        if let i = currentStep {
            state = .dismissed
            endedAtStep = i
            onEvent?(.stepHidden(i))
            onEvent?(.dismissed)
        }
    }

    private func clamp(_ i: Int) -> Int { min(max(0, i), tour.steps.count - 1) }

    // MARK: - Steps to overlays

    /// The tab step `index` runs on: its own, else the nearest earlier step's, else the host's first.
    public func tab(forStep index: Int) -> String? {
        guard !host.tabNames.isEmpty else { return nil }
        for j in stride(from: min(index, tour.steps.count - 1), through: 0, by: -1) {
            if let tab = tour.steps[j].ownTab { return tab }
            if j < index, let tab = tour.steps[j].tabAfter { return tab }
        }
        return host.tabNames.first
    }

    private func prepareHost(for i: Int) {
        host.showScreen(forStep: i, animated: isRunning)
        if let tab = tab(forStep: i), host.selectedTabName != tab { host.selectTab(named: tab) }
        let step = tour.steps[i]
        if step.scrollsIntoView, let id = step.targets.lazy.compactMap(\.viewID).first {
            host.scrollIntoView(viewID: id)
        }
    }

    /// The holes of step `index`: one per target, or one path.
    public func holes(for index: Int) -> [Hole] { tour.steps[index].holes(in: host.languageCode) }

    /// The bubble of step `index`, nil for a step without text.
    public func coachMark(for index: Int) -> CoachMark? {
        let step = tour.steps[index]
        guard step.showsBubble else { return nil }
        let isLast = index == tour.steps.count - 1
        let language = host.languageCode
        let words = host.root.strings
        var mark = CoachMark(title: step.title(in: language), text: step.text(in: language), placement: step.placement,
                             showsNextButton: step.advanceOn == .nextButton && step.buttons.isEmpty, showsSkipButton: tour.allowsSkip && !isLast,
                             progress: tour.showsProgress ? StepProgress(current: index + 1, total: tour.steps.count) : nil,
                             nextTitle: words.text(isLast ? .done : .next, language: language), skipTitle: words.text(.skip, language: language))
        mark.buttons = step.buttons.map { $0.title(in: language) }
        let theme = tour.theme.overlaid(by: step.theme)
        mark.theme = theme.bubble
        if let w = theme.maxWidth { mark.maxWidth = w }
        return mark
    }

    /// How taps work for `trigger`. With `tapTarget`, the target's tap passes through and advances;
    /// a tap outside the holes skips the tour when skipping is allowed (a one-step tip: a tap
    /// elsewhere dismisses it) and does nothing otherwise.
    public static func tapPolicy(for trigger: AdvanceTrigger, allowsSkip: Bool) -> TapPolicy {
        switch trigger {
        case .tapAnywhere: return .anywhereAdvances
        case .tapTarget: return allowsSkip ? .standard : .targetOnly
        case .nextButton: return .buttonsOnly
        case .event: return .targetsReachable
        }
    }

    /// How taps work for `step`: as its trigger says, with the holes reachable when an
    /// `interactive` step waits for Next.
    public static func tapPolicy(for step: TourStep, allowsSkip: Bool) -> TapPolicy {
        if step.advanceOn == .nextButton && step.targetIsInteractive { return .targetsReachable }
        return tapPolicy(for: step.advanceOn, allowsSkip: allowsSkip)
    }

    /// One line for a log: `tour "home": step 2 of 4 shown`.
    public func describe(_ event: TourEvent) -> String {
        let name = "tour \(quoted(tour.id))"
        switch event {
        case .stepShown(let i): return "\(name): step \(i + 1) of \(tour.steps.count) shown"
        case .stepHidden(let i): return "\(name): step \(i + 1) of \(tour.steps.count) hidden"
        case .finished: return "\(name): finished"
        case .skipped: return "\(name): skipped"
        case .dismissed: return "\(name): dismissed"
        case .targetMissing(let i): return "\(name): step \(i + 1) of \(tour.steps.count) waits for its target"
        case let .waited(i, seconds): return "\(name): step \(i + 1) of \(tour.steps.count) waited \((seconds * 1000).rounded().compact) ms"
        case let .advanced(i, cause): return "\(name): step \(i + 1) of \(tour.steps.count) moved on by \(cause)"
        case .waitingToShow(let i):
            return "\(name): step \(i + 1) of \(tour.steps.count) waits until \(tour.steps[i].showWhen.map(\.description).joined(separator: " and "))"
        }
    }
}

/// A layer with nothing to draw that gives a tour engine a look at the app once a frame, after
/// the tree's layout: how a step notices the state it waits for.
@MainActor
final class ConditionWatcher: ScreenLayer {
    private weak var engine: TourEngine?
    init(engine: TourEngine) { self.engine = engine }
    func layout(root: ViewRoot) { engine?.checkConditions() }
    func composite(into frame: Pixmap, region: IntRect, root: ViewRoot) {}
}
