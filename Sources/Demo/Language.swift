import Tours

/// The languages the sample app speaks.
public enum Language: String, CaseIterable, Hashable, Sendable {
    /// English, Japanese.
    case en, ja

    /// Parses a `--lang` value ("en", "ja"; case-insensitive), nil for anything else.
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }
}

/// A string in every language the app speaks.
public struct Localized: Hashable, Sendable {
    /// The English string.
    public var en: String
    /// The Japanese string.
    public var ja: String
    /// A string in both languages.
    public init(en: String, ja: String) { self.en = en; self.ja = ja }

    /// The string in `language`.
    public func callAsFunction(_ language: Language) -> String {
        switch language {
        case .en: return en
        case .ja: return ja
        }
    }
}

/// Every fixed string of the sample app's screens.
enum Strings {
    static let home = Localized(en: "Home", ja: "ホーム")
    static let menu = Localized(en: "Menu", ja: "メニュー")
    static let overlaysSection = Localized(en: "OVERLAYS", ja: "オーバーレイ")
    static let newCardTitle = Localized(en: "Title", ja: "タイトル")
    static let newCardBody = Localized(en: "body text", ja: "本文テキスト")
    static let next = Localized(en: "Next", ja: "次へ")
    static let done = Localized(en: "Done", ja: "完了")
    static let skip = Localized(en: "Skip", ja: "スキップ")

}

extension Language {
    /// What a tour bubble's Next, Done and Skip buttons read in this language.
    public var tourButtonTitles: TourButtonTitles {
        TourButtonTitles(next: Strings.next(self), done: Strings.done(self), skip: Strings.skip(self))
    }
}
