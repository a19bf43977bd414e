import Foundation
import Testing
import Raster
import Tours
@testable import Headless

/// The report marks the lines of a screen-reader tree or of the spoken words that changed: removed
/// in the golden, added in the actual, the rest plain; a huge text is marked in time and memory
/// in proportion to its length.
@Suite struct ReportTextDiffTests {
    func lines(_ s: String) -> [Substring] { s.split(separator: "\n", omittingEmptySubsequences: false) }

    @Test func onlyTheChangedLinesAreMarked() {
        let diff = LineDiff(golden: lines("a\nb\nc\nd"), actual: lines("a\nB\nc\nd\ne"))
        #expect(diff.removed == [1] && diff.added == [1, 4])
        #expect(LineDiff(golden: lines("x\ny"), actual: lines("x\ny")) == LineDiff(golden: [], actual: []))
        // A line moved down: the common subsequence keeps the rest unmarked.
        let moved = LineDiff(golden: lines("1\n2\n3\n4\n5"), actual: lines("2\n3\n4\n1\n5"))
        #expect(moved.removed == [0] && moved.added == [3])
    }

    @Test func aHugeMiddleIsMarkedWhole() {
        let golden = (0..<3000).map { Substring("line \($0)") }
        let actual = (0..<3000).map { Substring("row \($0)") }
        let diff = LineDiff(golden: golden, actual: actual)
        #expect(diff.removed.count == 3000 && diff.added.count == 3000)
    }

    @Test func theReportShowsTheChangedLinesMarked() {
        let c = SnapshotCase(tour: "t", size: Size(390, 844), scale: 1, language: "en", moment: .step(index: 0, milliseconds: nil))
        let failed = CaseResult(testCase: c, outcome: .failed, golden: "/t/g.png")
        let pair = HTMLReport.TextPair(label: "spoken words", golden: "Step 1 of 2: Photo\nLook <here>.", actual: "Step 1 of 2: Map\nLook <here>.")
        let page = HTMLReport.page(tours: [], results: [failed], warnings: []) { _ in
            HTMLReport.Images(golden: nil, actual: nil, diff: nil, texts: [pair])
        }
        #expect(page.contains("<pre><del>Step 1 of 2: Photo</del>\nLook &lt;here&gt;.</pre>"), "\(page)")
        #expect(page.contains("<pre><ins>Step 1 of 2: Map</ins>\nLook &lt;here&gt;.</pre>"), "\(page)")
    }
}
