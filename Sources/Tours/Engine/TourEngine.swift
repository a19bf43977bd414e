import Overlays
import Views

/// Runs a tour on a host: one spotlight on the host's presentation stack, moved from step to step.
///
/// Each step first switches to its tab (its own `tab`, else the nearest earlier step's, else the
/// host's first tab) and scrolls its first view target into view; then the spotlight morphs to the
/// step's holes and bubble. Taps follow the step's `advanceOn`; Enter and Right go on, Left goes
/// back, and Escape or Skip leave the tour when it allows skipping.
///
/// What the tour has on screen is one value (`Screen`): nothing yet, a step waiting to show, a
/// spotlight on a step, a hotspot group's beacons, or the end. Every public fact below is read from it.
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

    /// The hotspot steps shown together (a run of steps with one `group`, or one alone), and those
    /// already opened and moved on from.
    struct HotspotGroup: Equatable {
        /// The group's steps, in order.
        var steps: [Int]
        /// Steps opened and moved on from.
        var opened: Set<Int> = []
        /// The steps whose beacons still show.
        var remaining: [Int] { steps.filter { !opened.contains($0) } }
    }

    /// A step waiting for its view target: since when (clock seconds), and the timer that ends the wait.
    struct TargetWait {
        let since: Double
        var timer: TimerID?
    }

    /// A spotlight on screen.
    struct ShownStep {
        /// The step it shows.
        var step: Int
        /// The overlay on the host's stack.
        let overlay: SpotlightOverlay
        /// While the step's target is missing: the wait.
        var targetWait: TargetWait?
        /// For a hotspot opened from its beacons: the group it goes back to.
        var hotspotGroup: HotspotGroup?
    }

    /// What the tour has on screen: one value, so no impossible combination can be written.
    enum Screen {
        /// Not started.
        case nothing
        /// Step `step` waits, nothing on screen, for its `showWhen` (since clock seconds `since`);
        /// a hotspot being opened keeps its group.
        case waitingToShow(step: Int, since: Double, hotspotGroup: HotspotGroup?)
        /// A spotlight on a step (an opened hotspot's included).
        case spotlight(ShownStep)
        /// The beacons of a hotspot group; `step` is the first of them.
        case beacons(step: Int, group: HotspotGroup, overlay: HotspotOverlay)
        /// Over: finished, skipped or dismissed, at `step`.
        case ended(State, step: Int)
    }

    /// The tour being run (replaced by `replace(with:)` on a live reload).
    public private(set) var tour: Tour
    /// What it runs on.
    public let host: any TourHost
    /// Receives every event, in order.
    public var onEvent: (@MainActor (TourEvent) -> Void)?
    /// Whether each step is dismissed as it shows (`TourSwitch.dismiss`, for an app's end-to-end
    /// tests): it is shown, then taken down at once, and the tour ends `dismissed` as a user
    /// closing it ends it.
    public var dismissesAsItShows = false
    /// The steps taken to reach the current one, for Back.
    public private(set) var history: [Int] = []
    /// What is on screen.
    var screen = Screen.nothing
    /// The frame callback that checks conditions while a step waits for one or moves on at one.
    private var conditionCheck: FrameCallbackID?

    /// An engine for `tour` on `host`; nothing shows until `start`.
    public init(tour: Tour, host: any TourHost) {
        self.tour = tour
        self.host = host
    }

    // MARK: - What is on screen

    /// Where the tour is.
    public var state: State {
        switch screen {
        case .nothing: return .idle
        case let .waitingToShow(step, _, _), let .beacons(step, _, _): return .running(step: step)
        case .spotlight(let shown): return .running(step: shown.step)
        case .ended(let outcome, _): return outcome
        }
    }

    /// The 0-based index of the step on screen, nil when not running.
    public var currentStep: Int? {
        if case .running(let i) = state { return i }
        return nil
    }

    /// Whether a step is on screen.
    public var isRunning: Bool { currentStep != nil }

    /// The spotlight showing the current step (nil while nothing of the tour shows).
    public var spotlight: SpotlightOverlay? {
        if case .spotlight(let shown) = screen { return shown.overlay }
        return nil
    }

    /// The step that waits for its `showWhen`, nothing on screen, and since when.
    public var pendingStep: (index: Int, since: Double)? {
        if case let .waitingToShow(step, since, _) = screen { return (step, since) }
        return nil
    }

    /// The steps of the hotspot group on screen (its beacons, or one of them opened), in order.
    public var hotspotGroup: [Int] { currentHotspotGroup?.steps ?? [] }

    /// The step (0-based) that was on screen when the tour ended, nil while it runs or before.
    public var endedAtStep: Int? {
        if case let .ended(_, step) = screen { return step }
        return nil
    }

    private var currentHotspotGroup: HotspotGroup? {
        switch screen {
        case let .beacons(_, group, _): return group
        case .spotlight(let shown): return shown.hotspotGroup
        case let .waitingToShow(_, _, group): return group
        case .nothing, .ended: return nil
        }
    }

    // MARK: - Moving

    /// Shows step `index` (clamped), fading the spotlight in when `animated`. A running tour moves there.
    public func start(at index: Int = 0, animated: Bool = true) {
        guard !tour.steps.isEmpty else { return }
        let i = clamp(index)
        if isRunning { go(to: i, animated: animated); return }
        history = []
        present(i, animated: animated)
    }

    /// Puts step `i` on screen in a new spotlight, or, while its `showWhen` does not hold, waits; a
    /// hotspot step shows its group's beacons instead, unless it is being opened from them
    /// (`opening`: its group).
    func present(_ i: Int, animated: Bool, opening: HotspotGroup? = nil, keeping group: HotspotGroup? = nil) {
        if tour.steps[i].isHotspot && opening == nil {
            showHotspots(from: i, keeping: group)
            return
        }
        guard tour.steps[i].showWhen.allHold(on: host) else {
            screen = .waitingToShow(step: i, since: host.root.clock.now, hotspotGroup: opening)
            updateConditionCheck()
            onEvent?(.waitingToShow(i))
            return
        }
        prepareHost(for: i)
        let spot = SpotlightOverlay(spotlightStep(for: i))
        spot.onAction = { [weak self] action in self?.handle(action) }
        spot.onRemoved = { [weak self, weak spot] in self?.spotlightRemoved(spot) }
        spot.onTargetsMissing = { [weak self, weak spot] missing in self?.targetsMissing(missing, reportedBy: spot) }
        screen = .spotlight(ShownStep(step: i, overlay: spot, hotspotGroup: opening))
        host.overlays.present(spot, animated: animated)
        updateConditionCheck()
        onEvent?(.stepShown(i))
        if dismissesAsItShows { spot.dismiss(animated: false) }
    }

    /// Moves to step `index` (clamped): the hole morphs there when `animated`.
    public func go(to index: Int, animated: Bool = true) {
        guard let current = currentStep else { start(at: index, animated: animated); return }
        let i = clamp(index)
        guard i != current else { return }
        if pendingStep == nil { onEvent?(.stepHidden(current)) }
        endTargetWait()
        let group = currentHotspotGroup
        hideHotspots()
        // A step that waits for the app, or a hotspot's beacons: nothing of the spotlight meanwhile.
        if !tour.steps[i].showWhen.allHold(on: host) || tour.steps[i].isHotspot {
            takeDownSpotlight(animated: animated)
        }
        guard case .spotlight(var shown) = screen else { present(i, animated: animated, keeping: group); return }
        shown.step = i
        shown.hotspotGroup = nil
        screen = .spotlight(shown)
        prepareHost(for: i)
        show(i, on: shown.overlay, animated: animated)
        updateConditionCheck()
        onEvent?(.stepShown(i))
    }

    /// The next step (a step's `advanceOn` goto when it has one), or the end of the tour after the last.
    public func next(by cause: String = "next") {
        guard let i = currentStep else { return }
        onEvent?(.advanced(i, by: cause))
        if case .spotlight(let shown) = screen, var group = shown.hotspotGroup {
            // An opened hotspot: back to the group's other beacons, or on past the group.
            group.opened.insert(i)
            if let first = group.remaining.first {
                onEvent?(.stepHidden(i))
                takeDownSpotlight(animated: true)
                showHotspots(from: first, keeping: group)
                return
            }
            let after = (group.steps.max() ?? i) + 1
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

    /// Takes the spotlight off the screen on purpose (not the tour being dismissed); the caller
    /// puts what shows next on `screen`.
    private func takeDownSpotlight(animated: Bool) {
        endTargetWait()
        guard case .spotlight(let shown) = screen else { return }
        shown.overlay.onRemoved = nil
        shown.overlay.onTargetsMissing = nil
        screen = .nothing
        shown.overlay.dismiss(animated: animated)
    }

    /// Moves on to step `j`, remembering the step left for Back.
    private func forward(to j: Int) {
        guard let i = currentStep, j != i else { return }
        history.append(i)
        go(to: j)
    }

    // MARK: - Conditions

    /// In the frame's callback phase while needed: a waiting step shows once its `showWhen` holds;
    /// a step that moves on at an event does so once its conditions hold.
    func checkConditions() {
        switch screen {
        case let .waitingToShow(i, since, group):
            if tour.steps[i].showWhen.allHold(on: host) {
                onEvent?(.waited(i, seconds: host.root.clock.now - since))
                present(i, animated: true, opening: group)
            }
        case .spotlight(let shown):
            let step = tour.steps[shown.step]
            if step.advanceOn == .event, !step.advanceConditions.isEmpty, step.advanceConditions.allHold(on: host) {
                next(by: "event")
            }
        case .nothing, .beacons, .ended:
            break
        }
    }

    /// The conditions are checked in every frame's callback phase (before layout, so a step that
    /// shows or moves on is laid out and painted in that frame) while a step waits to show or moves
    /// on at an event.
    func updateConditionCheck() {
        let needed = currentStep.map { pendingStep != nil || tour.steps[$0].advanceOn == .event } ?? false
        let root = host.root
        if needed, conditionCheck.map(root.hasFrameCallback) != true {
            conditionCheck = root.addFrameCallback { [weak self] _ in self?.checkConditions() }
        } else if !needed, let id = conditionCheck {
            root.removeFrameCallback(id)
            conditionCheck = nil
        }
    }

    // MARK: - Ending and replacing

    /// Leaves the tour early.
    public func skip() { end(.skipped) }

    /// Ends the tour as completed.
    public func finish() { end(.finished) }

    /// Replaces the tour (a live reload). A running tour stays on its step, or on the last one that
    /// still exists, and morphs to the new version of it.
    public func replace(with newTour: Tour, animated: Bool = true) {
        guard !newTour.steps.isEmpty else { return }
        tour = newTour
        guard case .spotlight(var shown) = screen else { return }
        let current = shown.step
        let i = clamp(current)
        if i != current { onEvent?(.stepHidden(current)) }
        prepareHost(for: i)
        endTargetWait()
        shown.step = i
        shown.targetWait = nil
        screen = .spotlight(shown)
        show(i, on: shown.overlay, animated: animated)
        if i != current { onEvent?(.stepShown(i)) }
    }

    func end(_ outcome: State) {
        guard let i = currentStep else { return }
        let wasShown = pendingStep == nil
        endTargetWait()
        hideHotspots()
        let leaving = spotlight
        screen = .ended(outcome, step: i)
        updateConditionCheck()
        if wasShown { onEvent?(.stepHidden(i)) }
        onEvent?(outcome == .finished ? .finished : .skipped)
        leaving?.dismiss()
    }

    private func clamp(_ i: Int) -> Int { min(max(0, i), tour.steps.count - 1) }
}
