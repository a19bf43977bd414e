import Demo
import Foundation
import Overlays
import Seeded
import ImageFiles
import Raster
import Tours
import Views

/// A soak run that broke an invariant: which seed and event, what was wrong, and the events just before.
public struct SoakFailure: Error, CustomStringConvertible {
    /// The seed that reproduces the run.
    public var seed: UInt64
    /// How many events had run, counting the failing one.
    public var eventNumber: Int
    /// The failing event.
    public var event: String
    /// What was wrong.
    public var message: String
    /// The events before it, oldest first.
    public var recentEvents: [String]

    /// The failure with the events before it, for the log.
    public var description: String {
        "soak (seed \(seed)) event \(eventNumber), \(event): \(message)\n  events before it, oldest first:\n    "
            + recentEvents.joined(separator: "\n    ")
    }
}

/// What a soak run did.
public struct SoakStats: Sendable {
    /// Events run.
    public var events = 0
    /// Checkpoints passed (incremental frame equal to a full repaint).
    public var checkpoints = 0
    /// Events by kind.
    public var counts: [String: Int] = [:]
    /// Hole comparisons made against target frames.
    public var holeChecks = 0
    /// Tours started, finished and skipped.
    public var toursStarted = 0, toursFinished = 0, toursSkipped = 0
    /// The most cards the grid held.
    public var maxCards = 0
    /// Wall time spent on events of each kind, in seconds (checks and rendering included).
    public var seconds: [String: Double] = [:]
    /// The slowest event, in seconds of wall time, and what it was.
    public var slowestEventSeconds = 0.0
    /// The slowest event, as described.
    public var slowestEvent = ""
}

/// Drives the sample app headless with seeded random input on a virtual clock and checks it after
/// every event:
///
/// - input reaches only the top overlay: overlays beneath it are unchanged by any input event, and
///   while an alert, pop-up or loading screen is on top the app beneath does not change either;
/// - the presentation stack is consistent (no overlay twice, none removed but still listed) and a
///   running tour's spotlight is on it;
/// - every spotlight hole matches its target's current frame (`HoleGeometry.resolve`) whenever no
///   morph is running;
/// - the card count never drops and the grid holds one card per card in the state;
/// - after a pointer up nothing holds the pointer;
/// - at every `checkpointInterval`-th event, the incrementally rendered frame equals a full repaint.
///
/// Text uses the fixed-metric engine and cards small solid images, so a run needs no fonts and is
/// the same on every machine. A trap anywhere ends the process, which is a failure too.
@MainActor
public final class Soak {
    /// The seed this run started from.
    public let seed: UInt64
    /// The app under test.
    public let app: DemoApp
    /// The virtual clock the app runs on.
    public let clock: VirtualClock
    /// Every how many events the incremental frame is compared with a full repaint (0: never).
    public var checkpointInterval: Int
    /// Every how many events a frame is rendered (incrementally, as a window would present it). In
    /// between, layout and the overlays' geometry still run after every event, as `render` runs them
    /// before painting, and the dirty areas add up until the next frame.
    public var renderInterval: Int
    /// The largest screen a resize asks for (points).
    public var largestSize: Size
    /// Where a checkpoint mismatch writes its two frames (a temporary folder when nil).
    public var artifactsFolder: String?
    /// What the run did so far.
    public private(set) var stats = SoakStats()
    /// When set, receives a description of the app after every event (for chasing a failure).
    public var trace: ((String) -> Void)?
    /// The tour engine of the last tour started.
    public private(set) var engine: TourEngine?

    private var rng: SeededGenerator
    private var frame: Pixmap
    /// The device rectangles the last incremental render repainted.
    private var lastRepainted: [IntRect] = []
    private var renderedThisEvent = false
    private let tours: [Tour]
    private var recent: [String] = []
    private static let recentCapacity = 25
    private var lastCardCount: Int
    private var pointer: Point
    /// The event run last, as the failure report and traces print it.
    public private(set) var currentEvent = ""
    /// The Home and Menu scroll views and the grid, found once (the screens live as long as the app;
    /// looking them up by id on every event would walk every card).
    private var scrollViews: [ScrollView] = []
    private var grid: Grid?
    private var currentNumber = 0

