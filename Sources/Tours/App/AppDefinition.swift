import Raster
import Schema
import TranslationFiles
import Views

/// What an app declares to Limelight before anything runs, and how to make one: the other half of
/// the app seam (`TourHost` is the running half). The command line (`LimelightCLI`), the test kit
/// (`Headless`) and the editor take one and never name an app of their own: every app, the one
/// `limelight` ships with included, is defined this way.
public struct AppDefinition: Sendable {
    /// A short name for the app, letters, digits, `-` and `_` (`settings`, `player`): its saved tour
    /// progress lives in a folder of this name.
    public var id: String
    /// What messages call it ("the settings app").
    public var displayName: String
    /// The title of its window ("Settings").
    public var windowTitle: String
    /// The language tags it speaks, its default first; `--lang` takes one of them.
    public var languages: [String]
    /// The screen it is made for when a command says nothing (points).
    public var defaultScreen: Size
    /// The device pixels per point it is made for when a command says nothing.
    public var defaultScale: Double
    /// The font family its text is set in, as fontconfig names it.
    public var fontFamily: String
    /// Languages whose fonts are tried first for characters its family lacks, for text that names
    /// no language of its own (an app in English that shows Japanese names lists `ja`).
    public var fallbackLanguages: [String]
    /// Words of Limelight's it adds or changes (a language Limelight does not ship, a button's word),
    /// over the words Limelight ships (`InstalledStrings`).
    public var strings: InterfaceStrings
    /// The state tours may check, in `expect`, `showWhen` and conditions on counts.
    public var states: [StateDeclaration]
    /// The events its show rules may count (`afterEvent`); `launch` is always one.
    public var events: [String]
    /// The kinds of overlay it presents that conditions may name (`overlay = alert`).
    public var overlayKinds: [String]
    /// The tours the app shows by itself (absolute paths, or relative to the current folder), in
    /// order: the window starts the first whose `show` rule shows it with the saved progress, 1 s
    /// after launch (by default each once: not again after it was finished or skipped;
    /// `--reset-tours` forgets the progress, `--tour FILE` runs another instead), and `render`,
    /// `replay` and `inspect` without `--tour` run the first that loads. A missing or broken file
    /// is said on stderr and passed over. Empty: no tour at launch.
    public var launchTours: [String]
    /// The checklists the app shows by itself (`NAME.checklist.json` paths), in order: the window
    /// shows the first whose `show` rule shows it and that is not complete, its launcher from
    /// launch on; choosing an item plays its tour (its file beside the checklist, or among
    /// `launchTours`). Empty: none.
    public var launchChecklists: [String] = []
    /// Whether its tours show by themselves (`on`), never (`off`), or are dismissed as they show
    /// (`dismiss`): the switch for the app's own end-to-end tests (see `TourSwitch`).
    public var tours: TourSwitch
    /// Where each of its view ids is declared, as `FILE:LINE` (an app declared in a screens file),
    /// for the messages of tours that miss one.
    public var idLocations: [String: String] = [:]
    /// Makes a running app for a command, a test case or the editor.
    public var make: @MainActor @Sendable (AppLaunch) throws -> any TourHost

    /// A definition; every part but `id` and `make` may be left to its default.
    public init(id: String, displayName: String? = nil, windowTitle: String = "Limelight", languages: [String] = ["en"], defaultScreen: Size = Size(390, 844),
                defaultScale: Double = 1, fontFamily: String = "DejaVu Sans", fallbackLanguages: [String] = [],
                strings: InterfaceStrings = InterfaceStrings([:]), states: [StateDeclaration] = [], events: [String] = [],
                overlayKinds: [String] = [], launchTours: [String] = [], launchChecklists: [String] = [], tours: TourSwitch = .on,
                make: @escaping @MainActor @Sendable (AppLaunch) throws -> any TourHost) {
        self.id = id
        self.displayName = displayName ?? "the app \(id)"
        self.windowTitle = windowTitle
        self.languages = languages.isEmpty ? ["en"] : languages
        self.defaultScreen = defaultScreen
        self.defaultScale = defaultScale
        self.fontFamily = fontFamily
        self.fallbackLanguages = fallbackLanguages
        self.strings = strings
        self.states = states
        self.events = events
        self.overlayKinds = overlayKinds
        self.launchTours = launchTours
        self.launchChecklists = launchChecklists
        self.tours = tours
        self.make = make
    }

