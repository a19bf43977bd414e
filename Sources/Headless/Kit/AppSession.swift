import FontText
import Foundation
import Overlays
import Raster
import Schema
import Tours
import Views

/// An app run headless on a virtual clock, for a test suite: what `limelight replay` and
/// `limelight test` do, one call at a time.
///
///     let app = try AppSession(SettingsApp.definition, language: "en")
///     let tour = try app.start(tourFile: "tours/settings.json")
///     let wifi = try #require(app.frame(of: "settings.wifi"))
///     #expect(app.geometry?.holes.first?.frame?.contains(wifi) == true)   // the hole holds the switch
///     try app.tap("settings.wifi")
///     app.settle()
///     #expect(app.state("wifi") == .flag(false) && tour.currentStep == 1)
///     let outcome = GoldenAssertion(folder: "Tests/SettingsAppTests/Goldens").check(try app.render(), named: "brightness-step")
///
/// (`StepGeometry.Hole.frame` is a `Rect`, as `frame(of:)` is; its `rect` is the `[x, y, width,
/// height]` that `render --json` prints.) docs/EMBEDDING.md has a compiled example.
///
/// Time moves only when told (`wait`), in 60 Hz frames; input goes through the root as a window's
/// does (`tap` a view by id, `key`, `type`, or a whole script in the replay format with `expect`
/// lines), each followed by a frame. What is on screen (`frame(of:)`, `geometry`, `semantics`,
/// `state`) is read as the last frame left it: a query never runs a frame; `settle()` is the one
/// call that brings the app to rest. Tours are checked against the app's catalog as the command
/// line checks them.
@MainActor
public final class AppSession {
    /// The app's definition.
    public let definition: AppDefinition
    /// The running app.
    public let app: any TourHost
    /// The clock it runs on.
    public let clock: VirtualClock
    /// The headless session driving it.
    public let session: HeadlessSession
    /// The tour started on it, if any.
    public private(set) var engine: TourEngine?
    private var runner: ScriptRunner
    private var catalog: TargetCatalog?
    private let launch: AppLaunch

    /// The app of `definition` at `size` points and `scale` (its default screen unless given), in
    /// `language` (its first unless given), with `textEngine` (the system's fonts in the app's
    /// family unless given).
    public init(_ definition: AppDefinition, size: Size? = nil, scale: Double? = nil, language: String? = nil,
                textEngine: (any TextEngine)? = nil, reducesMotion: Bool = false) throws {
        self.definition = definition
        let engine = try textEngine ?? SystemTextEngine(family: definition.fontFamily, fallbackLanguages: definition.fallbackLanguages)
        let clock = VirtualClock()
        self.clock = clock
        launch = AppLaunch(size: size ?? definition.defaultScreen, scale: scale ?? definition.defaultScale,
                           language: language ?? definition.languages[0], textEngine: engine, clock: clock, reducesMotion: reducesMotion)
        app = try definition.launch(launch)
        session = HeadlessSession(app: app, clock: clock)
        session.declaredStates = definition.states
        runner = ScriptRunner(session: session, engine: nil)
        session.runFrame()
    }

    /// What tour files are checked against (the app at launch and what it declares), made once.
    public var targetCatalog: TargetCatalog {
        if let catalog { return catalog }
        let made = definition.launchCatalog()
        catalog = made
        return made
    }

    /// Loads the tour file at `path`, checked against the app; its problems are the error.
    public func load(tourFile path: String) throws(LoadError) -> LoadedTour {
        try TourLoader.load(path: path, appCatalog: { targetCatalog }, scripts: TestScripts())
    }

    /// Starts the tour file at `path` on the app (at once, not animated unless asked).
    @discardableResult
    public func start(tourFile path: String, animated: Bool = false) throws(LoadError) -> TourEngine {
        start(try load(tourFile: path).tour, animated: animated)
    }

    /// Starts `tour` on the app.
    @discardableResult
    public func start(_ tour: Tour, animated: Bool = false) -> TourEngine {
        let engine = TourEngine(tour: tour, host: app)
        self.engine = engine
        runner = ScriptRunner(session: session, engine: engine)
        engine.start(at: 0, animated: animated)
        session.settle()
        return engine
    }

