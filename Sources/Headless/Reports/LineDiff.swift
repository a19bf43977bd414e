/// Which lines of two texts differ, for a report that marks them: the lines only in the golden
/// (removed) and only in the actual (added), by a longest common subsequence of lines between
/// their common beginning and end.
///
/// The middle is compared line by line only while its table stays small (at most
/// `maxCells` cells: about 1,000 lines against 1,000); beyond that every middle line is marked,
/// so a huge text costs time and memory in proportion to its length, never its square.
package struct LineDiff: Equatable, Sendable {
    /// The indexes of the golden's lines that the actual does not have.
    package var removed: Set<Int>
    /// The indexes of the actual's lines that the golden does not have.
    package var added: Set<Int>

    /// The most cells of the comparison table (lines of one middle times lines of the other).
    package static let maxCells = 1_000_000

    /// The lines of `golden` and `actual` that differ.
    package init(golden: [Substring], actual: [Substring]) {
        var start = 0
        while start < golden.count, start < actual.count, golden[start] == actual[start] { start += 1 }
        var endGolden = golden.count, endActual = actual.count
        while endGolden > start, endActual > start, golden[endGolden - 1] == actual[endActual - 1] { endGolden -= 1; endActual -= 1 }
        let a = Array(golden[start..<endGolden]), b = Array(actual[start..<endActual])
        removed = []; added = []
        guard !a.isEmpty, !b.isEmpty, a.count * b.count <= Self.maxCells else {
            removed = Set(start..<endGolden); added = Set(start..<endActual)
            return
        }
        // lengths[i][j]: the longest common subsequence of a[i...] and b[j...], in one flat table.
        let width = b.count + 1
        var lengths = [Int32](repeating: 0, count: (a.count + 1) * width)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i * width + j] = a[i] == b[j] ? lengths[(i + 1) * width + j + 1] + 1
                    : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
            }
        }
        var i = 0, j = 0
        while i < a.count, j < b.count {
            if a[i] == b[j] { i += 1; j += 1 }
            else if lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] { removed.insert(start + i); i += 1 }
            else { added.insert(start + j); j += 1 }
        }
        while i < a.count { removed.insert(start + i); i += 1 }
        while j < b.count { added.insert(start + j); j += 1 }
    }
}
