import Raster

/// The colours the built-in bars and lists use (iOS-like system colours).
public enum Palette {
    /// The grouped background behind cards and lists (#F2F2F7).
    public static let groupedBackground = Color(red: 0xF2, green: 0xF2, blue: 0xF7)
    /// The tint of selected and active controls (#007AFF).
    public static let tint = Color(red: 0x00, green: 0x7A, blue: 0xFF)
    /// Secondary text and unselected tabs (#8E8E93).
    public static let secondaryLabel = Color(red: 0x8E, green: 0x8E, blue: 0x93)
    /// Secondary text that reads at WCAG AA (5:1) on white (#6E6E73), for small print on cards.
    public static let readableSecondaryLabel = Color(red: 0x6E, green: 0x6E, blue: 0x73)
    /// The tint behind white text, dark enough for WCAG AA (5.8:1) at any size (#0062CC).
    public static let readableTint = Color(red: 0x00, green: 0x62, blue: 0xCC)
    /// Hairline separators (#C6C6C8).
    public static let separator = Color(red: 0xC6, green: 0xC6, blue: 0xC8)
    /// The pressed-row highlight (#D1D1D6).
    public static let rowHighlight = Color(red: 0xD1, green: 0xD1, blue: 0xD6)
    /// Chevrons and other quiet marks (#C4C4C7).
    public static let tertiaryLabel = Color(red: 0xC4, green: 0xC4, blue: 0xC7)
    /// Primary text (#000000).
    public static let label = Color.black
}