    /// A step walk of `tour` on a fresh app like this one (the same screen, language and engine).
    public func walk(_ tour: Tour) throws -> TourWalk {
        let clock = VirtualClock()
        var fresh = launch
        fresh.clock = clock
        let stage = try definition.launch(fresh)
        let walk = TourWalk(tour: tour, stage: stage, clock: clock)
        walk.session.declaredStates = definition.states
        return walk
    }

    // MARK: - Input

    /// Taps the centre of the view with `id` (an overlay's too: `overlay.bubble.next`).
    public func tap(_ id: String) throws(ScriptFailure) { try runner.run(.tap(.view(id)), line: 0, shoot: { _, _ in }) }
    /// Taps `point` (screen points).
    public func tap(at point: Point) { try? runner.run(.tap(.point(point)), line: 0, shoot: { _, _ in }) }
    /// Drags from the centre of the view with `id` by `offset` (points), in small moves.
    public func drag(_ id: String, by offset: Point) throws(ScriptFailure) {
        try runner.run(.drag(.view(id), by: offset), line: 0, shoot: { _, _ in })
    }
    /// Presses `key` with `modifiers`.
    public func key(_ key: Key, modifiers: Modifiers = []) { try? runner.run(.key(key, modifiers: modifiers), line: 0, shoot: { _, _ in }) }
    /// Types `text` at the focused view.
    public func type(_ text: String) { try? runner.run(.text(text), line: 0, shoot: { _, _ in }) }
    /// Lets `milliseconds` of virtual time pass, a frame every 1/60 s.
    public func wait(milliseconds: Double) { session.wait(milliseconds: milliseconds) }
    /// Brings the app to rest, as a host would before reading the screen: frames until nothing is
    /// pending and nothing animates (`HeadlessSession.settle(limit:)`). Every input call and `wait`
    /// run their frames themselves; call this after changing the app or the tour yourself (an
    /// engine's `next()`, a state set by hand) and before reading what is on screen.
    public func settle() { session.settle() }

    /// Runs a script in the replay format (`tap ID`, `drag`, `key`, `wait`, `expect KEY=VALUE …`);
    /// a line that fails (a view not on screen, an `expect` that does not hold) is the error, with
    /// its line. `shot` lines are not allowed here: render and check frames instead.
    public func run(script text: String) throws(ScriptFailure) {
        let script: ReplayScript
        do { script = try ReplayScript(text: text, file: "script") } catch { throw ScriptFailure(line: error.line, message: error.message) }
        for line in script.commands {
            if case .expect(let e) = line.command, let problem = e.problem(against: targetCatalog) {
                throw ScriptFailure(line: line.line, message: "expect: " + problem)
            }
        }
        try runner.run(script) { _, line throws(ScriptFailure) in throw ScriptFailure(line: line, message: "shot is not taken here: render the frame and check it") }
    }

    // MARK: - What is on screen

    /// The app's state called `name` (as its definition declares it).
    public func state(_ name: String) -> StateValue? { app.state(named: name) }
    /// The whole state, as `limelight replay` prints it.
    public var report: StateReport { runner.state }
    /// The frame of the view with `id` (the app's or an overlay's), as the last frame laid it out.
    /// A query: it runs no frame (`settle()` does, and every input call).
    public func frame(of id: String) -> Rect? { app.root.view(withID: id)?.frame }
    /// The spotlight on top: its holes and bubble, as `render --json` reports them.
    public var geometry: StepGeometry? {
        let spotlight = engine?.spotlight ?? (app.overlays.top as? SpotlightOverlay)
        return spotlight.map { StepGeometry(spotlight: $0, root: app.root) }
    }
    /// The screen as a screen reader sees it.
    public var semantics: SemanticNode { app.root.semanticsTree() }
    /// The frame now, painted.
    public func render() throws(HeadlessError) -> Pixmap { try session.render() }
}
