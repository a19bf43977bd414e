import Foundation
import Headless
import Overlays
import Raster
import Schema
import Tours
import Views

/// A tour over an app that draws its own frames (the session behind Limelight's C library): the app
/// publishes its targets, gives its input and its time, and hands each frame it drew to `compose`,
/// which blends the tour's dim and bubble over it in place. The engine, the spotlight and the
/// compositing are those of every Limelight app (`TourEngine`, `PresentationStack`, the layers'
/// composite), so the same tour over the same pixels and targets gives the same bytes.
///
///     let session = try EmbeddedSession(tourPath: "tour.json", size: Size(800, 600), scale: 1, language: "en", textEngine: engine)
///     session.start()
///     session.publish(PublishedTarget(id: "save", rect: saveRect, role: .button, name: "Save"))
///     let wait = try session.advance(to: nowMilliseconds)              // then, with each frame drawn:
///     try session.compose(pixels: frame, width: 800, height: 600, bytesPerRow: 3200, order: .argb)
@MainActor
public final class EmbeddedSession {
    /// The app as Limelight sees it: its published targets, states and events.
    public let screen: PublishedScreen
    /// The tour running over it.
    public let engine: TourEngine
    /// The session's time: the app's milliseconds since its first `advance`, in seconds.
    public let clock: VirtualClock
    /// Receives each tour event, and each of the app's events (`PublishedScreen.send`), as a line
    /// of the events log, as `--events` writes it (README, "The events log").
    public var onEventLine: (@MainActor (String) -> Void)?
    /// Who the events log names (an anonymous id) and this session's id: set them before the first
    /// `advance`, when a tour with an experiment draws the user's arm.
    public var user: String {
        get { writer.context.user }
        set { writer.context.user = newValue }
    }
    /// This session's id in the events log.
    public var sessionID: String {
        get { writer.context.session }
        set { writer.context.session = newValue }
    }
    /// The checklist shown over the app, if any (`showChecklist(path:)`), and its file.
    public internal(set) var checklist: ChecklistRunner?
    var checklistPath: String?
    /// Why the item chosen last did not play its tour, if it did not (its file is missing or broken).
    public internal(set) var checklistProblem: String?
    /// The arm of the tour's experiment the user is in, once drawn (nil: no experiment, or not yet).
    public private(set) var arm: String?
    private var startsOnFirstAdvance = false
    lazy var writer = EventLogWriter(context: .init(user: "anonymous", session: UUID().uuidString.lowercased(), language: screen.root.language ?? "en",
                                                            screen: "\(screen.root.size.width.compact)x\(screen.root.size.height.compact)")) { [weak self] line in
        self?.onEventLine?(line)
    }
    /// The app's first and last time given to `advance`, in milliseconds.
    private var firstTime: Int64?, lastTime: Int64 = 0
    private var passedOn = false
    /// From the app's first `damage`: its pixels as last drawn, and what it drew since the last compose.
    var base: Pixmap?
    var damaged: DirtyRegion?
    var lastFrame: UnsafeMutableRawPointer?
    /// Where an RGBA frame's pixels are composited before they are copied back (with damage only).
    var shadow: Pixmap?

    /// The byte order of the app's frame.
    public enum PixelOrder: Sendable {
        /// Native-endian 32-bit words 0xAARRGGBB (SDL's ARGB8888; bytes B, G, R, A on little-endian).
        case argb
        /// The bytes R, G, B, A in memory (OpenGL's RGBA with unsigned bytes, SDL's ABGR8888 on little-endian).
        case rgba
    }

    /// What a pointer did.
    public enum PointerPhase: Sendable {
        /// A press.
        case down
        /// A move, with or without a button held.
        case move
        /// A release.
        case up
    }

