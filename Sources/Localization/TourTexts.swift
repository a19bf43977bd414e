import Overlays
import Raster
import Schema
import ScreensApp
import Tours
import TranslationFiles
import Views

/// Every translatable text of one tour file, found in its JSON with the line it is written on: each
/// step's `title`, `text` and `label` and its `buttons`' titles. A screens file's texts are read
/// the same way (`ScreensTexts`: the app's name, tabs' and screens' titles, views' texts), with
/// the app's id for the tour's.
public struct TourTexts: Sendable {
    /// One text and where it is.
    public struct Entry: Hashable, Sendable {
        /// `home/add-card/text`: the tour's id, the step's id (or `steps[N]`), the key; in a screens
        /// file the app's id, the view's id (or where the text is: `tabs[0]`,
        /// `screens.home.content.children[2]`), the key.
        public var context: String
        /// The JSON path of the value: `steps[2].text`, `steps[3].buttons[0].title`.
        public var path: String
        /// Where the value is, as JSON path components (an import writes there).
        public var place: JSONPath
        /// Whether `{name}` in the text shows a state's value (a screens file's texts), so a
        /// translation keeps each such name as it keeps `%1`.
        public var showsStates = false
        /// The line of its key.
        public var line: Int
        /// The text in the source language.
        public var source: String
        /// The texts by language tag as the file gives them (empty for a plain string).
        public var translations: [String: String]
        /// What the layout allows, for the translator.
        public var note: String
    }

    /// The file as named in messages and references.
    public var file: String
    /// The tour's id (a screens file's: its app's).
    public var tourID: String
    /// Whether the file is a screens file rather than a tour.
    public var isScreensFile = false
    /// The texts, in file order.
    public var entries: [Entry]
    /// The languages the tour names (its texts' tags and `test.languages`), source first.
    public var languages: [String]

    /// How many lines `text` takes in `font` at `width` points: the layout note's measure.
    public typealias LineCount = (_ text: String, _ font: Font, _ width: Double) -> Int

    /// The texts of the tour file `file` whose text is `bytes`, in `sourceLanguage`. `lines`
    /// measures texts for the translator's note (nil: notes give the width only).
    public static func read(_ bytes: [UInt8], file: String, sourceLanguage: String = "en",
                            lines: LineCount? = nil) throws(LocalizationError) -> TourTexts {
        let root: JSONNode
        do { root = try JSONParser.parse(bytes) } catch { throw LocalizationError("\(file):\(error.line): \(error.message)") }
        return try read(root, file: file, sourceLanguage: sourceLanguage, lines: lines)
    }

