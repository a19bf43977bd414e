import Raster
import Schema
import Tours
import Views

/// A screen a screens file is laid out on for the lint: a size in points, a scale and a language.
public struct ScreensPlace: Hashable, Sendable, CustomStringConvertible {
    /// The screen's size in points.
    public var size: Size
    /// Device pixels per point.
    public var scale: Double
    /// The language the screens speak (one of the app's, or a pseudo-locale).
    public var language: String

    /// A screen of `size` points at `scale`, in `language`.
    public init(size: Size, scale: Double, language: String) {
        self.size = size; self.scale = scale; self.language = language
    }

    /// `390x844@1x, de`, as the lint's findings name a place.
    public var description: String { "\(size.width.compact)x\(size.height.compact)@\(scale.compact)x, \(language)" }
}

extension ScreensLint {
    /// Where a screens file checked on its own is laid out: its `screen` in each of its languages.
    public static func ownPlaces(of app: ScreensFile) -> [ScreensPlace] {
        app.languages.map { ScreensPlace(size: app.screenSize, scale: app.scale, language: $0) }
    }

    /// What shows only once the app's screens are laid out, each screen in turn at each of
    /// `places`, its words measured by `textEngine` (the app's real fonts): a button whose words
    /// are cut short with an ellipsis (an error, named with the place), and a `card` whose own
    /// white fill covers the `background` set on it, so the colour never shows (a warning). Each
    /// finding once, at the line and path of the view, in the file's order.
    @MainActor
    public static func layoutFindings(_ app: ScreensFile, at places: [ScreensPlace], textEngine: any TextEngine) -> [Diagnostic] {
        var found: [Diagnostic] = []
        func add(_ d: Diagnostic) { if !found.contains(d) { found.append(d) } }
        for place in places {
            // A pseudo-locale runs the app in its first language, as `AppDefinition.launch` does.
            let pseudo = PseudoLocale(tag: place.language)
            let host: ScreensHost
            do {
                host = try ScreensHost(file: app, size: place.size, scale: place.scale, language: pseudo == nil ? place.language : app.languages[0],
                                       textEngine: textEngine, clock: VirtualClock(), keepsBuiltViews: true)
            } catch {
                add(Diagnostic(file: app.file, line: nil, path: "screen", message: "cannot lay out the screens at \(place): \(error)"))
                continue
            }
            if let pseudo { host.root.language = pseudo.tag }
            for name in host.tabNames {
                host.selectTab(named: name)
                host.root.frame(into: nil)
                for view in host.builtViews[name] ?? [] {
                    if view.node.kind == .button, let words = cutShort(under: view.widget) {
                        let (line, key) = view.node.text != nil && view.node.children.isEmpty
                            ? (view.node.keyLines["text"] ?? view.node.line, ".title") : (view.node.line, "")
                        add(Diagnostic(file: app.file, line: line, path: view.path + key,
                                           message: "the button's words \(quoted(words.whole)) are cut short to \(quoted(words.shown)) (give the button more room, or shorter words) (at \(place))"))
                    }
                    if view.node.kind == .card, let color = view.node.background, let hidden = hiddenBackground(of: view) {
                        add(Diagnostic(file: app.file, line: view.node.keyLines["background"] ?? view.node.line, path: view.path + ".background",
                                           message: "the card's own white fill covers the background \(hex(color)) set on it, so \(hidden) (a card is white: for a coloured one, give a vstack this background and a cornerRadius; or give the card padding to show it around the card)",
                                           severity: .warning))
                    }
                }
            }
            // The tab bar's buttons: each tab's title under its icon.
            for (i, tab) in app.tabs.enumerated() {
                guard let bar = host.tabBar, i < bar.buttons.count, let words = cutShort(under: bar.buttons[i]) else { continue }
                add(Diagnostic(file: app.file, line: tab.line, path: "tabs[\(i)].title",
                                   message: "the tab's words \(quoted(words.whole)) are cut short to \(quoted(words.shown)) (give it shorter words) (at \(place))"))
            }
        }
        // In the file's order, as the loader's problems are.
        return found.enumerated().sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }.map(\.element)
    }

    /// The first text under `view` cut short with an ellipsis: its whole words and what shows.
    @MainActor
    static func cutShort(under view: View) -> (whole: String, shown: String)? {
        if let text = view as? Text, let last = text.lines.last, last.hasSuffix("\u{2026}") {
            // A text that ends in an ellipsis of its own is whole when every character shows.
            func letters(_ s: String) -> [Character] { s.filter { !$0.isWhitespace } }
            let shown = text.lines.joined(separator: " ")
            if letters(shown) != letters(text.string) { return (text.string, shown) }
        }
        for child in view.children { if let found = cutShort(under: child) { return found } }
        return nil
    }

    /// How much of a card's set background shows past its own fill: nil when some of it shows
    /// beside the card (padding, a taller frame), else what does (nothing, or the corners the
    /// card's rounding leaves).
    @MainActor
    static func hiddenBackground(of view: BuiltView) -> String? {
        guard let fill = firstBackground(under: view.widget) else { return nil }
        let box = view.box.frame, card = fill.frame
        let slack = 0.5
        guard card.minX <= box.minX + slack, card.minY <= box.minY + slack, card.maxX >= box.maxX - slack, card.maxY >= box.maxY - slack else { return nil }
        // The background is rounded by the node's cornerRadius (square without one), the card by
        // the same or 12 points.
        return view.node.cornerRadius == nil ? "only the corners outside the card's rounding show" : "none of it shows"
    }

    /// The shallowest `Background` under `view` (a card's own fill, above what its children paint).
    @MainActor
    private static func firstBackground(under view: View) -> Background? {
        var level = [view]
        while !level.isEmpty {
            if let hit = level.lazy.compactMap({ $0 as? Background }).first { return hit }
            level = level.flatMap { $0.children }
        }
        return nil
    }

    /// `#RRGGBB`.
    private static func hex(_ c: Color) -> String {
        let digits = Array("0123456789ABCDEF")
        return "#" + [c.red, c.green, c.blue].map { "\(digits[Int($0 >> 4)])\(digits[Int($0 & 15)])" }.joined()
    }
}
