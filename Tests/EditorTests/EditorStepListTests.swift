import Foundation
import Testing
import Views
import Editor
import Raster
import Tours

/// The step list: a step moves by dragging its row's handle (one step of the history, the moved
/// step selected), the list scrolls to every step, and thumbnails keep their screen's shape.
@Suite(.serialized) @MainActor struct EditorStepListTests {
    func titles(_ f: EditorFixture) -> [String] {
        f.editor.model.document.steps.map { StepFields($0).text("title", in: "en") }
    }

    @Test func draggingAHandleMovesTheStepThere() throws {
        let f = try EditorFixture(text: EditorScenarioTests.home)
        #expect(titles(f) == ["Welcome", "Cards", "Add a card", "Two tabs", "Try an overlay"])
        let first = try #require(f.editor.root.view(withID: "editor.step.1"))
        let third = try #require(f.editor.root.view(withID: "editor.step.3"))
        let handle = try #require(f.editor.root.view(withID: "editor.step.1.handle"))
        try f.run("drag editor.step.1.handle 0 \(third.frame.midY - handle.frame.midY)")
        #expect(titles(f) == ["Cards", "Add a card", "Welcome", "Two tabs", "Try an overlay"], "\(titles(f))")
        #expect(f.editor.model.selected == 2, "the moved step is selected")
        try f.run("key ctrl+z")
        #expect(titles(f) == ["Welcome", "Cards", "Add a card", "Two tabs", "Try an overlay"], "one undo step")
        _ = first
        // Up again, from the last row to the first (the list scrolls to it first).
        try f.run("scroll 400 at editor.step.1\ntap editor.step.5")
        let last = try #require(f.editor.root.view(withID: "editor.step.5.handle"))
        let top = try #require(f.editor.root.view(withID: "editor.step.5")).frame
        try f.run("drag editor.step.5.handle 0 \(-(last.frame.midY - top.minY) - 400)")
        #expect(titles(f).first == "Try an overlay", "\(titles(f))")
    }

    @Test func everyStepCanBeScrolledToAndPicked() throws {
        let f = try EditorFixture(text: EditorScenarioTests.home)
        for i in [5, 1, 4, 2] {
            // The wheel scrolls the list where the row is out of sight.
            let list = try #require(f.editor.root.view(withID: "editor.step.1")?.parent?.parent)
            let row = f.editor.root.view(withID: "editor.step.\(i)")
            if let row, row.visibleFrame.height < row.frame.height {
                try f.run("scroll \(row.frame.midY - list.frame.midY) at \(list.frame.midX) \(list.frame.midY)")
            }
            try f.run("tap editor.step.\(i)")
            #expect(f.editor.model.selected == i - 1)
        }
    }

    @Test func aLandscapeScreensThumbnailIsWide() throws {
        let shot = try Pixmap(width: 1440, height: 900, fill: Color(red: 0x30, green: 0x60, blue: 0x90))
        let f = try EditorFixture(text: #"{"id": "d", "background": "d.png", "screen": {"size": [1440, 900]}, "steps": [{"rect": [10, 10, 300, 50], "text": "Search."}]}"#,
                                  screenshot: shot, screen: (Size(1440, 900), 1), screenshotFile: "d.png")
        let row = try #require(f.editor.root.view(withID: "editor.step.1"))
        var images: [ImageView] = []
        func collect(_ v: View) { if let i = v as? ImageView { images.append(i) }; v.children.forEach(collect) }
        collect(row)
        let image = try #require(images.first)
        let picture = try #require(image.image)
        #expect(picture.width == 96 && picture.height == 60, "\(picture.width)x\(picture.height)")
    }
}
