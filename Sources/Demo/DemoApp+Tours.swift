import Overlays
import Raster
import Tours
import Views

/// The sample app as a tour host: tours switch its tabs and scroll its screens.
extension DemoApp: TourHost {
    /// "home" and "menu".
    public var tabNames: [String] { Tab.allCases.map(\.rawValue) }

    /// The tab on screen.
    public var selectedTabName: String? { state.selectedTab.rawValue }

    /// The app's language ("en" or "ja"): tours show their texts in it when they have them.
    public var languageCode: String { state.language.rawValue }

    /// The bubbles' Next, Done and Skip in the app's language.
    public var tourButtonTitles: TourButtonTitles { state.language.tourButtonTitles }
    /// `cards`: how many cards Home has.
    public func count(named name: String) -> Int? { name == "cards" ? state.cards.count : nil }

    /// Shows the tab named `name` ("home" or "menu").
    @discardableResult
    public func selectTab(named name: String) -> Bool {
        guard let tab = Tab(rawValue: name) else { return false }
        select(tab)
        return true
    }

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

    /// The ids on each tab, for checking tour files. Visits every tab and comes back.
    public func targetCatalog() -> TargetCatalog {
        let start = state.selectedTab
        var ids: [String: Set<String>] = [:]
        for tab in Tab.allCases {
            select(tab)
            ids[tab.rawValue] = TargetCatalog.identifiers(in: root.content)
        }
        select(start)
        // The FAB adds cards: card.4, card.5, … come to exist on Home.
        return TargetCatalog(tabs: tabNames, ids: ids, languages: Language.allCases.map(\.rawValue),
                             patterns: [Tab.home.rawValue: ["card.N"]], counts: ["cards"])
    }

    /// The ids of a freshly launched sample app (the same at every size and language), built with
    /// the fixed-metric text engine and no images, so checking needs no fonts.
    public static func launchCatalog() -> TargetCatalog {
        guard let app = try? DemoApp(size: Size(390, 844), textEngine: FixedMetricTextEngine()) else {
            return TargetCatalog(tabs: Tab.allCases.map(\.rawValue), ids: [:])
        }
        return app.targetCatalog()
    }
}