    /// A run of the sample app at `size` and `scale`, its FAB tip due 1 s in as at launch.
    public init(seed: UInt64, size: Size = Size(390, 844), scale: Double = 1, largestSize: Size = Size(900, 1000),
                checkpointInterval: Int = 100, renderInterval: Int = 1) throws {
        self.seed = seed
        self.checkpointInterval = checkpointInterval
        self.renderInterval = max(1, renderInterval)
        self.largestSize = Size(max(largestSize.width, 280), max(largestSize.height, 300))
        rng = SeededGenerator(seed: seed)
        clock = VirtualClock()
        app = try DemoApp(size: size, scale: scale, textEngine: FixedMetricTextEngine(), images: Soak.solidImages(), clock: clock)
        let catalog = DemoApp.launchCatalog()
        tours = try SoakTours.all.map { name, json in
            try TourLoader.load(bytes: Array(json.utf8), file: name, folder: ".", appCatalog: { catalog }).tour
        }
        lastCardCount = app.state.cards.count
        pointer = Point(size.width / 2, size.height / 2)
        frame = try app.root.makePixmap()
        for tab in Tab.allCases {
            app.select(tab)
            scrollViews += [app.root.view(withID: "\(tab.rawValue).scroll") as? ScrollView].compactMap { $0 }
            if tab == .home { grid = app.root.view(withID: "grid") as? Grid }
        }
        app.select(.home)
        guard scrollViews.count == Tab.allCases.count, grid != nil else {
            throw SoakFailure(seed: seed, eventNumber: 0, event: "start", message: "the sample app lacks its scroll views or grid",
                              recentEvents: [])
        }
        app.scheduleFABTip(after: 1)
        lastRepainted = app.root.frame(into: frame).drawn
    }

    /// Small solid pictures for the four sample cards (no files read).
    static func solidImages() -> [String: Pixmap] {
        let colors: [String: Color] = ["mountains": Color(red: 74, green: 144, blue: 194), "city": Color(red: 58, green: 53, blue: 96),
                                       "forest": Color(red: 62, green: 123, blue: 71), "ocean": Color(red: 47, green: 158, blue: 216)]
        return colors.compactMapValues { try? Pixmap(width: 8, height: 6, fill: $0) }
    }

    // MARK: - Running

    /// Shows the app at the largest screens a run can reach (`largestSize` and a little narrower, at
    /// scale 2) with a feathered spotlight, an alert, both pop-ups and a loading screen up, rendering each incrementally and in
    /// full, then comes back. Afterwards the peak memory already includes the biggest frames and
    /// masks and a paint cache full of the biggest card pictures and shadows (one per width), so a
    /// later rise means something grows with the number of events. Draws no random numbers.
    public func warmUp() {
        let root = app.root
        let size = root.size, scale = root.scale
        // Every kind of overlay at once, each with its own card pixmap, as a run can stack them.
        let before = Set(app.overlays.overlays.map(ObjectIdentifier.init))
        app.overlays.present(DemoOverlays.warmUpSpotlight(), animated: false)
        for action in [MenuAction.alert, .popup, .modalPopup] { app.open(action) }
        // A loading screen of its own (the app's shared one would keep its timers after the warm-up).
        LoadingOverlay(stack: app.overlays, message: "Warm-up").show()
        settle()
        let overlays = app.overlays.overlays.filter { !before.contains(ObjectIdentifier($0)) }
        // More widths than the paint cache has entries (32), each with its own card size.
        for step in 0..<40 {
            try? root.resize(to: Size(largestSize.width - Double(step) * 6, largestSize.height), scale: 2)
            settle()
            renderFrame()
            if step == 0, let full = try? root.makePixmap() { root.frame(into: full, repaintingEverything: true) }
        }
        for o in overlays { app.overlays.dismiss(o, animated: false) }
        try? root.resize(to: size, scale: scale)
        settle()
        renderFrame()
    }

    /// Runs `count` more events, calling `progress` with the number of events run after each.
    public func run(events count: Int, progress: ((Int) -> Void)? = nil) throws(SoakFailure) {
        for _ in 0..<max(0, count) {
            try step()
            progress?(stats.events)
        }
    }

