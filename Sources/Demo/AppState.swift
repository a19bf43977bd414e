/// The tabs of the sample app.
public enum Tab: String, CaseIterable, Hashable, Sendable {
    /// The Home tab (the cards) and the Menu tab (the overlays).
    case home, menu
}

/// The entries of the Menu screen; each opens one kind of overlay (`DemoApp.open(_:)` presents it).
public enum MenuAction: String, CaseIterable, Hashable, Sendable {
    /// An alert, a pop-up, a pop-up the backdrop does not close, the loading screen.
    case alert, popup, modalPopup, loading

    /// The row's view id.
    public var viewID: String {
        switch self {
        case .alert: return "menu.alert"
        case .popup: return "menu.popup"
        case .modalPopup: return "menu.popup.modal"
        case .loading: return "menu.loading"
        }
    }

    /// The row's label.
    public var title: Localized {
        switch self {
        case .alert: return Localized(en: "Show an alert", ja: "アラートを表示", ar: "عرض تنبيه", he: "הצגת התראה")
        case .popup: return Localized(en: "Show a pop-up", ja: "ポップアップを表示", ar: "عرض نافذة منبثقة", he: "הצגת חלון קופץ")
        case .modalPopup: return Localized(en: "Show a modal pop-up", ja: "モーダルポップアップを表示", ar: "عرض نافذة منبثقة إلزامية", he: "הצגת חלון קופץ חוסם")
        case .loading: return Localized(en: "Show the loading screen", ja: "読み込み画面を表示", ar: "عرض شاشة التحميل", he: "הצגת מסך הטעינה")
        }
    }
}

/// The single source of truth of the sample app; the views are derived from it.
public struct AppState: Hashable, Sendable {
    /// The tab on screen.
    public var selectedTab: Tab
    /// The cards of the Home grid, in order.
    public var cards: [CardContent]
    /// The language of every string.
    public var language: Language

    /// A state; the default is the Home tab with the four sample cards in English.
    public init(selectedTab: Tab = .home, cards: [CardContent] = CardContent.samples, language: Language = .en) {
        self.selectedTab = selectedTab; self.cards = cards; self.language = language
    }
}