    /// The event every app has: its start.
    public static let launchEvent = "launch"

    /// The events show rules may count: `launch` and the app's.
    public var allEvents: [String] { [Self.launchEvent] + events.filter { $0 != Self.launchEvent } }

    /// The words the app's roots say: Limelight's in every language it ships, the app's `strings`
    /// over them, and the team's files (`$LIMELIGHT_STRINGS`) over both, found as every host finds
    /// them (`InstalledStrings`): the same in a test suite, a window and the command line.
    public var interfaceStrings: InterfaceStrings { InstalledStrings.words(adding: strings) }

    /// The state names Limelight keeps for itself in reports and `expect`: an app may not declare them.
    public static let reservedStateNames: Set<String> = ["tab", "overlay", "step", "tour", "focus", "view"]

    /// A running app from `make`, its root saying the definition's words and moving as `launch`
    /// says: what every command and test case runs on. In a pseudo-locale (`en-XA`, `ar-XB`) the
    /// app is made in its first language and its root then set to the pseudo-locale, so Limelight's
    /// words and tours' texts are made from it (and `ar-XB` lays the screen out right to left).
    @MainActor
    public func launch(_ launch: AppLaunch) throws -> any TourHost {
        var made = launch
        let pseudo = PseudoLocale(tag: launch.language)
        if pseudo != nil { made.language = languages[0] }
        let app = try make(made)
        app.root.strings = interfaceStrings
        app.root.reducesMotion = launch.reducesMotion
        if let pseudo { app.root.language = pseudo.tag }
        return app
    }

    /// The tag `--lang`, `test.languages` and `check` may name for `tag`: one of the app's languages
    /// (in its own spelling, matched case-insensitively) or a pseudo-locale; nil for any other.
    public func language(named tag: String) -> String? {
        if let own = languages.first(where: { $0.caseInsensitiveCompare(tag) == .orderedSame }) { return own }
        return PseudoLocale(tag: tag)?.tag
    }

    /// What tour files are checked against: a freshly launched app (the fixed-metric text engine,
    /// the default screen, the first language, a virtual clock) with its ids on every tab, and what
    /// the definition declares. An app that cannot be made has no views to check against.
    @MainActor
    public func launchCatalog() -> TargetCatalog {
        let launch = AppLaunch(size: defaultScreen, scale: defaultScale, language: languages[0],
                               textEngine: FixedMetricTextEngine(), clock: VirtualClock())
        guard let app = try? self.launch(launch) else {
            return TargetCatalog(tabs: [], ids: [:], languages: languages, states: states, events: events, overlayKinds: overlayKinds)
        }
        return app.targetCatalog(self)
    }

    /// What is wrong with the definition (a reserved or repeated state name, a bad id), or nil.
    public var problem: String? {
        guard !id.isEmpty, id.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_".unicodeScalars.contains($0) }) else {
            return "the app's id \(quoted(id)) must be letters, digits, - and _"
        }
        var seen = Set<String>()
        for s in states {
            if Self.reservedStateNames.contains(s.name) { return "the state \(quoted(s.name)) has a name Limelight keeps for itself (\(Self.reservedStateNames.sorted().joined(separator: ", ")))" }
            if !seen.insert(s.name).inserted { return "the state \(quoted(s.name)) is declared twice" }
        }
        return nil
    }
}

/// What a running app is made with: the screen, the language, the text engine and the clock.
public struct AppLaunch {
    /// The screen in points.
    public var size: Size
    /// Device pixels per point.
    public var scale: Double
    /// The language tag (one of the definition's languages).
    public var language: String
    /// Measures and draws text.
    public var textEngine: any TextEngine
    /// The source of time (virtual in tests and headless runs).
    public var clock: any Clock
    /// Whether motion is reduced (fades become short cross-fades, nothing zooms or spins).
    public var reducesMotion: Bool
    /// Called with each line the app wants the user to see (a missing image, say): the command
    /// prints them on stderr.
    public var report: @MainActor (String) -> Void

    /// A launch; `report` prints nothing unless given.
    public init(size: Size, scale: Double = 1, language: String = "en", textEngine: any TextEngine, clock: any Clock,
                reducesMotion: Bool = false, report: @escaping @MainActor (String) -> Void = { _ in }) {
        self.size = size; self.scale = scale; self.language = language; self.textEngine = textEngine
        self.clock = clock; self.reducesMotion = reducesMotion; self.report = report
    }
}
