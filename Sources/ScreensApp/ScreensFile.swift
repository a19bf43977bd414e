import Raster
import Tours
import Views

/// An app declared as data: a screens file read and checked (`ScreensLoader`). Its screens are
/// trees of Limelight's widgets with ids, texts per language and simple behaviour (taps that go
/// to a screen or back, tabs, named state that toggles and counters keep, named events); it runs
/// through the app seam like any app (`appDefinition`), so every command and the test kit work
/// over it.
public struct ScreensFile: Sendable {
    /// The file it was read from, as the user named it.
    public var file: String
    /// The app's id: letters, digits, `-` and `_` (the folder of its saved tour progress).
    public var id = ""
    /// What messages and the window's title call it.
    public var name: LocalText?
    /// The language tags it speaks, its default first.
    public var languages = ["en"]
    /// The screen it is made for when a command says nothing (points).
    public var screenSize = Size(390, 844)
    /// Device pixels per point when a command says nothing.
    public var scale = 1.0
    /// The font family its text is set in.
    public var font = "DejaVu Sans"
    /// Languages whose fonts are tried first for characters the family lacks.
    public var fallbackLanguages: [String] = []
    /// Limelight's words it gives in its languages (Next, Skip, role words).
    public var strings = InterfaceStrings([:])
    /// The colour of buttons, the selected tab and links.
    public var tint = Palette.readableTint
    /// The screens' background.
    public var background = Palette.groupedBackground
    /// The state its views keep and tours may check.
    public var states: [DeclaredState] = []
    /// The events its buttons send, which show rules may count.
    public var events: [String] = []
    /// The app's checklist files, as paths from the current folder.
    public var checklists: [String] = []
    /// The tabs of its tab bar, in order (none: no tab bar).
    public var tabs: [DeclaredTab] = []
    /// The screen it opens on.
    public var start = ""
    /// The line `start` is given on (0: not given).
    var startLine = 0
    /// Its screens, in the file's order.
    public var screens: [DeclaredScreen] = []
    /// The line each view id is declared on.
    public var idLines: [String: Int] = [:]
    /// How many views its screens declare, all together.
    public var viewCount = 0
    /// The images its views show, decoded, by resolved path.
    public var images: [String: Pixmap] { decoded.images }
    var decoded = DecodedImages()

    /// An empty app read from `file`.
    public init(file: String) { self.file = file }

    /// The screen called `name`.
    public func screen(named name: String) -> DeclaredScreen? { screens.first { $0.name == name } }
    /// The declared state called `name`.
    public func state(named name: String) -> DeclaredState? { states.first { $0.name == name } }
}

/// Decoded images, kept once for every launch of an app (a class, so copies of the file share them).
/// `@unchecked Sendable`: filled while the file loads, on one thread, and never changed after.
final class DecodedImages: @unchecked Sendable {
    /// Never changed once the file is loaded.
    var images: [String: Pixmap] = [:]
}

/// A text in the app's languages: a plain string, or strings by language tag that fall back as
/// tours' texts do (`pt-BR` to `pt`, then the app's first language's).
public struct LocalText: Hashable, Sendable {
    /// The text in the app's first language (or the first one given).
    public var base: String
    /// The texts by language tag.
    public var byLanguage: [String: String]

    /// A text that is `base` in every language, `byLanguage` where given.
    public init(_ base: String, byLanguage: [String: String] = [:]) { self.base = base; self.byLanguage = byLanguage }

    /// The text shown in `language`.
    public func string(in language: String) -> String {
        LanguageTag.text(in: byLanguage, language: language, base: base) ?? base
    }
}

/// One state of a declared app: a number, a flag or a word, with its value at launch.
public struct DeclaredState: Hashable, Sendable {
    /// The name tours and the views use.
    public var name: String
    /// Its value at launch (its kind is the value's).
    public var initial: StateValue
    /// What it is, for messages.
    public var meaning: String
    /// The line it is declared on.
    public var line: Int

    /// Number, flag or text.
    public var kind: StateDeclaration.Kind {
        switch initial {
        case .number: return .number
        case .flag: return .flag
        case .text: return .text
        }
    }
}

/// One tab of a declared app's tab bar: the screen it shows, its title and its icon.
public struct DeclaredTab: Hashable, Sendable {
    /// The screen the tab shows.
    public var screen: String
    /// The tab's words.
    public var title: LocalText
    /// The tab's picture.
    public var icon: Icon
    /// The line it is declared on.
    public var line: Int
}

/// One screen of a declared app.
public struct DeclaredScreen: Sendable {
    /// The name tours and taps use (`"tab": "library"`, `{"go": "player"}`).
    public var name: String
    /// The navigation bar's title, when the screen has one.
    public var title: LocalText?
    /// The screen's background, over the app's.
    public var background: Color?
    /// What the screen shows.
    public var content: ScreenNode
    /// The line it is declared on.
    public var line: Int
}

/// What a tap, a toggle or a submitted field does: state changes, then an event, then where the
/// app goes. Several may be given together.
public struct ScreenAction: Hashable, Sendable {
    /// A screen to show over this one (Back returns).
    public var go: String?
    /// Back to the screen before.
    public var back = false
    /// A tab to show.
    public var tab: String?
    /// A state set to a value.
    public var set: (name: String, value: StateValue)? {
        get { setName.map { ($0, setValue ?? .flag(false)) } }
        set { setName = newValue?.name; setValue = newValue?.value }
    }
    var setName: String?
    var setValue: StateValue?
    /// A flag state turned over.
    public var toggle: String?
    /// A number state moved by `by` (negative: down).
    public var increment: String?
    /// What `increment` adds.
    public var by = 1.0
    /// The lowest and highest a number state moved by `increment` goes.
    public var bounds: ClosedRange<Double>?
    /// An event the app sends (for show rules).
    public var event: String?
    /// The line it is declared on.
    public var line = 0
    /// The lines of its named screens, states and events, for messages.
    var keyLines: [String: Int] = [:]

    /// An action that does nothing.
    public init() {}

    /// Whether it does nothing.
    public var isEmpty: Bool { go == nil && !back && tab == nil && setName == nil && toggle == nil && increment == nil && event == nil }

    /// Equal when they do the same.
    public static func == (a: ScreenAction, b: ScreenAction) -> Bool {
        a.go == b.go && a.back == b.back && a.tab == b.tab && a.setName == b.setName && a.setValue == b.setValue
            && a.toggle == b.toggle && a.increment == b.increment && a.by == b.by && a.event == b.event
    }
    /// Hashes what it does.
    public func hash(into h: inout Hasher) { h.combine(go); h.combine(back); h.combine(tab); h.combine(setName); h.combine(toggle); h.combine(increment); h.combine(event) }
}
