import Foundation
import Raster
import SDLHost
import Schema
import Tours
import Views

/// `limelight` / `limelight window`: the app in a window.
@MainActor
enum WindowCommand {
    static func help(_ app: CLIApp) -> String {
        let d = app.definition
        let launch = d.launchTours.isEmpty ? "" : """

          At launch its tours (\(d.launchTours.map { ($0 as NSString).lastPathComponent }.joined(separator: ", "))) start 1 s in, each
          by its show rules (by default once: not again after it was finished or skipped); saved
          progress lives in $XDG_STATE_HOME/limelight/\(d.id)/state.json (~/.local/state/limelight/\(d.id)/...).
          For the app's own end-to-end tests, LIMELIGHT_TOURS=off shows none, and =dismiss dismisses
          each as it shows (saved as a user's dismissal).
        """
        return """
        usage: \(programName) [window] [--size WxH] [--scale N] [--lang \(d.languages.joined(separator: "|"))] [--font FAMILY] [--driver NAME]
                         [--tour FILE [--variant ARM]] [--checklist FILE] [--reset-tours] [--speech on|off] [--reduce-motion] [--events FILE|-] [--user ID]
          Opens \(d.displayName) in a window titled "\(d.windowTitle)" (\(d.defaultScreen.width.compact)x\(d.defaultScreen.height.compact) points by default, resizable).\(launch)
          --tour FILE    run this tour instead (always, whatever the saved progress says), 1 s after
                         launch, and reload it whenever the file is saved: the tour stays on its step,
                         and a broken file shows its problem in a red banner while the last good
                         version keeps running. Tour events are logged on stderr. An app declared in
                         a screens file (--app, or the tour's "app") reloads on every save the same way.
          --variant ARM  with --tour: preview the tour as the users of its experiment's arm ARM see it
                         (its own steps or texts), on every load and save, whatever arm the user
                         would draw; not with --events (a preview's events are no user's)
          --checklist FILE  show this checklist's launcher (a NAME.checklist.json) from launch on,
                         whatever saved progress says of its showings: choosing an item plays its
                         tour (its file beside the checklist, or one of the app's tours); items
                         ticked are saved. Without it, the app's own checklist shows by its rules.
          --reset-tours  forget which tours were finished or skipped, so they show again
          --events FILE  every tour event and the app's own as a line of the events log (the README's
                         "The events log": {"time", "user", "session", "event", "tour", "step",
                         "variant", …}), appended to FILE as it happens (- for stderr; a device or a
                         pipe someone reads is written into); `limelight analyze` reads it
          --user ID      the user a tour's experiment draws an arm for, and the log names (default:
                         an anonymous id made once and kept with the saved progress)
          Keys: Escape skips a tour (when it allows skipping), Enter and Right advance, Left goes back;
          Tab and Shift-Tab move the focus (inside an overlay, between its buttons), Enter or Space
          presses the focused view, Left and Right move between tabs; Ctrl-Q or closing the window
          quits, and SIGINT, SIGTERM and SIGHUP end it as they end a process. Touchscreens work as a
          mouse (the first finger).
          --speech on|off  announce steps, overlays and focus moves through speech-dispatcher (default:
                         on when its service answers, else off; one line on stderr says which)
          --reduce-motion  short cross-fades instead of fades, no morphs, zooms or spinning (also on when
                         GNOME's enable-animations is off, or LIMELIGHT_REDUCE_MOTION=1)
          --driver NAME  SDL video driver: x11, wayland, or kmsdrm for a Linux console without a display
                         server (full screen). Default: whatever this desktop offers (SDL_VIDEODRIVER too).
          --scale N      device pixels per point, for HiDPI screens; a window larger than the display
                         is shown at a lower scale to fit it (said on stderr). A tour over a
                         screenshot opens a window of its screen's points (its "screen"), the
                         screenshot shrunk or enlarged to the scale; --size cannot change it
          Without any display it stops and says how to render headless instead (\(programName) render).
        """
    }

