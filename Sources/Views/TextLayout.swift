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

/// Text broken into lines for one width: greedy line filling at break opportunities (after spaces,
/// and between CJK characters except before closing and after opening punctuation), hard breaks at
/// newlines, words longer than the line broken between characters, and an ellipsis on the last line
/// when a line limit cuts text off.
struct TextLayout: Equatable {
    struct Line: Equatable {
        var text: String
        /// Advance width in points.
        var width: Double
    }

    var lines: [Line]
    var metrics: FontMetrics
    /// The size of the laid-out block: the widest line, and the line boxes' height.
    var size: Size

    static let ellipsis = "\u{2026}"

    /// Lays out `string`; `maxWidth` nil or infinite means "one line per paragraph".
    @MainActor
    static func make(_ string: String, font: Font, scale: Double, maxWidth: Double?, lineLimit: Int?,
                     reservesSpace: Bool, engine: any TextEngine) -> TextLayout {
        let metrics = engine.metrics(for: font, scale: scale)
        let limit = lineLimit.map { max(1, $0) }
        let width = maxWidth.flatMap { $0.isFinite ? max(0, $0) : nil }
        func measure(_ s: String) -> Double { s.isEmpty ? 0 : engine.width(of: s, font: font, scale: scale) }
        func fits(_ s: String) -> Bool { width.map { measure(s) <= $0 + 1e-6 } ?? true }

        var texts: [String] = []
        var truncated = false
        if !string.isEmpty {
            for paragraph in string.split(separator: "\n", omittingEmptySubsequences: false) {
                texts += width == nil ? [String(paragraph)] : wrap(paragraph, fits: fits)
                if let limit, texts.count > limit { truncated = true; break }
            }
        }
        if let limit, texts.count > limit {
            texts.removeLast(texts.count - limit)
            truncated = true
        }
        if truncated, let last = texts.last {
            texts[texts.count - 1] = ellipsize(last, fits: fits)
        }
        let lines = texts.map { Line(text: $0, width: measure($0)) }
        let count = reservesSpace ? max(lines.count, limit ?? 0) : lines.count
        let widest = lines.reduce(0) { max($0, $1.width) }
        return TextLayout(lines: lines, metrics: metrics,
                          size: Size(width: widest, height: Double(count) * metrics.lineHeight))
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

    /// Units between break opportunities; each keeps its trailing spaces.
    static func segments(of text: Substring) -> [String] {
        var out: [String] = []
        var current = ""
        var previous: Character?
        for ch in text {
            if let p = previous, breakAllowed(between: p, and: ch), !current.isEmpty {
                out.append(current)
                current = ""
            }
            current.append(ch)
            previous = ch
        }
        if !current.isEmpty { out.append(current) }
        return out
    }

    static func breakAllowed(between a: Character, and b: Character) -> Bool {
        if b.isWhitespace { return false }
        if a.isWhitespace { return true }
        if noBreakBefore.contains(b) || noBreakAfter.contains(a) { return false }
        return isCJK(a) || isCJK(b)
    }

    /// Characters that must not start a line (Japanese kinsoku shori, plus Latin closing marks).
    static let noBreakBefore: Set<Character> = Set("、。，．・：；？！ー）」』】〕〉》〙〗〟’”ヽヾゝゞ々ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ)]}.,!?:;\u{2026}")
    /// Characters that must not end a line.
    static let noBreakAfter: Set<Character> = Set("（「『【〔〈《〘〖〝‘“([{")

    static func isCJK(_ c: Character) -> Bool {
        guard let v = c.unicodeScalars.first?.value else { return false }
        return (0x3000...0x30FF).contains(v) || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) ||
            (0xF900...0xFAFF).contains(v) || (0xFF00...0xFFEF).contains(v) || (0x20000...0x2FFFF).contains(v)
    }

    static func trimmingTrailingSpaces(_ s: String) -> String {
        var t = Substring(s)
        while let last = t.last, last.isWhitespace { t = t.dropLast() }
        return String(t)
    }
}