    /// Runs one random event and checks every invariant after it.
    public func step() throws(SoakFailure) {
        let event = nextEvent()
        currentEvent = event.description
        currentNumber = stats.events + 1
        let started = DispatchTime.now().uptimeNanoseconds
        try perform(event)
        renderedThisEvent = (stats.events + 1) % renderInterval == 0
        if renderedThisEvent { renderFrame() } else { settle() }
        stats.events += 1
        stats.counts[event.kind, default: 0] += 1
        if let trace { trace("\(currentNumber): \(currentEvent)\n" + describeState()) }
        try checkInvariants(after: event)
        if checkpointInterval > 0 && stats.events % checkpointInterval == 0 { try checkpoint() }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        stats.seconds[event.kind, default: 0] += seconds
        if seconds > stats.slowestEventSeconds { stats.slowestEventSeconds = seconds; stats.slowestEvent = currentEvent }
        recent.append("\(currentNumber): \(currentEvent)")
        if recent.count > Soak.recentCapacity { recent.removeFirst(recent.count - Soak.recentCapacity) }
    }

    /// Compares the incrementally rendered frame with a full repaint now.
    public func checkpoint() throws(SoakFailure) {
        if !renderedThisEvent { renderFrame() }
        let full: Pixmap
        do { full = try app.root.makePixmap() } catch { throw failure("cannot make a frame: \(error)") }
        app.root.frame(into: full, repaintingEverything: true)
        defer {
            // The full frame carries on as the kept one, so later renders stay incremental.
            frame = full
        }
        guard frame.bounds == full.bounds else { throw failure("the kept frame is \(frame.bounds), the screen \(full.bounds)") }
        if !frame.hasSamePixels(as: full) {
            throw failure("the incremental frame differs from a full repaint (\(differences(frame, full)))")
        }
        stats.checkpoints += 1
    }

    /// A frame at the current time without painting (timers, animations, layout of the tree and
    /// of the overlays); what it changed is painted with the next rendered frame.
    private func settle() { app.root.frame(into: nil) }

    /// A frame painted incrementally into the kept pixmap, as a window presents it.
    private func renderFrame() {
        if frame.bounds != app.root.deviceBounds, let new = try? app.root.makePixmap() { frame = new }
        lastRepainted = app.root.frame(into: frame).drawn
    }

    // MARK: - Events

    private func nextEvent() -> SoakEvent {
        let size = app.root.size
        switch rng.weighted([12, 22, 7, 3, 7, 8, 3, 1, 16, 10, 4, 2, 4, 1]) {
        case 0: return .tap(randomPoint())
        case 1: return .tap(targetPoint())
        case 2:
            let start = rng.chance(0.5) ? targetPoint() : randomPoint()
            var p = start
            var through: [Point] = []
            for _ in 0..<rng.int(in: 1...6) {
                p = Point((p.x + rng.double(in: -60...60)).rounded(), (p.y + rng.double(in: -250...250)).rounded())
                through.append(p)
            }
            return .drag(from: start, through: through)
        case 3:
            let button: PointerButton = rng.chance(0.8) ? .primary : rng.pick([.secondary, .middle])
            switch rng.int(in: 0...2) {
            case 0: return .down(rng.chance(0.5) ? targetPoint() : randomPoint(), button)
            case 1: return .move(randomPoint())
            default: return .up(rng.chance(0.5) ? pointer : randomPoint(), button)
            }
        case 4:
            let dy = rng.chance(0.05) ? rng.pick([-1e7, 1e7, 0]) : rng.double(in: -600...600).rounded()
            return .wheel(dy: dy, at: rng.chance(0.7) ? targetPoint() : randomPoint())
        case 5:
            let keys: [Key] = [.escape, .enter, .tab, .space, .backspace, .left, .right, .up, .down, .character("a")]
            return .key(rng.pick(keys))
        case 6:
            let r = rng.double(in: 0...1)
            if r < 0.15 { return .resize(Size(rng.double(in: 1...160).rounded(), rng.double(in: 1...160).rounded())) }
            if r < 0.3 { return .resize(Size(min(size.height, largestSize.width), min(size.width, largestSize.height))) }
            return .resize(Size(rng.double(in: 280...largestSize.width).rounded(), rng.double(in: 300...largestSize.height).rounded()))
        case 7:
            return .rescale(rng.pick([1, 1, 1.5, 2]))
        case 8:
            let r = rng.double(in: 0...1)
            let ms = r < 0.5 ? rng.double(in: 0...100) : r < 0.85 ? rng.double(in: 100...600) : rng.double(in: 600...3500)
            return .wait(milliseconds: ms.rounded())
        case 9:
            guard let engine, engine.isRunning else {
                return .tourStart(tour: rng.int(in: 0...(tours.count - 1)), step: rng.chance(0.7) ? 0 : rng.int(in: 0...7))
            }
            switch rng.weighted([35, 25, 15, 5, 20]) {
            case 0: return .tourNext
            case 1: return .tourBack
            case 2: return .tourSkip
            case 3: return .tourFinish
            default: return .tourStart(tour: tours.firstIndex(of: engine.tour) ?? 0, step: rng.int(in: 0...7))
            }
        case 10: return .open(rng.pick(MenuAction.allCases))
        case 11:
            return rng.chance(0.6) ? .showFABTip(animated: rng.chance(0.8)) : .scheduleFABTip(milliseconds: rng.double(in: 0...2000).rounded())
        case 12:
            return rng.chance(0.8) ? .dismissTop(animated: rng.chance(0.8)) : .dismissAll(animated: rng.chance(0.8))
        default:
            return .language(rng.pick(Language.allCases.filter { $0 != app.state.language }))
        }
    }