    static func run(_ words: [String], app: CLIApp) throws(CLIError) {
        let c = "window"
        let args = try Arguments(words, command: c, valued: ScreenSettings.valued.union(["--driver", "--font", "--frames", "--tour", "--variant", "--speech", "--events", "--user", "--checklist"]),
                                 switches: ScreenSettings.switches.union(["--help", "--reset-tours"]))
        if args.has("--help") { print(help(app)); return }
        // A tour that names its app runs over it.
        let cli = try args.value("--tour").map { p throws(CLIError) in try app.forTour(p, command: c) } ?? app
        guard args.positional.isEmpty else { throw .usage("\(c): unexpected argument \"\(Arguments.printable(args.positional[0]))\" (see \(programName) --help)") }
        if let arm = args.value("--variant") {
            guard let path = args.value("--tour") else { throw .usage("\(c): --variant needs --tour FILE") }
            if args.value("--events") != nil { throw .usage("\(c): --variant and --events exclude each other (a preview's events are no user's)") }
            // An arm the tour has not is one line; a file that does not load yet opens on its banner.
            if let plain = try? cli.load(path), plain.seen(byArm: arm) == nil { throw .usage("\(c): " + TourSetup.noArm(arm, in: plain.tour)) }
            cli.previewArm = arm
            warn("\(c): \(path): shown as the users of the arm \(Arguments.printable(arm)) see it (a preview: no arm is drawn, no one is held out)")
        }
        var settings = try ScreenSettings(args, app: cli)
        settings.reducesMotion = settings.reducesMotion || DesktopAccess.desktopReducesMotion()
        let eventLog = try args.value("--events").map { v throws(CLIError) in try EventLog(v, command: c) }
        let announcer = try DesktopAccess.announcer(args.value("--speech"), command: c)
        var options = WindowOptions()
        options.title = cli.definition.windowTitle
        options.size = settings.size
        options.scale = settings.scale
        options.driver = args.value("--driver")
        options.frameLimit = try args.value("--frames").map { v throws(CLIError) in try parseInt(v, option: "--frames", command: c, range: 1...1_000_000) }
        // Fonts, images and tour files are checked before a window opens.
        let engine = try AppSetup.textEngine(family: args.value("--font"), app: cli, command: c)
        // A --tour file with problems still opens the window: the banner shows them until a good save.
        var explicitTour: LoadedTour?
        var brokenTour: LoadError?
        /// The screenshot a broken file names, shown with its problems until a good save.
        var brokenScreen: (image: Pixmap, size: Size, scale: Double)?
        // How the file was before it was read: a save while the window opens is not missed.
        let signature = args.value("--tour").map(FileSignature.of)
        if let path = args.value("--tour") {
            do { explicitTour = try cli.load(path) } catch {
                guard FileManager.default.fileExists(atPath: path) else { throw TourSetup.failure(error, command: c) }
                brokenTour = error
                brokenScreen = TourLoader.screenshotScreen(ofBrokenFile: path, images: cli.images)
                if let brokenScreen { options.size = brokenScreen.size }
                for d in error.diagnostics { warn("\(c): \(d)") }
                warn("\(c): \(path) has problems; the window waits for a good save")
            }
            for w in explicitTour?.warnings ?? [] { warn("\(c): \(w)") }
            // A tour over a screenshot that says its screen opens a window of that screen, in points
            // at the display's scale (the screenshot's own pixels are shrunk to it).
            if let explicitTour, explicitTour.screen != nil {
                options.size = try settings.screen(for: explicitTour, command: c).size
            }
        }
        let store = progressStore(for: cli.definition, reset: args.has("--reset-tours"))
        // This launch counts for tours' `show` rules ("afterLaunches").
        if let store {
            do { if let warning = try store.update({ $0.recordLaunch() }) { warn("window: \(warning)") } } catch { warn("window: \(error)") }
        }
        let launch = args.value("--tour") == nil ? launchPlan(cli, store: store) : nil
        // The checklist: --checklist FILE always; else the app's own by its show rules (not beside --tour).
        var checklist: (Checklist, String)?
        if let path = args.value("--checklist") {
            do { checklist = (try ChecklistLoader.load(path: path), path) } catch { throw TourSetup.failure(error, command: c) }
        } else if args.value("--tour") == nil {
            checklist = launchChecklist(cli, store: store)
        }
        let host: WindowHost
        do { host = try WindowHost(options: options) } catch { throw .failure(error.description) }
        if let fitting = host.fitting { warn("\(c): \(fitting)") }
        // Every stage runs at the window's scale: the display's, or less where the window had to fit it.
        settings.scale = host.scale
        settings.scaleIsGiven = true
        let clock = MonotonicClock()
        let font = args.value("--font")
        let makeStage = { (loaded: LoadedTour, size: Size) throws(CLIError) -> any TourHost in
            try TourSetup.makeStage(for: loaded, settings: settings, app: cli, font: font, clock: clock, command: c, size: size, engine: engine)
        }
        var stage: any TourHost
        if let explicitTour {
            stage = try makeStage(explicitTour, host.pointSize)
        } else if let brokenScreen {
            do {
                stage = try ScreenshotStage(image: brokenScreen.image, size: host.pointSize, scale: host.scale, languageCode: settings.language,
                                            strings: cli.definition.interfaceStrings, textEngine: engine, clock: clock)
            } catch { throw .failure("\(c): \(error)") }
        } else {
            stage = try AppSetup.makeApp(settings, app: cli, font: font, clock: clock, command: c, size: host.pointSize, engine: engine)
        }
        stage.root.announcer = announcer
        // What the app does counts for tours' `show` rules ("afterEvent").
        let window = TourWindowApp(stage: stage, app: cli, store: store, appScreen: settings.size,
                                   stageHasOwnScreen: explicitTour?.screen != nil || brokenScreen != nil, makeStage: makeStage)
        window.user = try args.value("--user").map { u throws(CLIError) in
            guard !u.isEmpty, u.utf8.count <= 200, !u.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
                throw .usage("\(c): --user expects an id of 1 to 200 bytes without control characters")
            }
            return u
        } ?? anonymousUser(store)
        if let eventLog {
            let writer = EventLogWriter(context: .init(user: window.user, session: UUID().uuidString.lowercased(), language: settings.language,
                                                       screen: "\(settings.size.width.compact)x\(settings.size.height.compact)")) { eventLog.write($0) }
            let assignedBefore = Set(store?.load().progress.experiments ?? [])
            writer.alreadyAssigned = { assignedBefore.contains($0) }
            writer.onAssigned = { experiment in
                _ = try? store?.update { $0.experiments = Array(Set(($0.experiments ?? []) + [experiment])).sorted() }
            }
            window.events = writer
        }
        stage.onAppEvent = { [weak window] name in
            window?.events?.app(name, ms: ((window?.root.clock.now ?? 0) * 1000).rounded())
            window?.noteAppEventForChecklist(name)
            // What the app does counts for tours' `show` rules ("afterEvent").
            if let store { do { try store.update { $0.recordEvent(name) } } catch { warn("window: \(error)") } }
        }
        // An app declared in a screens file is read again on every save of it.
        if let screens = cli.screensFile {
            window.watchApp(screens) { size throws(CLIError) in
                try AppSetup.makeApp(settings, app: cli, font: font, clock: clock, command: c, size: size)
            }
        }
        if let explicitTour, let path = args.value("--tour") {
            window.play(explicitTour, after: 1, watching: path, loadedAt: signature)
        } else if let brokenTour, let path = args.value("--tour") {
            window.waitForFix(of: path, error: brokenTour, loadedAt: signature)
        } else if let (loaded, versions) = launch {
            window.versionsOnFinish = versions
            // LIMELIGHT_TOURS=dismiss: the launch tour shows, and is dismissed at once.
            window.dismissesAsItShows = cli.definition.tours == .dismiss
            window.play(loaded, after: 1, watching: nil)
        }
        if let (list, path) = checklist { window.showChecklist(list, path: path) }
        // Screen readers (Orca, any AT-SPI2 client) see the window's semantics tree when an
        // accessibility bus answers; Limelight's own speech stands down while one listens, unless
        // --speech on.
        let link = ScreenReaderLink.connect(title: cli.definition.windowTitle, root: stage.root,
                                            origin: { host.screenOrigin }, pixelsPerPoint: { host.scale },
                                            speech: announcer, speechForced: args.value("--speech")?.lowercased() == "on",
                                            say: { warn("\(c): \($0)") })
        if let link {
            window.onStageChange = { link.follow($0) }
            warn("\(c): accessibility: the screen is on the accessibility bus (AT-SPI2)")
        }
        let ending = host.run(window)
        link?.stop()
        host.close()
        if let failure = eventLog?.failure { throw .failure("\(c): \(failure)") }
        if case .signal(let number) = ending { SignalEnding.end(by: number) }
    }

    /// The app's saved-progress store, `$XDG_STATE_HOME/limelight/ID` (cleared with `reset`), or nil
    /// when there is no home folder.
    /// The user's anonymous id, kept in saved progress (made the first time); one for this run
    /// alone without saved progress.
    static func anonymousUser(_ store: TourProgressStore?) -> String {
        if let kept = store?.load().progress.user { return kept }
        let made = UUID().uuidString.lowercased()
        _ = try? store?.update { $0.user = made }
        return made
    }

    static func progressStore(for app: AppDefinition, reset: Bool) -> TourProgressStore? {
        guard let folder = TourProgressStore.defaultDirectory() else {
            warn("window: neither XDG_STATE_HOME nor HOME is set: tour progress will not be saved")
            return nil
        }
        let store = TourProgressStore(directory: (folder as NSString).appendingPathComponent(app.id))
        if reset {
            do { try store.reset(); warn("window: saved tour progress cleared (\(store.path))") } catch { warn("window: \(error)") }
        }
        return store
    }

    /// The first of the app's checklists that its `show` rule shows with the saved progress, with
    /// its path; nil when none does, or while tours are off or dismissed as they show (the app's
    /// own end-to-end tests). A broken file is said and passed over.
    static func launchChecklist(_ app: CLIApp, store: TourProgressStore?) -> (Checklist, String)? {
        guard app.definition.tours == .on else { return nil }
        let progress = store?.load().progress ?? TourProgress()
        for path in app.definition.launchChecklists {
            do {
                let list = try ChecklistLoader.load(path: path)
                let decision = list.showDecision(progress: progress, now: Date())
                guard decision.shows else {
                    warn("window: checklist \"\(list.id)\" not shown: \(decision.reason)")
                    continue
                }
                return (list, path)
            } catch {
                for d in error.diagnostics { warn("window: \(d)") }
                warn("window: the checklist \(path) is not shown")
            }
        }
        return nil
    }

    /// The first of the app's launch tours that its `show` rule shows with the saved progress (by
    /// default once; only its changed steps to someone who finished it), with the versions of all
    /// its steps, to record when it is finished; nil when none shows. A missing or broken file is
    /// said and passed over.
    static func launchPlan(_ app: CLIApp, store: TourProgressStore?) -> (LoadedTour, [String])? {
        let (progress, warning) = store?.load() ?? (TourProgress(), nil)
        if let warning { warn("window: \(warning)") }
        switch app.definition.tours {
        case .off:
            if !app.definition.launchTours.isEmpty { warn("window: tours are switched off (\(TourSwitch.environmentVariable)=off, or the app's definition): no launch tour shows") }
            return nil
        case .dismiss where !app.definition.launchTours.isEmpty:
            warn("window: tours are dismissed as they show (\(TourSwitch.environmentVariable)=dismiss, or the app's definition)")
        case .on, .dismiss:
            break
        }
        for path in app.definition.launchTours {
            do {
                var loaded = try app.load(path)
                let decision = app.definition.showDecision(for: loaded.tour, progress: progress, now: Date())
                guard decision.shows else {
                    if decision.isUsedUp {
                        warn("window: tour \"\(loaded.tour.id)\" \(decision.reason); not shown again (--reset-tours shows it again)")
                    } else {
                        warn("window: tour \"\(loaded.tour.id)\" not shown yet: \(decision.reason)")
                    }
                    continue
                }
                let versions = loaded.tour.steps.map(\.contentVersion)
                if decision.steps.count < loaded.tour.steps.count {
                    warn("window: tour \"\(loaded.tour.id)\": \(decision.reason)")
                    loaded.tour = loaded.tour.keepingSteps(decision.steps)
                }
                return (loaded, versions)
            } catch {
                for d in error.diagnostics { warn("window: \(d)") }
                warn("window: the launch tour \(path) is not shown")
            }
        }
        return nil
    }
}
