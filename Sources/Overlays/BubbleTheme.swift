import Raster
import Views

/// How a coach-mark bubble looks: its box, its text and its buttons. `standard` is the look every
/// tour has unless it gives a `theme`.
public struct BubbleTheme: Hashable, Sendable {
    /// How the bubble's buttons are drawn.
    public enum ButtonStyle: String, CaseIterable, Hashable, Sendable {
        /// A capsule filled with the accent colour, the title in white.
        case filled
        /// A capsule outlined in the accent colour, the title in it.
        case outlined
        /// The title alone, in the accent colour.
        case text
    }

    /// The box's fill, what its text is read against.
    public var background: Color
    /// The title's colour.
    public var title: Color
    /// The text's colour.
    public var text: Color
    /// The colour of the progress label and the Skip button.
    public var secondary: Color
    /// The buttons' colour (and the current progress dot's).
    public var accent: Color
    /// The box's corner radius in points.
    public var cornerRadius: Double
    /// The text's size in points (the title is two points larger, bold).
    public var fontSize: Double
    /// The family the bubble's text is set in (nil: the app's).
    public var fontFamily: String? = nil
    /// Whether the box casts a shadow.
    public var shadow: Bool
    /// How the buttons are drawn.
    public var buttonStyle: ButtonStyle

    /// A theme; the defaults are the standard look.
    public init(background: Color = .white, title: Color = .black, text: Color = Color(white: 0.2),
                secondary: Color = Palette.readableSecondaryLabel,
                accent: Color = Palette.readableTint, cornerRadius: Double = 12, fontSize: Double = 15,
                shadow: Bool = true, buttonStyle: ButtonStyle = .filled) {
        self.background = background; self.title = title; self.text = text; self.secondary = secondary; self.accent = accent
        self.cornerRadius = cornerRadius; self.fontSize = fontSize; self.shadow = shadow; self.buttonStyle = buttonStyle
    }

    /// White box, black title, dark gray text, blue buttons, 12-point corners, a shadow.
    public static let standard = BubbleTheme()
}
