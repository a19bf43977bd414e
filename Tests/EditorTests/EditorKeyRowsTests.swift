import Foundation
import Testing
import Views
import Editor
import Raster
import Schema
import Tours

/// Every key in the panel, from the schema's rows: a number, a flag, a choice, a text in the
/// language shown, a colour, and JSON for a list, set with their rows and written where the format
/// lists them; an empty row is the default again; what a key does not take is refused.
@Suite(.serialized) @MainActor struct EditorKeyRowsTests {
    /// Every key of the schema has a row (but those the panel sets another way, and lists' items).
    @Test func everyKeyHasARow() throws {
        let f = try EditorFixture(text: EditorScenarioTests.home)
        try f.run("scroll 600 at 590 600\ntap editor.stepKeys\nscroll 3000 at 590 600\ntap editor.tourKeys")
        for info in TourFormat.keys where !info.path.contains("[].") || info.path.hasPrefix("steps[].") && !info.path.dropFirst(8).contains("[]") {
            let isStep = info.path.hasPrefix("steps[].")
            let rest = isStep ? String(info.path.dropFirst(8)) : info.path
            // A key with a control of its own sets the keys inside it too (a target's anchors).
            let top = String(rest.prefix { $0 != "." })
            if info.path == "steps" || (isStep && EditorPanelKeys.withControls.contains(top)) || info.kind == .object { continue }
            if ["show.", "steps[].advanceOn.", "steps[].shape.", "steps[].demo."].contains(where: { info.path.hasPrefix($0) }) { continue }
            let id = (isStep ? "editor.key.step." : "editor.key.tour.") + rest
            #expect(f.editor.root.view(withID: id) != nil, "a row for \(info.path)")
        }
    }

    /// The step's steppers take their range and first value from the keys' rows, as the README and
    /// the JSON Schema do: a file's padding of 300 shows as 300, not as the stepper's own top.
    @Test func theSteppersFollowTheRows() throws {
        let f = try EditorFixture(text: EditorScenarioTests.home)
        for name in ["cornerRadius", "padding", "feather"] {
            let info = try #require(TourFormat.keys.first { $0.path == "steps[]." + name })
            let stepper = try #require(f.editor.root.view(withID: "editor." + name) as? Stepper, "editor.\(name)")
            #expect(stepper.range == info.kind.numberRange, "\(name): \(stepper.range) against \(info.value)")
            if case .number(let initial)? = info.initialValue {
                #expect(info.defaultValue == "`\(initial.compact)`", "\(name): the README's default is the row's")
            } else {
                Issue.record("\(name) has no default value in its row")
            }
        }
    }

    @Test func rowsSetTheirKeys() throws {
        let f = try EditorFixture(text: EditorScenarioTests.home)
        try f.run("scroll 600 at 590 600\ntap editor.stepKeys\nscroll 3000 at 590 600\ntap editor.tourKeys")
        func type(_ id: String, _ text: String) throws {
            let field = try #require(f.editor.root.view(withID: id) as? TextField, "\(id)")
            f.editor.root.focus(field)
            field.select(0..<field.text.count)
            try f.run("text \"\(text.replacingOccurrences(of: "\"", with: "\\\""))\"\nkey enter")
        }
        try type("editor.key.step.waitFor", "1500")
        try type("editor.key.step.label", "The app's title")
        try type("editor.key.tour.dim.opacity", "0.7")
        try type("editor.key.tour.dim.color", "#102030")
        try type("editor.key.step.buttons", #"[{"title": "On", "goto": "next"}, {"title": "Stop", "goto": "end"}]"#)
        let step = try #require(f.editor.model.document.steps.first)
        #expect(step["waitFor"]?.numberValue == 1500)
        #expect(step["label"]?["en"]?.stringValue == "The app's title", "by language, as the tour's texts are")
        #expect(step["buttons"]?.text() == #"[{"title": "On", "goto": "next"}, {"title": "Stop", "goto": "end"}]"#, "\(step["buttons"]?.text() ?? "none")")
        #expect(f.editor.model.document.root["dim"]?["opacity"]?.numberValue == 0.7)
        #expect(f.editor.model.document.root["dim"]?["color"]?.stringValue == "#102030")
        #expect(f.editor.model.loaded?.tour.dimOpacity == 0.7, "the tour loads with it: \(f.editor.model.problems)")
        // A flag's row: yes, then default again (the key goes).
        let interactive = try #require(f.editor.root.view(withID: "editor.key.step.interactive") as? SegmentedControl)
        interactive.onSelect?(1)
        #expect(f.editor.model.document.steps.first?["interactive"]?.value == .bool(true))
        interactive.onSelect?(0)
        #expect(f.editor.model.document.steps.first?["interactive"] == nil)
        // Emptied, a row is the default again.
        try type("editor.key.step.waitFor", "")
        #expect(f.editor.model.document.steps.first?["waitFor"] == nil)
        // Not a number: refused, nothing changes.
        let before = f.editor.model.document
        try type("editor.key.tour.dim.opacity", "lots")
        #expect(f.editor.model.document == before)
        #expect(f.log.contains { $0.contains("dim.opacity: \"lots\" is not a number") }, "\(f.log)")
        // Out of range: written, and the schema says what is wrong, as for any edit.
        try type("editor.key.tour.dim.opacity", "3")
        #expect(f.editor.model.problems.contains { $0.path == "dim.opacity" }, "\(f.editor.model.problems)")
    }
}
