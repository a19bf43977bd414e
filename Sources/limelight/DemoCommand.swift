import Demo
import Foundation
import Raster
import SDLHost
import Tours
import Views

/// `limelight` / `limelight demo`: the sample app in a window.
@MainActor
enum DemoCommand {
    static let help = """
    usage: limelight [demo] [--size WxH] [--scale N] [--lang en|ja|ar|he] [--font FAMILY] [--driver NAME]
                     [--tour FILE] [--reset-tours] [--speech on|off] [--reduce-motion] [--events FILE|-]
      Opens the sample app in a window titled "Limelight" (390x844 points by default, resizable).
      1 s after launch the FAB tip appears (the tour assets/tours/fab.json) unless it was finished or
      skipped before: saved progress lives in $XDG_STATE_HOME/limelight/state.json
      (~/.local/state/limelight/state.json). Tap the FAB to go on; a tap elsewhere or Escape skips.
      --tour FILE    run this tour instead (always, whatever the saved progress says), 1 s after
                     launch, and reload it whenever the file is saved: the tour stays on its step,
                     and a broken file shows its problem in a red banner while the last good
                     version keeps running. Tour events are logged on stderr.
      --reset-tours  forget which tours were finished or skipped, so they show again
      --events FILE  every tour event as a line of JSON ({"event", "tour", "step", "ms", …}), appended
                     to FILE as it happens (- for stderr)
      Keys: Escape skips a tour (when it allows skipping), Enter and Right advance, Left goes back;
      Tab and Shift-Tab move the focus (tabs, cards, the FAB, Menu rows; inside an overlay, its
      buttons), Enter or Space presses the focused one, Left and Right move between tabs;
      Ctrl-Q or closing the window quits. Touchscreens work as a mouse (the first finger).
      --speech on|off  announce steps, overlays and focus moves through speech-dispatcher (default:
                     on when its service answers, else off; one line on stderr says which)
      --reduce-motion  short cross-fades instead of fades, no morphs, zooms or spinning (also on when
                     GNOME's enable-animations is off, or LIMELIGHT_REDUCE_MOTION=1)
      --driver NAME  SDL video driver: x11, wayland, or kmsdrm for a Linux console without a display
                     server (full screen). Default: whatever this desktop offers (SDL_VIDEODRIVER too).
      --scale N      device pixels per point, for HiDPI screens
      Without any display it stops and says how to render headless instead (limelight render).
    """

    static func run(_ words: [String]) throws(CLIError) {
        let c = "demo"
        let args = try Arguments(words, command: c, valued: ScreenSettings.valued.union(["--driver", "--font", "--frames", "--tour", "--speech", "--events"]),
                                 switches: ScreenSettings.switches.union(["--help", "--reset-tours"]))
        if args.has("--help") { print(help); return }
        guard args.positional.isEmpty else { throw .usage("\(c): unexpected argument \"\(Arguments.printable(args.positional[0]))\" (see limelight --help)") }
        var settings = try ScreenSettings(args)
        settings.reducesMotion = settings.reducesMotion || DesktopAccess.desktopReducesMotion()
        let eventLog = try args.value("--events").map { v throws(CLIError) in try EventLog(v, command: c) }
        let announcer = try DesktopAccess.announcer(args.value("--speech"), command: c)
        var options = WindowOptions()
        options.size = settings.size
        options.scale = settings.scale
        options.driver = args.value("--driver")
        options.frameLimit = try args.value("--frames").map { v throws(CLIError) in try parseInt(v, option: "--frames", command: c, range: 1...1_000_000) }
        // Fonts, images and tour files are checked before a window opens.
        _ = try AppSetup.textEngine(family: args.value("--font"), command: c)
        // A --tour file with problems still opens the window: the banner shows them until a good save.
        var explicitTour: LoadedTour?
        var brokenTour: TourLoadError?
        // How the file was before it was read: a save while the window opens is not missed.
        let signature = args.value("--tour").map(FileSignature.of)
        if let path = args.value("--tour") {
            do { explicitTour = try TourLoader.load(path: path, appCatalog: { DemoApp.launchCatalog() }) } catch {
                guard FileManager.default.fileExists(atPath: path) else { throw TourSetup.failure(error, command: c) }
                brokenTour = error
                for d in error.diagnostics { warn("\(c): \(d)") }
                warn("\(c): \(path) has problems; the window waits for a good save")
            }
            for w in explicitTour?.warnings ?? [] { warn("\(c): \(w)") }
            // A tour over a screenshot that says its screen opens a window of that screen.
            if let screen = explicitTour?.screen {
                options.size = screen.size
                options.scale = screen.scale
            }
        }
        let store = progressStore(reset: args.has("--reset-tours"))
        // This launch counts for tours' `show` rules ("afterLaunches").
        if let store {
            do { if let warning = try store.update({ $0.recordLaunch() }) { warn("demo: \(warning)") } } catch { warn("demo: \(error)") }
        }
        let launch = args.value("--tour") == nil ? launchPlan(store: store) : .nothing
        let host: WindowHost
        do { host = try WindowHost(options: options) } catch { throw .failure(error.description) }
        let clock = MonotonicClock()
        let font = args.value("--font")
        let makeStage = { (loaded: LoadedTour, size: Size) throws(CLIError) -> any TourHost in
            try TourSetup.makeStage(for: loaded, settings: settings, font: font, clock: clock, command: c, size: size)
        }
        let stage: any TourHost
        if let explicitTour {
            stage = try makeStage(explicitTour, host.pointSize)
        } else {
            stage = try AppSetup.makeApp(settings, font: font, clock: clock, command: c, size: host.pointSize)
        }
        stage.root.announcer = announcer
        // What the app does counts for tours' `show` rules ("afterEvent").
        if let store, let demo = stage as? DemoApp {
            demo.onAppEvent = { name in do { try store.update { $0.recordEvent(name) } } catch { warn("demo: \(error)") } }
        }
        let app = TourWindowApp(stage: stage, store: store, makeStage: makeStage)
        if let eventLog { app.eventLog = { eventLog.write($0) } }
        if let explicitTour, let path = args.value("--tour") {
            app.play(explicitTour, after: 1, watching: path, loadedAt: signature)
        } else if let brokenTour, let path = args.value("--tour") {
            app.waitForFix(of: path, error: brokenTour, loadedAt: signature)
        } else {
            switch launch {
            case .tour(let loaded, let versions):
                app.versionsOnFinish = versions
                app.play(loaded, after: 1, watching: nil)
            case .builtInTip: (stage as? DemoApp)?.scheduleFABTip(after: 1)
            case .nothing: break
            }
        }
        host.run(app)
        host.close()
        if let failure = eventLog?.failure { throw .failure("\(c): \(failure)") }
    }

