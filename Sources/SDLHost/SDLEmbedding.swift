import CSDL2
import Foundation
import Raster
import TranslationFiles
import Views

/// Limelight inside an app that already has its SDL window and renderer, the way LVGL takes a
/// display and an input driver: the app feeds it its SDL events, asks it to draw into its own
/// texture, copies that texture where it wants, and asks when the next frame is due. SDL's C API
/// comes with `import SDLHost`.
///
///     let limelight = try SDLEmbedding(overlaysWith: renderer, window: window, textEngine: engine, clock: MonotonicClock())
///     limelight.targets = [DrawnTarget(id: "save", frame: saveButtonFrame, role: .button, label: "Save")]
///     let overlays = PresentationStack(root: limelight.root)   // spotlights, alerts: over the app
///     while running {
///         if SDL_WaitEventTimeout(&event, limelight.waitMilliseconds() ?? -1) == 1,   // 0: no event, a frame is due
///            !limelight.handle(event) { app.handle(event) }   // taps through a spotlight's hole reach the app
///         app.draw(renderer)
///         limelight.render()
///         limelight.copy()                                     // over what the app drew
///         SDL_RenderPresent(renderer)
///     }
///
/// `.wholeFrame` draws the root's whole frame (the app's screens are Limelight views) and takes
/// every input; `.overlayOnly` draws only what the root's layers show (a spotlight's dim and
/// bubble, an alert) over a transparent frame, blended over the app's own drawing, and gives back
/// every input the overlays do not take (a tap through a hole, any input with no overlay up). An
/// app that draws itself publishes its places by id (`targets`), so holes and tour steps name
/// them (`"target": "save"`) as they name views; `SelfDrawnApp` (Tours) runs tours over the root.
/// Touch (the first finger as the pointer), text input and input-method composition at the caret,
/// HiDPI (the renderer's output size over the window's), resizes, the system clipboard and the
/// root's reduced motion work as in Limelight's own window, and the root says Limelight's words in
/// every language it ships (`InstalledStrings`, the root's own words over them) as there.
/// docs/EMBEDDING.md has the whole loop, compiled by Limelight's suite.
@MainActor
public final class SDLEmbedding {
    /// What the embedding draws.
    public enum Mode: Sendable {
        /// The root's whole frame, opaque: the app's screens are Limelight views.
        case wholeFrame
        /// Only what the root's layers show, over transparency: the app draws its own screens.
        case overlayOnly
    }

    /// The root Limelight draws.
    public let root: ViewRoot
    /// What it draws.
    public let mode: Mode
    /// The texture it draws into (ARGB8888, the renderer's output size): copy it where you want.
    public private(set) var texture: OpaquePointer?
    /// The places an app that draws itself publishes by id (frames in screen points), for tours,
    /// holes and screen readers: set them again when the app's layout or screen changes. Only an
    /// overlay-only embedding has them; in a whole frame the root's own views carry the ids, and
    /// what is set here is ignored.
    public var targets: [DrawnTarget] {
        get { (root.content as? DrawnScreen)?.targets ?? [] }
        set { (root.content as? DrawnScreen)?.targets = newValue }
    }

    private let renderer: OpaquePointer
    private let window: OpaquePointer?
    private var frame: Pixmap
    private var translator: EventTranslator
    private var needsFullUpload = true
    private var report = FrameReport(drawn: [], nextWakeUp: .nextFrame)
    private var passedOn = false
    private var straight: [UInt32] = []
    private var lastCaret: Rect?
    private let clipboard = SystemClipboard()

    /// An embedding of `root`'s whole frame, drawn with `renderer` into a texture of the renderer's
    /// output size. With `window`, the scale (device pixels per point) is the renderer's output
    /// width over the window's; else the root's own.
    public convenience init(root: ViewRoot, renderer: OpaquePointer, window: OpaquePointer? = nil) throws(HostError) {
        try self.init(root: root, renderer: renderer, window: window, mode: .wholeFrame)
    }

