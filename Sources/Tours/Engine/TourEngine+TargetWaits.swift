import Overlays
import Views

extension TourEngine {
    // MARK: - Targets that come and go

    /// The spotlight on screen found the step's target missing (or back): wait for it up to the
    /// step's `waitFor`, then do what its `ifMissing` says. A spotlight leaving the screen reports nothing.
    func targetsMissing(_ missing: Bool, reportedBy reporter: SpotlightOverlay?) {
        guard case .spotlight(var shown) = screen, shown.overlay === reporter else { return }
        let i = shown.step, root = host.root
        if missing {
            guard shown.targetWait == nil else { return }
            let step = tour.steps[i]
            let timer = root.timers.after(step.waitFor / 1000) { [weak self] in self?.waitRanOut(step: i) }
            shown.targetWait = TargetWait(since: root.clock.now, timer: timer)
            screen = .spotlight(shown)
            onEvent?(.targetMissing(i, cause: cause(ofMissing: reporter?.missingCause ?? .missing, step: i)))
        } else if let wait = shown.targetWait {
            endTargetWait()
            onEvent?(.waited(i, seconds: root.clock.now - wait.since))
            // Now that it is there, it can be scrolled to: in the next frame's callback phase, as
            // this runs in the spotlight's layout.
            let step = tour.steps[i]
            if step.scrollsIntoView, let id = step.holeTargets(in: host.languageCode).lazy.compactMap({ $0.viewID(in: root) }).first {
                root.beforeNextFrame { [host] in host.scrollIntoView(viewID: id) }
            }
        }
    }

    /// Why step `i`'s target is missing, as the events log says it: a target gone while the app is on
    /// another tab than the step's is elsewhere, not gone (an app may take a tab's views away).
    func cause(ofMissing cause: TargetAbsence, step i: Int) -> TargetAbsence {
        guard cause == .missing, let tab = tab(forStep: i), let shown = host.selectedTabName, shown != tab else { return cause }
        return .elsewhere
    }

    func waitRanOut(step i: Int) {
        guard case .spotlight(var shown) = screen, shown.step == i, shown.targetWait != nil else { return }
        shown.targetWait = nil
        screen = .spotlight(shown)
        switch tour.steps[i].ifMissing {
        case .skip: next(by: "missing")
        case .end: end(.skipped)
        case .center:
            // Never a dim with no way out: a step with no bubble to centre is passed over, and a
            // centred bubble whose step waits for a tap on its target gets a Next to leave by.
            guard tour.steps[i].showsBubble else { next(by: "missing"); return }
            var step = spotlightStep(for: i)
            if var mark = step.coachMark, !mark.showsNextButton, mark.buttons.isEmpty {
                mark.showsNextButton = true
                step.coachMark = mark
                shown.overlay.show(step, animated: false)
            }
            shown.overlay.centersBubbleWithoutTarget = true
        }
    }

    /// Ends the current step's wait for its target, its timer cancelled.
    func endTargetWait() {
        guard case .spotlight(var shown) = screen, let wait = shown.targetWait else { return }
        if let timer = wait.timer { host.root.timers.cancel(timer) }
        shown.targetWait = nil
        screen = .spotlight(shown)
    }

    func show(_ i: Int, on spot: SpotlightOverlay, animated: Bool) {
        spot.centersBubbleWithoutTarget = false
        spot.show(spotlightStep(for: i), animated: animated)
    }

    func handle(_ action: SpotlightAction) {
        switch action {
        case .advance(let cause): next(by: cause.rawValue)
        case .back: previous()
        case .dismiss: if tour.allowsSkip { skip() }
        case .button(let k):
            guard let i = currentStep, tour.steps[i].buttons.indices.contains(k) else { return }
            onEvent?(.advanced(i, by: "button \(k + 1)"))
            follow(tour.steps[i].buttons[k].goto)
        }
    }

    /// The spotlight on screen was taken off the stack by someone else: the tour was left.
    func spotlightRemoved(_ removed: SpotlightOverlay?) {
        guard case .spotlight(let shown) = screen, let removed, shown.overlay === removed else { return }
        endTargetWait()
        screen = .ended(.dismissed, step: shown.step)
        updateConditionCheck()
        onEvent?(.stepHidden(shown.step))
        onEvent?(.dismissed)
    }
}
