import Foundation
import Testing
import Raster
import TestSupport

/// The editor's own screen, compared exactly with goldens (390×844 app area and the panel, real
/// fonts): the picker's outline with the id's label, the step strip and the settings of a step,
/// a rectangle with its handles, an input method's composition in a field, and the list of keys.
@Suite(.serialized) @MainActor struct EditorGoldenTests {
    static let home = EditorScenarioTests.home

    func expectGolden(_ f: EditorFixture, _ name: String) throws {
        let result = Golden.compare(try f.frame(), named: name)
        #expect(result.matches, "\(result.message)")
    }

    @Test(arguments: [
        ("editor-hover", "move card.1"),                                           // the outline and the id's label
        ("editor-step2-two-holes", "key down\ntap shift fab\nmove 500 800"),     // the strip and the settings
        ("editor-rectangle", "key down\nkey down\ndrag alt 210 600 150 120\nmove 500 800"),  // handles and size
        ("editor-composition", "tap editor.language.ja\ntap editor.title\nkey end\ncompose \"ようこそ、ほーむ\"\nmove 500 800"),
        ("editor-keys", "text \"?\""),                                           // the list of keys
    ])
    func theEditorsScreenLooksAsRecorded(name: String, script: String) throws {
        let f = try EditorFixture(text: Self.home)
        try f.run(script)
        try expectGolden(f, name)
    }
}
