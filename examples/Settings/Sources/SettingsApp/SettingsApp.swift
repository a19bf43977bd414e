import Overlays
import Raster
import Tours
import Views

/// A settings app: a Settings tab (Wi-Fi and Bluetooth switches, a brightness slider, the storage
/// used, a Save button) and an Account tab (who is signed in, a checkbox), in English and German.
///
/// View ids: `settings`, `account` (the screens), `settings.title`, `settings.wifi`,
/// `settings.bluetooth`, `settings.brightness`, `settings.storage`, `settings.save`,
/// `account.title`, `account.remember`, `tab.settings`, `tab.account`.
@MainActor
public final class SettingsApp: TourHost {
    /// The view tree's root.
    public let root: ViewRoot
    /// The overlays above the screens.
    public let overlays: PresentationStack
    /// The app's state; the views follow it.
    public private(set) var state = SettingsState()
    /// Called with `settingsSaved` and `wifiToggled` as they happen.
    public var onAppEvent: (@MainActor (String) -> Void)?

    private let tabBar: TabBar
    private let container: ContainerView
    private let settingsScreen: View
    private let accountScreen: View
    private let wifi = Toggle()
    private let bluetooth = Toggle()
    private let brightness = Slider(value: 0.6)
    private let storage = ProgressBar(progress: 0.35)
    private let saveLabel = Text("", font: Font(size: 17, weight: .bold), color: .white, alignment: .center)
    private let savedLabel = Text("", font: .caption, color: Palette.readableSecondaryLabel)
    private let settingsBar: NavigationBar
    private let accountBar: NavigationBar
    private let remember = Checkbox(title: "")
    private let signedIn = Text("", font: .body, color: Palette.label)
    private var rows: [ListRow] = []

    /// The app on a `size`-point screen at `scale`, in `language` ("en" or "de").
    public init(size: Size, scale: Double = 1, language: String = "en", textEngine: any TextEngine, clock: any Clock) throws {
        state.language = language
        let relay = Relay()
        settingsBar = NavigationBar(title: "", titleID: "settings.title")
        accountBar = NavigationBar(title: "", titleID: "account.title")
        wifi.isOn = state.wifi
        wifi.id = "settings.wifi"
        bluetooth.id = "settings.bluetooth"
        brightness.id = "settings.brightness"
        brightness.formatValue = { "\(Int(($0 * 100).rounded()))%" }
        storage.id = "settings.storage"
        remember.id = "account.remember"
        let wifiRow = ListRow(title: "", detail: "", accessory: .control(wifi))
        let bluetoothRow = ListRow(title: "", accessory: .control(bluetooth))
        let brightnessRow = ListRow(title: "", accessory: .control(brightness.frame(width: 160)))
        let storageRow = ListRow(title: "", accessory: .control(storage.frame(width: 160)))
        rows = [wifiRow, bluetoothRow, brightnessRow, storageRow]
        let save = Button(shape: .roundedRect(cornerRadius: 12), pressedColor: Color(white: 0, alpha: 0.15), action: { relay.app?.save() },
                          label: Background(Palette.readableTint, shape: .roundedRect(cornerRadius: 12),
                                            child: saveLabel.padding(EdgeInsets(horizontal: 16, vertical: 13)).frame(maxWidth: .infinity)))
        save.id = "settings.save"
        let list = ListView(rows: rows)
        let settingsBody = VStack(alignment: .leading, spacing: 16, children: [list, save.frame(maxWidth: .infinity), savedLabel.padding(EdgeInsets(leading: 16))])
            .padding(EdgeInsets(top: 8, leading: 16, bottom: 24, trailing: 16))
        let scroll = ScrollView(settingsBody)
        scroll.id = "settings.scroll"
        settingsScreen = VStack(spacing: 0, children: [settingsBar, scroll])
        settingsScreen.id = "settings"
        accountScreen = VStack(alignment: .leading, spacing: 12, children: [
            accountBar, signedIn.padding(EdgeInsets(horizontal: 16)), remember.padding(EdgeInsets(horizontal: 16)), Spacer(),
        ])
        accountScreen.id = "account"
        tabBar = TabBar(items: [TabItem(key: "settings", title: "", icon: .menu), TabItem(key: "account", title: "", icon: .house)],
                        selectedIndex: 0, onSelect: { relay.app?.selectTab(named: $0 == 0 ? "settings" : "account") })
        container = ContainerView(content: settingsScreen)
        root = try ViewRoot(content: VStack(spacing: 0, children: [container, tabBar]), size: size, scale: scale,
                            textEngine: textEngine, clock: clock)
        root.backgroundColor = Palette.groupedBackground
        root.language = language
        overlays = PresentationStack(root: root)
        relay.app = self
        wifi.onChange = { relay.app?.setWiFi($0) }
        bluetooth.onChange = { relay.app?.state.bluetooth = $0 }
        brightness.onChange = { relay.app?.state.brightness = $0 }
        remember.onChange = { relay.app?.state.remembersSignIn = $0 }
        showWords()
    }

