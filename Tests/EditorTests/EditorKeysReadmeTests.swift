import Foundation
import Testing
@testable import Editor

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

/// Every key in the editor's table does what its row says, and nothing else takes those keys.
@Suite struct EditorKeyTableTests {
    @Test func eachChordFindsItsCommand() {
        #expect(EditorKeys.command(for: .character("z"), [.control]) == .undo)
        #expect(EditorKeys.command(for: .character("z"), [.control, .shift]) == .redo)
        #expect(EditorKeys.command(for: .character("z"), [.command]) == .undo, "Command works as Control")
        #expect(EditorKeys.command(for: .character("z"), []) == nil, "a letter without Control is typing")
        #expect(EditorKeys.command(for: .up, []) == .selectPrevious)
        #expect(EditorKeys.command(for: .up, [.alt]) == .moveEarlier)
        #expect(EditorKeys.command(for: .tab, [.shift]) == .previousField)
        #expect(EditorKeys.command(for: .character("/"), [.shift]) == .toggleHelp)
        #expect(EditorKeys.command(for: .character("/"), []) == nil)
        #expect(EditorKeys.command(for: .backspace, []) == .deleteStep)
        #expect(EditorKeys.command(for: .enter, [.control]) == .togglePlay)
        #expect(EditorKeys.command(for: .enter, []) == nil)
    }

    @Test func everyRowWithKeysHasChordsAndNoTwoRowsShareOne() {
        var seen: [EditorChord] = []
        for binding in EditorKeys.bindings {
            let isGesture = ["click", "drag", "wheel"].contains { binding.keys.contains($0) }
            #expect(isGesture == binding.chords.isEmpty, "\(binding.keys): keys and chords go together")
            for (chord, _) in binding.chords {
                #expect(!seen.contains(chord), "\(binding.keys): \(chord) is another row's")
                seen.append(chord)
            }
        }
    }
}