    /// Anywhere on the screen, a little beyond its edges now and then.
    private func randomPoint() -> Point {
        let s = app.root.size
        return Point(rng.double(in: -20...(s.width + 20)).rounded(), rng.double(in: -20...(s.height + 20)).rounded())
    }

    /// The overlay views a tap aims at: a bubble's buttons and progress, an alert's OK, a pop-up's ×.
    static let overlayHotSpots: Set<String> = ["overlay.bubble.next", "overlay.bubble.skip", "overlay.bubble.progress",
                                              "overlay.alert.ok", "overlay.popup.close"]
    /// The overlay views that are a card's box.
    static let overlayBoxes: Set<String> = ["overlay.bubble", "overlay.alert", "overlay.popup"]

    /// Somewhere that does something: a view with an id, the top overlay's buttons (found by id) or
    /// its holes.
    private func targetPoint() -> Point {
        if let top = app.overlays.top, rng.chance(0.6) {
            let views = top.surfaces.flatMap { $0.content.allIdentifiedViews() }
            var hot = views.filter { Soak.overlayHotSpots.contains($0.id) }.map(\.frame.center)
            if let spot = top as? SpotlightOverlay { hot += spot.displayedHoles.map(\.center) }
            let box = views.first { Soak.overlayBoxes.contains($0.id) }?.frame
            if !hot.isEmpty, rng.chance(0.6) { return jitter(rng.pick(hot), by: 4) }
            if let b = box, !b.isEmpty {
                return Point(rng.double(in: b.minX...b.maxX).rounded(), rng.double(in: b.minY...b.maxY).rounded())
            }
        }
        let views = app.root.allIdentifiedViews().filter { !$0.frame.isEmpty && $0.frame.isFinite }
        guard !views.isEmpty else { return randomPoint() }
        let f = rng.pick(views).frame
        return jitter(f.center, by: min(f.width, f.height) / 4)
    }

    private func jitter(_ p: Point, by amount: Double) -> Point {
        guard amount > 0 else { return p }
        return Point((p.x + rng.double(in: -amount...amount)).rounded(), (p.y + rng.double(in: -amount...amount)).rounded())
    }

