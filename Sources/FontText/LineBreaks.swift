import CLineBreaks

/// Where lines may break in a paragraph, as ICU's line break iterator says (UAX #14 with the
/// language's tailoring: no break before 、。」 or after 「 in Japanese; dictionary breaks between
/// Thai, Lao, Khmer and Burmese words), as character indices.
enum LineBreaks {
    /// The character indices (1...count-1) before which a line may start, and those before which
    /// one must (a hard break), for `characters` in `language`.
    static func opportunities(in characters: [Character], language: String?) -> (allowed: Set<Int>, required: Set<Int>) {
        guard characters.count > 1 else { return ([], []) }
        // UTF-16 offsets of each character's start.
        var utf16: [UInt16] = []
        var charAtOffset: [Int: Int] = [:]
        for (i, c) in characters.enumerated() {
            charAtOffset[utf16.count] = i
            utf16.append(contentsOf: String(c).utf16)
        }
        var allowed = Set<Int>(), required = Set<Int>()
        let locale = (language ?? "").replacingOccurrences(of: "-", with: "_")
        var offsets = [Int32](repeating: 0, count: utf16.count), hard = [UInt8](repeating: 0, count: utf16.count)
        let count = utf16.withUnsafeBufferPointer { text in
            limelight_line_breaks(text.baseAddress, Int32(text.count), locale, &offsets, &hard, Int32(text.count))
        }
        for i in 0..<max(0, Int(count)) {
            // A boundary inside a grapheme cluster is none at all.
            guard let index = charAtOffset[Int(offsets[i])] else { continue }
            allowed.insert(index)
            if hard[i] != 0 { required.insert(index) }
        }
        return (allowed, required)
    }
}
