import CSDL2
import Foundation
import Raster
import TranslationFiles
import Views

/// Options for opening the window.
public struct WindowOptions: Sendable {
    /// Window title.
    public var title = "Limelight"
    /// Logical size in points (ignored full screen, where the display decides).
    public var size = Size(390, 844)
    /// Device pixels per point.
    public var scale = 1.0
    /// An explicit SDL video driver (`--driver`), or nil to choose as `VideoDriverPlan` says.
    public var driver: String?
    /// Stop after this many frames, each pass of the loop one whether it drew or not (benchmarks
    /// and smoke tests: the run ends even when the app is idle); nil runs until quit.
    public var frameLimit: Int?
    /// How a window larger than the display's usable area is made to fit it.
    public var fit = WindowFit.scale
    /// The defaults: 390x844 points at scale 1, the desktop's driver.
    public init() {}
}

/// How a window that would not fit the display's usable area (SDL's usable display bounds: the
/// screen less panels and docks) is made to fit.
public enum WindowFit: Sendable {
    /// Fewer device pixels per point: the same screen of points, smaller (an app's screen, whose
    /// layout is the point).
    case scale
    /// Fewer points: a smaller window at the same scale (an editor, which lays out into any size).
    case size
}

/// An SDL window that presents a software frame through a streaming texture.
///
/// Only dirty rectangles are uploaded and copied each frame; the texture never blends
/// (SDL_BLENDMODE_NONE). The renderer is SDL's software renderer, so no GPU is needed.
/// Hazard: SDL is not thread-safe; the host and everything it calls stay on the main actor.
@MainActor
public final class WindowHost {
    /// How the window was opened.
    public let options: WindowOptions
    /// The video driver SDL is using.
    public private(set) var driverName = ""
    /// The window's size in points (full screen: the display's).
    public private(set) var pointSize: Size
    /// Device pixels per point: the options' scale, or less when the window had to fit the display.
    public private(set) var scale: Double
    /// What fitting the display changed, as one line ("shown at scale 1.35 to fit the display's
    /// 1400x1800 pixels"), or nil when the window opened as asked.
    public private(set) var fitting: String?
    /// Frames presented so far.
    public private(set) var framesPresented = 0
    /// Device pixels uploaded to the texture so far (dirty-rect accounting).
    public private(set) var pixelsUploaded = 0

    private var window: OpaquePointer?
    private var renderer: OpaquePointer?
    private var texture: OpaquePointer?
    private var frame: Pixmap
    var needsFullPresent = true
    /// The caret rectangle last given to the input method.
    var lastTextInputRect: Rect?
    /// The root last given Limelight's words (see `present`).
    private weak var rootWithWords: ViewRoot?

    /// Opens the window, trying the planned video drivers in order.
    public init(options: WindowOptions) throws(HostError) {
        self.options = options
        WindowHost.unblockQuitSignals()
        // The quit signals are ours (see QuitSignals), and so are X's errors about windows that are
        // gone (see X11Errors): both before SDL starts, which keeps the handlers it finds.
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        QuitSignals.install()
        X11Errors.install()
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
        let env = ProcessInfo.processInfo.environment
        let plan = VideoDriverPlan.make(requested: options.driver, environment: env,
                                        drmDevicePresent: VideoDriverPlan.drmDevicePresent())
        var tried = plan.skipped
        var opened = false
        for name in plan.candidates {
            SDL_SetHint(SDL_HINT_VIDEODRIVER, name)
            if SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 {
                driverName = String(cString: SDL_GetCurrentVideoDriver())
                opened = true
                break
            }
            tried.append("\(name) (\(String(cString: SDL_GetError())))")
        }
        guard opened else {
            throw .noUsableDisplay(tried: tried)
        }
        let fullScreen = driverName == "kmsdrm"
        var mode = SDL_DisplayMode()
        scale = options.scale
        if fullScreen, SDL_GetCurrentDisplayMode(0, &mode) == 0, mode.w > 0, mode.h > 0 {
            pointSize = Size(Double(mode.w) / options.scale, Double(mode.h) / options.scale)
        } else {
            pointSize = options.size
            if let usable = WindowHost.usableDisplaySize(driver: driverName) {
                let fitted = WindowHost.fit(options.size, scale: options.scale, into: usable, by: options.fit)
                if fitted.size != options.size || fitted.scale != options.scale {
                    fitting = "\(options.size.width.compact)x\(options.size.height.compact) points at scale \(options.scale.compact) is larger than the display's usable \(usable.width)x\(usable.height) pixels: "
                        + (options.fit == .scale ? "shown at scale \(fitted.scale.compact)" : "the window is \(fitted.size.width.compact)x\(fitted.size.height.compact) points")
                }
                pointSize = fitted.size
                scale = fitted.scale
            }
        }
        let w = Int(clampedToInt: (pointSize.width * scale).rounded())
        let h = Int(clampedToInt: (pointSize.height * scale).rounded())
        do { frame = try Pixmap(width: w, height: h) } catch { SDL_QuitSubSystem(SDL_INIT_VIDEO); throw .sdl(what: "frame buffer", reason: error.description) }
        var flags = SDL_WINDOW_RESIZABLE.rawValue
        if fullScreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        let pos = limelight_windowpos_undefined()
        window = SDL_CreateWindow(options.title, pos, pos, Int32(w), Int32(h), flags)
        guard window != nil else { throw failure("SDL_CreateWindow") }
        renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
        guard renderer != nil else { throw failure("SDL_CreateRenderer (software)") }
        try makeTexture(width: w, height: h)
        // This host's loop waits on the process's readable sources (see `run`).
        ReadableSources.main.isServed = true
    }

