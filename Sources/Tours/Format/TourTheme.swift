import Overlays
import Raster

/// A tour's (or a step's) `theme`: what it changes of the standard bubble. A step's theme goes over
/// its tour's, key by key.
public struct TourTheme: Hashable, Sendable {
    /// The box's fill.
    public var background: Color?
    /// The title's and text's colour.
    public var text: Color?
    /// The buttons' colour.
    public var accent: Color?
    /// The box's corner radius.
    public var cornerRadius: Double?
    /// The text's size in points.
    public var fontSize: Double?
    /// The family the text is set in.
    public var font: String?
    /// The widest the bubble may be, in points.
    public var maxWidth: Double?
    /// Whether the box casts a shadow.
    public var shadow: Bool?
    /// How the buttons are drawn.
    public var buttonStyle: BubbleTheme.ButtonStyle?

    /// A theme that changes nothing.
    public init() {}

    /// `other`'s keys over these.
    public func overlaid(by other: TourTheme?) -> TourTheme {
        guard let other else { return self }
        var t = self
        t.background = other.background ?? background
        t.text = other.text ?? text
        t.accent = other.accent ?? accent
        t.cornerRadius = other.cornerRadius ?? cornerRadius
        t.fontSize = other.fontSize ?? fontSize
        t.font = other.font ?? font
        t.maxWidth = other.maxWidth ?? maxWidth
        t.shadow = other.shadow ?? shadow
        t.buttonStyle = other.buttonStyle ?? buttonStyle
        return t
    }

    /// The standard bubble with these keys applied.
    public var bubble: BubbleTheme {
        var b = BubbleTheme.standard
        if let background { b.background = background }
        if let text { b.title = text; b.text = text; b.secondary = text }
        if let accent { b.accent = accent }
        if let cornerRadius { b.cornerRadius = cornerRadius }
        if let fontSize { b.fontSize = fontSize }
        if let font { b.fontFamily = font }
        if let shadow { b.shadow = shadow }
        if let buttonStyle { b.buttonStyle = buttonStyle }
        return b
    }
}

extension TourSchema {
    /// A `"#RRGGBB"` value, else nil with the problem reported.
    static func color(_ member: JSONMember, _ path: JSONPath, _ r: inout SchemaReader) -> Color? {
        guard let s = r.string(member.value, at: path) else { return nil }
        if s.count == 7, s.hasPrefix("#"), let color = Color(hex: s) { return color }
        r.report(member.value.line, path, "expected a colour \"#RRGGBB\" such as \"#FFFFFF\", found \(quoted(s))")
        return nil
    }

    /// The keys of a `theme` object.
    static let theme: [TourKey<TourTheme>] = [
        TourKey("bubble", value: "an object: `background`, `text`, `accent`, `cornerRadius`, `font`, `fontSize`, `maxWidth`, `shadow`",
                default: "the standard bubble", doc: "the bubble's look") { member, path, _, r, theme in
            r.decode(member.value, at: path, keys: bubbleTheme, what: "an object such as {\"background\": \"#1C1C1E\", \"text\": \"#FFFFFF\"}", into: &theme)
        },
        TourKey("button", value: "an object: `style`", default: "filled buttons", doc: "the buttons' look") { member, path, _, r, theme in
            r.decode(member.value, at: path, keys: buttonTheme, what: "an object such as {\"style\": \"outlined\"}", into: &theme)
        },
    ]

    /// The keys of a theme's `bubble` object.
    static let bubbleTheme: [TourKey<TourTheme>] = [
        TourKey("background", value: "`\"#RRGGBB\"`", default: "`\"#FFFFFF\"`", doc: "the box's fill") { member, path, _, r, theme in
            if let c = color(member, path, &r) { theme.background = c }
        },
        TourKey("text", value: "`\"#RRGGBB\"`", default: "black title, dark gray text", doc: "the title's and text's colour") { member, path, _, r, theme in
            if let c = color(member, path, &r) { theme.text = c }
        },
        TourKey("accent", value: "`\"#RRGGBB\"`", default: "`\"#0062CC\"`", doc: "the buttons' colour") { member, path, _, r, theme in
            if let c = color(member, path, &r) { theme.accent = c }
        },
        TourKey("cornerRadius", value: "a number from 0 to 16", default: "`12`", doc: "the box's corner radius") { member, path, _, r, theme in
            if let v = r.number(member.value, at: path, in: 0...16) { theme.cornerRadius = v }
        },
        TourKey("font", value: "a font family (`\"DejaVu Serif\"`)", default: "the app's",
                doc: "the family the bubble's text is set in, found by fontconfig (the app's family when it has none of that name)") { member, path, _, r, theme in
            if let s = r.string(member.value, at: path, nonEmpty: true) {
                if s.count > 100 || s.unicodeScalars.contains(where: { $0.value < 0x20 }) {
                    r.report(member.value.line, path, "expected a font family name such as \"DejaVu Serif\", found \(quoted(s))")
                } else {
                    theme.font = s
                }
            }
        },
        TourKey("fontSize", value: "a number from 11 to 28", default: "`15`", doc: "the text's size in points (the title is 2 larger)") { member, path, _, r, theme in
            if let v = r.number(member.value, at: path, in: 11...28) { theme.fontSize = v }
        },
        TourKey("maxWidth", value: "a number from 160 to 600", default: "`280`", doc: "the widest the bubble may be, in points") { member, path, _, r, theme in
            if let v = r.number(member.value, at: path, in: 160...600) { theme.maxWidth = v }
        },
        TourKey("shadow", value: "`true` or `false`", default: "`true`", doc: "whether the box casts a shadow") { member, path, _, r, theme in
            if let b = r.bool(member.value, at: path) { theme.shadow = b }
        },
    ]

    /// The keys of a step's `outline` object.
    static let outlineKeys: [TourKey<HoleOutline>] = [
        TourKey("width", value: "a number from 0.5 to 20", default: "`3`", doc: "the line's width in points") { member, path, _, r, o in
            if let v = r.number(member.value, at: path, in: 0.5...20) { o.width = v }
        },
        TourKey("color", value: "`\"#RRGGBB\"`", default: "`\"#FFFFFF\"`", doc: "the line's colour") { member, path, _, r, o in
            if let c = color(member, path, &r) { o.color = c }
        },
        TourKey("glow", value: "a number from 0 to 40", default: "`0`", doc: "points a glow fades over beyond the line") { member, path, _, r, o in
            if let v = r.number(member.value, at: path, in: 0...40) { o.glow = v }
        },
        TourKey("pulse", value: "`true` or `false`", default: "`false`", doc: "the line breathes (not under reduced motion)") { member, path, _, r, o in
            if let b = r.bool(member.value, at: path) { o.pulse = b }
        },
    ]

    /// The keys of a theme's `button` object.
    static let buttonTheme: [TourKey<TourTheme>] = [
        TourKey("style", value: BubbleTheme.ButtonStyle.allCases.map { "`\"\($0.rawValue)\"`" }.joined(separator: ", "),
                default: "`\"filled\"`", doc: "filled with the accent, outlined in it, or its text alone") { member, path, _, r, theme in
            if let s = r.choice(member.value, at: path, BubbleTheme.ButtonStyle.allCases.map { ($0.rawValue, $0) }) { theme.buttonStyle = s }
        },
    ]
}
