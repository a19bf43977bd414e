import Overlays
import Schema
import Views

/// From a tour's steps to what the host and the spotlight show.
extension TourEngine {
    /// The tab step `index` runs on: its own, else the nearest earlier step's, else the host's first.
    public func tab(forStep index: Int) -> String? {
        guard !host.tabNames.isEmpty else { return nil }
        return tour.tab(forStep: index, firstTab: host.tabNames.first)
    }

    /// Brings the host to step `i`: its screen (cross-faded), its tab and the screens shown over
    /// it (`go`), its first view target scrolled into view. However the step is reached (played
    /// to, started at, walked to for a storyboard), the app shows the same screens.
    func prepareHost(for i: Int) {
        host.showScreen(forStep: i, animated: true)
        let tab = tab(forStep: i), over = tour.screensOver(forStep: i)
        if over.isEmpty {
            if let tab, host.selectedTabName != tab { host.selectTab(named: tab) }
        } else if host.shownScreenNames != (tab.map { [$0] } ?? []) + over {
            if let tab { host.selectTab(named: tab) }
            for name in over { host.pushScreen(named: name) }
        }
        let step = tour.steps[i], root = host.root
        if step.scrollsIntoView, let id = step.holeTargets(in: host.languageCode).lazy.compactMap({ $0.viewID(in: root) }).first {
            host.scrollIntoView(viewID: id)
        }
    }

    /// What the spotlight shows for step `index`, whole: its holes, bubble, taps and the tour's dim.
    public func spotlightStep(for index: Int) -> SpotlightStep {
        SpotlightStep(holes: holes(for: index), coachMark: coachMark(for: index),
                      tapPolicy: TourEngine.tapPolicy(for: tour.steps[index], allowsSkip: tour.allowsSkip),
                      dimColor: tour.dimColor, dimOpacity: tour.dimOpacity, demo: tour.steps[index].demo)
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
        tour.theme.overlaid(by: step.theme).apply(to: &mark)
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
        case let .targetMissing(i, cause): return "\(name): step \(i + 1) of \(tour.steps.count) waits for its target (\(cause.words))"
        case let .waited(i, seconds): return "\(name): step \(i + 1) of \(tour.steps.count) waited \((seconds * 1000).rounded().compact) ms"
        case let .advanced(i, cause): return "\(name): step \(i + 1) of \(tour.steps.count) moved on by \(cause)"
        case .waitingToShow(let i):
            return "\(name): step \(i + 1) of \(tour.steps.count) waits until \(tour.steps[i].showWhen.map(\.description).joined(separator: " and "))"
        }
    }
}
