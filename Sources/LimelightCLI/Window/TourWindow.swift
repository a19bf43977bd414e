import Foundation
import Raster
import SDLHost
import Schema
import Tours
import Views

/// What the window runs: the app (or a tour's screenshot) with a tour that starts after
/// a delay, logs its events on stderr, saves how it ended, and — for `--tour FILE` — reloads on
/// every save of the file, staying on the same step. A file that breaks keeps the last good tour
/// running and shows its first problem in a red banner until it is fixed. An app declared in a
/// screens file reloads the same way on every save of that file.
@MainActor
final class TourWindowApp: HostedApp {
    /// What is on screen now (a reload may swap the app for a screenshot and back).
    private(set) var stage: any TourHost
    private(set) var engine: TourEngine?
    private var loaded: LoadedTour?
    /// When the tour starts (clock seconds), while its timer waits.
    private var startDue: Double?
    private var startTimer: TimerID?
    private var lastShownStep = 0
    private var reloader: TourReloader?
    private var tourPath: String?
    /// The checklist on screen, if any, and the file it came from.
    var checklistRunner: ChecklistRunner?
    var checklistPath: String?
    /// Watches the app's screens file, when it has one.
    private var appReloader: FileReloader<Void>?
    /// The app's screens file's problem after a broken save, shown over the tour's own.
    private var appProblem: String?
    private var tourProblem: String?
    private var banner: ErrorBanner?
    let store: TourProgressStore?
    let app: CLIApp
    /// Writes each tour event, and the app's, as a line of the events log (`--events`), if anywhere.
    var events: EventLogWriter?
    /// The user experiments draw arms for (`--user`, else the anonymous id kept in saved progress).
    var user = "anonymous"
    /// Whether the tours it plays are dismissed as they show (`TourSwitch.dismiss`).
    var dismissesAsItShows = false
    /// Called with each new stage's root (a reload that swaps the app for a screenshot).
    var onStageChange: ((ViewRoot) -> Void)?
    private let makeStage: (LoadedTour, Size) throws(CLIError) -> any TourHost
    /// The app's own screen, which a reload that drops a screenshot's screen goes back to.
    private let appScreen: Size
    /// A screen size for the window to take, until the host takes it.
    private var requestedScreenSize: Size?
    /// Whether the stage shows a screen of its own size (a tour's screenshot with a `screen`),
    /// rather than the window's.
    private var stageHasOwnScreen: Bool

    /// A window app on `stage`; outcomes go to `store`; `makeStage` builds a new stage when a reload
    /// adds, removes or changes the tour's background; `appScreen` is the app's screen size.
    init(stage: any TourHost, app: CLIApp, store: TourProgressStore?, appScreen: Size, stageHasOwnScreen: Bool,
         makeStage: @escaping (LoadedTour, Size) throws(CLIError) -> any TourHost) {
        self.stage = stage
        self.app = app
        self.store = store
        self.appScreen = appScreen
        self.stageHasOwnScreen = stageHasOwnScreen
        self.makeStage = makeStage
    }

    /// The screen a reload's new stage asked the window for, once.
    func takeRequestedScreenSize() -> Size? {
        defer { requestedScreenSize = nil }
        return requestedScreenSize
    }

    /// The stage's root: the app's, or a screenshot's after a reload swapped them.
    var root: ViewRoot { stage.root }

    /// Runs `loaded` `delay` seconds from now; with `watching`, reloads it when that file changes
    /// from how it was when `known` was read before loading it.
    func play(_ loaded: LoadedTour, after delay: Double, watching path: String?, loadedAt known: FileSignature? = nil) {
        self.loaded = loaded
        // A tour with an experiment runs as the user's arm; a user held out sees none.
        if let plan = loaded.tour.experimentPlan {
            let arm = plan.arm(forUser: user)
            events?.assign(loaded.tour, ms: (root.clock.now * 1000).rounded())
            warn("tour \(loaded.tour.id): experiment \(plan.name): \(user) is in the arm \(arm)" + (arm == Experiment.holdoutArm ? " (held out: the tour does not show)" : ""))
            if arm == Experiment.holdoutArm {
                if let path { watchFile(path, loadedAt: known) }
                return
            }
            self.loaded?.tour = loaded.tour.applying(arm: arm)
        }
        engine = makeEngine(self.loaded!.tour, on: stage)
        scheduleStart(at: root.clock.now + max(0, delay))
        if let path { watchFile(path, loadedAt: known) }
    }