    /// An embedding that draws only overlays, over the app's own drawing: its root (sized to the
    /// renderer's output, in points of `window`'s scale) has a transparent content (a
    /// `DrawnScreen`, holding the published `targets`) that hands every input reaching it back to
    /// the app. Put a `PresentationStack` (or any layer) on `root`.
    public convenience init(overlaysWith renderer: OpaquePointer, window: OpaquePointer? = nil, textEngine: any TextEngine,
                            clock: any Clock) throws(HostError) {
        let root: ViewRoot
        do { root = try ViewRoot(content: DrawnScreen(), size: Size(1, 1), textEngine: textEngine, clock: clock) } catch {
            throw .sdl(what: "the overlays' root", reason: error.description)
        }
        try self.init(root: root, renderer: renderer, window: window, mode: .overlayOnly)
    }

    private init(root: ViewRoot, renderer: OpaquePointer, window: OpaquePointer?, mode: Mode) throws(HostError) {
        self.root = root
        self.renderer = renderer
        self.window = window
        self.mode = mode
        var w: Int32 = 0, h: Int32 = 0
        guard SDL_GetRendererOutputSize(renderer, &w, &h) == 0, w > 0, h > 0 else {
            throw .sdl(what: "SDL_GetRendererOutputSize", reason: String(cString: SDL_GetError()))
        }
        var scale = root.scale
        if let window {
            var ww: Int32 = 0, wh: Int32 = 0
            SDL_GetWindowSize(window, &ww, &wh)
            if ww > 0 { scale = Double(w) / Double(ww) }
        }
        do { frame = try Pixmap(width: Int(w), height: Int(h)) } catch { throw .sdl(what: "frame buffer", reason: error.description) }
        translator = EventTranslator(scale: scale)
        root.clipboard = clipboard
        // Limelight's words as every host says them, the root's own (an app's) over them: before
        // the app presents anything on it.
        root.strings = InstalledStrings.words(adding: root.strings)
        if mode == .overlayOnly, let drawn = root.content as? DrawnScreen {
            root.backgroundColor = .clear
            drawn.onInput = { [weak self] in self?.passedOn = true }
        }
        let points = Size(Double(w) / scale, Double(h) / scale)
        if points != root.size || scale != root.scale { try? root.resize(to: points, scale: scale) }
        try makeTexture(width: Int(w), height: Int(h))
        SDL_StartTextInput()
    }

    isolated deinit { if let texture { SDL_DestroyTexture(texture) } }