    /// Every text in the app's language.
    private func showWords() {
        let l = state.language
        settingsBar.title = Words.text("settings", l)
        accountBar.title = Words.text("account", l)
        rows[0].title = Words.text("wifi", l)
        rows[0].detail = state.wifi ? Words.text("home", l) : ""
        rows[1].title = Words.text("bluetooth", l)
        rows[2].title = Words.text("brightness", l)
        rows[3].title = Words.text("storage", l)
        saveLabel.string = Words.text("save", l)
        savedLabel.string = Words.saved(state.saves, l)
        remember.title = Words.text("remember", l)
        signedIn.string = Words.text("signedIn", l)
        tabBar.setTitle(Words.text("settings", l), at: 0)
        tabBar.setTitle(Words.text("account", l), at: 1)
    }

    private func setWiFi(_ on: Bool) {
        state.wifi = on
        rows[0].detail = on ? Words.text("home", state.language) : ""
        onAppEvent?("wifiToggled")
    }

    private func save() {
        state.saves += 1
        savedLabel.string = Words.saved(state.saves, state.language)
        onAppEvent?("settingsSaved")
    }

    // MARK: - The app seam

    /// "settings" and "account".
    public var tabNames: [String] { ["settings", "account"] }
    /// The tab on screen.
    public var selectedTabName: String? { container.content === settingsScreen ? "settings" : "account" }
    /// Shows the tab named `name`.
    @discardableResult public func selectTab(named name: String) -> Bool {
        switch name {
        case "settings": container.content = settingsScreen; tabBar.selectedIndex = 0
        case "account": container.content = accountScreen; tabBar.selectedIndex = 1
        default: return false
        }
        return true
    }
    /// `wifi`, `bluetooth`, `remember` (flags), `brightness` and `saves` (numbers).
    public func state(named name: String) -> StateValue? {
        switch name {
        case "wifi": return .flag(state.wifi)
        case "bluetooth": return .flag(state.bluetooth)
        case "remember": return .flag(state.remembersSignIn)
        case "brightness": return .number((state.brightness * 100).rounded() / 100)
        case "saves": return .number(Double(state.saves))
        default: return nil
        }
    }
    /// The language the tours speak.
    public var languageCode: String { state.language }
    /// Switches every text to `tag`, when the app speaks it.
    @discardableResult public func switchLanguage(to tag: String) -> Bool {
        guard Words.table[tag] != nil else { return false }
        state.language = tag
        root.language = tag
        showWords()
        return true
    }

    /// What the app declares to Limelight, and how to make it.
    public static let definition = AppDefinition(
        id: "settings", displayName: "the settings app", windowTitle: "Settings", languages: ["en", "de"],
        defaultScreen: Size(390, 844),
        // The app's own German words for the tours' buttons and what screen readers hear, over
        // those Limelight ships (a language Limelight lacks is added the same way).
        strings: InterfaceStrings(["de": [
            .next: "Weiter", .done: "Fertig", .skip: "Überspringen", .back: "Zurück", .step: "Schritt %1 von %2", .of: "%1 von %2",
            .button: "Taste", .tab: "Tab", .tabBar: "Tableiste", .header: "Überschrift", .toggle: "Schalter", .slider: "Schieberegler",
            .progressBar: "Fortschrittsbalken", .checkbox: "Kontrollkästchen", .on: "ein", .off: "aus", .checked: "aktiviert",
            .unchecked: "nicht aktiviert", .selected: "ausgewählt", .dialog: "Dialog", .list: "Liste",
        ]]),
        states: [StateDeclaration("wifi", .flag, meaning: "Wi-Fi is on"), StateDeclaration("bluetooth", .flag, meaning: "Bluetooth is on"),
                 StateDeclaration("remember", .flag, meaning: "the sign-in is remembered"),
                 StateDeclaration("brightness", .number, meaning: "the brightness, 0 to 1"),
                 StateDeclaration("saves", .number, meaning: "how many times the settings were saved")],
        events: ["settingsSaved", "wifiToggled"],
        make: { launch in
            try SettingsApp(size: launch.size, scale: launch.scale, language: launch.language, textEngine: launch.textEngine, clock: launch.clock)
        })
}

/// Lets views built before the app call it back without keeping it alive.
@MainActor
private final class Relay {
    weak var app: SettingsApp?
}