    private func perform(_ event: SoakEvent) throws(SoakFailure) {
        switch event {
        case .tap(let p):
            try send(.pointerDown(p, button: .primary))
            try send(.pointerUp(p, button: .primary))
        case let .drag(from, through):
            try send(.pointerDown(from, button: .primary))
            for p in through { try send(.pointerMove(p)) }
            try send(.pointerUp(through.last ?? from, button: .primary))
        case let .down(p, b): try send(.pointerDown(p, button: b))
        case .move(let p): try send(.pointerMove(p))
        case let .up(p, b): try send(.pointerUp(p, button: b))
        case let .wheel(dy, p): try send(.wheel(dy: dy, at: p))
        case .key(let k): try send(.key(k))
        case .resize(let s): app.root.send(.resize(s))
        case .rescale(let s):
            try? app.root.resize(to: app.root.size, scale: s)
        case .wait(let ms):
            clock.advance(by: ms / 1000) { settle() }
        case let .tourStart(t, step):
            if let engine, engine.isRunning, engine.tour == tours[t] {
                engine.go(to: step)
            } else {
                let e = TourEngine(tour: tours[t], host: app)
                e.onEvent = { [weak self] event in
                    switch event {
                    case .finished: self?.stats.toursFinished += 1
                    case .skipped, .dismissed: self?.stats.toursSkipped += 1
                    default: break
                    }
                }
                engine = e
                stats.toursStarted += 1
                e.start(at: step, animated: rng.chance(0.8))
            }
        case .tourNext: engine?.next()
        case .tourBack: engine?.previous()
        case .tourSkip: engine?.skip()
        case .tourFinish: engine?.finish()
        case .open(let action): app.open(action)
        case .showFABTip(let animated): app.showFABTip(animated: animated)
        case .scheduleFABTip(let ms): app.scheduleFABTip(after: ms / 1000)
        case .dismissTop(let animated): app.overlays.top?.dismiss(animated: animated)
        case .dismissAll(let animated): app.overlays.dismissAll(animated: animated)
        case .language(let l): app.setLanguage(l)
        }
    }

    /// The app's state, the overlays and the last repaint, a few lines for a trace.
    public func describeState() -> String {
        var lines = ["  tab \(app.state.selectedTab.rawValue), \(app.state.cards.count) cards, screen \(app.root.size) at \(app.root.scale.compact)x, t = \(clock.now.compact)"]
        if let engine { lines.append("  tour \(engine.tour.id): \(engine.state)") }
        for o in app.overlays.overlays {
            var line = "  \(o.kind.rawValue) \(o.phase) opacity \(o.presentationOpacity.compact)"
            if let spot = o as? SpotlightOverlay {
                line += (spot.isAnimating ? " morphing" : "") + " holes \(spot.displayedHoles.map(\.rect))"
                if let b = spot.displayedBubble { line += " bubble \(b.box)" }
            }
            lines.append(line)
        }
        lines.append("  repainted \(lastRepainted)")
        return lines.joined(separator: "\n")
    }

    // MARK: - Checks

    /// What the app beneath the overlays looks like, for checking that input did not reach it.
    private struct AppSnapshot: Equatable {
        var cards: Int
        var tab: Tab
        var language: Language
        var offsets: [Double]
    }

    private func snapshot() -> AppSnapshot {
        AppSnapshot(cards: app.state.cards.count, tab: app.state.selectedTab, language: app.state.language,
                    offsets: scrollViews.map(\.contentOffset))
    }

    /// Sends one input event and checks that it reached only the top overlay.
    private func send(_ event: InputEvent) throws(SoakFailure) {
        switch event {
        case .pointerDown(let p, _, _), .pointerMove(let p), .pointerUp(let p, _): pointer = p
        default: break
        }
        let stack = app.overlays
        let top = stack.top
        let beneath = stack.presented.filter { $0 !== top }
        let before = snapshot()
        // What the top spotlight lets through, read before the event moves it to another step.
        let passesThrough = (top as? SpotlightOverlay).map { $0.tapPolicy.inside == .passThroughAndAdvance }
        app.root.send(event)
        for o in beneath where !(o.isInteractive && o.stack === stack && stack.overlays.contains { $0 === o }) {
            throw failure("\(event) reached the \(o.kind.rawValue) beneath the top \(top?.kind.rawValue ?? "overlay") (it is now \(o.phase))")
        }
        guard let top else { return }
        let after = snapshot()
        if top.kind != .spotlight, after != before {
            throw failure("\(event) reached the app beneath the \(top.kind.rawValue): \(before) became \(after)")
        }
        if passesThrough == false, after.cards != before.cards {
            throw failure("\(event) added a card through a spotlight that passes nothing through")
        }
    }

