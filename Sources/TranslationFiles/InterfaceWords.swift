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
                            translation: strings.table[language]?[key] ?? "", note: note(for: key))
        }
    }

    /// The key an entry's context names, or nil for a context that is not Limelight's.
    public static func key(of context: String) -> InterfaceStrings.Key? {
        guard context.hasPrefix(contextPrefix) else { return nil }
        return InterfaceStrings.Key(rawValue: String(context.dropFirst(contextPrefix.count)))
    }

    /// The words of the translated entries of `file`, as strings of its language.
    public static func strings(of file: TranslationFile) -> InterfaceStrings {
        var words: [InterfaceStrings.Key: String] = [:]
        for unit in file.units where unit.isTranslated { if let key = key(of: unit.context) { words[key] = unit.translation } }
        return InterfaceStrings(words.isEmpty ? [:] : [file.language: words])
    }

    /// Every language of the translation files (`*.po`, `*.xliff`) in `folder`, in name order; a
    /// missing folder has none. A file that cannot be read is an error naming it.
    public static func load(folder: String) throws(LocalizationError) -> InterfaceStrings {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return InterfaceStrings([:]) }
        var strings = InterfaceStrings([:])
        for name in names.sorted() where TranslationFile.Format(path: name) != nil && !name.hasSuffix(".pot") {
            strings = strings.adding(Self.strings(of: try TranslationFile.read((folder as NSString).appendingPathComponent(name))))
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
        default: return "A role word a screen reader says after an element's name (\"Add, button\")."
        }
    }
}
