import Overlays
import Raster
import Tours
import Views

/// A declared app running: its screens built from a `ScreensFile` in one language, a stack of
/// screens per tab, and the state its controls keep. It is a `TourHost` like any app: every
/// screen is a place tours name (`"tab": NAME` shows it), `state(named:)` gives the declared
/// states, and the events its buttons send go to `onAppEvent`.
@MainActor
public final class ScreensHost: TourHost {
    /// The back button's id, on every screen shown over another.
    nonisolated public static let backID = "nav.back"

    /// The app's file.
    public let file: ScreensFile
    /// The view tree's root.
    public let root: ViewRoot
    /// The overlays above the screens.
    public let overlays: PresentationStack
    /// Called with each event a button sends.
    public var onAppEvent: (@MainActor (String) -> Void)?
    /// The states' values now.
    public private(set) var values: [String: StateValue] = [:]
    /// The language the screens speak.
    public private(set) var language: String

    private let container = ContainerView()
    /// The tab bar, when the app has tabs.
    private(set) var tabBar: TabBar?
    /// The screens shown in each tab, bottom first (one stack without tabs).
    private var stacks: [[String]] = []
    private var currentTab = 0
    /// Each screen's view and navigation bar, built once a language.
    private var built: [String: (view: View, bar: NavigationBar?)] = [:]
    /// What follows each state: views showing it, redrawn when it changes.
    private var followers: [String: [@MainActor () -> Void]] = [:]
    /// Each screen's nodes with their views, for the lint (kept only when asked for).
    private(set) var builtViews: [String: [BuiltView]] = [:]
    private let keepsBuiltViews: Bool

    /// The app of `file` on a `size`-point screen at `scale`, in `language`.
    public convenience init(file: ScreensFile, size: Size, scale: Double = 1, language: String, textEngine: any TextEngine, clock: any Clock) throws {
        try self.init(file: file, size: size, scale: scale, language: language, textEngine: textEngine, clock: clock, keepsBuiltViews: false)
    }

