import Foundation
import Raster
import Views

/// Paragraphs into lines: break opportunities from ICU, candidate lines measured shaped, the last
/// line cut with an ellipsis past the line limit.
extension SystemTextEngine {
    /// `text` broken into lines: paragraphs at line feeds; within one, greedy filling at the line
    /// break opportunities ICU finds for `language`, a word longer than the line broken between
    /// grapheme clusters; past `lineLimit` lines the last one is cut at a cluster boundary and
    /// ends with an ellipsis.
    public func lines(of text: String, font: Font, scale: Double, maxWidth: Double?, lineLimit: Int?, language: String?) -> [TextLine] {
        let scale = Self.validScale(scale)
        let key = LayoutKey(text: text, font: font, scale: scale, maxWidth: maxWidth, lineLimit: lineLimit, language: language)
        if let hit = laidOut[key] { return hit }
        fonts.trimIfNeeded()
        let pixelSize = Self.pixelSize(font, scale)
        let limit = maxWidth.flatMap { $0.isFinite ? max(0, $0) * scale * 64 : nil }
        var out: [TextLine] = []
        var truncated = false
        paragraphs: for paragraphText in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let paragraphText = String(paragraphText)
            let paragraph = analyze(paragraphText, font: font, pixelSize: pixelSize, language: language)
            let direction = paragraph.direction
            let chars = paragraph.characters
            guard !chars.isEmpty else {
                out.append(TextLine(text: "", width: 0, direction: direction, language: language))
                if let lineLimit, out.count > lineLimit { truncated = true; break }
                continue
            }
            guard let limit else {
                out.append(line(chars[...], font: font, scale: scale, pixelSize: pixelSize, direction: direction, language: language))
                if let lineLimit, out.count > lineLimit { truncated = true; break }
                continue
            }
            let advances = paragraph.advances, breaks = paragraph.breaks
            let fit = Int(clampedToInt: limit.rounded(.up))
            var start = 0
            while start < chars.count {
                // The longest run from `start` that fits (spaces at its end not counted) and ends at a
                // break opportunity, stopping at a hard break.
                var width = 0, trailing = 0, end = start
                var best: Int?
                while end < chars.count {
                    if end > start, breaks.required.contains(end) { break }
                    width += advances[end]
                    trailing = chars[end].isWhitespace ? trailing + advances[end] : 0
                    end += 1
                    if width - trailing > fit { break }
                    if end == chars.count || breaks.allowed.contains(end) { best = end }
                }
                var next = best ?? start
                if best == nil {
                    // Not even one word fits: as many whole clusters as do (at least one).
                    var w = advances[start]
                    next = start + 1
                    while next < chars.count, !breaks.required.contains(next), w + advances[next] <= fit { w += advances[next]; next += 1 }
                }
                var slice = chars[start..<next]
                while let last = slice.last, last.isWhitespace, slice.count > 1 { slice = slice.dropLast() }
                out.append(line(slice, font: font, scale: scale, pixelSize: pixelSize, direction: direction, language: language))
                if let lineLimit, out.count > lineLimit { truncated = true; break paragraphs }
                start = next
            }
        }
        if let lineLimit, out.count > lineLimit {
            out.removeLast(out.count - lineLimit)
            truncated = true
        }
        if truncated, let last = out.last {
            out[out.count - 1] = ellipsized(last, font: font, scale: scale, pixelSize: pixelSize, maxWidth: maxWidth, language: language)
        }
        laidOut.insert(out, for: key)
        return out
    }

    /// `text` (one paragraph) analysed for breaking, cached: a paragraph laid out again at another
    /// width (a bubble measured, then placed at its widest line) is neither shaped nor broken again.
    func analyze(_ text: String, font: Font, pixelSize: Int, language: String?) -> AnalyzedParagraph {
        let key = LineKey(text: text, font: font, pixelSize: pixelSize, direction: nil, language: language)
        if let hit = analyzed[key] { return hit }
        let paragraph = BidiParagraph(text, direction: nil, language: language)
        let chars = paragraph.characters
        var result = AnalyzedParagraph(characters: chars, direction: paragraph.direction, advances: [], breaks: ([], []))
        if !chars.isEmpty {
            let shaped = shape(paragraph, range: 0..<chars.count, chain: chain(for: font, language: language), pixelSize: pixelSize, language: language)
            result.advances = shaped.characterAdvances
            result.breaks = LineBreaks.opportunities(in: chars, language: language)
        }
        analyzed.insert(result, for: key)
        return result
    }

    func line(_ chars: ArraySlice<Character>, font: Font, scale: Double, pixelSize: Int, direction: TextDirection, language: String?) -> TextLine {
        let text = String(chars)
        let shaped = shapedLine(text, font: font, pixelSize: pixelSize, direction: direction, language: language)
        return TextLine(text: text, width: Double(shaped.advance) / 64 / scale, direction: direction, language: language)
    }

    /// `line` cut at a grapheme cluster boundary so that it and an ellipsis fit `maxWidth`.
    func ellipsized(_ line: TextLine, font: Font, scale: Double, pixelSize: Int, maxWidth: Double?, language: String?) -> TextLine {
        let chars = Array(line.text)
        let limit = maxWidth.flatMap { $0.isFinite ? $0 : nil } ?? .infinity
        func candidate(_ n: Int) -> TextLine {
            var slice = chars[0..<n]
            while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
            let text = String(slice) + "\u{2026}"
            let shaped = shapedLine(text, font: font, pixelSize: pixelSize, direction: line.direction, language: language)
            return TextLine(text: text, width: Double(shaped.advance) / 64 / scale, direction: line.direction, language: language)
        }
        var lo = 0, hi = chars.count
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if candidate(mid).width <= limit + 1e-6 { lo = mid } else { hi = mid - 1 }
        }
        return candidate(lo)
    }

    /// `text` shaped as one line in `direction` (nil: from its first strong character), cached.
    func shapedLine(_ text: String, font: Font, pixelSize: Int, direction: TextDirection?, language: String?) -> ShapedLine {
        let key = LineKey(text: text, font: font, pixelSize: pixelSize, direction: direction, language: language)
        if let hit = shaped[key] { return hit }
        var paragraph = BidiParagraph(text, direction: direction, language: language)
        paragraph.resetTrailingWhitespace(of: 0..<paragraph.characters.count)
        let line = shape(paragraph, range: 0..<paragraph.characters.count, chain: chain(for: font, language: language),
                         pixelSize: pixelSize, language: language)
        shaped.insert(line, for: key)
        return line
    }
}