    /// The first display's usable area in device pixels, or nil for drivers with no display (dummy,
    /// offscreen), whose windows are never seen and are not fitted.
    static func usableDisplaySize(driver: String) -> (width: Int, height: Int)? {
        guard driver != "dummy", driver != "offscreen" else { return nil }
        var r = SDL_Rect()
        guard SDL_GetDisplayUsableBounds(0, &r) == 0, r.w > 0, r.h > 0 else { return nil }
        return (Int(r.w), Int(r.h))
    }

    /// `size` points at `scale` made to fit `usable` device pixels: the scale lowered (to a
    /// hundredth, at least the least a root allows) or the size cut, as `fit` says.
    public nonisolated static func fit(_ size: Size, scale: Double, into usable: (width: Int, height: Int), by fit: WindowFit) -> (size: Size, scale: Double) {
        let w = size.width * scale, h = size.height * scale
        let ratio = min(1, Double(usable.width) / w, Double(usable.height) / h)
        guard ratio < 1 else { return (size, scale) }
        switch fit {
        case .scale:
            return (size, max(ViewRoot.scaleRange.lowerBound, (scale * ratio * 100).rounded(.down) / 100))
        case .size:
            return (Size(min(size.width, (Double(usable.width) / scale).rounded(.down)),
                         min(size.height, (Double(usable.height) / scale).rounded(.down))), scale)
        }
    }

