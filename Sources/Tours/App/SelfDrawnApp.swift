import Overlays
import Raster
import Views

/// An app that draws its own screens (an SDL window and renderer of its own, under an
/// `SDLEmbedding` drawing only overlays), as tours and commands see it: the places it publishes by
/// id on a `DrawnScreen`, its screens by name if it has several, and the state it reports.
///
/// In the app's window it runs over the embedding's root (`SelfDrawnApp(root: limelight.root,
/// overlays: overlays)`), so a `TourEngine` spotlights `"target": "save"` where the app drew its
/// Save button. In the app's definition it is what `make` returns, with the targets of the
/// launch's screen, so `check`, `test`, `render` and the test kit know the app's ids without its
/// window:
///
///     make: { launch in try SelfDrawnApp(launch: launch, targets: RecipeLayout.targets(in: launch.size)) }
///
/// Hazard: Limelight never sees the app's pixels. A headless frame shows the overlays over the
/// root's background, and a golden holds Limelight's drawing alone.
@MainActor
public final class SelfDrawnApp: TourHost {
    /// The root over the app's screen (an embedding's, or one of its own headless).
    public let root: ViewRoot
    /// The overlays above the app's screen; the tour's spotlight goes here.
    public let overlays: PresentationStack
    /// The root's content, holding the published targets; nil when the root shows something else.
    public var screen: DrawnScreen? { root.content as? DrawnScreen }
    /// The places the app publishes now, by id (screen points).
    public var targets: [DrawnTarget] {
        get { screen?.targets ?? [] }
        set { screen?.targets = newValue }
    }
    /// The names of the app's screens, in order (the first is where tours start); empty for one.
    public var tabNames: [String]
    /// The screen shown now, by name: the app sets it when it changes screens by itself.
    public var selectedTabName: String?
    /// Shows the screen named so, as a tour's `tab` asks, and answers its targets; nil when there is
    /// no such screen. Headless, it only answers the targets.
    public var openScreen: (@MainActor (String) -> [DrawnTarget]?)?
    /// The app's state called so, as its definition declares it (`AppDefinition.states`).
    public var readState: (@MainActor (String) -> StateValue?)?
    /// The ids that can come to exist as the app runs, by screen name ("" without names), with `N`
    /// for a number (`recipe.N`).
    public var idPatterns: [String: [String]] = [:]
    /// Called with each of the app's events (`AppDefinition.events`): the app calls it as they happen.
    public var onAppEvent: (@MainActor (String) -> Void)?

    /// The app over `root` (an overlay-only `SDLEmbedding`'s, whose content is a `DrawnScreen`),
    /// with the presentation stack already on it, or a new one.
    public init(root: ViewRoot, overlays: PresentationStack? = nil, screenNames: [String] = []) {
        self.root = root
        self.overlays = overlays ?? PresentationStack(root: root)
        tabNames = screenNames
        selectedTabName = screenNames.first
    }

    /// The app for a command, a test case or the editor: a transparent root of `launch`'s screen
    /// with `targets` published, in `launch`'s language.
    public convenience init(launch: AppLaunch, targets: [DrawnTarget], screenNames: [String] = []) throws(ViewError) {
        let root = try ViewRoot(content: DrawnScreen(targets: targets), size: launch.size, scale: launch.scale,
                                textEngine: launch.textEngine, clock: launch.clock)
        root.language = launch.language
        self.init(root: root, screenNames: screenNames)
    }

    /// Shows the screen `name` through `openScreen` and publishes its targets; false when there is
    /// no such screen.
    @discardableResult public func selectTab(named name: String) -> Bool {
        guard tabNames.contains(name), let published = openScreen?(name) else { return false }
        targets = published
        selectedTabName = name
        return true
    }

    /// The state `readState` answers.
    public func state(named name: String) -> StateValue? { readState?(name) }
}
