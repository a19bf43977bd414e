/// The words an announcement adds to an element's label (its role and state) and the step count of a
/// tutorial, in the languages the app speaks; other languages get English, as a screen reader
/// without a translation would speak.
public enum SpokenWords {
    private static let table: [String: [String: String]] = [
        "en": ["button": "button", "tab": "tab", "tabBar": "tab bar", "header": "heading", "image": "image",
               "list": "list", "dialog": "dialog", "progressIndicator": "busy", "textField": "text field",
               "selected": "selected", "disabled": "dimmed", "busy": "busy",
               "step": "Step %1 of %2", "of": "%1 of %2"],
        "ja": ["button": "ボタン", "tab": "タブ", "tabBar": "タブバー", "header": "見出し", "image": "画像",
               "list": "リスト", "dialog": "ダイアログ", "progressIndicator": "処理中", "textField": "テキストフィールド",
               "selected": "選択中", "disabled": "使用不可", "busy": "処理中",
               "step": "ステップ %1/%2", "of": "%1/%2"],
        "ar": ["button": "زر", "tab": "علامة تبويب", "tabBar": "شريط علامات التبويب", "header": "عنوان", "image": "صورة",
               "list": "قائمة", "dialog": "مربع حوار", "progressIndicator": "مشغول", "textField": "حقل نص",
               "selected": "محدد", "disabled": "معطل", "busy": "مشغول",
               "step": "الخطوة %1 من %2", "of": "%1 من %2"],
        "he": ["button": "כפתור", "tab": "כרטיסייה", "tabBar": "סרגל כרטיסיות", "header": "כותרת", "image": "תמונה",
               "list": "רשימה", "dialog": "תיבת דו-שיח", "progressIndicator": "עסוק", "textField": "שדה טקסט",
               "selected": "נבחר", "disabled": "מושבת", "busy": "עסוק",
               "step": "שלב %1 מתוך %2", "of": "%1 מתוך %2"],
    ]

    /// The word for `key` in `language` (its primary subtag), else in English.
    static func word(_ key: String, language: String?) -> String {
        let primary = language.map { String($0.prefix { $0 != "-" && $0 != "_" }).lowercased() } ?? "en"
        return table[primary]?[key] ?? table["en"]![key] ?? key
    }

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
    public static func step(_ current: Int, of total: Int, language: String?) -> String {
        word("step", language: language).replacing("%1", with: "\(current)").replacing("%2", with: "\(total)")
    }

    /// What a screen reader says of `node`: its label, its role and its states ("Add, button";
    /// "Menu, tab, selected").
    public static func describe(_ node: SemanticNode, language: String?) -> String {
        var parts: [String] = []
        if !node.label.isEmpty { parts.append(node.label) }
        switch node.role {
        case .text, .screen: break
        default: parts.append(word(node.role.rawValue, language: language))
        }
        for state in [SemanticState.selected, .disabled, .busy] where node.state.contains(state) {
            if node.role == .progressIndicator && state == .busy { continue }
            parts.append(word(state.names[0], language: language))
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