    /// A tour file that does not load yet: its first problem in the banner, and the tour starts
    /// at the first good save after the one read when `known` was.
    func waitForFix(of path: String, error: LoadError, loadedAt known: FileSignature?) {
        tourProblem = error.summary
        showBanner(nil)
        watchFile(path, loadedAt: known)
    }

    private func watchFile(_ path: String, loadedAt known: FileSignature?) {
        let app = self.app
        tourPath = path
        reloader = TourReloader(path: path, loadedAt: known, load: { () throws(LoadError) -> LoadedTour in
            try app.load(path)
        })
        watch(on: root)
    }

    /// Reloads the app on every save of its screens file: a good save makes the screen again over
    /// the new app (a tour goes on from its step, checked against the new screens), a broken one
    /// shows its first problem in the banner while the last good app keeps running.
    /// `makeAppStage` makes the app at a size, for a window without a tour over it.
    func watchApp(_ path: String, makeAppStage: @escaping (Size) throws(CLIError) -> any TourHost) {
        let app = self.app
        appReloader = FileReloader<Void>(path: path, load: { () throws(LoadError) in try app.reloadScreens() })
        self.makeAppStage = makeAppStage
        watch(on: root)
    }
    private var makeAppStage: ((Size) throws(CLIError) -> any TourHost)?

    /// Starts the tour at `due` (clock seconds) with a timer of the stage's root.
    private func scheduleStart(at due: Double) {
        root.timers.cancel(startTimer)
        startDue = due
        startTimer = root.timers.after(due - root.clock.now) { [weak self] in
            self?.startDue = nil
            self?.startTimer = nil
            self?.engine?.start(at: 0)
        }
    }

    /// Checks the watched files for saves on `root`'s timers.
    private func watch(on root: ViewRoot) {
        reloader?.start(on: root.timers) { [weak self] result in self?.apply(result) }
        appReloader?.start(on: root.timers) { [weak self] result in self?.applyApp(result) }
    }

    private func makeEngine(_ tour: Tour, on stage: any TourHost) -> TourEngine {
        let engine = TourEngine(tour: tour, host: stage)
        engine.dismissesAsItShows = dismissesAsItShows
        engine.onEvent = { [weak self, weak engine] event in
            guard let self, let engine else { return }
            warn(engine.describe(event))
            self.events?.record(event, tour: engine.tour, endedAt: engine.endedAtStep, ms: (self.root.clock.now * 1000).rounded())
            switch event {
            case .stepShown(let i):
                self.recordShown(engine.tour.id)
                self.lastShownStep = i
            case .finished:
                self.save(.finished, engine.tour.id)
                self.checklistRunner?.noteTourEnded(engine.tour.id, outcome: .finished)
            case .skipped, .dismissed:
                self.save(.skipped, engine.tour.id)
                self.checklistRunner?.noteTourEnded(engine.tour.id, outcome: .skipped)
            case .stepHidden, .targetMissing, .waited, .waitingToShow, .advanced: break
            }
        }
        return engine
    }

    /// Counts a showing of the tour `id` in saved progress (once per start).
    private func recordShown(_ id: String) {
        guard let store, shownRecorded != id else { return }
        shownRecorded = id
        do { try store.update { $0.recordShown(id, at: Date()) } } catch { warn("window: \(error)") }
    }
    /// The tour whose showing was counted in this start of it.
    private var shownRecorded: String?

    /// Plays `loaded` now, in place of any tour that ended (a checklist's item chose it): its
    /// showing counts once more, and it is saved when it ends.
    func playNow(_ loaded: LoadedTour) {
        if let engine, engine.isRunning { return }
        versionsOnFinish = nil
        shownRecorded = nil
        play(loaded, after: 0, watching: nil)
    }

    /// The step versions to record when the tour playing now is finished: the whole tour's, when
    /// only its changed steps play.
    var versionsOnFinish: [String]?

    private func save(_ outcome: TourOutcome, _ id: String) {
        guard let store else { return }
        let versions = versionsOnFinish ?? engine?.tour.steps.map(\.contentVersion)
        do { try store.record(outcome, forTour: id, versions: versions) } catch { warn("window: \(error)") }
    }

