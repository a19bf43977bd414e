import Schema
import Tours

/// What `limelight check --lint` finds in a screens file beyond its errors: texts that would show
/// in another language than the one asked for, and texts in languages the app never shows.
public enum ScreensLint {
    /// For every text given by language (`{"en": …, "de": …}`): each of the app's languages it has
    /// no text for (the first language's shows instead: a warning, an error for a language in
    /// `required`), and each tag it gives that none of the app's languages reaches (never shown).
    /// Plain strings are the same in every language by intent and are not flagged.
    public static func languageFindings(_ app: ScreensFile, required: Set<String> = []) -> [Diagnostic] {
        var found: [Diagnostic] = []
        func look(_ text: LocalText?, line: Int?, path: String) {
            guard let text, !text.byLanguage.isEmpty else { return }
            for language in app.languages where !LanguageTag.hasText(in: text.byLanguage, language: language) {
                let isRequired = required.contains(language)
                found.append(Diagnostic(file: app.file, line: line, path: path,
                                            message: "no \(language) text (the \(app.languages[0]) one would show\(isRequired ? "; \(language) is required" : ""))",
                                            severity: isRequired ? .error : .warning))
            }
            for tag in text.byLanguage.keys.sorted() where !app.languages.contains(where: { LanguageTag.hasText(in: [tag: ""], language: $0) }) {
                found.append(Diagnostic(file: app.file, line: line, path: path,
                                            message: "a text in \(quoted(tag)), which is not one of the app's languages (\(KnownNames.list(app.languages, near: tag))): it is never shown",
                                            severity: .warning))
            }
        }
        look(app.name, line: nil, path: "name")
        for (i, tab) in app.tabs.enumerated() { look(tab.title, line: tab.line, path: "tabs[\(i)].title") }
        for screen in app.screens {
            look(screen.title, line: screen.line, path: "screens.\(screen.name).title")
            walk(screen.content, path: "screens.\(screen.name).content", look)
        }
        return found
    }

    /// Every text of `node` and the views in it, with the line and path of the view.
    private static func walk(_ node: ScreenNode, path: String, _ look: (LocalText?, Int?, String) -> Void) {
        func line(_ key: String) -> Int { node.keyLines[key] ?? node.line }
        look(node.label, line("label"), path + ".label")
        look(node.text, line("text"), path + (node.kind == .text ? ".text" : ".title"))
        look(node.detail, line("detail"), path + ".detail")
        look(node.placeholder, line("placeholder"), path + ".placeholder")
        for (i, child) in node.children.enumerated() {
            let key = node.kind == .row ? "control" : node.kind == .button ? "content" : "children[\(i)]"
            walk(child, path: path + "." + key, look)
        }
    }
}
