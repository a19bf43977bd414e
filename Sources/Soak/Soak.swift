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
/// - nothing changes the tree while anything lays out or paints, and no frame runs inside another
///   (the root checks its phases, in a release build too, and the soak hears each violation);
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
    public internal(set) var stats = SoakStats()
    /// When set, receives a description of the app after every event (for chasing a failure).
    public var trace: ((String) -> Void)?
    /// The tour engine of the last tour started.
    public internal(set) var engine: TourEngine?

    var rng: SeededGenerator
    var frame: Pixmap
    /// The device rectangles the last incremental render repainted.
    var lastRepainted: [IntRect] = []
    var renderedThisEvent = false
    let tours: [Tour]
    var recent: [String] = []
    private static let recentCapacity = 25
    var lastCardCount: Int
    var pointer: Point
    /// The event run last, as the failure report and traces print it.
    public internal(set) var currentEvent = ""
    /// The Home and Menu scroll views and the grid, found once (the screens live as long as the app;
    /// looking them up by id on every event would walk every card).
    var scrollViews: [ScrollView] = []
    var grid: Grid?
    var currentNumber = 0
    /// What the root's phase checks found since the last event was checked.
    var phaseViolations: [PhaseViolation] = []

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
        // The rule of change is checked in every build: a violation is a failed invariant.
        app.root.checksPhases = true
        app.root.onPhaseViolation = { [weak self] violation in self?.phaseViolations.append(violation) }
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
    func settle() { app.root.frame(into: nil) }

    /// A frame painted incrementally into the kept pixmap, as a window presents it.
    func renderFrame() {
        if frame.bounds != app.root.deviceBounds, let new = try? app.root.makePixmap() { frame = new }
        lastRepainted = app.root.frame(into: frame).drawn
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

}

/// What `warmUp` shows.
private enum DemoOverlays {
    /// A feathered spotlight on every card of the first rows and the FAB, with a bubble.
    @MainActor static func warmUpSpotlight() -> SpotlightOverlay {
        let holes = ["card.0", "card.1", "card.2", "card.3", "fab"].map { Hole(target: .view($0), shape: .roundedRect(cornerRadius: 12), feather: 6) }
        return SpotlightOverlay(holes: holes, coachMark: CoachMark(title: "Warm-up", text: "The largest screen a run reaches."))
    }
}
