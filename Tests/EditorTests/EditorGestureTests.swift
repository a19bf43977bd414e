import Foundation
import Testing
import Editor
import Tours

/// The step's gesture in the editor: picking one writes the step's `demo` (the name alone for a
/// gesture that stays, an object with its way for one that moves, what else it held kept), the
/// way shows only for a moving one, "none" takes it away, and the saved tour loads with it.
@Suite(.serialized) @MainActor struct EditorGestureTests {
    static let tour = #"{"id": "g", "steps": [{"target": "fab", "text": "Add one.", "demo": {"gesture": "drag", "to": "tab.menu"}}]}"#

    @Test func pickingAGestureWritesTheStepsDemo() throws {
        let f = try EditorFixture(text: Self.tour)
        try f.run("wait 100")
        #expect(f.editor.root.view(withID: "editor.demo.direction") != nil, "a drag has a way")
        try f.run("tap editor.demo.swipe\nwait 100")
        var demo = try #require(f.editor.model.loaded?.tour.steps.first?.demo)
        #expect(demo.kind == .swipe && demo.direction == .left && demo.to == "tab.menu", "a swipe goes left unless the step said a way; its other keys are kept: \(demo)")
        try f.run("tap editor.demo.direction.up\nwait 100")
        demo = try #require(f.editor.model.loaded?.tour.steps.first?.demo)
        #expect(demo.kind == .swipe && demo.direction == .up)
        try f.run("tap editor.demo.doubleTap\nwait 100")
        #expect(f.editor.model.loaded?.tour.steps.first?.demo?.kind == .doubleTap)
        #expect(f.editor.root.view(withID: "editor.demo.direction") == nil, "a double tap has no way")
        #expect(f.editor.model.document.text.contains(#""demo": "doubleTap""#), "\(f.editor.model.document.text)")
        try f.run("tap editor.demo.none\nwait 100\nkey ctrl+s")
        let saved = try #require(f.saved)
        #expect(!saved.contains("demo"), "\(saved)")
    }
}
