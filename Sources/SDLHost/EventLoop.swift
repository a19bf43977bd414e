import CSDL2
import Raster
import Views

extension WindowHost {
    /// Runs the app until the user quits (or `options.frameLimit` frames were run), or a
    /// quit signal arrives (SIGINT, SIGTERM, SIGHUP: the loop ends at once, without asking the
    /// app, and says which one). The window stays open: the caller closes it.
    ///
    /// Event-driven: each pass sends the waiting events to the app's root and runs one frame
    /// (`ViewRoot.frame(into:)`), presenting what it drew. Then it sleeps as the frame's report says:
    /// until the next animation frame at the display's refresh rate, until the next timer, or, with
    /// nothing to do, in `SDL_WaitEvent` until input arrives, using no CPU.
    @discardableResult
    public func run(_ app: any HostedApp) -> WindowEnding {
        var translator = EventTranslator(scale: scale)
        var event = SDL_Event()
        let frameInterval = 1 / refreshRate
        var running = true
        let clipboard = SystemClipboard()
        app.root.clipboard = clipboard
        var report = presentFrame(of: app)
        var nextFrame = app.root.clock.now + frameInterval
        // Files the app watches (a live reload's folder) wake the wait as input does.
        let sources = ReadableSources.main
        let waiter = DescriptorWaiter()
        defer { waiter?.stop() }
        // A quit signal's number arrives on a pipe that wakes the wait like any readable source.
        var signalled = QuitSignals.take()
        let signalSource = QuitSignals.readEnd >= 0 ? sources.add(QuitSignals.readEnd) {
            if let number = QuitSignals.take(), signalled == nil { signalled = number }
        } : nil
        defer { sources.remove(signalSource) }
        var armedGeneration = -1
        var framesRun = 1
        while running && signalled == nil {
            if let waiter, !sources.descriptors.isEmpty, !waiter.isArmed || armedGeneration != sources.generation {
                waiter.arm(sources.descriptors)
                armedGeneration = sources.generation
            }
            if let limit = options.frameLimit, framesRun >= limit { break }
            let now = app.root.clock.now
            let timeout: Double?
            switch report.nextWakeUp {
            case .nextFrame: timeout = max(0, nextFrame - now)
            case .at(let time): timeout = max(0, time - now)
            // With a frame limit an idle app still counts its frames, a refresh interval each:
            // a run of N frames ends even when nothing moves.
            case .onInput: timeout = options.frameLimit == nil ? nil : frameInterval
            }
            let got: Int32
            if let timeout {
                got = SDL_WaitEventTimeout(&event, Int32(min(timeout * 1000, 1_000_000).rounded(.up)))
            } else {
                got = SDL_WaitEvent(&event)
            }
            if got != 0 {
                repeat {
                    if let waiter, event.type == waiter.eventType {
                        sources.dispatch(readable: waiter.takeReady())
                        continue
                    }
                    translator.scale = scale
                    translator.screenSize = app.root.size
                    switch translator.translate(event) {
                    case .quit: if app.shouldQuit() { running = false }
                    case .input(let input): app.root.send(input)
                    case .resized(let w, let h): resize(width: w, height: h, app: app)
                    case .exposed: needsFullPresent = true
                    case .dropped(let path): app.open(droppedFile: path)
                    case .ignored: break
                    }
                } while SDL_PollEvent(&event) != 0
            }
            if signalled == nil { signalled = QuitSignals.take() }
            if signalled != nil || app.wantsToQuit { break }
            if let size = app.takeRequestedScreenSize() { resizeWindow(toPoints: size, app: app) }
            let presented = framesPresented
            if app.root.clipboard !== clipboard { app.root.clipboard = clipboard }
            report = presentFrame(of: app)
            framesRun += 1
            if framesPresented != presented { nextFrame = app.root.clock.now + frameInterval }
            placeInputMethod(at: app.root.textInputRect)
        }
        return signalled.map(WindowEnding.signal) ?? .quit
    }

    /// Tells SDL where the caret of the view being typed into is, so an input method's candidate
    /// window opens beside it (device pixels of the window).
    private func placeInputMethod(at caret: Rect?) {
        guard let caret, caret != lastTextInputRect else { return }
        lastTextInputRect = caret
        let s = scale
        var r = SDL_Rect(x: Int32((caret.minX * s).rounded()), y: Int32((caret.minY * s).rounded()),
                         w: Int32(max(1, (caret.width * s).rounded())), h: Int32(max(1, (caret.height * s).rounded())))
        SDL_SetTextInputRect(&r)
    }

    /// One frame of the app's root, presented when it drew anything; a frame whose timers swapped
    /// the app's root (a reload that changes the screen) is followed by one of the new root.
    private func presentFrame(of app: any HostedApp) -> FrameReport {
        var root = app.root
        var report = present(root)
        var swaps = 0
        while app.root !== root && swaps < 4 {
            root = app.root
            needsFullPresent = true
            report = present(root)
            swaps += 1
        }
        return report
    }
}
