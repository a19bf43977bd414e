import Overlays
import Views

/// The app seam: everything a running app gives Limelight, beyond the root every host drives
/// (`HostedApp`). Tours run on it, `limelight test`, `check`, `edit`, `replay` and the window drive
/// it, and nothing in Limelight knows more of an app than this and its `AppDefinition`.
///
/// An app names its places (`tabNames`: tabs, or any other screens it can show by name), shows
/// them, scrolls a view into sight, keeps named state that tours check (`state(named:)`, a
/// `StateValue`: `.number` for a count, `.flag` for on or off, `.text` for a word such as
/// `playing`), reports its events for show rules (`onAppEvent`), and says which ids its views can
/// come to have as it runs (`idPatterns`). Every app implements it, and so do `ScreenshotStage`
/// (one still image: no views, no tabs, no state) and `SelfDrawnApp` (an app that draws its own
/// screens and publishes its places by id).
@MainActor
public protocol TourHost: HostedApp {
    /// The overlays above the screen; the tour's spotlight goes here.
    var overlays: PresentationStack { get }
    /// The names of the app's tabs or screens, in order (the first is where tours start); empty
    /// when it has only one.
    var tabNames: [String] { get }
    /// The tab or screen shown now, nil without names.
    var selectedTabName: String? { get }
    /// Shows the tab or screen named `name`; false when there is none.
    @discardableResult func selectTab(named name: String) -> Bool
    /// The screens shown now, bottom first: the tab's, then each shown over it (`selectedTabName`
    /// is the last); what a recording writes as a step's `tab` and `go`.
    var shownScreenNames: [String] { get }
    /// Shows the screen `name` over the one shown now, as a button that opens it does (a step's
    /// `go`); false when there is none.
    @discardableResult func pushScreen(named name: String) -> Bool
    /// Scrolls the view with `id` into view, if it sits in a scroll view and is not fully visible.
    func scrollIntoView(viewID id: String)
    /// The app's state called `name` now, as declared in its definition (`AppDefinition.states`):
    /// `.number`, `.flag` or `.text`, of the declared kind; nil when it has no such state.
    func state(named name: String) -> StateValue?
    /// The ids views can come to have as the app runs, by tab, as patterns with `N` for a number
    /// (`row.N` for rows the app adds).
    var idPatterns: [String: [String]] { get }
    /// Called with each of the app's events (`AppDefinition.events`) as it happens: the window
    /// counts them in saved progress for tours' show rules.
    var onAppEvent: (@MainActor (String) -> Void)? { get set }
    /// Shows the screen step `index` runs on (a tour over several screenshots), cross-fading when
    /// `animated`.
    func showScreen(forStep index: Int, animated: Bool)
    /// The language tag a tour's per-language texts are picked by ("en", "pt-BR").
    var languageCode: String { get }
    /// Shows the app in the language `tag` while it runs (the editor's language switch); false when
    /// it cannot (it is then made again in that language).
    @discardableResult func switchLanguage(to tag: String) -> Bool
    /// What the stage can do as one that shows pictures in place of a live app (a tour over
    /// screenshots), nil for an app: hosts ask this, never the stage's type.
    var pictures: (any PictureStage)? { get }
}

extension TourHost {
    /// An app: no pictures in its place.
    public var pictures: (any PictureStage)? { nil }
    /// No state, unless the app keeps some.
    public func state(named name: String) -> StateValue? { nil }
    /// No ids beyond those at launch, unless the app says so.
    public var idPatterns: [String: [String]] { [:] }
    /// One screen for every step, unless the app has several.
    public func showScreen(forStep index: Int, animated: Bool) {}
    /// The tab shown, unless the app shows screens over its tabs.
    public var shownScreenNames: [String] { selectedTabName.map { [$0] } ?? [] }
    /// The screen shown as its tabs are, unless the app shows screens over its tabs.
    @discardableResult public func pushScreen(named name: String) -> Bool { selectTab(named: name) }
    /// The root's language, else English.
    public var languageCode: String { root.language ?? "en" }
    /// An app that does not say otherwise is made again to change its language.
    @discardableResult public func switchLanguage(to tag: String) -> Bool { false }

    /// Scrolls the nearest scroll view around the view with `id` so the view is fully visible.
    public func scrollIntoView(viewID id: String) {
        guard let view = root.view(withID: id) else { return }
        var ancestor = view.parent
        while let v = ancestor {
            if let scroll = v as? ScrollView {
                scroll.scrollIntoView(view)
                return
            }
            ancestor = v.parent
        }
    }

    /// The ids on each tab, visiting every tab and coming back, with the app's id patterns and what
    /// `definition` declares: what tour files are checked against.
    public func targetCatalog(_ definition: AppDefinition) -> TargetCatalog {
        let start = selectedTabName
        var ids: [String: Set<String>] = [:]
        if tabNames.isEmpty { ids[""] = TargetCatalog.identifiers(in: root.content) }
        for tab in tabNames {
            selectTab(named: tab)
            ids[tab] = TargetCatalog.identifiers(in: root.content)
        }
        if let start { selectTab(named: start) }
        var catalog = TargetCatalog(tabs: tabNames, ids: ids, languages: definition.languages, patterns: idPatterns,
                                    states: definition.states, events: definition.events, overlayKinds: definition.overlayKinds)
        catalog.locations = definition.idLocations
        return catalog
    }
}

/// A value of an app's state: `.number` (a count, a level), `.flag` (on or off) or `.text` (a word).
public enum StateValue: Hashable, Sendable, CustomStringConvertible {
    /// A number: cards on a screen, a volume.
    case number(Double)
    /// On or off: a toggle.
    case flag(Bool)
    /// A word: `playing`, the chosen theme.
    case text(String)

    /// How replay prints it and `expect` compares it: `5`, `0.5`, `true`, `playing`.
    public var description: String {
        switch self {
        case .number(let n): return n.compact
        case .flag(let b): return b ? "true" : "false"
        case .text(let s): return s
        }
    }
}

/// One state an app keeps that tours may check, as its definition declares it.
public struct StateDeclaration: Hashable, Sendable {
    /// What kind of value it is.
    public enum Kind: String, Hashable, Sendable {
        /// A number, compared with `=`, `!=`, `<`, `<=`, `>`, `>=`.
        case number
        /// `true` or `false`, compared with `=` and `!=`.
        case flag
        /// A word, compared with `=` and `!=`.
        case text
    }

    /// The name tours use (`saves`, `playing`): letters, digits, `_` and `.`.
    public var name: String
    /// Its kind.
    public var kind: Kind
    /// What it is, for messages and the README of the app.
    public var meaning: String

    /// A state called `name` of `kind`.
    public init(_ name: String, _ kind: Kind, meaning: String = "") { self.name = name; self.kind = kind; self.meaning = meaning }
}