    /// SIGINT, SIGTERM and SIGHUP end the loop (`QuitSignals`), but only if they arrive: a parent
    /// process (a test runner, a service manager) may have left them blocked for us.
    static func unblockQuitSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for number in QuitSignals.numbers { sigaddset(&set, number) }
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }

    private func failure(_ what: String) -> HostError {
        let reason = String(cString: SDL_GetError())
        close()
        return .sdl(what: what, reason: reason)
    }

    private func makeTexture(width: Int, height: Int) throws(HostError) {
        if let texture { SDL_DestroyTexture(texture) }
        texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                    Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(width), Int32(height))
        guard texture != nil else { throw failure("SDL_CreateTexture") }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        needsFullPresent = true
    }

    /// Where the window's content starts on the screen, in pixels (0, 0 without a window manager's
    /// say, or on a console).
    public var screenOrigin: Point {
        guard let window else { return Point(x: 0, y: 0) }
        var x: Int32 = 0, y: Int32 = 0
        SDL_GetWindowPosition(window, &x, &y)
        return Point(x: Double(x), y: Double(y))
    }

    /// Closes the window and SDL's video subsystem, and gives the quit signals their default
    /// action back. Safe to call twice.
    public func close() {
        if let texture { SDL_DestroyTexture(texture) }
        if let renderer { SDL_DestroyRenderer(renderer) }
        if let window { SDL_DestroyWindow(window) }
        if window != nil || renderer != nil { SDL_QuitSubSystem(SDL_INIT_VIDEO); ReadableSources.main.isServed = false }
        texture = nil; renderer = nil; window = nil
        QuitSignals.uninstall()
    }

    isolated deinit { close() }

    /// The refresh rate used to pace animation frames (60 Hz when the display does not say).
    var refreshRate: Double {
        var mode = SDL_DisplayMode()
        if let window, SDL_GetWindowDisplayMode(window, &mode) == 0, mode.refresh_rate > 0 { return Double(mode.refresh_rate) }
        return 60
    }

    /// Runs one frame of `root` into the window's frame and presents what it drew (everything after
    /// an expose or a resize). Returns the frame's report.
    ///
    /// A root this window has not shown before says Limelight's words as every host finds them
    /// (`InstalledStrings`), its own words over those: a root made by hand, which knows English
    /// alone, speaks every language Limelight ships. Hazard: a bubble built before the first frame
    /// (a tour started before `run`) keeps the words it was built with.
    @discardableResult
    public func present(_ root: ViewRoot) -> FrameReport {
        if root !== rootWithWords {
            root.strings = InstalledStrings.words(adding: root.strings)
            rootWithWords = root
        }
        // A root made before the window fitted the display (or swapped in by a reload) takes its scale.
        if root.scale != scale || root.deviceBounds.width != frame.width || root.deviceBounds.height != frame.height {
            try? root.resize(to: Size(Double(frame.width) / scale, Double(frame.height) / scale), scale: scale)
        }
        var report = root.frame(into: frame)
        if needsFullPresent {
            report.drawn = [frame.bounds]
            needsFullPresent = false
        }
        upload(report.drawn)
        return report
    }

    /// Uploads `rects` of the frame to the texture, copies them to the window and presents.
    ///
    /// The software renderer keeps its back buffer between presents, so copying only the dirty
    /// rectangles is enough; a full copy follows any expose or resize.
    public func upload(_ rects: [IntRect]) {
        guard !rects.isEmpty, let texture, let renderer else { return }
        for r in rects {
            let c = r.intersection(frame.bounds)
            guard !c.isEmpty else { continue }
            var sdlRect = SDL_Rect(x: Int32(c.x), y: Int32(c.y), w: Int32(c.width), h: Int32(c.height))
            SDL_UpdateTexture(texture, &sdlRect, frame.row(c.y) + c.x, Int32(frame.stride * 4))
            SDL_RenderCopy(renderer, texture, &sdlRect, &sdlRect)
            pixelsUploaded += c.area
        }
        SDL_RenderPresent(renderer)
        framesPresented += 1
    }

    /// Makes the window `size` points, fitted into the display as the options say (the scale may
    /// go back up to the options' own); the app's root takes the size and scale it got.
    func resizeWindow(toPoints size: Size, app: any HostedApp) {
        guard let window, driverName != "kmsdrm" else { return }
        var fitted = (size: size, scale: options.scale)
        if let usable = WindowHost.usableDisplaySize(driver: driverName) {
            fitted = WindowHost.fit(size, scale: options.scale, into: usable, by: options.fit)
        }
        let w = Int(clampedToInt: (fitted.size.width * fitted.scale).rounded())
        let h = Int(clampedToInt: (fitted.size.height * fitted.scale).rounded())
        guard w > 0, h > 0, let newFrame = try? Pixmap(width: w, height: h) else { return }
        SDL_SetWindowSize(window, Int32(w), Int32(h))
        // A window that grew past the display's edge is brought back onto it, centred.
        var usable = SDL_Rect(), x: Int32 = 0, y: Int32 = 0
        SDL_GetWindowPosition(window, &x, &y)
        if WindowHost.usableDisplaySize(driver: driverName) != nil, SDL_GetDisplayUsableBounds(0, &usable) == 0,
           x < usable.x || y < usable.y || Int(x) + w > Int(usable.x + usable.w) || Int(y) + h > Int(usable.y + usable.h) {
            let centred = limelight_windowpos_centered()
            SDL_SetWindowPosition(window, centred, centred)
        }
        frame = newFrame
        scale = fitted.scale
        pointSize = fitted.size
        try? makeTexture(width: w, height: h)
        try? app.root.resize(to: pointSize, scale: scale)
    }

    /// Adapts the frame and texture to a new drawable size (device pixels) and tells the app.
    func resize(width: Int, height: Int, app: any HostedApp) {
        guard width > 0, height > 0, width != frame.width || height != frame.height,
              let newFrame = try? Pixmap(width: width, height: height) else { return }
        frame = newFrame
        pointSize = Size(Double(width) / scale, Double(height) / scale)
        try? makeTexture(width: width, height: height)
        app.root.send(.resize(pointSize))
    }
}
