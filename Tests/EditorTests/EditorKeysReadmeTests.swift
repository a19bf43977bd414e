import Foundation
import Testing
import Editor

/// The README's table of the editor's keys is `EditorKeys.all`, the list `?` shows in the window
/// (`LIMELIGHT_RECORD_README=1` writes it).
@Suite struct EditorKeysReadmeTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")

    static var table: String {
        (["| keys | action |", "|---|---|"] + EditorKeys.all.map { "| \($0.keys) | \($0.action) |" }).joined(separator: "\n") + "\n"
    }

    @Test func theReadmeListsTheEditorsKeys() throws {
        var text = try String(contentsOf: Self.readme, encoding: .utf8)
        let start = try #require(text.range(of: "<!-- editor keys -->\n"))
        let end = try #require(text.range(of: "<!-- end editor keys -->", range: start.upperBound..<text.endIndex))
        if ProcessInfo.processInfo.environment["LIMELIGHT_RECORD_README"] == "1" {
            text.replaceSubrange(start.upperBound..<end.lowerBound, with: Self.table)
            try text.write(to: Self.readme, atomically: true, encoding: .utf8)
            return
        }
        #expect(String(text[start.upperBound..<end.lowerBound]) == Self.table)
    }
}
