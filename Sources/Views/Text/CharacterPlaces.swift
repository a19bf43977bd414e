/// Where each character of one line of text sits, for a caret and a selection that follow the
/// text as it is drawn: in a line that mixes directions (Hebrew with a Latin word, Arabic with
/// digits), logical order and visual order part, and a caret at character `i` is at the leading
/// edge of that character in its own direction.
public struct CharacterPlaces: Equatable, Sendable {
    /// Each character's left and right edges, in points from the line's start, in logical order.
    public var spans: [(left: Double, right: Double)]
    /// Whether each character runs right to left.
    public var isRightToLeft: [Bool]
    /// The line's width, in points.
    public var width: Double

    /// Places from their parts.
    public init(spans: [(left: Double, right: Double)], isRightToLeft: [Bool], width: Double) {
        self.spans = spans; self.isRightToLeft = isRightToLeft; self.width = width
    }

    /// Characters placed one after another from the left, at `widths`.
    public init(leftToRightWidths widths: [Double]) {
        var x = 0.0
        spans = widths.map { w in defer { x += w }; return (x, x + w) }
        isRightToLeft = Array(repeating: false, count: widths.count)
        width = x
    }

    /// The caret's x before character `i` (`0...count`): the leading edge of character `i` in its
    /// direction, and after the last character its trailing edge.
    public func caretX(before i: Int) -> Double {
        guard !spans.isEmpty else { return 0 }
        if i < spans.count { return isRightToLeft[i] ? spans[i].right : spans[i].left }
        let last = spans.count - 1
        return isRightToLeft[last] ? spans[last].left : spans[last].right
    }

    /// The character boundary (`0...count`) whose caret is nearest `x`.
    public func boundary(nearest x: Double) -> Int {
        var best = 0, bestDistance = Double.infinity
        for i in 0...spans.count {
            let d = abs(caretX(before: i) - x)
            if d < bestDistance { best = i; bestDistance = d }
        }
        return best
    }

    /// The stretches of the line that characters `range` cover, left to right, adjacent ones merged
    /// (a selection across a direction change is two or more boxes).
    public func selectionSpans(_ range: Range<Int>) -> [(left: Double, right: Double)] {
        let r = range.clamped(to: 0..<spans.count)
        let sorted = r.map { spans[$0] }.sorted { $0.left < $1.left }
        var out: [(left: Double, right: Double)] = []
        for s in sorted {
            if let last = out.last, s.left <= last.right + 0.01 { out[out.count - 1].right = max(last.right, s.right) } else { out.append(s) }
        }
        return out
    }

    /// The same places, directions and width.
    public static func == (a: CharacterPlaces, b: CharacterPlaces) -> Bool {
        a.width == b.width && a.isRightToLeft == b.isRightToLeft && a.spans.elementsEqual(b.spans) { $0.left == $1.left && $0.right == $1.right }
    }
}
