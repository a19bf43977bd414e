import Foundation
@testable import ScreensApp
import Testing

/// The README's tables of a screens file's keys are made from the key rows the loader reads
/// (`ScreensSchema`): a key added, renamed or redocumented there and not in the README fails here.
/// `LIMELIGHT_RECORD_README=1` writes the tables into the README instead.
@Suite(.serialized) struct ReadmeScreensTablesTests {
    static let readme = repositoryFolder.appendingPathComponent("README.md")

    @Test(arguments: [("screens keys", ScreensFormat.appTable), ("view keys", ScreensFormat.viewTable), ("action keys", ScreensFormat.actionTable)])
    func theReadmesTableIsTheDeclaredOne(name: String, table: String) throws {
        var text = try String(contentsOf: Self.readme, encoding: .utf8)
        guard let start = text.range(of: "<!-- \(name) -->\n"),
              let end = text.range(of: "<!-- end \(name) -->", range: start.upperBound..<text.endIndex) else {
            Issue.record("README.md has no <!-- \(name) --> … <!-- end \(name) --> section")
            return
        }
        let range = start.upperBound..<end.lowerBound
        if ProcessInfo.processInfo.environment["LIMELIGHT_RECORD_README"] == "1" {
            text.replaceSubrange(range, with: table + "\n")
            try text.write(to: Self.readme, atomically: true, encoding: .utf8)
            return
        }
        #expect(String(text[range]) == table + "\n", "README.md's \(name) differ from ScreensSchema (LIMELIGHT_RECORD_README=1 writes them)")
    }
}
