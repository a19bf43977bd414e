import Views

/// An element's text as AT-SPI's `Text` interface counts it: offsets are Unicode characters (code
/// points, as GLib's `gunichar`), while Limelight counts grapheme clusters; this maps between the
/// two and finds the characters, words, sentences and lines a screen reader moves by.
struct AccessibleText {
    /// The text's code points.
    let scalars: [Unicode.Scalar]
    /// The code-point offset where each grapheme cluster starts, and the count at the end.
    private let clusterStarts: [Int]

    init(_ string: String) {
        scalars = Array(string.unicodeScalars)
        var starts = [0]
        for c in string { starts.append(starts.last! + c.unicodeScalars.count) }
        clusterStarts = starts
    }

    /// How many code points it holds.
    var count: Int { scalars.count }

    /// The code-point offset of grapheme place `place`.
    func offset(ofCluster place: Int) -> Int { clusterStarts[max(0, min(place, clusterStarts.count - 1))] }

    /// The grapheme place of code-point offset `offset` (inside a cluster: the cluster's start).
    func cluster(at offset: Int) -> Int {
        var low = 0, high = clusterStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if clusterStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The code points from `start` up to `end` (-1: the end), clamped.
    func substring(_ start: Int, _ end: Int) -> String {
        let s = max(0, min(start, count)), e = end < 0 ? count : max(s, min(end, count))
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars[s..<e])
        return String(out)
    }

    // MARK: - Units a reader moves by

    /// The kinds of `GetStringAtOffset` (`ATSPI_TEXT_GRANULARITY_*`).
    enum Granularity: UInt32 { case character, word, sentence, line, paragraph }

    /// The unit of `granularity` holding `offset`: its start and end.
    func unit(_ granularity: Granularity, at offset: Int) -> (Int, Int) {
        let o = max(0, min(offset, count))
        switch granularity {
        case .character:
            let c = cluster(at: o)
            return o >= count ? (count, count) : (self.offset(ofCluster: c), self.offset(ofCluster: c + 1))
        case .word:
            // A word: a run of letters and digits (what follows it up to the next word is not part).
            var s = o, e = o
            if o < count, !isWordCharacter(o) {
                // Between words: the next word.
                while e < count, !isWordCharacter(e) { e += 1 }
                s = e
            }
            while s > 0, isWordCharacter(s - 1) { s -= 1 }
            e = max(e, s)
            while e < count, isWordCharacter(e) { e += 1 }
            return (s, e)
        case .sentence:
            return span(at: o, endsAfter: { [".", "!", "?", "。", "！", "？", "\n"].contains($0) })
        case .line, .paragraph:
            return span(at: o, endsAfter: { $0 == "\n" })
        }
    }

    /// The kinds of `GetTextAtOffset` (`ATSPI_TEXT_BOUNDARY_*`): a unit runs from one start (or end)
    /// boundary to the next.
    enum Boundary: UInt32 { case character, wordStart, wordEnd, sentenceStart, sentenceEnd, lineStart, lineEnd }

    /// The text between the boundaries of `boundary` around `offset` (from the last boundary at or
    /// before it to the next after it), moved by `shift` units: -1 the one before, 1 the one after.
    func text(_ boundary: Boundary, at offset: Int, shift: Int) -> (String, Int, Int) {
        let marks = boundaries(boundary)
        let o = max(0, min(offset, count))
        var k = marks.lastIndex { $0 <= o } ?? 0
        if o == count, k > 0, shift == 0 { k -= 1 }
        k = max(0, min(k + shift, marks.count - 2))
        guard marks.count > 1 else { return ("", 0, 0) }
        return (substring(marks[k], marks[k + 1]), marks[k], marks[k + 1])
    }

    /// Every offset where a unit of `boundary` starts, with 0 and the end.
    private func boundaries(_ boundary: Boundary) -> [Int] {
        if boundary == .character { return clusterStarts }
        var out = [0]
        if count > 0 {
            for i in 1..<count {
                let before = i - 1
                let mark: Bool
                switch boundary {
                case .character: mark = true
                case .wordStart: mark = isWordCharacter(i) && !isWordCharacter(before)
                case .wordEnd: mark = isWordCharacter(before) && !isWordCharacter(i)
                case .sentenceStart: mark = scalars[i] != " " && (isSentenceStop(before) || (scalars[before] == " " && sentenceStopBefore(before)))
                case .sentenceEnd: mark = isSentenceStop(before) && !isSentenceStop(i)
                case .lineStart: mark = scalars[before] == "\n"
                case .lineEnd: mark = scalars[i] == "\n"
                }
                if mark { out.append(i) }
            }
        }
        out.append(count)
        return out
    }

    private func isSentenceStop(_ i: Int) -> Bool { [".", "!", "?", "。", "！", "？", "\n"].contains(scalars[i]) }

    /// Whether only spaces lie between a sentence's stop and `i` (a space).
    private func sentenceStopBefore(_ i: Int) -> Bool {
        var k = i
        while k > 0, scalars[k] == " " { k -= 1 }
        return scalars[k] != " " && isSentenceStop(k)
    }

    private func isWordCharacter(_ i: Int) -> Bool {
        let p = scalars[i].properties
        return p.isAlphabetic || p.numericType != nil || scalars[i] == "'" || scalars[i] == "’"
    }

    /// The run holding `offset` that ends just after a scalar for which `endsAfter` holds.
    private func span(at offset: Int, endsAfter: (Unicode.Scalar) -> Bool) -> (Int, Int) {
        var s = min(offset, count)
        while s > 0, !endsAfter(scalars[s - 1]) { s -= 1 }
        var e = min(offset, count)
        while e < count, !endsAfter(scalars[e]) { e += 1 }
        if e < count { e += 1 }
        // A space after a sentence's stop belongs to it.
        while e < count, scalars[e] == " " { e += 1 }
        return (s, e)
    }
}
