import Foundation
import Schema
import Testing
@testable import Editor
@testable import Tours

/// Editing a tour file as JSON: untouched parts keep their text, changed parts follow the file's
/// indentation, and an unchanged document writes back byte for byte.
@Suite struct TourDocumentTests {
    static let tours = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("assets/tours")

    @Test(arguments: ["home.json", "fab.json", "screenshot.json"])
    func anUnchangedDocumentIsTheSameByteForByte(file: String) throws {
        let text = try String(contentsOf: Self.tours.appendingPathComponent(file), encoding: .utf8)
        let document = try TourDocument(text: text)
        #expect(document.text == text)
        var touched = document
        touched.steps = document.steps
        #expect(touched.text == text, "setting the same steps changes nothing")
    }

    @Test func aChangedMemberRewritesOnlyItsStep() throws {
        let text = try String(contentsOf: Self.tours.appendingPathComponent("home.json"), encoding: .utf8)
        var document = try TourDocument(text: text)
        var steps = document.steps
        steps[1]["padding"] = .number(10)
        steps[1]["title"]?["ja"] = .string("カード一覧")
        document.steps = steps
        let old = text.components(separatedBy: "\n"), new = document.text.components(separatedBy: "\n")
        #expect(old.count == new.count)
        let changed = zip(old, new).filter { $0 != $1 }
        #expect(changed.map(\.1) == ["      \"padding\": 10,", "        \"ja\": \"カード一覧\","], "\(changed)")
        #expect(try JSONParser.parse(document.text)["steps"] != nil)
    }

    @Test func newMembersAndStepsFollowTheFilesIndentation() throws {
        let text = "{\n    \"id\": \"t\",\n    \"steps\": [\n        {\"target\": \"fab\", \"text\": \"Hi\"}\n    ]\n}\n"
        var document = try TourDocument(text: text)
        #expect(document.indent == "    ")
        var steps = document.steps
        steps[0].setMember("placement", .string("above"), after: ["target"])
        steps.append(.object([("target", .string("nav.title")), ("text", .string("Title"))]))
        document.steps = steps
        #expect(document.text == """
        {
            "id": "t",
            "steps": [
                {"target": "fab", "placement": "above", "text": "Hi"},
                {
                    "target": "nav.title",
                    "text": "Title"
                }
            ]
        }

        """)
    }

    @Test func stringsAndNumbersAreWrittenAsJSON() {
        let tree = JSONTree.object([("a", .string("line\nbreak \"q\" \\ \u{1}")), ("n", .number(2.5)), ("w", .number(-3)),
                                    ("rect", .array([.number(1), .number(2), .number(3), .number(4)]))])
        #expect(tree.text() == "{\n  \"a\": \"line\\nbreak \\\"q\\\" \\\\ \\u0001\",\n  \"n\": 2.5,\n  \"w\": -3,\n  \"rect\": [1, 2, 3, 4]\n}")
    }
}

extension JSONNode {
    /// The value of the member `key`, for tests.
    subscript(key: String) -> JSONNode? {
        if case .object(let members) = value { return members.first { $0.key == key }?.value }
        return nil
    }
}
