import Overlays
import Raster
import Views

/// The sample app: the screen of the spotlight tutorial (tab bar, navigation bar, scrolling grid of
/// cards, floating action button) and a Menu screen, built once and updated from `state`.
///
/// View ids: `home`, `menu` (the screens), `nav.title`, `home.scroll`, `grid`, `card.0`…, `fab`,
/// `menu.scroll`, `menu.alert`, `menu.popup`, `menu.popup.modal`, `menu.loading`, `tab.home`, `tab.menu`.
@MainActor
public final class DemoApp {
    /// The view tree's root: send input here and render from here.
    public let root: ViewRoot
    /// The app's state; every change goes through the app so the views follow.
    public private(set) var state: AppState
    /// Card images that were asked for but not supplied (they show a placeholder).
    public private(set) var missingImages: [String] = []
    /// Called when a Menu row is tapped, after the app opened its overlay.
    public var onMenuAction: (@MainActor (MenuAction) -> Void)?
    /// Called for what the app records for tours' `show` rules: `cardAdded`, `overlayOpened`.
    public var onAppEvent: (@MainActor (String) -> Void)?
    /// The overlays above the whole screen (bars included).
    public let overlays: PresentationStack
    /// The timer that shows the FAB tip, while it waits.
    private var fabTipTimer: TimerID?
    /// The loading screen the Menu opens.
    public private(set) lazy var loading = LoadingOverlay(stack: overlays, message: DemoOverlays.loadingMessage(state.language))

    private let home: HomeScreen
    private let menu: MenuScreen
    private let tabBar: TabBar
    private let container: ContainerView

    /// Builds the app on a screen of `size` points at `scale`. `cards` replaces the four sample
    /// cards (benchmarks use thousands); `images` are the card illustrations by name.
    public init(size: Size, scale: Double = 1, language: Language = .en, textEngine: any TextEngine,
                images: [String: Pixmap] = [:], cards: [CardContent] = CardContent.samples,
                clock: any Clock = VirtualClock()) throws(ViewError) {
        let state = AppState(selectedTab: .home, cards: cards, language: language)
        self.state = state
        // The views call back through a weak reference, set once the app exists.
        let relay = Relay()
        home = HomeScreen(state: state, images: images, onAdd: { relay.app?.appendCard() })
        menu = MenuScreen(state: state, onSelect: { relay.app?.open($0) })
        tabBar = TabBar(items: [
            TabItem(key: Tab.home.rawValue, title: Strings.home(language), icon: .house),
            TabItem(key: Tab.menu.rawValue, title: Strings.menu(language), icon: .menu),
        ], selectedIndex: 0, onSelect: { relay.app?.select(Tab.allCases[min(max(0, $0), Tab.allCases.count - 1)]) })
        container = ContainerView(content: home.view)
        let content = VStack(spacing: 0, children: [container, tabBar])
        root = try ViewRoot(content: content, size: size, scale: scale, textEngine: textEngine, clock: clock)
        root.backgroundColor = Theme.background
        // Its line breaking, glyph forms and direction: Arabic and Hebrew mirror the layout.
        root.language = language.rawValue
        missingImages = Array(Set(cards.compactMap(\.imageName)).filter { images[$0] == nil }).sorted()
        overlays = PresentationStack(root: root)
        relay.app = self
    }

    // MARK: - Overlays

    /// Shows the spotlight tip on the FAB `delay` seconds from now (the demo uses 1 s after launch).
    public func scheduleFABTip(after delay: Double = 1) {
        root.timers.cancel(fabTipTimer)
        fabTipTimer = root.timers.after(delay) { [weak self] in self?.showFABTip() }
    }


    /// Shows the FAB tip now, fully faded in when `animated` is false.
    @discardableResult
    public func showFABTip(animated: Bool = true) -> SpotlightOverlay {
        root.timers.cancel(fabTipTimer)
        fabTipTimer = nil
        let tip = DemoOverlays.fabSpotlight(state.language)
        overlays.present(tip, animated: animated)
        return tip
    }

    /// Opens the overlay of a Menu entry.
    public func open(_ action: MenuAction) {
        let language = state.language
        switch action {
        case .alert: overlays.present(DemoOverlays.alert(language))
        case .popup: overlays.present(DemoOverlays.popup(language, modal: false))
        case .modalPopup: overlays.present(DemoOverlays.popup(language, modal: true))
        case .loading: loading.showAndHide(message: DemoOverlays.loadingMessage(language), for: 3)
        }
        onMenuAction?(action)
        onAppEvent?("overlayOpened")
    }

    /// The kind of the overlay taking input now, if any.
    var topOverlayKind: OverlayKind? { overlays.topKind }

    /// Shows `tab`'s screen.
    public func select(_ tab: Tab) {
        guard tab != state.selectedTab else { return }
        state.selectedTab = tab
        tabBar.selectedIndex = Tab.allCases.firstIndex(of: tab) ?? 0
        container.content = tab == .home ? home.view : menu.view
    }

    /// Switches every string on every screen to `language`, and the layout to its direction.
    public func setLanguage(_ language: Language) {
        guard language != state.language else { return }
        state.language = language
        root.language = language.rawValue
        tabBar.setTitle(Strings.home(language), at: 0)
        tabBar.setTitle(Strings.menu(language), at: 1)
        home.show(state)
        menu.show(state)
    }

    /// The floating action button's action: one more "Title / body text" card.
    fileprivate func appendCard() {
        state.cards.append(.new)
        home.appendCard(.new, index: state.cards.count - 1, language: state.language)
        home.reveal(cardAt: state.cards.count - 1)
        onAppEvent?("cardAdded")
    }
}

/// Lets views built before the app call it back without keeping it alive.
@MainActor
private final class Relay {
    weak var app: DemoApp?
}
