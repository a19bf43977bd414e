@testable import Demo
import Overlays
import Raster
import Testing
import Views
@testable import SDLHost

/// Touch as SDL delivers it: finger events pushed into SDL's queue (the dummy video driver), polled
/// back and translated as the window's event loop does, then sent to the sample app.
@MainActor
@Suite(.serialized) struct TouchTests {
    static let screen = Size(390, 844)

    init() throws {
        try #require(SDL_InitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0, "SDL: \(String(cString: SDL_GetError()))")
        SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
    }

    let clock = VirtualClock()

    func makeApp(cards: Int = 4) throws -> DemoApp {
        let samples = (0..<cards).map { CardContent.samples[$0 % CardContent.samples.count] }
        return try DemoApp(size: Self.screen, textEngine: FixedMetricTextEngine(), cards: samples, clock: clock)
    }

    /// A finger event at `p` (points) for finger `finger`, pushed into SDL's queue.
    func pushFinger(_ type: SDL_EventType, _ p: Point, finger: SDL_FingerID = 1) {
        var e = SDL_Event()
        e.tfinger.type = type.rawValue
        e.tfinger.touchId = 7
        e.tfinger.fingerId = finger
        e.tfinger.x = Float(p.x / Self.screen.width)
        e.tfinger.y = Float(p.y / Self.screen.height)
        e.tfinger.pressure = 1
        #expect(SDL_PushEvent(&e) == 1)
    }

    /// The mouse button SDL makes up from a touch (its `which` is SDL_TOUCH_MOUSEID).
    func pushSynthesizedClick(_ p: Point) {
        for type in [SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP] {
            var e = SDL_Event()
            e.button.type = type.rawValue
            e.button.which = EventTranslator.touchMouseID
            e.button.button = UInt8(SDL_BUTTON_LEFT)
            e.button.x = Int32(p.x); e.button.y = Int32(p.y)
            #expect(SDL_PushEvent(&e) == 1)
        }
    }

    /// Whether `a` and `b` are the same input with points within a hundredth of a point (a
    /// finger's position comes as a fraction of the window in single precision).
    func same(_ a: [InputEvent], _ b: [InputEvent]) -> Bool {
        func close(_ p: Point, _ q: Point) -> Bool { abs(p.x - q.x) < 0.01 && abs(p.y - q.y) < 0.01 }
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy { x, y in
            switch (x, y) {
            case let (.pointerDown(p, b1, m1), .pointerDown(q, b2, m2)): return close(p, q) && b1 == b2 && m1 == m2
            case let (.pointerMove(p), .pointerMove(q)): return close(p, q)
            case let (.pointerUp(p, b1), .pointerUp(q, b2)): return close(p, q) && b1 == b2
            default: return x == y
            }
        }
    }

    /// Polls every queued event, translates it and sends the input to `app`; the inputs sent.
    @discardableResult
    func deliver(to app: DemoApp, translator: inout EventTranslator) -> [InputEvent] {
        var sent: [InputEvent] = []
        var e = SDL_Event()
        while SDL_PollEvent(&e) != 0 {
            translator.screenSize = app.root.size
            if case .input(let input) = translator.translate(e) {
                sent.append(input)
                app.root.send(input)
            }
        }
        app.root.frame(into: nil)
        return sent
    }

    @Test func aTouchTapThroughTheHoleAddsACardAndEndsTheTip() throws {
        let app = try makeApp()
        app.showFABTip(animated: false)
        app.root.frame(into: nil)
        let fab = app.root.view(withID: "fab")!.frame.center
        var translator = EventTranslator(scale: 1)
        pushFinger(SDL_FINGERDOWN, fab)
        pushSynthesizedClick(fab)
        pushFinger(SDL_FINGERUP, fab)
        let sent = deliver(to: app, translator: &translator)
        #expect(same(sent, [.pointerDown(fab, button: .primary), .pointerUp(fab, button: .primary)]), "the made-up mouse click is ignored: \(sent)")
        #expect(app.state.cards.count == 5, "the tap reached the FAB once")
        clock.advance(by: 1)
        app.root.frame(into: nil)
        #expect(app.topOverlayKind == nil, "and ended the tip")
    }

    @Test func aTouchDragScrollsWithTheMouseSlopAndOtherFingersAreIgnored() throws {
        let app = try makeApp(cards: 12)
        app.root.frame(into: nil)
        let scroll = try #require(app.root.view(withID: "home.scroll") as? ScrollView)
        var translator = EventTranslator(scale: 1)
        pushFinger(SDL_FINGERDOWN, Point(100, 600))
        pushFinger(SDL_FINGERMOTION, Point(100, 595))
        deliver(to: app, translator: &translator)
        #expect(scroll.contentOffset == 0, "5 points is within the slop: still a press on the card")
        let pressed = try #require(app.root.hitTest(Point(100, 600)))
        let cardView = try #require(app.root.view(withID: "card.4"))
        #expect(pressed.isDescendant(of: cardView), "the finger is on a card")
        pushFinger(SDL_FINGERDOWN, Point(60, 300), finger: 2)
        pushFinger(SDL_FINGERMOTION, Point(60, 100), finger: 2)
        pushFinger(SDL_FINGERMOTION, Point(100, 400))
        let sent = deliver(to: app, translator: &translator)
        #expect(same(sent, [.pointerMove(Point(100, 400))]), "the second finger is ignored: \(sent)")
        #expect(abs(scroll.contentOffset - 200) < 0.01, "\(scroll.contentOffset) of \(scroll.maxOffset)")
        pushFinger(SDL_FINGERUP, Point(60, 100), finger: 2)
        pushFinger(SDL_FINGERUP, Point(100, 400))
        #expect(same(deliver(to: app, translator: &translator), [.pointerUp(Point(100, 400), button: .primary)]))
        #expect(app.root.pointerCaptor == nil, "the drag is over")
    }
}