    private func makeTexture(width: Int, height: Int) throws(HostError) {
        if let texture { SDL_DestroyTexture(texture) }
        texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                    Int32(width), Int32(height))
        guard texture != nil else { throw .sdl(what: "SDL_CreateTexture", reason: String(cString: SDL_GetError())) }
        // Overlays over the app's drawing blend (straight alpha, uploaded so); a whole frame does not.
        SDL_SetTextureBlendMode(texture, mode == .overlayOnly ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE)
        needsFullUpload = true
    }

    /// Gives Limelight one of the app's SDL events. Returns true when Limelight took it (an overlay
    /// took the tap, the focus moved): the app should then not act on it. Resizes are followed
    /// (and also returned as not taken, so the app sees them too); Ctrl-Q, closing the window and
    /// dropped files are the app's.
    @discardableResult
    public func handle(_ event: SDL_Event) -> Bool {
        translator.screenSize = root.size
        switch translator.translate(event) {
        case .input(let input):
            passedOn = false
            let taken = root.send(input)
            switch mode {
            case .wholeFrame: return taken
            case .overlayOnly: return taken && !passedOn
            }
        case .resized:
            var w: Int32 = 0, h: Int32 = 0
            if SDL_GetRendererOutputSize(renderer, &w, &h) == 0 { resize(width: Int(w), height: Int(h)) }
            return false
        case .exposed:
            needsFullUpload = true
            return false
        case .quit, .ignored, .dropped:
            return false
        }
    }

    /// Follows a new output size (device pixels): a new frame and texture, the root told.
    public func resize(width: Int, height: Int) {
        guard width > 0, height > 0, width != frame.width || height != frame.height,
              let resized = try? Pixmap(width: width, height: height) else { return }
        frame = resized
        try? makeTexture(width: width, height: height)
        root.send(.resize(Size(Double(width) / translator.scale, Double(height) / translator.scale)))
    }

    /// Runs the root's frame and uploads what it drew to the texture (everything after a resize or
    /// an expose). Returns the frame's report: what was drawn and when the next frame is due.
    @discardableResult
    public func render() -> FrameReport {
        var r = root.frame(into: frame)
        if needsFullUpload {
            r.drawn = [frame.bounds]
            needsFullUpload = false
        }
        for rect in r.drawn { upload(rect.intersection(frame.bounds)) }
        report = r
        placeInputMethod()
        return r
    }

    /// Copies the texture over the whole of the renderer's target (`SDL_RenderCopy`): the app calls
    /// `SDL_RenderPresent` after.
    public func copy() {
        guard let texture else { return }
        SDL_RenderCopy(renderer, texture, nil, nil)
    }

    /// How long the app may wait for its next event before Limelight wants a frame, in
    /// milliseconds for `SDL_WaitEventTimeout`: 0 while something animates (a frame at the
    /// display's rate is due), the time to the next timer, or nil when only input can change
    /// anything.
    public func waitMilliseconds() -> Int32? {
        switch report.nextWakeUp {
        case .nextFrame: return Int32(1000 / 60)
        case .at(let t): return Int32(max(0, min(1_000_000, ((t - root.clock.now) * 1000).rounded(.up))))
        case .onInput: return nil
        }
    }

    private func upload(_ rect: IntRect) {
        guard !rect.isEmpty, let texture else { return }
        var sdl = SDL_Rect(x: Int32(rect.x), y: Int32(rect.y), w: Int32(rect.width), h: Int32(rect.height))
        switch mode {
        case .wholeFrame:
            SDL_UpdateTexture(texture, &sdl, frame.row(rect.y) + rect.x, Int32(frame.stride * 4))
        case .overlayOnly:
            // SDL's software renderer blends straight alpha: the premultiplied rows are converted.
            if straight.count < rect.area { straight = [UInt32](repeating: 0, count: rect.area) }
            straight.withUnsafeMutableBufferPointer { out in
                for y in 0..<rect.height {
                    let row = frame.row(rect.y + y) + rect.x
                    for x in 0..<rect.width { out[y * rect.width + x] = SDLEmbedding.unpremultiplied(row[x]) }
                }
                SDL_UpdateTexture(texture, &sdl, out.baseAddress, Int32(rect.width * 4))
            }
        }
    }

    /// A premultiplied ARGB pixel as straight alpha.
    static func unpremultiplied(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        guard a != 0 else { return 0 }
        guard a != 255 else { return p }
        func c(_ v: UInt32) -> UInt32 { min(255, (v * 255 + a / 2) / a) }
        return a << 24 | c(p >> 16 & 0xFF) << 16 | c(p >> 8 & 0xFF) << 8 | c(p & 0xFF)
    }

    /// Tells SDL where the focused view's caret is, so an input method's window opens beside it.
    private func placeInputMethod() {
        guard let caret = root.textInputRect, caret != lastCaret else { return }
        lastCaret = caret
        let s = translator.scale
        var r = SDL_Rect(x: Int32((caret.minX * s).rounded()), y: Int32((caret.minY * s).rounded()),
                         w: Int32(max(1, (caret.width * s).rounded())), h: Int32(max(1, (caret.height * s).rounded())))
        SDL_SetTextInputRect(&r)
    }
}