    // MARK: - Live reload

    private func applyApp(_ result: FileReload<Void>) {
        switch result {
        case .failed(let error):
            for d in error.diagnostics { warn("window: reload: \(d)") }
            warn("window: reload: keeping the last good version of the app")
            appProblem = error.summary
            showBanner(nil)
        case .reloaded:
            appProblem = nil
            warn("window: reloaded \(app.screensFile ?? "the app") (\(app.definition.displayName))")
            let step = engine?.currentStep ?? lastShownStep
            if let loaded, loaded.background == nil {
                // The tour is checked against the new screens; a problem keeps the last good tour.
                var tour = loaded
                if let tourPath {
                    do { tour = try app.load(tourPath); tourProblem = nil } catch {
                        for d in error.diagnostics { warn("window: reload: \(d)") }
                        tourProblem = error.summary
                    }
                }
                switchStage(to: tour, step: step)
            } else if loaded == nil, let makeAppStage {
                do { adopt(try makeAppStage(root.size)) } catch { appProblem = error.message }
            }
            showBanner(nil)
        }
    }

    private func apply(_ result: TourReload) {
        switch result {
        case .failed(let error):
            for d in error.diagnostics { warn("window: reload: \(d)") }
            warn("window: reload: keeping the last good version of the tour")
            tourProblem = error.summary
            showBanner(nil)
        case .reloaded(let new):
            tourProblem = nil
            showBanner(nil)
            for w in new.warnings { warn("window: reload: \(w)") }
            guard loaded != nil else {
                // The first good version of a file that was broken at launch.
                if new.background != nil { switchStage(to: new, step: 0) } else {
                    loaded = new
                    engine = makeEngine(new.tour, on: stage)
                    engine?.start(at: 0)
                }
                warn("window: loaded \(new.file) (\(new.tour.steps.count) steps)")
                return
            }
            let step = engine?.currentStep ?? lastShownStep
            if new.backgroundPath != loaded?.backgroundPath || (new.background == nil) != (loaded?.background == nil) {
                switchStage(to: new, step: step)
            } else {
                if let image = new.background, let shot = stage.pictures { shot.screenshot.image = image }
                loaded = new
                if let engine, engine.isRunning {
                    engine.replace(with: new.tour)
                } else if let engine {
                    engine.replace(with: new.tour)
                    if startDue == nil { engine.start(at: min(step, new.tour.steps.count - 1)) }
                }
            }
            let shown = (engine?.currentStep).map { ", on step \($0 + 1)" } ?? ""
            warn("window: reloaded \(new.file) (\(new.tour.steps.count) steps\(shown))")
        }
    }

    /// A new stage for a tour whose background changed; the tour goes on from `step`.
    private func switchStage(to new: LoadedTour, step: Int) {
        let next: any TourHost
        // A screenshot's screen is its own; back on the app, the app's (the window follows either way).
        let windowSize = root.size
        let size = new.screen?.size ?? (stageHasOwnScreen ? appScreen : windowSize)
        do { next = try makeStage(new, size) } catch {
            showBanner(error.message)
            return
        }
        if let engine, engine.isRunning { engine.onEvent = nil }
        root.timers.cancel(startTimer)
        adopt(next)
        stageHasOwnScreen = new.screen != nil
        if size != windowSize { requestedScreenSize = size }
        loaded = new
        let engine = makeEngine(new.tour, on: next)
        self.engine = engine
        if let due = startDue {
            scheduleStart(at: due)
        } else {
            engine.start(at: min(step, new.tour.steps.count - 1), animated: false)
        }
    }

    /// `next` on screen in place of the stage: it speaks and moves as the old one did, its events
    /// count the same, and the watched files are checked on its timers.
    private func adopt(_ next: any TourHost) {
        next.root.announcer = root.announcer
        next.root.reducesMotion = root.reducesMotion
        next.onAppEvent = stage.onAppEvent
        stage = next
        onStageChange?(next.root)
        banner = nil
        watch(on: next.root)
    }

    /// The banner shows `message`, else the app's problem, else the tour's; none when all are nil.
    private func showBanner(_ message: String?) {
        let shown = message ?? appProblem ?? tourProblem
        if shown != nil && banner == nil { banner = ErrorBanner(root: root) }
        banner?.message = shown
    }
}