    /// The tour file at `path` over a screen of `size` points at `scale`, in `language`, with
    /// `textEngine` drawing its words; nothing shows until `start()`. Its problems, a size or scale
    /// no frame can have, or a language tag of the wrong shape are the error.
    public init(tourPath path: String, size: Size, scale: Double, language: String, textEngine: any TextEngine) throws(EmbeddedFailure) {
        do { try ViewRoot.validate(size: size, scale: scale) } catch { throw EmbeddedFailure("the screen: \(error.description)") }
        guard LanguageTag.isWellFormed(language) || PseudoLocale.isPseudo(language) else {
            throw EmbeddedFailure("the language \(quoted(language)) is not a language tag (expected such as \"en\", \"de\" or \"pt-BR\")")
        }
        let tour = try Self.loadTour(path: path)
        clock = VirtualClock()
        do { screen = try PublishedScreen(size: size, scale: scale, language: language, textEngine: textEngine, clock: clock) } catch {
            throw EmbeddedFailure("the screen: \(error.description)")
        }
        engine = TourEngine(tour: tour, host: screen)
        screen.board.onInput = { [weak self] in self?.passedOn = true }
        engine.onEvent = { [weak self] event in
            guard let self else { return }
            self.writer.record(event, tour: self.engine.tour, endedAt: self.engine.endedAtStep, ms: (self.clock.now * 1000).rounded())
            switch event {
            case .finished: self.checklist?.noteTourEnded(self.engine.tour.id, outcome: .finished)
            case .skipped, .dismissed: self.checklist?.noteTourEnded(self.engine.tour.id, outcome: .skipped)
            default: break
            }
        }
        screen.onAppEvent = { [weak self] name in
            guard let self else { return }
            self.writer.app(name, ms: (self.clock.now * 1000).rounded())
            self.checklist?.noteEvent(name)
        }
    }

    /// Starts the tour at its first step, fading in as time passes (set `onEventLine` first: the
    /// step's `shown` is its first event). A tour with an experiment starts at the first `advance`,
    /// once `user` is set: a user held out sees nothing.
    public func start() {
        if engine.tour.experimentPlan != nil { startsOnFirstAdvance = true; return }
        engine.start(at: 0, animated: true)
    }

    /// Draws the user's arm of the tour's experiment and starts the tour as that arm shows it.
    private func startInArm() {
        startsOnFirstAdvance = false
        let tour = engine.tour
        guard let arm = writer.assign(tour, ms: (clock.now * 1000).rounded()) else { engine.start(at: 0, animated: true); return }
        self.arm = arm
        guard arm != Experiment.holdoutArm else { return }
        engine.replace(with: tour.applying(arm: arm), animated: false)
        engine.start(at: 0, animated: true)
    }

    // MARK: - Targets

    /// Publishes `target` (a known id moves to its new rectangle); what is wrong with it, or nil.
    public func publish(_ target: PublishedTarget) throws(EmbeddedFailure) {
        if let problem = target.problem { throw EmbeddedFailure(problem) }
        if screen.board.targets.count >= PublishedTarget.maxCount, !screen.board.targets.contains(where: { $0.id == target.id }) {
            throw EmbeddedFailure("at most \(PublishedTarget.maxCount) targets may be published")
        }
        screen.board.publish(target)
    }

    /// Takes every published target away (a step's target then waits as its `waitFor` says).
    public func clearTargets() { screen.board.removeAll() }

    // MARK: - Input and time

    /// Gives Limelight a pointer event at `point` (screen points); true when Limelight used it (the
    /// dim blocked it, the bubble took it), false when it is the app's (no overlay there, or a tap
    /// through a hole).
    public func pointer(_ phase: PointerPhase, at point: Point) throws(EmbeddedFailure) -> Bool {
        guard point.x.isFinite, point.y.isFinite, abs(point.x) <= PublishedTarget.maxCoordinate, abs(point.y) <= PublishedTarget.maxCoordinate else {
            throw EmbeddedFailure("a pointer's position must be finite numbers within ±\(Int(PublishedTarget.maxCoordinate)) points")
        }
        passedOn = false
        let event: InputEvent
        switch phase {
        case .down: event = .pointerDown(point, button: .primary)
        case .move: event = .pointerMove(point)
        case .up: event = .pointerUp(point, button: .primary)
        }
        return screen.root.send(event) && !passedOn
    }

