import Schema
import ScreensApp
import Tours
import TranslationFiles

extension TourTexts.Entry {
    /// gettext's names of the placeholder forms the text has (`qt-format`; `python-brace-format`
    /// where it shows states), for the exported entry's flags.
    public var placeholderFormats: [String] {
        let names: ((String) -> [String])? = showsStates ? { ScreensTexts.stateNames(in: $0) } : nil
        return Placeholders.formats(of: source, stateNames: names)
    }
}

extension TourTexts {
    /// The texts of the screens file `file`, parsed as `root` and checked as the app loader checks
    /// it (its images are not read): each entry's context is the app's id, the view's id (or, for
    /// a view without one, a tab or a screen, where the text is), and the key; `{name}` in a text
    /// is a placeholder a translation keeps.
    static func readScreens(_ root: JSONNode, file: String, sourceLanguage: String) throws(LocalizationError) -> TourTexts {
        let app: ScreensFile
        do { app = try ScreensLoader.decode(root, file: file) } catch {
            throw unreadable(file, error.diagnostics, expected: "a screens file (an object with \"id\" and \"screens\")")
        }
        var entries: [Entry] = []
        var taken = Set<String>()
        for place in ScreensTexts.places(in: root) {
            guard let found = sourceAndTranslations(place.value, sourceLanguage: sourceLanguage) else { continue }
            let (source, table) = found
            let owner = JSONPath(components: Array(place.path.components.dropLast())).description
            // A view's id is its stable name; a place is named by where it is when it has none, or
            // when another place already took the id's context.
            var context = [app.id, place.viewID ?? owner, place.key].filter { !$0.isEmpty }.joined(separator: "/")
            if !taken.insert(context).inserted {
                context = [app.id, owner, place.key].filter { !$0.isEmpty }.joined(separator: "/")
                guard taken.insert(context).inserted else { continue }
            }
            var entry = Entry(context: context, path: place.path.description, place: place.path, line: place.line,
                              source: source, translations: table, note: note(for: place, source: source))
            entry.showsStates = true
            entries.append(entry)
        }
        var languages = [sourceLanguage]
        for tag in app.languages + entries.flatMap({ $0.translations.keys.sorted() }) where !languages.contains(tag) { languages.append(tag) }
        var texts = TourTexts(file: file, tourID: app.id, entries: entries, languages: languages)
        texts.isScreensFile = true
        return texts
    }

    /// What a translator is told of a screens file's text.
    private static func note(for place: ScreensTexts.Place, source: String) -> String {
        let states = ScreensTexts.stateNames(in: source).map { "{\($0)}" }
        let keep = states.isEmpty ? "" : " Keep \(states.joined(separator: ", ")) as it is: the app shows a value there."
        switch (place.path.components.first, place.key) {
        case (.key("tabs"), _): return "A tab's title under its icon: one short line." + keep
        case (.key("screens"), "title") where place.path.components.count == 3: return "A screen's title in its navigation bar." + keep
        case (_, "name"): return "The app's name: its window's title." + keep
        case (_, "label"): return "What a screen reader calls the view: spoken, not shown." + keep
        case (_, "placeholder"): return "A text field's hint while it is empty." + keep
        default: return "Shown on the app's screen." + keep
        }
    }
}