    private func checkInvariants(after event: SoakEvent) throws(SoakFailure) {
        let stack = app.overlays
        // The stack.
        var seen = Set<ObjectIdentifier>()
        for o in stack.overlays {
            guard seen.insert(ObjectIdentifier(o)).inserted else { throw failure("a \(o.kind.rawValue) is on the stack twice") }
            guard o.stack === stack, o.phase != .removed else {
                throw failure("a \(o.kind.rawValue) on the stack is \(o.phase) (stack set: \(o.stack != nil))")
            }
            guard o.presentationOpacity >= 0, o.presentationOpacity <= 1 else {
                throw failure("a \(o.kind.rawValue) has opacity \(o.presentationOpacity)")
            }
        }
        if stack.top !== stack.presented.last { throw failure("the top overlay is not the last one taking input") }
        // A running tour shows its spotlight.
        if let engine, engine.isRunning {
            guard let spot = engine.spotlight, stack.overlays.contains(where: { $0 === spot }) else {
                throw failure("tour \(engine.tour.id) runs step \((engine.currentStep ?? 0) + 1) with no spotlight on the stack")
            }
        }
        // Holes follow their targets.
        for case let spot as SpotlightOverlay in stack.overlays where !spot.isAnimating {
            let expected = spot.targetGeometries(root: app.root)
            stats.holeChecks += 1
            if spot.displayedHoles != expected {
                throw failure("a spotlight shows holes \(spot.displayedHoles.map(\.rect)) but its targets are at \(expected.map(\.rect))")
            }
        }
        // Cards.
        let cards = app.state.cards.count
        if cards < lastCardCount { throw failure("the card count dropped from \(lastCardCount) to \(cards)") }
        lastCardCount = cards
        stats.maxCards = max(stats.maxCards, cards)
        if let grid, grid.children.count != cards {
            throw failure("the grid holds \(grid.children.count) cards, the state \(cards)")
        }
        // The pointer.
        switch event {
        case .tap, .drag, .up(_, .primary):
            if let captor = app.root.pointerCaptor { throw failure("\(type(of: captor)) still holds the pointer after it went up") }
        default: break
        }
    }

    private func failure(_ message: String) -> SoakFailure {
        SoakFailure(seed: seed, eventNumber: currentNumber, event: currentEvent, message: message, recentEvents: recent)
    }

    /// How two frames of the same size differ, with both written out as PNGs.
    private func differences(_ a: Pixmap, _ b: Pixmap) -> String {
        var count = 0
        var box: IntRect?
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] != b[x, y] {
                count += 1
                let p = IntRect(x: x, y: y, width: 1, height: 1)
                box = box.map { $0.union(p) } ?? p
            }
        }
        let folder = artifactsFolder ?? (NSTemporaryDirectory() as NSString).appendingPathComponent("limelight-soak-\(seed)")
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let incremental = (folder as NSString).appendingPathComponent("event-\(stats.events)-incremental.png")
        let full = (folder as NSString).appendingPathComponent("event-\(stats.events)-full.png")
        try? a.writePNG(to: incremental)
        try? b.writePNG(to: full)
        let repainted = lastRepainted.map(\.description).joined(separator: ", ")
        return "\(count) pixels in \(box.map(\.description) ?? "none"); the last frame repainted [\(repainted)]; see \(incremental) and \(full)"
    }
}

/// What `warmUp` shows.
private enum DemoOverlays {
    /// A feathered spotlight on every card of the first rows and the FAB, with a bubble.
    @MainActor static func warmUpSpotlight() -> SpotlightOverlay {
        let holes = ["card.0", "card.1", "card.2", "card.3", "fab"].map { Hole(target: .view($0), shape: .roundedRect(cornerRadius: 12), feather: 6) }
        return SpotlightOverlay(holes: holes, coachMark: CoachMark(title: "Warm-up", text: "The largest screen a run reaches."))
    }
}