    /// Gives Limelight the key `name` (`enter`, `escape`, `tab`, `left`, `ctrl+z`, `s`: the names of
    /// replay scripts' `key`); true when Limelight used it.
    public func key(named name: String) throws(EmbeddedFailure) -> Bool {
        let usage = "expected a key such as \"enter\", \"escape\", \"tab\", \"left\", \"shift+tab\" or one character"
        guard !name.isEmpty, name.count <= 64, !name.contains(where: { $0.isWhitespace || $0.unicodeScalars.contains { $0.properties.generalCategory == .control } || $0 == "#" }) else {
            throw EmbeddedFailure("\(usage), found \(quoted(name))")
        }
        guard let script = try? ReplayScript(text: "key " + name, file: "key"), script.commands.count == 1,
              case let .key(key, modifiers) = script.commands[0].command else {
            throw EmbeddedFailure("\(usage), found \(quoted(name))")
        }
        passedOn = false
        return screen.root.send(.key(key, modifiers: modifiers)) && !passedOn
    }

    /// The largest time `advance` takes, in milliseconds: about 285,000 years.
    public static let maxMilliseconds: Int64 = 1 << 53

    /// Moves the session to the app's time `now` (milliseconds on any clock that never goes back;
    /// the first call is the session's start) and runs a frame of it: timers, animations, the
    /// tour's conditions, layout. Returns the milliseconds until the next frame is wanted: 0 now
    /// (something moves, or waits to be composited), more for a timer, nil when only input or the
    /// app's state can change anything.
    public func advance(to now: Int64) throws(EmbeddedFailure) -> Int64? {
        guard now >= 0, now <= Self.maxMilliseconds else { throw EmbeddedFailure("the time must be 0 to 2^53 milliseconds, found \(now)") }
        if startsOnFirstAdvance { startInArm() }
        if let first = firstTime {
            guard now >= lastTime else { throw EmbeddedFailure("the time went back from \(lastTime) to \(now) milliseconds") }
            clock.advance(by: Double(now - first) / 1000 - clock.now)
        } else {
            firstTime = now
        }
        lastTime = now
        let report = screen.root.frame(into: nil)
        switch report.nextWakeUp {
        case .nextFrame: return 0
        case .at(let t): return Int64(max(0, min(Double(Self.maxMilliseconds), ((t - clock.now) * 1000).rounded(.up))))
        case .onInput: return nil
        }
    }

    // MARK: - State and events

    /// Sets the app's state `name` (a number, a flag or a word) for the tour's conditions.
    public func set(state name: String, to value: StateValue) throws(EmbeddedFailure) {
        if case .number(let n) = value, !n.isFinite { throw EmbeddedFailure("the state \(quoted(name)) must be a finite number") }
        if case .text(let t) = value, t.utf8.count > PublishedTarget.maxNameLength {
            throw EmbeddedFailure("the state \(quoted(name)) is longer than \(PublishedTarget.maxNameLength) bytes")
        }
        if let problem = screen.set(state: name, to: value) { throw EmbeddedFailure(problem) }
    }

    /// Records one of the app's events `name`: conditions on `name` count it.
    public func send(event name: String) throws(EmbeddedFailure) {
        if let problem = screen.record(event: name) { throw EmbeddedFailure(problem) }
    }

    /// Where everything is, as one line of JSON: `state` (the tour's step and state, the overlay,
    /// the focus and the app's states, as `replay` prints them), `events` (counts by name) and
    /// `spotlight` (holes and bubble, as `render --json` writes them; null when none shows).
    public var stateJSON: String {
        struct Report: Encodable {
            var state: StateReport
            var events: [String: Int]
            var spotlight: StepGeometry?
            var checklist: ChecklistReport?
            enum CodingKeys: String, CodingKey { case state, events, spotlight, checklist }
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(state, forKey: .state)
                try c.encode(events, forKey: .events)
                try c.encode(spotlight, forKey: .spotlight)
                try c.encodeIfPresent(checklist, forKey: .checklist)
            }
        }
        let spotlight = engine.spotlight.map { StepGeometry(spotlight: $0, root: screen.root) }
        return jsonLine(Report(state: StateReport(stage: screen, engine: engine, states: screen.stateDeclarations),
                               events: screen.eventCounts, spotlight: spotlight, checklist: checklist.map { ChecklistReport($0, problem: checklistProblem) }))
    }

    /// What the app published, for `limelight check --catalog`.
    public var catalog: PublishedCatalog { PublishedCatalog(screen) }
}
