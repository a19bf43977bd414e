import Overlays
import Raster
import Schema

/// A value a `theme` key sets.
public enum ThemeValue: Hashable, Sendable {
    /// A colour (`"#RRGGBB"`).
    case color(Color)
    /// A number.
    case number(Double)
    /// A name (a font family).
    case text(String)
    /// `true` or `false`.
    case flag(Bool)
    /// A button style.
    case buttonStyle(BubbleTheme.ButtonStyle)
}

/// A tour's (or a step's) `theme`: the keys it sets, each by its place in the file
/// (`bubble.background`), applied to the standard bubble by the schema row that read it
/// (`TourSchema.themeRows`). A step's theme goes over its tour's, key by key. A new theme key is one
/// row there, and nothing here.
public struct TourTheme: Hashable, Sendable {
    /// The keys set (`bubble.accent`, `button.style`) and their values.
    public private(set) var values: [String: ThemeValue] = [:]

    /// A theme that changes nothing.
    public init() {}

    /// Sets `key` (as the file places it: `bubble.accent`) to `value`.
    public mutating func set(_ key: String, to value: ThemeValue) { values[key] = value }

    /// `other`'s keys over these.
    public func overlaid(by other: TourTheme?) -> TourTheme {
        guard let other else { return self }
        var t = self
        t.values.merge(other.values) { _, new in new }
        return t
    }

    /// `mark` with these keys applied over its standard look, in the schema's order.
    public func apply(to mark: inout CoachMark) {
        for row in ThemeSchema.themeRows { if let value = values[row.path] { row.apply(value, &mark) } }
    }

    /// The standard bubble with these keys applied.
    public var bubble: BubbleTheme {
        var mark = CoachMark(text: "")
        apply(to: &mark)
        return mark.theme
    }
}

