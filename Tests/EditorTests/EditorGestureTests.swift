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

    /// A point of the app in the editor's window, as a script writes it.
    static func at(_ f: EditorFixture, _ p: (x: Double, y: Double)) -> String {
        let q = f.editor.editorPoint(.init(p.x, p.y))
        return "\(q.x) \(q.y)"
    }

    @Test func draggingTheGesturesEndSetsItsWayAndLengthOrWhereItEnds() throws {
        let f = try EditorFixture(text: #"{"id": "g", "steps": [{"target": "card.0", "text": "Swipe it.", "demo": {"gesture": "swipe", "direction": "left"}}]}"#)
        try f.run("wait 300")
        let path = try #require(f.editor.engineShown?.spotlight?.demoPathOnScreen)
        let center = (x: (path.start.x + path.end.x) / 2, y: (path.start.y + path.end.y) / 2)
        // The handle on the swipe's end, dragged to 70 points below the card's centre: a swipe down, 140 long.
        let from = Self.at(f, (path.end.x, path.end.y)), to = Self.at(f, (center.x, center.y + 70))
        try f.run("down \(from)\nmove \(Self.at(f, (center.x + 5, center.y + 40)))\nmove \(to)\nup \(to)\nwait 300")
        var demo = try #require(f.editor.model.loaded?.tour.steps.first?.demo)
        #expect(demo.kind == .swipe && demo.direction == .down && demo.distance == 140, "\(demo)")
        #expect(f.editor.model.document.text.contains(#""demo": {"gesture": "swipe", "direction": "down", "distance": 140}"#), "the object keeps its way of being written: \(f.editor.model.document.text)")
        // One drag is one step of the history.
        try f.run("key ctrl+z\nwait 100")
        demo = try #require(f.editor.model.loaded?.tour.steps.first?.demo)
        #expect(demo.direction == .left && demo.distance == nil, "\(demo)")
    }

    @Test func aDragDroppedOnAViewEndsThere() throws {
        let f = try EditorFixture(text: #"{"id": "g", "steps": [{"target": "card.0", "text": "Drag it.", "demo": {"gesture": "drag", "direction": "right", "distance": 80}}]}"#)
        try f.run("wait 300")
        let path = try #require(f.editor.engineShown?.spotlight?.demoPathOnScreen)
        let fab = try #require(f.editor.stage.root.view(withID: "fab")?.frame)
        let from = Self.at(f, (path.end.x, path.end.y)), to = Self.at(f, (fab.midX, fab.midY))
        try f.run("down \(from)\nmove \(to)\nup \(to)\nwait 300")
        let demo = try #require(f.editor.model.loaded?.tour.steps.first?.demo)
        #expect(demo.kind == .drag && demo.to == "fab" && demo.direction == nil && demo.distance == nil, "\(demo)")
        let moved = try #require(f.editor.engineShown?.spotlight?.demoPathOnScreen)
        #expect(abs(moved.end.x - fab.midX) < 1 && abs(moved.end.y - fab.midY) < 1, "the shown gesture ends on the button")
    }
}
