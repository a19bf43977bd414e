import Demo
import Overlays
import Raster
import SDLHost
import Schema
import Testing
import Tours
import Views

/// Limelight inside an app that owns its SDL window and renderer: the app's events fed in, the
/// frame drawn into Limelight's texture and copied by the app, read back from the renderer (SDL's
/// dummy video driver, the software renderer). The suite imports what such an app imports: the
/// public products, SDL's C API coming with SDLHost.
@MainActor
@Suite(.serialized) struct EmbeddingTests {
    let window: OpaquePointer
    let renderer: OpaquePointer

    init() throws {
        try #require(SDL_InitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0, "SDL: \(String(cString: SDL_GetError()))")
        SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
        let pos = limelight_windowpos_undefined()
        // Called outside #require, whose expansion converts the title to a C string that is freed
        // before SDL reads it (AddressSanitizer: heap-use-after-free in strlen).
        let made = SDL_CreateWindow("app", pos, pos, 390, 844, SDL_WINDOW_RESIZABLE.rawValue)
        window = try #require(made)
        let drawing = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
        renderer = try #require(drawing)
    }

    /// What the renderer holds now, as a pixmap (ARGB8888, opaque).
    func readBack() throws -> Pixmap {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        let out = try Pixmap(width: Int(w), height: Int(h))
        #expect(SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, out.pixels, Int32(out.stride * 4)) == 0)
        return out
    }

    func click(_ p: Point) -> [SDL_Event] {
        [SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP].map { type in
            var e = SDL_Event()
            e.button.type = type.rawValue
            e.button.button = UInt8(SDL_BUTTON_LEFT)
            e.button.x = Int32(p.x); e.button.y = Int32(p.y)
            return e
        }
    }

