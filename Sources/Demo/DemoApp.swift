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
    /// Called when a Menu row is tapped (the Overlays module opens the overlay).
    public var onMenuAction: (@MainActor (MenuAction) -> Void)?

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
        menu = MenuScreen(state: state, onSelect: { relay.app?.onMenuAction?($0) })
        tabBar = TabBar(items: [
            TabItem(key: Tab.home.rawValue, title: Strings.home(language), icon: .house),
            TabItem(key: Tab.menu.rawValue, title: Strings.menu(language), icon: .menu),
        ], selectedIndex: 0, onSelect: { relay.app?.select(Tab.allCases[min(max(0, $0), Tab.allCases.count - 1)]) })
        container = ContainerView(content: home.view)
        let content = VStack(spacing: 0, children: [container, tabBar])
        root = try ViewRoot(content: content, size: size, scale: scale, textEngine: textEngine, clock: clock)
        root.backgroundColor = Theme.background
        missingImages = Array(Set(cards.compactMap(\.imageName)).filter { images[$0] == nil }).sorted()
        relay.app = self
    }

    /// Shows `tab`'s screen.
    public func select(_ tab: Tab) {
        guard tab != state.selectedTab else { return }
        state.selectedTab = tab
        tabBar.selectedIndex = Tab.allCases.firstIndex(of: tab) ?? 0
        container.content = tab == .home ? home.view : menu.view
    }

    /// Switches every string on every screen to `language`.
    public func setLanguage(_ language: Language) {
        guard language != state.language else { return }
        state.language = language
        tabBar.setTitle(Strings.home(language), at: 0)
        tabBar.setTitle(Strings.menu(language), at: 1)
        home.show(state)
        menu.show(state)
    }

    /// The floating action button's action: one more "Title / body text" card.
    fileprivate func appendCard() {
        state.cards.append(.new)
        home.appendCard(.new, index: state.cards.count - 1, language: state.language)
    }
}

/// Lets views built before the app call it back without keeping it alive.
@MainActor
private final class Relay {
    weak var app: DemoApp?
}
