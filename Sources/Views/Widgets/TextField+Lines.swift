import Raster

/// A text field's lines: where its display wraps, which line a place is on, and the place at a
/// point or a line up or down, as the caret and the pointer move.
extension TextField {
    func lineRanges(width: Double) -> [Range<Int>] {
        let scale = root?.scale ?? 1
        if let lines, lines.width == width, lines.scale == scale { return lines.ranges }
        let d = display
        var ranges: [Range<Int>] = []
        var start = 0
        var i = 0
        while i <= d.count {
            if i == d.count || (d[i] == "\n" && isMultiline) {
                var s = start
                // Wrap this paragraph.
                while isMultiline && s < i && self.width(d[s..<i]) > width {
                    var end = s + 1
                    while end < i && self.width(d[s..<(end + 1)]) <= width { end += 1 }
                    // Break after the last space that fits, else where the width ran out.
                    if let space = d[s..<end].lastIndex(where: { $0 == " " }), space + 1 > s, end < i { end = space + 1 }
                    ranges.append(s..<end)
                    s = end
                }
                ranges.append(s..<i)
                start = i + 1
            }
            i += 1
        }
        lines = (width, scale, ranges)
        return ranges
    }

    /// The line (of the display) holding display place `d`.
    func line(ofDisplay d: Int) -> Int {
        let ranges = lineRanges(width: textWidth)
        for (i, r) in ranges.enumerated() where d >= r.lowerBound && d <= r.upperBound {
            if d == r.upperBound && i + 1 < ranges.count && ranges[i + 1].lowerBound == d { continue }
            return i
        }
        return max(0, ranges.count - 1)
    }

    /// The text range of the line holding text place `i`.
    func lineRange(of i: Int) -> Range<Int> {
        let r = lineRanges(width: textWidth)[line(ofDisplay: displayIndex(i))]
        return r
    }

    /// The end of the line holding `i` (before its line break).
    func lineEnd(of i: Int) -> Int { lineRange(of: i).upperBound }

    /// Where the caret goes a line up (-1) or down (+1), keeping its x.
    func place(onLineBy delta: Int) -> Int {
        let caret = caretPoint(ofDisplay: displayIndex(head))
        let lineHeight = metrics?.lineHeight ?? font.size
        return place(at: Point(caret.x, caret.y + Double(delta) * lineHeight + lineHeight / 2))
    }

    /// The top-left of the caret before display place `d`, in screen points.
    func caretPoint(ofDisplay d: Int) -> Point {
        let ranges = lineRanges(width: textWidth)
        let l = line(ofDisplay: d)
        let r = ranges.isEmpty ? 0..<0 : ranges[l]
        let x = frame.minX + TextField.inset.leading + places(ofLine: r).caretX(before: max(0, min(d, r.upperBound) - r.lowerBound))
        let y = frame.minY + TextField.inset.top + Double(l) * (metrics?.lineHeight ?? font.size)
        return Point(x, y)
    }

    /// The text place nearest `point`.
    func place(at point: Point) -> Int {
        let ranges = lineRanges(width: textWidth)
        guard !ranges.isEmpty else { return 0 }
        let lineHeight = metrics?.lineHeight ?? font.size
        let l = max(0, min(ranges.count - 1, Int(clampedToInt: ((point.y - frame.minY - TextField.inset.top) / lineHeight).rounded(.down))))
        let r = ranges[l]
        let x = point.x - frame.minX - TextField.inset.leading
        let best = r.lowerBound + places(ofLine: r).boundary(nearest: x)
        // Back from display places to text places (a place inside the composition is the caret).
        if !composition.isEmpty {
            if best > head + composition.count { return best - composition.count }
            if best > head { return head }
        }
        return best
    }
}