    /// The app's screens are Limelight views: the texture holds the root's frame, pixel for pixel
    /// what it renders offscreen, and a click reaches the app's view.
    @Test func aWholeFrameIsTheRootsFrameAndTakesTheInput() throws {
        let clock = VirtualClock()
        let app = try DemoApp(size: Size(390, 844), textEngine: FixedMetricTextEngine(), clock: clock)
        let embedding = try SDLEmbedding(root: app.root, renderer: renderer, window: window)
        embedding.render()
        embedding.copy()
        let offscreen = try Pixmap(width: 390, height: 844)
        let twin = try DemoApp(size: Size(390, 844), textEngine: FixedMetricTextEngine(), clock: VirtualClock())
        twin.root.frame(into: offscreen)
        #expect(PixmapDifference(between: try readBack(), and: offscreen, maxChannelDelta: 0).differingPixels == 0)
        let fab = app.root.view(withID: "fab")!.frame.center
        for e in click(fab) { #expect(embedding.handle(e), "the app's own view took it") }
        #expect(app.state.cards.count == 5)
    }

    /// Only overlays, over the app's own drawing: the dim darkens the app's pixels, the hole leaves
    /// them as they are, the bubble is drawn; a click through the hole is the app's, one on the dim
    /// is Limelight's.
    @Test func overlaysAloneBlendOverTheAppsDrawingAndGiveBackWhatTheyDoNotTake() throws {
        let clock = VirtualClock()
        let embedding = try SDLEmbedding(overlaysWith: renderer, window: window, textEngine: FixedMetricTextEngine(), clock: clock)
        let stack = PresentationStack(root: embedding.root)
        let hole = Rect(x: 100, y: 300, width: 120, height: 80)
        let spotlight = SpotlightOverlay(holes: [Hole(target: .rect(hole), shape: .roundedRect(cornerRadius: 0), padding: 0)],
                                         coachMark: CoachMark(text: "Your own button."), tapPolicy: TapPolicy(outside: .ignore, inside: .passThrough))
        stack.present(spotlight, animated: false)
        func drawApp() {
            SDL_SetRenderDrawColor(renderer, 0xC0, 0x40, 0x20, 0xFF)
            SDL_RenderClear(renderer)
        }
        drawApp()
        embedding.render()
        embedding.copy()
        let frame = try readBack()
        #expect(frame.color(x: 160, y: 340) == Color(red: 0xC0, green: 0x40, blue: 0x20), "the hole shows the app")
        let dimmed = frame.color(x: 10, y: 10)
        #expect(abs(Int(dimmed.red) - 0x60) <= 1 && abs(Int(dimmed.green) - 0x20) <= 1 && abs(Int(dimmed.blue) - 0x10) <= 1,
                "the dim halves the app's colour: \(dimmed)")
        let bubble = try #require(embedding.root.view(withID: "overlay.bubble")?.frame)
        #expect(frame.color(x: Int(bubble.midX), y: Int(bubble.minY + 4)) == .white, "the bubble is drawn")
        for e in click(Point(160, 340)) { #expect(!embedding.handle(e), "a click in the hole is the app's") }
        for e in click(Point(10, 10)) { #expect(embedding.handle(e), "a click on the dim is Limelight's") }
        stack.dismiss(spotlight, animated: false)
        embedding.render()
        for e in click(Point(10, 10)) { #expect(!embedding.handle(e), "with no overlay everything is the app's") }
        drawApp()
        embedding.copy()
        #expect(try readBack().color(x: 10, y: 10) == Color(red: 0xC0, green: 0x40, blue: 0x20), "nothing drawn over the app")
    }

    /// Limelight's words reach an embedding as every host finds them: its overlays' root speaks
    /// German as Limelight ships it, and a root the app made keeps its own words over those.
    @Test func anEmbeddingSpeaksTheLanguagesLimelightShips() throws {
        let overlays = try SDLEmbedding(overlaysWith: renderer, window: window, textEngine: FixedMetricTextEngine(), clock: VirtualClock())
        #expect(overlays.root.strings.text(.skip, language: "de") == "Überspringen")
        #expect(SpokenWords.step(1, of: 5, strings: overlays.root.strings, language: "de") == "Schritt 1 von 5")
        let app = try DemoApp(size: Size(390, 844), textEngine: FixedMetricTextEngine(), clock: VirtualClock())
        app.root.strings = app.root.strings.adding([.next: "Los"], for: "de")
        let whole = try SDLEmbedding(root: app.root, renderer: renderer, window: window)
        #expect(whole.root.strings.text(.next, language: "de") == "Los", "the app's own word")
        #expect(whole.root.strings.text(.skip, language: "de") == "Überspringen")
    }

    /// A root made by hand that Limelight's window shows says Limelight's words in every language
    /// it ships, its own words over them.
    @Test func aWindowGivesARootMadeByHandLimelightsWords() throws {
        var options = WindowOptions()
        options.driver = "dummy"
        let host = try WindowHost(options: options)
        defer { host.close() }
        let root = try ViewRoot(content: Spacer(), size: Size(390, 844), textEngine: FixedMetricTextEngine(), clock: VirtualClock())
        root.strings = root.strings.adding([.next: "Los"], for: "de")
        #expect(root.strings.text(.skip, language: "de") == "Skip", "a root alone knows English")
        host.present(root)
        #expect(root.strings.text(.skip, language: "de") == "Überspringen")
        #expect(root.strings.text(.next, language: "de") == "Los")
        #expect(root.strings.text(.step, language: "ja", 2, 5) == "ステップ 2/5")
    }

    /// A fade asks for frames, a timer for a time, and a still screen for nothing.
    @Test func theNextFrameIsDueWhenTheRootSays() throws {
        let clock = VirtualClock()
        let embedding = try SDLEmbedding(overlaysWith: renderer, window: window, textEngine: FixedMetricTextEngine(), clock: clock)
        let stack = PresentationStack(root: embedding.root)
        embedding.render()
        #expect(embedding.waitMilliseconds() == nil)
        stack.present(AlertOverlay(title: "Saved", message: "Your changes are saved."), animated: true)
        embedding.render()
        #expect(embedding.waitMilliseconds() == 16)
        clock.advance(by: 1)
        embedding.render()
        embedding.root.timers.after(2) {}
        embedding.render()
        #expect(embedding.waitMilliseconds() == 2000)
    }

    /// A resize of the app's window reaches the root; a finger drives the pointer.
    @Test func resizesAndTouchesReachTheRoot() throws {
        let clock = VirtualClock()
        let app = try DemoApp(size: Size(390, 844), textEngine: FixedMetricTextEngine(), clock: clock)
        let embedding = try SDLEmbedding(root: app.root, renderer: renderer, window: window)
        embedding.resize(width: 600, height: 800)
        #expect(app.root.size == Size(600, 800))
        embedding.render()
        let fab = app.root.view(withID: "fab")!.frame.center
        for type in [SDL_FINGERDOWN, SDL_FINGERUP] {
            var e = SDL_Event()
            e.tfinger.type = type.rawValue
            e.tfinger.fingerId = 1
            e.tfinger.x = Float(fab.x / 600)
            e.tfinger.y = Float(fab.y / 800)
            embedding.handle(e)
        }
        #expect(app.state.cards.count == 5, "a tap of a finger on the FAB")
    }

    /// An app that draws itself publishes its places by id: a tour names `save`, its hole opens on
    /// the app's own drawing there, a click in it is the app's, the catalog a tour is checked
    /// against knows the id, and a screen reader hears the place by its role and label.
    @Test func publishedTargetsAreWhereToursPointByID() throws {
        let clock = VirtualClock()
        let embedding = try SDLEmbedding(overlaysWith: renderer, window: window, textEngine: FixedMetricTextEngine(), clock: clock)
        let stack = PresentationStack(root: embedding.root)
        let save = Rect(x: 100, y: 300, width: 120, height: 80)
        embedding.targets = [DrawnTarget(id: "save", frame: save, role: .button, label: "Save"),
                             DrawnTarget(id: "title", frame: Rect(x: 16, y: 60, width: 200, height: 40))]
        let heard = embedding.root.semanticsTree().node(withID: "save")
        #expect(heard?.role == .button && heard?.label == "Save" && heard?.frame == save)
        let app = SelfDrawnApp(root: embedding.root, overlays: stack)
        let json = #"{"id": "recipes", "steps": [{"target": "save", "shape": "roundedRect", "cornerRadius": 0, "padding": 0, "text": "Save keeps your recipe.", "interactive": true}]}"#
        let loaded = try TourLoader.load(bytes: Array(json.utf8), file: "recipes.json", folder: ".",
                                         appCatalog: { app.targetCatalog(AppDefinition(id: "recipes", make: { _ in app })) })
        let engine = TourEngine(tour: loaded.tour, host: app)
        engine.start(at: 0, animated: false)
        SDL_SetRenderDrawColor(renderer, 0xC0, 0x40, 0x20, 0xFF)
        SDL_RenderClear(renderer)
        embedding.render()
        embedding.copy()
        let frame = try readBack()
        #expect(embedding.root.view(withID: "save")?.frame == save)
        #expect(frame.color(x: 160, y: 340) == Color(red: 0xC0, green: 0x40, blue: 0x20), "the hole shows the app's Save button")
        #expect(frame.color(x: 10, y: 10) != Color(red: 0xC0, green: 0x40, blue: 0x20), "the rest is dimmed")
        for e in click(Point(160, 340)) { #expect(!embedding.handle(e), "a click on the app's button through the hole is the app's") }

        let misspelt = #"{"id": "recipes", "steps": [{"target": "sav", "text": "Save."}]}"#
        #expect(throws: LoadError.self) {
            try TourLoader.load(bytes: Array(misspelt.utf8), file: "recipes.json", folder: ".",
                                appCatalog: { app.targetCatalog(AppDefinition(id: "recipes", make: { _ in app })) })
        }
        embedding.targets = []
        embedding.render()
        #expect(embedding.root.view(withID: "save") == nil, "a target no longer published is gone")
    }
}
