import CSDL2
import Foundation
import Raster
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
    /// Stop after this many presented frames (benchmarks and smoke tests); nil runs until quit.
    public var frameLimit: Int?
    /// The defaults: 390x844 points at scale 1, the desktop's driver.
    public init() {}
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

    /// Opens the window, trying the planned video drivers in order.
    public init(options: WindowOptions) throws(HostError) {
        self.options = options
        WindowHost.unblockQuitSignals()
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
        if fullScreen, SDL_GetCurrentDisplayMode(0, &mode) == 0, mode.w > 0, mode.h > 0 {
            pointSize = Size(Double(mode.w) / options.scale, Double(mode.h) / options.scale)
        } else {
            pointSize = options.size
        }
        let w = Int(clampedToInt: (pointSize.width * options.scale).rounded())
        let h = Int(clampedToInt: (pointSize.height * options.scale).rounded())
        do { frame = try Pixmap(width: w, height: h) } catch { SDL_QuitSubSystem(SDL_INIT_VIDEO); throw .sdl(what: "frame buffer", reason: error.description) }
        var flags = SDL_WINDOW_RESIZABLE.rawValue
        if fullScreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        let pos = limelight_windowpos_undefined()
        window = SDL_CreateWindow(options.title, pos, pos, Int32(w), Int32(h), flags)
        guard window != nil else { throw failure("SDL_CreateWindow") }
        renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
        guard renderer != nil else { throw failure("SDL_CreateRenderer (software)") }
        try makeTexture(width: w, height: h)
    }

    /// SDL turns SIGINT and SIGTERM into a quit event, but only if they arrive: a parent process
    /// (a test runner, a service manager) may have left them blocked for us.
    static func unblockQuitSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
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

    /// Closes the window and SDL's video subsystem. Safe to call twice.
    public func close() {
        if let texture { SDL_DestroyTexture(texture) }
        if let renderer { SDL_DestroyRenderer(renderer) }
        if let window { SDL_DestroyWindow(window) }
        if window != nil || renderer != nil { SDL_QuitSubSystem(SDL_INIT_VIDEO) }
        texture = nil; renderer = nil; window = nil
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
    @discardableResult
    public func present(_ root: ViewRoot) -> FrameReport {
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

    /// Adapts the frame and texture to a new drawable size (device pixels) and tells the app.
    func resize(width: Int, height: Int, app: any HostedApp) {
        guard width > 0, height > 0, width != frame.width || height != frame.height,
              let newFrame = try? Pixmap(width: width, height: height) else { return }
        frame = newFrame
        pointSize = Size(Double(width) / options.scale, Double(height) / options.scale)
        try? makeTexture(width: width, height: height)
        app.root.send(.resize(pointSize))
    }
}
