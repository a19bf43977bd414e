import Raster

/// How lines of text sit in a frame wider than they are.
public enum TextAlignment: Hashable, Sendable {
    /// Lines start at the leading edge, are centred, or end at the trailing edge.
    case leading, center, trailing

    var horizontal: HorizontalAlignment {
        switch self {
        case .leading: return .leading
        case .center: return .center
        case .trailing: return .trailing
        }
    }
}

/// One line of a laid-out paragraph: its text in logical order (with an ellipsis when a line limit
/// cut it short), its width, and its paragraph's direction.
public struct TextLine: Hashable, Sendable {
    /// The line's text, in the order it was typed.
    public var text: String
    /// Its advance width in points (spaces at its end not counted).
    public var width: Double
    /// Its paragraph's direction.
    public var direction: TextDirection
    /// The language it was laid out in (BCP 47), which picks its faces (Han forms) and shaping.
    public var language: String?
    /// A line from its parts.
    public init(text: String, width: Double, direction: TextDirection = .leftToRight, language: String? = nil) {
        self.text = text; self.width = width; self.direction = direction; self.language = language
    }
}

/// Text broken into lines for one width, by the root's text engine (`TextEngine.lines`): the system
/// engine breaks as UAX #14 says (ICU), shapes (HarfBuzz) and orders (FriBidi) each line.
struct TextLayout: Equatable {
    var lines: [TextLine]
    var metrics: FontMetrics
    /// The size of the laid-out block: the widest line, and the line boxes' height.
    var size: Size

    /// Lays out `string`; `maxWidth` nil or infinite means "one line per paragraph".
    @MainActor
    static func make(_ string: String, font: Font, scale: Double, maxWidth: Double?, lineLimit: Int?,
                     reservesSpace: Bool, language: String?, engine: any TextEngine) -> TextLayout {
        let metrics = engine.metrics(for: font, scale: scale)
        let limit = lineLimit.map { max(1, $0) }
        let width = maxWidth.flatMap { $0.isFinite ? max(0, $0) : nil }
        let lines = string.isEmpty ? [] : engine.lines(of: string, font: font, scale: scale, maxWidth: width, lineLimit: limit, language: language)
        let count = reservesSpace ? max(lines.count, limit ?? 0) : lines.count
        let widest = lines.reduce(0) { max($0, $1.width) }
        return TextLayout(lines: lines, metrics: metrics,
                          size: Size(width: widest, height: Double(count) * metrics.lineHeight))
    }
}

/// Greedy line filling for engines without a line breaker of their own (the fixed-metric engine of
/// the tests): breaks after spaces and at newlines, a word longer than the line broken between
/// characters, an ellipsis at the last line a limit keeps.
enum SimpleLineBreaking {
    static let ellipsis = "\u{2026}"

    @MainActor
    static func lines(of string: String, maxWidth width: Double?, lineLimit limit: Int?, measure: (String) -> Double) -> [TextLine] {
        func fits(_ s: String) -> Bool { width.map { measure(s) <= $0 + 1e-6 } ?? true }
        var texts: [String] = []
        var truncated = false
        for paragraph in string.split(separator: "\n", omittingEmptySubsequences: false) {
            texts += width == nil ? [String(paragraph)] : wrap(paragraph, fits: fits)
            if let limit, texts.count > limit { truncated = true; break }
        }
        if let limit, texts.count > limit {
            texts.removeLast(texts.count - limit)
            truncated = true
        }
        if truncated, let last = texts.last { texts[texts.count - 1] = ellipsize(last, fits: fits) }
        return texts.map { TextLine(text: $0, width: $0.isEmpty ? 0 : measure($0)) }
    }

    /// Greedy filling of one paragraph.
    static func wrap(_ paragraph: Substring, fits: (String) -> Bool) -> [String] {
        var out: [String] = []
        var line = ""
        for segment in segments(of: paragraph) {
            if fits(trimmingTrailingSpaces(line + segment)) { line += segment; continue }
            if !line.isEmpty { out.append(trimmingTrailingSpaces(line)); line = "" }
            if fits(trimmingTrailingSpaces(segment)) { line = segment; continue }
            // A segment wider than the line: break it between characters.
            for ch in segment {
                if line.isEmpty || fits(trimmingTrailingSpaces(line + String(ch))) {
                    line.append(ch)
                } else {
                    out.append(trimmingTrailingSpaces(line))
                    line = ch.isWhitespace ? "" : String(ch)
                }
            }
        }
        if !line.isEmpty || out.isEmpty { out.append(trimmingTrailingSpaces(line)) }
        return out
    }

    /// The longest prefix of `line` that fits with an ellipsis after it.
    static func ellipsize(_ line: String, fits: (String) -> Bool) -> String {
        let chars = Array(line)
        var lo = 0, hi = chars.count
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if fits(trimmingTrailingSpaces(String(chars[0..<mid])) + ellipsis) { lo = mid } else { hi = mid - 1 }
        }
        return trimmingTrailingSpaces(String(chars[0..<lo])) + ellipsis
    }

    /// Units between break opportunities (after spaces); each keeps its trailing spaces.
    static func segments(of text: Substring) -> [String] {
        var out: [String] = []
        var current = ""
        var previous: Character?
        for ch in text {
            if let p = previous, p.isWhitespace, !ch.isWhitespace, !current.isEmpty {
                out.append(current)
                current = ""
            }
            current.append(ch)
            previous = ch
        }
        if !current.isEmpty { out.append(current) }
        return out
    }

    static func trimmingTrailingSpaces(_ s: String) -> String {
        var t = Substring(s)
        while let last = t.last, last.isWhitespace { t = t.dropLast() }
        return String(t)
    }
}
