/// The words Limelight itself shows and speaks, in every language it knows: what a bubble's
/// buttons read (Next, Done, Skip, Back), "Step 2 of 5", and the role and state words an
/// announcement adds ("button", "selected").
///
/// English is the source language and lives here (`builtIn`); every other language is a
/// translation file (`share/limelight/strings/ja.po` and so on, read by the Localization module), so
/// a language is added by a file, not by code. An app adds a language, or changes a word, with
/// `adding(_:for:)`; a language is looked up by its BCP 47 tag, then its primary subtag (`pt-BR`,
/// then `pt`), then English, so a word missing in one language is still said. The pseudo-locales
/// (`en-XA`, `ar-XB`) are made from the English words unless a table gives their own.
public struct InterfaceStrings: Hashable, Sendable {
    /// A word or phrase Limelight says. `%1` and `%2` in a phrase stand for numbers (in the gesture
    /// phrases, for names).
    public enum Key: String, CaseIterable, Hashable, Sendable {
        /// A bubble's button that goes on; on the last step, `done`.
        case next, done
        /// The button that leaves a tour early.
        case skip
        /// The button that goes back a step.
        case back
        /// "Step %1 of %2", announced with each step.
        case step
        /// "%1 of %2": a position in a list.
        case of
        /// Role words: what an element is.
        case button, tab, tabBar, header, image, list, dialog, progressIndicator, textField
        /// Role words of the controls of settings and player screens.
        case toggle, checkbox, slider, progressBar, row
        /// State words: how an element is.
        case selected, disabled, busy, on, off, checked, unchecked
        /// A step's gesture demonstration, spoken after its text: `%1` is the target's name (and
        /// `%2`, in `demoDragTo`, where it goes).
        case demoTap, demoDoubleTap, demoLongPress, demoDrag, demoDragTo
        /// A swipe across the target, by the way the finger goes.
        case demoSwipeLeft, demoSwipeRight, demoSwipeUp, demoSwipeDown
        /// A scroll of the target, by the way its content goes (down: what is further down).
        case demoScrollLeft, demoScrollRight, demoScrollUp, demoScrollDown
        /// A close button's name (a checklist's panel).
        case close
        /// "%1 of %2 done": how far a checklist is.
        case checklistProgress
    }

    /// The words by language tag, then by key.
    public private(set) var table: [String: [Key: String]]

    /// Words by language tag (a table may leave keys out: English fills them in).
    public init(_ table: [String: [Key: String]]) { self.table = table }

    /// These strings with `words` for `language` added, replacing the words it had for those keys.
    public func adding(_ words: [Key: String], for language: String) -> InterfaceStrings {
        var out = self
        out.table[language, default: [:]].merge(words) { $1 }
        return out
    }

    /// These strings with every language of `other` added over them.
    public func adding(_ other: InterfaceStrings) -> InterfaceStrings {
        other.table.reduce(self) { $0.adding($1.value, for: $1.key) }
    }

    /// The languages with words of their own, in tag order.
    public var languages: [String] { table.keys.sorted() }

    /// The word for `key` in `language`: its own tag's, else its primary subtag's (a pseudo-locale's
    /// made from English), else English's.
    public func text(_ key: Key, language: String?) -> String {
        if let language {
            if let word = table[language]?[key] { return word }
            if let pseudo = PseudoLocale(tag: language) { return pseudo.transform(english(key)) }
            let primary = String(language.prefix { $0 != "-" && $0 != "_" })
            if let word = table.first(where: { $0.key.caseInsensitiveCompare(primary) == .orderedSame })?.value[key] { return word }
        }
        return english(key)
    }

    /// The English word for `key`: this table's, else Limelight's own.
    public func english(_ key: Key) -> String { table["en"]?[key] ?? Self.builtIn.table["en"]?[key] ?? key.rawValue }

    /// `key`'s phrase in `language` with its `%1` and `%2` filled in.
    public func text(_ key: Key, language: String?, _ first: Int, _ second: Int) -> String {
        text(key, language: language).replacing("%1", with: "\(first)").replacing("%2", with: "\(second)")
    }

    /// English, the source language of every translation file.
    public static let builtIn = InterfaceStrings([
        "en": [.next: "Next", .done: "Done", .skip: "Skip", .back: "Back", .step: "Step %1 of %2", .of: "%1 of %2",
               .button: "button", .tab: "tab", .tabBar: "tab bar", .header: "heading", .image: "image", .list: "list",
               .dialog: "dialog", .progressIndicator: "busy", .textField: "text field", .toggle: "switch",
               .checkbox: "checkbox", .slider: "slider", .progressBar: "progress bar", .row: "row",
               .selected: "selected", .disabled: "dimmed", .busy: "busy", .on: "on", .off: "off",
               .checked: "checked", .unchecked: "not checked",
               .demoTap: "Tap %1", .demoDoubleTap: "Double-tap %1", .demoLongPress: "Touch and hold %1", .demoDrag: "Drag %1",
               .demoDragTo: "Drag %1 to %2", .demoSwipeLeft: "Swipe left on %1", .demoSwipeRight: "Swipe right on %1",
               .demoSwipeUp: "Swipe up on %1", .demoSwipeDown: "Swipe down on %1", .demoScrollLeft: "Scroll %1 left",
               .demoScrollRight: "Scroll %1 right", .demoScrollUp: "Scroll %1 up", .demoScrollDown: "Scroll %1 down",
               .close: "Close", .checklistProgress: "%1 of %2 done"],
    ])
}
