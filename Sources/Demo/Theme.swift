import Raster
import Views

/// The sample app's look: sizes, fonts and colours in one place.
enum Theme {
    static let background = Palette.groupedBackground
    static let cardRadius = 12.0
    static let cardShadow = Color(white: 0, alpha: 0.12)
    static let cardPressed = Color(white: 0, alpha: 0.06)
    static let cardTitleFont = Font(size: 15, weight: .bold)
    static let cardBodyFont = Font(size: 13)
    /// Width over height of a card's image (1 : 0.75).
    static let imageAspect = 4.0 / 3.0
    static let gridSpacing = 16.0
    static let gridMargin = 16.0
    /// The widest the grid grows on desktop screens (then it is centred).
    static let gridMaxWidth = 1200.0
    /// How wide a card may be: the grid takes more columns (never fewer than two) to keep cards so.
    static let cardWidth = 160.0...260.0
    /// The content column on wide screens: the grid and its margins; titles and lists line up with it.
    static let columnMaxWidth = gridMaxWidth + 2 * gridMargin
    static let fabSize = 56.0
    /// The FAB's distance from the trailing edge and from the top of the tab bar.
    static let fabMargin = 20.0
    static let fabColor = Color(red: 0xFF, green: 0x3B, blue: 0x30)
    static let fabPressed = Color(white: 0, alpha: 0.15)
    static let fabShadow = Color(white: 0, alpha: 0.25)
}