    /// The saved-progress store (cleared with `reset`), or nil when there is no home folder.
    static func progressStore(reset: Bool) -> TourProgressStore? {
        guard let folder = TourProgressStore.defaultDirectory() else {
            warn("demo: neither XDG_STATE_HOME nor HOME is set: tour progress will not be saved")
            return nil
        }
        let store = TourProgressStore(directory: folder)
        if reset {
            do { try store.reset(); warn("demo: saved tour progress cleared (\(store.path))") } catch { warn("demo: \(error)") }
        }
        return store
    }

    /// What the window shows at launch.
    enum LaunchPlan {
        /// A tour file (assets/tours/fab.json), perhaps only its steps that changed; the versions of
        /// all its steps, to record when it is finished.
        case tour(LoadedTour, versions: [String])
        /// The FAB tip built into the sample app (when the tour file is missing or broken).
        case builtInTip
        /// Nothing: saved progress says the tip was finished or skipped.
        case nothing
    }

    /// The launch tour (assets/tours/fab.json) when its `show` rule says so with the saved progress
    /// (by default once; only its changed steps to someone who finished it). A missing or broken
    /// file falls back to the built-in FAB tip, with a warning.
    static func launchPlan(store: TourProgressStore?) -> LaunchPlan {
        let (progress, warning) = store?.load() ?? (TourProgress(), nil)
        if let warning { warn("demo: \(warning)") }
        func seen(_ id: String) -> Bool {
            guard let outcome = progress.outcome(ofTour: id) else { return false }
            warn("demo: tour \"\(id)\" was \(outcome.rawValue) before; not shown again (--reset-tours shows it again)")
            return true
        }
        guard let folder = TourSetup.toursFolder() else {
            warn("demo: assets/tours not found (set LIMELIGHT_ASSETS to the assets folder); showing the built-in FAB tip")
            return seen("fab") ? .nothing : .builtInTip
        }
        let path = (folder as NSString).appendingPathComponent("fab.json")
        do {
            var loaded = try TourLoader.load(path: path, appCatalog: { DemoApp.launchCatalog() })
            let decision = ShowDecision.decide(loaded.tour, progress: progress, now: Date())
            guard decision.shows else {
                if decision.isUsedUp {
                    warn("demo: tour \"\(loaded.tour.id)\" \(decision.reason); not shown again (--reset-tours shows it again)")
                } else {
                    warn("demo: tour \"\(loaded.tour.id)\" not shown yet: \(decision.reason)")
                }
                return .nothing
            }
            let versions = loaded.tour.steps.map(\.contentVersion)
            if decision.steps.count < loaded.tour.steps.count {
                warn("demo: tour \"\(loaded.tour.id)\": \(decision.reason)")
                loaded.tour = loaded.tour.keepingSteps(decision.steps)
            }
            return .tour(loaded, versions: versions)
        } catch {
            for d in error.diagnostics { warn("demo: \(d)") }
            warn("demo: showing the built-in FAB tip instead")
            return seen("fab") ? .nothing : .builtInTip
        }
    }
}
