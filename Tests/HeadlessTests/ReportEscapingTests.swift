import Foundation
import Schema
import Testing
import Raster
import Tours
@testable import Headless

/// JUnit XML and the HTML report hold whatever a tour names (file names, ids, texts) as text.
@Suite struct ReportEscapingTests {
    static let hostile = "x&<script>alert(1)</script>\"'\u{1}"

    func results() -> ([TestRun.TourEntry], [CaseResult]) {
        let tour = PlannedTour(file: "/t/\(Self.hostile).json", name: Self.hostile, tour: nil, problems: [])
        var failed = CaseResult(testCase: SnapshotCase(tour: Self.hostile, size: Size(390, 844), scale: 1, language: "en",
                                                       moment: .step(index: 0, milliseconds: nil)),
                                outcome: .failed, golden: "/t/g.png")
        failed.problems = ["the bubble covers the hole of \"\(Self.hostile)\""]
        failed.actual = "r/\(Self.hostile)/a.png"
        var broken = tour
        broken.problems = [Diagnostic(file: tour.file, line: 3, path: "steps[0].text", message: Self.hostile)]
        let error = CaseResult.error(SnapshotCase(tour: Self.hostile, size: Size(0, 0), scale: 1, language: "", moment: .tourFile),
                                     golden: "/t/g2.png", cause: .badInput, problem: broken.problems[0].description)
        return ([broken.entry], [failed, error])
    }

    @Test func xmlEscapesMarkupAndControls() {
        #expect(JUnitReport.escape(Self.hostile) == "x&amp;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;\\u{1}")
        let (tours, results) = results()
        let xml = JUnitReport.xml(tours: tours, results: results)
        #expect(!xml.contains("<script>"))
        #expect(!xml.unicodeScalars.contains("\u{1}"))
        #expect(xml.contains("tests=\"2\" failures=\"1\" errors=\"1\""), "the case that failed and the case of the tour that cannot run")
    }

    @Test func htmlEscapesEverythingFromATour() {
        let (tours, results) = results()
        let page = HTMLReport.page(tours: tours, results: results, warnings: []) { r in
            HTMLReport.Images(golden: nil, actual: r.actual.map { "data:image/png;base64,\($0)" }, diff: nil)
        }
        // The only script element is the report's own.
        #expect(page.components(separatedBy: "<script").count == 2)
        #expect(page.contains("x&amp;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;"))
        #expect(page.contains("src=\"data:image/png;base64,r/x&amp;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;"), "image URLs are escaped")
        #expect(!page.contains("http://") && !page.contains("https://"), "nothing is fetched from the network")
    }
}