    /// The app, keeping each screen's nodes with their views (`builtViews`) when `keepsBuiltViews`.
    init(file: ScreensFile, size: Size, scale: Double, language: String, textEngine: any TextEngine, clock: any Clock, keepsBuiltViews: Bool) throws {
        self.keepsBuiltViews = keepsBuiltViews
        self.file = file
        self.language = file.languages.contains(language) ? language : file.languages[0]
        for state in file.states { values[state.name] = state.initial }
        let language = self.language
        let bar = file.tabs.isEmpty ? nil : TabBar(items: file.tabs.map { TabItem(key: $0.screen, title: $0.title.string(in: language), icon: $0.icon) })
        let chrome = VStack(spacing: 0, children: [container.frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)] + (bar.map { [$0] } ?? []))
        root = try ViewRoot(content: chrome, size: size, scale: scale, textEngine: textEngine, clock: clock)
        root.backgroundColor = file.background
        root.language = language
        overlays = PresentationStack(root: root)
        tabBar = bar
        bar?.tintColor = file.tint
        bar?.onSelect = { [weak self] i in self?.showTab(i) }
        if let i = file.tabs.firstIndex(where: { $0.screen == file.start }) {
            stacks = file.tabs.map { [$0.screen] }
            currentTab = i
        } else if !file.tabs.isEmpty {
            stacks = file.tabs.map { [$0.screen] }
            stacks[0].append(file.start)
        } else {
            stacks = [[file.start]]
        }
        buildScreens()
        show()
    }

    // MARK: - Screens

    private func buildScreens() {
        followers = [:]
        var builder = ScreensBuilder(host: self)
        built = [:]
        builtViews = [:]
        for screen in file.screens {
            if keepsBuiltViews { builder.built = [] }
            var parts: [View] = []
            var bar: NavigationBar?
            if let title = screen.title {
                let b = NavigationBar(title: title.string(in: language), titleID: screen.name + ".title", backgroundColor: screen.background ?? file.background)
                b.tint = file.tint
                bar = b
                parts.append(b)
            }
            parts.append(builder.view(for: screen.content, at: "screens.\(screen.name).content").frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top))
            let view = VStack(spacing: 0, children: parts).background(screen.background ?? file.background)
            view.id = screen.name
            built[screen.name] = (view, bar)
            if let views = builder.built { builtViews[screen.name] = views }
        }
        followers = builder.followers
    }

    /// Shows the top screen of the current tab, with a back button when there is one under it.
    private func show() {
        let stack = stacks[currentTab]
        guard let name = stack.last, let screen = built[name] else { return }
        container.content = screen.view
        if let bar = screen.bar {
            bar.back = stack.count > 1
                ? NavigationBar.Back(title: root.strings.text(.back, language: language), id: Self.backID, action: { [weak self] in self?.goBack() })
                : nil
        }
        tabBar?.selectedIndex = currentTab
    }

    private func showTab(_ index: Int) {
        guard stacks.indices.contains(index) else { return }
        currentTab = index
        show()
    }

    /// Shows `name` over the current screen (back to it, when it is already under it).
    private func push(_ name: String) {
        guard built[name] != nil else { return }
        if let i = stacks[currentTab].firstIndex(of: name) {
            stacks[currentTab].removeSubrange((i + 1)...)
        } else {
            stacks[currentTab].append(name)
        }
        show()
    }

    /// Back to the screen under this one, if any.
    private func goBack() {
        guard stacks[currentTab].count > 1 else { return }
        stacks[currentTab].removeLast()
        show()
    }

    // MARK: - State and actions

    /// Sets the state `name` and redraws what shows it.
    func set(_ name: String, to value: StateValue) {
        guard values[name] != nil, values[name] != value else { return }
        values[name] = value
        for follow in followers[name] ?? [] { follow() }
    }

    /// Does what `action` says: states, then the event, then where the app goes.
    func run(_ action: ScreenAction) {
        if let (name, value) = action.set { set(name, to: value) }
        if let name = action.toggle, case .flag(let on)? = values[name] { set(name, to: .flag(!on)) }
        if let name = action.increment, case .number(let n)? = values[name] {
            var next = n + action.by
            if let bounds = action.bounds { next = min(max(next, bounds.lowerBound), bounds.upperBound) }
            set(name, to: .number(next))
        }
        if let event = action.event { onAppEvent?(event) }
        if action.back { goBack() } else if let go = action.go { push(go) } else if let tab = action.tab, let i = file.tabs.firstIndex(where: { $0.screen == tab }) {
            showTab(i)
        }
    }

    // MARK: - The app seam

    /// Every screen: the tabs' first, then the others in the file's order.
    public var tabNames: [String] {
        let tabs = file.tabs.map(\.screen)
        return tabs + file.screens.map(\.name).filter { !tabs.contains($0) }
    }

    /// The screen on top now.
    public var selectedTabName: String? { stacks[currentTab].last }

    /// Shows the screen `name`: a tab's screen as that tab (its own screens closed), any other
    /// over the screen shown now.
    @discardableResult public func selectTab(named name: String) -> Bool {
        if let i = file.tabs.firstIndex(where: { $0.screen == name }) {
            currentTab = i
            stacks[i] = [name]
            show()
            return true
        }
        guard built[name] != nil else { return false }
        if selectedTabName != name { push(name) }
        return true
    }

    /// The current tab's screens, bottom first: its own, then those shown over it.
    public var shownScreenNames: [String] { stacks[currentTab] }

    /// Shows `name` over the screen shown now, as a button's `go` does (back to it, when it is
    /// under it already).
    @discardableResult public func pushScreen(named name: String) -> Bool {
        guard built[name] != nil else { return false }
        push(name)
        return true
    }

    /// The declared state called `name`.
    public func state(named name: String) -> StateValue? { values[name] }

    /// The language the screens speak.
    public var languageCode: String { language }

    /// Speaks `tag`, keeping the state and the screens shown.
    @discardableResult public func switchLanguage(to tag: String) -> Bool {
        guard file.languages.contains(tag) else { return false }
        language = tag
        root.language = tag
        for (i, tab) in file.tabs.enumerated() { tabBar?.setTitle(tab.title.string(in: tag), at: i) }
        buildScreens()
        show()
        return true
    }
}
