/// The shape of a BCP 47 language tag as files key their texts with it (`en`, `ja`, `zh-Hans`,
/// `pt-BR`, `sr-Latn-RS`): RFC 5646's language, then an optional script, region and variants.
package enum LanguageTagSyntax {
    /// Whether `tag` has a tag's shape: a primary language of two or three lowercase letters, then
    /// optionally a script (four letters, "Hans"), a region (two uppercase letters or three digits)
    /// and variants (five to eight letters or digits, or four starting with a digit), joined by "-".
    package static func isWellFormed(_ tag: String) -> Bool {
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
}

private extension Character {
    var isASCIILetter: Bool { isASCII && isLetter }
    var isASCIIDigit: Bool { isASCII && isNumber }
}
