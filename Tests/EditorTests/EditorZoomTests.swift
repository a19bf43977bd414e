import Foundation
import Testing
import Views
import Editor
import Raster
import Tours

/// The app's screen in any editor window: fitted beside the panel whatever its size and scale,
/// zoomed by steps and around the pointer, panned by the wheel, and picked and drawn on exactly at
/// every zoom.
@Suite(.serialized) @MainActor struct EditorZoomTests {
    /// A @3x phone screenshot in a window too small for it at its own size: the whole screen is
    /// shown, and so is the whole panel.
    @Test func aPhoneScreenshotAtThreeTimesFitsBesideThePanel() throws {
        let shot = try Pixmap(width: 1170, height: 2532, fill: Color(red: 0x30, green: 0x60, blue: 0x90))
        let f = try EditorFixture(text: #"{"id": "s", "background": "s.png", "screen": {"scale": 3}, "units": "pixels", "steps": [{"rect": [300, 600, 300, 150], "text": "Here."}]}"#,
                                  screenshot: shot, screen: (Size(390, 844), 3))
        f.editor.root.send(.resize(Size(700, 600)))
        f.session.settle()
        let screen = f.editor.editorRect(Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(screen.minX >= 0 && screen.minY >= 0 && screen.maxX <= 300.5 && screen.maxY <= 600.5, "the whole screen shows: \(screen)")
        #expect(abs(screen.height - 600) < 1, "as large as fits: \(screen)")
        let status = try #require(f.editor.root.view(withID: "editor.status") as? Text)
        #expect(status.string.contains("fit, 71%"), "\(status.string)")
        for id in ["editor.play", "editor.save", "editor.step.1"] {
            let v = try #require(f.editor.root.view(withID: id))
            #expect(v.frame.maxX <= 700 && v.frame.minX >= 300, "\(id) is on the panel, inside the window: \(v.frame)")
        }
        // The stage runs at the zoom: a point of its screen is 0.71 device pixels, not 3.
        let frame = try f.frame()
        _ = frame
        #expect(abs(f.editor.stage.root.scale - 600.0 / 844) < 0.01, "\(f.editor.stage.root.scale)")
    }

    /// A click picks the view under the pointer at every zoom, a rectangle drawn at 200% is the
    /// rectangle under the pointer, and the zoom steps go 50% to 400%.
    @Test func aClickPicksTheViewUnderThePointerAtEveryZoom() throws {
        let f = try EditorFixture(text: EditorScenarioTests.home)
        for keys in ["ctrl+0", "ctrl+minus", "ctrl+=", "ctrl+=", "ctrl+="] {
            try f.run("key \(keys == "ctrl+minus" ? "ctrl+-" : keys)")
            for id in ["card.1", "card.2", "card.3"] {
                try f.run("tap \(id)")
                #expect(f.editor.model.selectedStep?.target == .views([id]), "after \(keys): picked \(String(describing: f.editor.model.selectedStep?.target))")
            }
        }
        let status = try #require(f.editor.root.view(withID: "editor.status") as? Text)
        #expect(status.string.hasSuffix("· 150%"), "fit (100%), 75%, then three steps up: \(status.string)")
        // Ctrl-wheel at the top-left corner zooms to 200% keeping that corner in place.
        try f.run("key ctrl+0")
        for _ in 0..<3 { try f.run("scroll ctrl -40 at 0 0") }
        #expect(status.string.hasSuffix("· 200%"), "\(status.string)")
        #expect(f.editor.editorPoint(.zero) == .zero)
        // At 200%, an Alt-drag from the editor's points of (40, 120) to (160, 210) on the screen.
        let a = f.editor.editorPoint(Point(40, 120)), b = f.editor.editorPoint(Point(160, 210))
        try f.run("drag alt \(a.x) \(a.y) \(b.x - a.x) \(b.y - a.y)")
        #expect(f.editor.model.selectedStep?.target == .rects([Rect(x: 40, y: 120, width: 120, height: 90)]),
                "\(String(describing: f.editor.model.selectedStep?.target))")
        // Its right edge is still caught within a few editor points, at any zoom.
        let edge = f.editor.editorPoint(Point(160, 165))
        try f.run("drag \(edge.x + 4) \(edge.y) 40 0")
        #expect(f.editor.model.selectedStep?.target == .rects([Rect(x: 40, y: 120, width: 142, height: 90)]),
                "the edge follows the pointer: 4 + 40 editor points at 200% are 22 of the screen's")
        for _ in 0..<6 { try f.run("key ctrl+=") }
        #expect(status.string.hasSuffix("· 400%"), "at most 400%: \(status.string)")
        for _ in 0..<12 { try f.run("key ctrl+-") }
        #expect(status.string.hasSuffix("· 50%"), "at least 50%: \(status.string)")
    }

    /// Zoomed in, the wheel pans what the app does not scroll, Shift-wheel pans sideways, and
    /// Ctrl-wheel zooms keeping the point under the pointer in place.
    @Test func theWheelPansAZoomedScreenAndCtrlWheelZoomsAroundThePointer() throws {
        let shot = try Pixmap(width: 390, height: 844, fill: Color(red: 0x30, green: 0x60, blue: 0x90))
        let f = try EditorFixture(text: #"{"id": "s", "background": "s.png", "steps": [{"rect": [10, 10, 50, 50], "text": "Here."}]}"#, screenshot: shot)
        f.editor.root.send(.resize(Size(700, 600)))
        try f.run("key ctrl+1")
        let top = f.editor.editorPoint(.zero)
        try f.run("scroll 100 at 100 300")
        #expect(f.editor.editorPoint(.zero).y == top.y - 100, "the wheel pans down a screenshot taller than the window")
        try f.run("scroll 1000 at 100 300")
        #expect(f.editor.editorRect(Rect(x: 0, y: 0, width: 390, height: 844)).maxY == 600, "as far as the screen's bottom edge, no further")
        try f.run("key ctrl+=\nkey ctrl+=")   // 150%: wider than the viewport too
        let before = f.editor.editorPoint(.zero)
        try f.run("scroll shift 90 at 200 300")
        #expect(f.editor.editorPoint(.zero).x < before.x, "Shift-wheel pans sideways")
        let anchor = Point(200, 300)
        let underPointer = f.editor.appPoint(anchor)
        try f.run("scroll ctrl -40 at 200 300")
        let status = try #require(f.editor.root.view(withID: "editor.status") as? Text)
        #expect(status.string.hasSuffix("· 200%"), "\(status.string)")
        let after = f.editor.appPoint(anchor)
        #expect(abs(after.x - underPointer.x) < 0.5 && abs(after.y - underPointer.y) < 0.5, "the point under the pointer stays: \(underPointer) → \(after)")
    }
}
