import CSDL2
import Views

extension WindowHost {
    /// Runs the app until the user quits (or `options.frameLimit` frames were presented).
    ///
    /// Event-driven: with nothing animating and no timer due, the loop blocks in `SDL_WaitEvent` and
    /// uses no CPU. While something animates it renders at the display's refresh rate, waiting for
    /// events between frames.
    public func run(_ app: HostedApp) {
        var translator = EventTranslator(scale: options.scale)
        var event = SDL_Event()
        let frameInterval = 1 / refreshRate
        var running = true
        var nextFrame = app.root.clock.now
        app.update()
        present(app.root)
        while running {
            if let limit = options.frameLimit, framesPresented >= limit { break }
            let root = app.root
            let busy = root.isAnimating || root.needsDisplay || root.needsLayout
            // How long we may sleep: until the next animation frame, the app's next timer, or forever.
            var timeout: Double? = busy ? max(0, nextFrame - root.clock.now) : nil
            if let wake = app.nextWakeUp { timeout = min(timeout ?? .infinity, max(0, wake - root.clock.now)) }
            let got: Int32
            if let timeout {
                got = SDL_WaitEventTimeout(&event, Int32(min(timeout * 1000, 1_000_000).rounded(.up)))
            } else {
                got = SDL_WaitEvent(&event)
            }
            if got != 0 {
                repeat {
                    switch translator.translate(event) {
                    case .quit: running = false
                    case .input(let input): app.handle(input)
                    case .resized(let w, let h): resize(width: w, height: h, app: app)
                    case .exposed: needsFullPresent = true
                    case .ignored: break
                    }
                } while SDL_PollEvent(&event) != 0
            }
            app.update()
            if app.root.isAnimating { app.root.tick() }
            if app.root.needsDisplay || app.root.needsLayout || needsFullPresent {
                present(app.root)
                nextFrame = app.root.clock.now + frameInterval
            }
        }
    }
}
