/// BCP 47 language tags as tours use them to key their texts: `en`, `ja`, `zh-Hans`, `pt-BR`,
/// `sr-Latn-RS`. Well-formedness follows RFC 5646's shape (language, then an optional script,
/// region and variants); lookup follows RFC 4647's: drop subtags from the end until one matches.
public enum LanguageTag {
    /// Whether `tag` has a tag's shape: a primary language of two or three lowercase letters, then
    /// optionally a script (four letters, "Hans"), a region (two uppercase letters or three digits)
    /// and variants (five to eight letters or digits, or four starting with a digit), joined by "-".
    public static func isWellFormed(_ tag: String) -> Bool {
        var parts = tag.split(separator: "-", omittingEmptySubsequences: false)[...]
        guard let language = parts.popFirst(), (2...3).contains(language.count),
              language.allSatisfy({ $0.isASCII && $0.isLowercase }) else { return false }
        if let script = parts.first, script.count == 4, script.allSatisfy(\.isASCIILetter),
           script.first!.isUppercase, script.dropFirst().allSatisfy(\.isLowercase) {
            parts.removeFirst()
        }
        if let region = parts.first,
           (region.count == 2 && region.allSatisfy { $0.isASCIILetter && $0.isUppercase })
            || (region.count == 3 && region.allSatisfy(\.isASCIIDigit)) {
            parts.removeFirst()
        }
        return parts.allSatisfy { variant in
            variant.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit }
                && ((5...8).contains(variant.count) || (variant.count == 4 && variant.first!.isASCIIDigit))
        }
    }

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

private extension Character {
    var isASCIILetter: Bool { isASCII && isLetter }
    var isASCIIDigit: Bool { isASCII && isNumber }
}
