import Tours

/// The languages the sample app speaks; in Arabic and Hebrew it is laid out right to left.
public enum Language: String, CaseIterable, Hashable, Sendable {
    /// English, Japanese, Arabic, Hebrew.
    case en, ja, ar, he

    /// Parses a `--lang` value ("en", "ja", "ar", "he"; case-insensitive), nil for anything else.
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
    /// The Arabic string.
    public var ar: String
    /// The Hebrew string.
    public var he: String
    /// A string in every language.
    public init(en: String, ja: String, ar: String, he: String) { self.en = en; self.ja = ja; self.ar = ar; self.he = he }

    /// The string in `language`.
    public func callAsFunction(_ language: Language) -> String {
        switch language {
        case .en: return en
        case .ja: return ja
        case .ar: return ar
        case .he: return he
        }
    }
}

/// Every fixed string of the sample app's screens.
enum Strings {
    static let home = Localized(en: "Home", ja: "ホーム", ar: "الرئيسية", he: "בית")
    static let menu = Localized(en: "Menu", ja: "メニュー", ar: "القائمة", he: "תפריט")
    static let overlaysSection = Localized(en: "OVERLAYS", ja: "オーバーレイ", ar: "الطبقات العلوية", he: "שכבות-על")
    static let newCardTitle = Localized(en: "Title", ja: "タイトル", ar: "العنوان", he: "כותרת")
    static let newCardBody = Localized(en: "body text", ja: "本文テキスト", ar: "نص البطاقة", he: "טקסט הכרטיס")
    static let addCard = Localized(en: "Add a card", ja: "カードを追加", ar: "إضافة بطاقة", he: "הוספת כרטיס")
    static let close = Localized(en: "Close", ja: "閉じる", ar: "إغلاق", he: "סגירה")
}
