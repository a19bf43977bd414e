import Tours

/// `{name}` in a declared app's texts: the value of the state called `name`, as replay prints it
/// (`5`, `0.5`, `true`, a word). `{{` and `}}` are a brace.
enum Interpolation {
    /// One piece of a text: words as they are, or a state's name.
    enum Part: Equatable {
        case words(String)
        case state(String)
    }

    /// The pieces of `text`, in one pass: a `{` is a state's name only up to the first `}` with no
    /// `{` before it, so the scan for a name stops at the next brace of either kind (a `{` that
    /// opens no name is a letter, and the letters after it are read once more at most).
    static func parts(of text: String) -> [Part] {
        var parts: [Part] = []
        var words = ""
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            let next = text.index(after: i)
            if (c == "{" || c == "}"), next < text.endIndex, text[next] == c {
                words.append(c)
                i = text.index(after: next)
                continue
            }
            if c == "{", let close = text[next...].firstIndex(where: { $0 == "{" || $0 == "}" }), text[close] == "}", close > next {
                if !words.isEmpty { parts.append(.words(words)); words = "" }
                parts.append(.state(String(text[next..<close])))
                i = text.index(after: close)
                continue
            }
            words.append(c)
            i = next
        }
        if !words.isEmpty || parts.isEmpty { parts.append(.words(words)) }
        return parts
    }

    /// The state names `text` shows, in every language.
    static func names(in text: LocalText) -> [String] {
        var names: [String] = []
        var seen = Set<String>()
        for string in [text.base] + text.byLanguage.keys.sorted().map({ text.byLanguage[$0]! }) {
            for case .state(let name) in parts(of: string) where seen.insert(name).inserted { names.append(name) }
        }
        return names
    }

    /// Whether `text` shows any state.
    static func showsState(_ text: LocalText) -> Bool { !names(in: text).isEmpty }

    /// `text` with each `{name}` replaced by `value(name)` (left as it is when that is nil).
    static func render(_ text: String, value: (String) -> StateValue?) -> String {
        parts(of: text).map { part in
            switch part {
            case .words(let w): return w
            case .state(let name): return value(name)?.description ?? "{\(name)}"
            }
        }.joined()
    }
}