/// The keys of a `theme` object (a tour's or a step's) and of a step's `outline`, declared once
/// (see `TourSchema`).
package enum ThemeSchema {
    /// A `"#RRGGBB"` value, else nil with the problem reported.
    package static func color(_ member: JSONMember, _ path: JSONPath, _ r: inout SchemaReader) -> Color? {
        r.color(member.value, at: path).map { Color(red: $0.red, green: $0.green, blue: $0.blue) }
    }

    /// The keys of a `theme` object.
    static let theme: [KeyRow<TourTheme>] = [
        KeyRow("bubble", .object, value: "an object: `background`, `text`, `accent`, `cornerRadius`, `font`, `fontSize`, `maxWidth`, `shadow`",
                default: "the standard bubble", doc: "the bubble's look") { member, path, _, r, theme in
            r.decode(member.value, at: path, keys: bubbleTheme, what: "an object such as {\"background\": \"#1C1C1E\", \"text\": \"#FFFFFF\"}", into: &theme)
        },
        KeyRow("button", .object, value: "an object: `style`", default: "filled buttons", doc: "the buttons' look") { member, path, _, r, theme in
            r.decode(member.value, at: path, keys: buttonTheme, what: "an object such as {\"style\": \"outlined\"}", into: &theme)
        },
    ]

    /// One key of a theme: the row that reads it, and what it does to a coach mark.
    struct ThemeRow: Sendable {
        /// Where the key is: `bubble.accent`.
        let path: String
        /// The schema row (what the README and the panel show, and the decoding).
        let key: KeyRow<TourTheme>
        /// What the value does to a coach mark.
        let apply: @Sendable (ThemeValue, inout CoachMark) -> Void
    }

    /// A theme key in `object` (`bubble`, `button`) read by `read`, applied by `apply`.
    static func themeRow(_ object: String, _ name: String, value: String, default defaultValue: String, doc: String, kind: KeyRow<TourTheme>.Kind,
                         read: @escaping @Sendable (JSONMember, JSONPath, inout SchemaReader) -> ThemeValue?,
                         apply: @escaping @Sendable (ThemeValue, inout CoachMark) -> Void) -> ThemeRow {
        let path = object + "." + name
        return ThemeRow(path: path, key: KeyRow(name, kind, value: value, default: defaultValue, doc: doc) { member, p, _, r, theme in
            if let v = read(member, p, &r) { theme.set(path, to: v) }
        }, apply: apply)
    }

    /// A `"#RRGGBB"` theme value.
    static func colorValue(_ member: JSONMember, _ path: JSONPath, _ r: inout SchemaReader) -> ThemeValue? { color(member, path, &r).map(ThemeValue.color) }

    /// A number theme key in `object` within `range`, its default `initial`: the range and the
    /// default said once, for the reader, the README's words and the JSON Schema alike.
    static func numberRow(_ object: String, _ name: String, in range: ClosedRange<Double>, default initial: Double, doc: String,
                          apply: @escaping @Sendable (Double, inout CoachMark) -> Void) -> ThemeRow {
        let path = object + "." + name
        return ThemeRow(path: path, key: .number(name, in: range, default: initial, doc: doc) { v, theme in theme.set(path, to: .number(v)) },
                        apply: { v, m in if case .number(let d) = v { apply(d, &m) } })
    }

    /// Every key of a `theme` object, in the order they apply: the `bubble` object's, then the
    /// `button` object's.
    static let themeRows: [ThemeRow] = [
        themeRow("bubble", "background", value: "`\"#RRGGBB\"`", default: "`\"#FFFFFF\"`", doc: "the box's fill", kind: .color,
                 read: colorValue) { v, m in if case .color(let c) = v { m.theme.background = c } },
        themeRow("bubble", "text", value: "`\"#RRGGBB\"`", default: "black title, dark gray text", doc: "the title's and text's colour", kind: .color,
                 read: colorValue) { v, m in if case .color(let c) = v { m.theme.title = c; m.theme.text = c; m.theme.secondary = c } },
        themeRow("bubble", "accent", value: "`\"#RRGGBB\"`", default: "`\"#0062CC\"`", doc: "the buttons' colour", kind: .color,
                 read: colorValue) { v, m in if case .color(let c) = v { m.theme.accent = c } },
        numberRow("bubble", "cornerRadius", in: 0...16, default: BubbleTheme().cornerRadius, doc: "the box's corner radius") { d, m in m.theme.cornerRadius = d },
        themeRow("bubble", "font", value: "a font family (`\"DejaVu Serif\"`)", default: "the app's",
                 doc: "the family the bubble's text is set in, found by fontconfig (the app's family when it has none of that name)", kind: .name,
                 read: { member, path, r in
                     guard let s = r.string(member.value, at: path, nonEmpty: true) else { return nil }
                     if s.count > 100 || s.unicodeScalars.contains(where: { $0.value < 0x20 }) {
                         r.report(member.value.line, path, "expected a font family name such as \"DejaVu Serif\", found \(quoted(s))")
                         return nil
                     }
                     return .text(s)
                 }) { v, m in if case .text(let s) = v { m.theme.fontFamily = s } },
        numberRow("bubble", "fontSize", in: 11...28, default: BubbleTheme().fontSize, doc: "the text's size in points (the title is 2 larger)") { d, m in m.theme.fontSize = d },
        numberRow("bubble", "maxWidth", in: 160...600, default: CoachMark.defaultMaxWidth,
                  doc: "the widest the bubble may be, in points (buttons whose words need more widen it, as far as the screen allows)") { d, m in m.maxWidth = d },
        themeRow("bubble", "shadow", value: "`true` or `false`", default: "`true`", doc: "whether the box casts a shadow", kind: .flag,
                 read: { member, path, r in r.bool(member.value, at: path).map(ThemeValue.flag) }) { v, m in if case .flag(let b) = v { m.theme.shadow = b } },
        themeRow("button", "style", value: BubbleTheme.ButtonStyle.allCases.map { "`\"\($0.rawValue)\"`" }.joined(separator: ", "),
                 default: "`\"filled\"`", doc: "filled with the accent, outlined in it, or its text alone",
                 kind: .choice(BubbleTheme.ButtonStyle.allCases.map(\.rawValue)),
                 read: { member, path, r in r.choice(member.value, at: path, BubbleTheme.ButtonStyle.allCases.map { ($0.rawValue, $0) }).map(ThemeValue.buttonStyle) })
                 { v, m in if case .buttonStyle(let s) = v { m.theme.buttonStyle = s } },
    ]

    /// The keys of a theme's `bubble` object.
    static let bubbleTheme: [KeyRow<TourTheme>] = themeRows.filter { $0.path.hasPrefix("bubble.") }.map(\.key)

    /// The keys of a step's `outline` object.
    static let outlineKeys: [KeyRow<HoleOutline>] = [
        .number("width", in: 0.5...20, default: HoleOutline().width, doc: "the line's width in points") { v, o in o.width = v },
        KeyRow("color", .color, value: "`\"#RRGGBB\"`", default: "`\"#FFFFFF\"`", doc: "the line's colour") { member, path, _, r, o in
            if let c = color(member, path, &r) { o.color = c }
        },
        .number("glow", in: 0...40, default: HoleOutline().glow, doc: "points a glow fades over beyond the line") { v, o in o.glow = v },
        .bool("pulse", default: HoleOutline().pulse, doc: "the line breathes (not under reduced motion)", \.pulse),
    ]

    /// The keys of a theme's `button` object.
    static let buttonTheme: [KeyRow<TourTheme>] = themeRows.filter { $0.path.hasPrefix("button.") }.map(\.key)
}
