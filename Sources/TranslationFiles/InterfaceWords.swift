import Foundation
import Views

/// Limelight's own words (`InterfaceStrings`) in translators' files: each word an entry whose
/// context is `limelight/KEY` (`limelight/next`), its source the English word. A folder of such
/// files (`share/limelight/strings/ja.po`, …) is every language Limelight speaks beyond English;
/// a language is added by adding a file.
public enum InterfaceWords {
    /// The context prefix of Limelight's own words.
    public static let contextPrefix = "limelight/"

    /// The entries of `strings`' words in `language` (empty translations where it has none).
    public static func units(_ strings: InterfaceStrings, language: String) -> [TranslationUnit] {
        InterfaceStrings.Key.allCases.map { key in
            TranslationUnit(context: contextPrefix + key.rawValue, source: strings.english(key),
                            translation: strings.table[language]?[key] ?? "", note: note(for: key),
                            formats: Placeholders.formats(of: strings.english(key)))
        }
    }

    /// The key an entry's context names, or nil for a context that is not Limelight's.
    public static func key(of context: String) -> InterfaceStrings.Key? {
        guard context.hasPrefix(contextPrefix) else { return nil }
        return InterfaceStrings.Key(rawValue: String(context.dropFirst(contextPrefix.count)))
    }

    /// The words of the translated entries of `file`, as strings of its language. A word whose
    /// placeholders differ from the English word's (`Étape sur %2` for `Step %1 of %2`) is left
    /// out, so English is said instead of a wrong sentence: see `problems(of:path:)`.
    public static func strings(of file: TranslationFile) -> InterfaceStrings {
        var words: [InterfaceStrings.Key: String] = [:]
        for unit in file.units where unit.isTranslated {
            guard let key = key(of: unit.context), placeholderProblem(unit, key: key) == nil else { continue }
            words[key] = unit.translation
        }
        return InterfaceStrings(words.isEmpty ? [:] : [file.language: words])
    }

    /// One line for each word of `file` (read from `path`) that `strings(of:)` leaves out for its
    /// placeholders: `fr.po:40: limelight/step: the translation drops %1 (…): left out`.
    public static func problems(of file: TranslationFile, path: String) -> [String] {
        file.units.compactMap { unit in
            guard unit.isTranslated, let key = key(of: unit.context), let problem = placeholderProblem(unit, key: key) else { return nil }
            return "\(path):\(unit.line): \(unit.context): \(problem): left out (the English word is said)"
        }
    }

    /// What is wrong with the placeholders of `unit`'s translation of `key`, held to the word
    /// Limelight says in English (not to the file's own source, which anyone can edit).
    static func placeholderProblem(_ unit: TranslationUnit, key: InterfaceStrings.Key) -> String? {
        Placeholders.problem(source: InterfaceStrings.builtIn.english(key), translation: unit.translation)
    }

    /// Every language of the translation files (`*.po`, `*.xliff`) in `folder`, in name order; a
    /// missing folder has none. A file that cannot be read is an error naming it.
    public static func load(folder: String) throws(LocalizationError) -> InterfaceStrings {
        var problems: [String] = []
        return try load(folder: folder, problems: &problems)
    }

    /// The words of `folder`'s files (see `load(folder:)`), each word left out for its
    /// placeholders added to `problems` as a line.
    public static func load(folder: String, problems: inout [String]) throws(LocalizationError) -> InterfaceStrings {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return InterfaceStrings([:]) }
        var strings = InterfaceStrings([:])
        for name in names.sorted() where TranslationFile.Format(path: name) != nil && !name.hasSuffix(".pot") {
            let path = (folder as NSString).appendingPathComponent(name)
            let file = try TranslationFile.read(path)
            problems += Self.problems(of: file, path: path)
            strings = strings.adding(Self.strings(of: file))
        }
        return strings
    }

    /// What a translator is told of each word.
    static func note(for key: InterfaceStrings.Key) -> String {
        switch key {
        case .next, .done, .skip, .back: return "A button in a tour's bubble (Done on the last step): one short line."
        case .step: return "Spoken with each step and shown as its progress: keep %1 (the step) and %2 (the count)."
        case .of: return "A position in a list, spoken: keep %1 and %2."
        case .selected, .disabled, .busy, .on, .off, .checked, .unchecked:
            return "A state word a screen reader says after an element's name and role (\"Wi-Fi, switch, on\")."
        case .demoTap, .demoDoubleTap, .demoLongPress, .demoDrag, .demoDragTo, .demoSwipeLeft, .demoSwipeRight, .demoSwipeUp,
             .demoSwipeDown, .demoScrollLeft, .demoScrollRight, .demoScrollUp, .demoScrollDown:
            return "What a step's gesture demonstration shows, spoken after its text: keep %1 (what the gesture is on) and %2 (where a drag ends)."
        case .close: return "The name a screen reader says for a button drawn as ×, which closes a panel."
        case .checklistProgress: return "How far an onboarding checklist is, under its title: keep %1 (items done) and %2 (all its items)."
        default: return "A role word a screen reader says after an element's name (\"Add, button\")."
        }
    }
}