    /// The texts of the tour file (or screens file, or checklist file) `file`, parsed as `root`.
    public static func read(_ root: JSONNode, file: String, sourceLanguage: String = "en",
                            lines: LineCount? = nil) throws(LocalizationError) -> TourTexts {
        if ScreensLoader.isScreensFile(root) { return try readScreens(root, file: file, sourceLanguage: sourceLanguage) }
        if ChecklistLoader.isChecklist(root) { return try readChecklist(root, file: file, sourceLanguage: sourceLanguage) }
        let (decoded, diagnostics) = TourDecoder.decode(root, file: file)
        guard let tour = decoded, !tour.id.isEmpty else {
            throw unreadable(file, diagnostics, expected: "a tour (an object with \"id\" and \"steps\")")
        }
        guard case .object(let top) = root.value, let stepsNode = top.first(where: { $0.key == "steps" })?.value,
              case .array(let stepNodes) = stepsNode.value else {
            return TourTexts(file: file, tourID: tour.id, entries: [], languages: [sourceLanguage])
        }
        let screen = tour.test.sizes.min { $0.width < $1.width } ?? TourLoader.defaultScreen
        var entries: [Entry] = []
        for (i, node) in stepNodes.enumerated() {
            guard case .object(let members) = node.value, i < tour.steps.count else { continue }
            let step = tour.steps[i]
            let key = step.id.map { $0.isEmpty ? "steps[\(i)]" : $0 } ?? "steps[\(i)]"
            var mark = CoachMark(text: "")
            tour.theme.overlaid(by: step.theme).apply(to: &mark)
            let bubbleWidth = max(80, min(mark.maxWidth, screen.width - 2 * BubblePlacer.margin))
            let width = bubbleWidth - 2 * 16
            let fontSize = mark.theme.fontSize, family = mark.theme.fontFamily
            let stepPlace = JSONPath.root.appending("steps").appending(i)
            func add(_ member: JSONMember, at place: JSONPath, field: String, note: (String) -> String) {
                guard let found = sourceAndTranslations(member.value, sourceLanguage: sourceLanguage) else { return }
                let (source, table) = found
                entries.append(Entry(context: "\(tour.id)/\(key)/\(field)", path: place.description, place: place, line: member.keyLine,
                                     source: source, translations: table, note: note(source)))
            }
            let at = "at \(screen.width.compact)x\(screen.height.compact) (the narrowest screen the tour is tested on)"
            func measured(_ text: String, _ font: Font) -> String {
                guard let lines else { return "" }
                let n = lines(text, font, width)
                return "; the \(sourceLanguage) text takes \(n) line\(n == 1 ? "" : "s")"
            }
            for member in members {
                switch member.key {
                case "title":
                    add(member, at: stepPlace.appending("title"), field: "title") { s in
                        "The bubble's title: lines of \(width.compact) pt \(at)\(measured(s, Font(size: fontSize + 2, weight: .bold, family: family))). A longer title wraps and makes the bubble taller."
                    }
                case "text":
                    add(member, at: stepPlace.appending("text"), field: "text") { s in
                        "The bubble's text: lines of \(width.compact) pt \(at)\(measured(s, Font(size: fontSize, family: family))). A longer text makes the bubble taller; the lint flags a bubble that no longer fits."
                    }
                case "label":
                    add(member, at: stepPlace.appending("label"), field: "label") { _ in
                        "What a screen reader calls the step's target: spoken, not shown."
                    }
                case "buttons":
                    guard case .array(let buttons) = member.value.value else { continue }
                    for (b, button) in buttons.enumerated() {
                        guard case .object(let fields) = button.value, let title = fields.first(where: { $0.key == "title" }) else { continue }
                        add(title, at: stepPlace.appending("buttons").appending(b).appending("title"), field: "buttons[\(b)].title") { _ in
                            "A button across the bubble: one line of \((width - 32).compact) pt \(at); a longer title is cut short."
                        }
                    }
                default: continue
                }
            }
        }
        var languages = [sourceLanguage]
        for tag in tour.textLanguages + (tour.test.languages ?? []) where !languages.contains(tag) { languages.append(tag) }
        return TourTexts(file: file, tourID: tour.id, entries: entries, languages: languages)
    }

    /// Why `file` gives no texts: its first problem, else that it is not `expected`.
    static func unreadable(_ file: String, _ diagnostics: [Diagnostic], expected: String) -> LocalizationError {
        LocalizationError(diagnostics.first.map { "\(file):\($0.line ?? 0): \($0.path): \($0.message)" } ?? "\(file): expected \(expected)")
    }

    /// The source text of a value (its `sourceLanguage` string, else a plain string, else its
    /// first) and its texts by language; nil for a value with no text.
    static func sourceAndTranslations(_ node: JSONNode, sourceLanguage: String) -> (String, [String: String])? {
        let (plain, table) = texts(node)
        var first: String?
        if case .object(let members) = node.value { first = members.lazy.compactMap { table[$0.key] }.first }
        guard let source = table[sourceLanguage] ?? plain ?? first, !source.isEmpty else { return nil }
        return (source, table)
    }

    /// A plain string, or the strings of an object by language tag.
    private static func texts(_ node: JSONNode) -> (String?, [String: String]) {
        switch node.value {
        case .string(let s): return (s, [:])
        case .object(let members):
            var table: [String: String] = [:]
            for m in members { if case .string(let s) = m.value.value, table[m.key] == nil { table[m.key] = s } }
            return (nil, table)
        default: return (nil, [:])
        }
    }

    /// The entry's translation into `language`: the file's own text for that tag, exactly (no
    /// fallback), else nil. A plain string is the source language's only.
    public static func translation(of entry: Entry, in language: String) -> String? { entry.translations[language] }
}
