/// How announcements are worded: an element's label with its role and state words, a tutorial's
/// step count, parts joined as a screen reader runs them together. The words themselves come from
/// the root's `InterfaceStrings` in its language.
public enum SpokenWords {
    /// `parts` as one phrase, as a screen reader runs a label, a role and states together: joined
    /// by commas (、 after Chinese or Japanese), or only by a space after a part that ends a sentence.
    public static func list(_ parts: [String]) -> String {
        join(parts, latin: ", ", wide: "、", ends: ["、", "，"])
    }

    /// `parts` as one utterance: each non-empty part a sentence, a full stop (。 after Chinese or
    /// Japanese) added where a part does not end in one of its own (. ! ? : 。 ！ ？ ؟ …).
    public static func sentences(_ parts: [String]) -> String {
        join(parts, latin: ". ", wide: "。", ends: [":"])
    }

    private static let sentenceEnds: Set<Character> = [".", "!", "?", "。", "！", "？", "؟", "…", "।"]

    private static func join(_ parts: [String], latin: String, wide: String, ends extra: Set<Character>) -> String {
        var out = ""
        for part in parts {
            let p = part.trimmingSpaces()
            guard !p.isEmpty else { continue }
            if let last = out.last {
                if sentenceEnds.contains(last) || extra.contains(last) {
                    out += isWide(last) ? "" : " "
                } else {
                    out += isWide(last) ? wide : latin
                }
            }
            out += p
        }
        return out
    }

    /// Whether `c` is Chinese, Japanese or full-width text, which needs no space after punctuation.
    private static func isWide(_ c: Character) -> Bool {
        guard let v = c.unicodeScalars.first?.value else { return false }
        return (0x3000...0x9FFF).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFF00...0xFFEF).contains(v)
    }

    /// "Step 2 of 5" in `language`.
    public static func step(_ current: Int, of total: Int, strings: InterfaceStrings, language: String?) -> String {
        strings.text(.step, language: language, current, total)
    }

    /// What a screen reader says of `node`: its label, its role and its states ("Add, button";
    /// "Settings, tab, selected").
    public static func describe(_ node: SemanticNode, strings: InterfaceStrings, language: String?) -> String {
        var parts: [String] = []
        if !node.label.isEmpty { parts.append(node.label) }
        if let key = InterfaceStrings.Key(rawValue: node.role.rawValue) { parts.append(strings.text(key, language: language)) }
        switch node.role {
        case .toggle: parts.append(strings.text(node.state.contains(.checked) ? .on : .off, language: language))
        case .checkbox: parts.append(strings.text(node.state.contains(.checked) ? .checked : .unchecked, language: language))
        case .slider, .progressBar: if let value = node.value { parts.append(value.text) }
        default: break
        }
        for state in [SemanticState.selected, .disabled, .busy] where node.state.contains(state) {
            if node.role == .progressIndicator && state == .busy { continue }
            if let key = InterfaceStrings.Key(rawValue: state.names[0]) { parts.append(strings.text(key, language: language)) }
        }
        return list(parts)
    }
}

extension String {
    /// The string without spaces and line breaks at either end.
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s = s.dropFirst() }
        while let c = s.last, c.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}
