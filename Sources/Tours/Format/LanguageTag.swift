import Schema
import Views

/// BCP 47 language tags as tours use them to key their texts: `en`, `ja`, `zh-Hans`, `pt-BR`,
/// `sr-Latn-RS`. Well-formedness follows RFC 5646's shape (language, then an optional script,
/// region and variants); lookup follows RFC 4647's: drop subtags from the end until one matches.
public enum LanguageTag {
    /// Whether `tag` has a tag's shape (`LanguageTagSyntax.isWellFormed`): `en`, `zh-Hans`, `pt-BR`.
    public static func isWellFormed(_ tag: String) -> Bool { LanguageTagSyntax.isWellFormed(tag) }

    /// The entry of `table` for `language`: the tag itself, else the tag with its last subtags
    /// dropped one at a time (`zh-Hant-TW`, then `zh-Hant`, then `zh`).
    public static func lookup<Value>(_ language: String, in table: [String: Value]) -> Value? {
        var tag = Substring(language)
        while true {
            if let value = table[String(tag)] { return value }
            guard let dash = tag.lastIndex(of: "-") else { return nil }
            tag = tag[..<dash]
        }
    }
}

extension LanguageTag {
    /// A text of `table` (texts by tag) in `language`: the tag's own, else for a pseudo-locale
    /// (`en-XA`, `ar-XB`) one made from `base`, else the nearest tag's, else `base` (the default).
    public static func text(in table: [String: String], language: String?, base: String?) -> String? {
        guard let language else { return base }
        if let own = table[language] { return own }
        if let pseudo = PseudoLocale(tag: language) { return base.map(pseudo.transform) }
        return lookup(language, in: table) ?? base
    }

    /// Whether `table` has a text of its own for `language` (or a tag it falls back to), so
    /// nothing falls back to the default; a pseudo-locale always has one.
    public static func hasText(in table: [String: String], language: String) -> Bool {
        PseudoLocale.isPseudo(language) || lookup(language, in: table) != nil
    }
}
