import Foundation
import Testing
import Views
import Editor
import Raster
import Tours

/// What the editor shows while it records, headless: the record button turns red and says Stop,
/// the status line says so first, a new tour emptied for the recording is no problem, and the
/// panel shows no step's settings while there is no step.
@Suite(.serialized) @MainActor struct EditorRecordingStateTests {
    /// The words of the first text inside `view`.
    static func words(in view: View?) -> String? {
        guard let view else { return nil }
        if let text = view as? Text { return text.string }
        return view.children.lazy.compactMap { words(in: $0) }.first
    }

    /// Pixels of `frame` within `rect` that are the recording red, #C62828 (anti-aliased edges aside).
    static func redPixels(in frame: Pixmap, _ rect: Rect) -> Int {
        var n = 0
        for y in Int(rect.minY)..<min(frame.height, Int(rect.maxY)) {
            for x in Int(rect.minX)..<min(frame.width, Int(rect.maxX)) {
                let c = frame.color(x: x, y: y)
                if abs(Int(c.red) - 0xC6) <= 8 && abs(Int(c.green) - 0x28) <= 8 && abs(Int(c.blue) - 0x28) <= 8 { n += 1 }
            }
        }
        return n
    }

    /// Starting a recording runs no frame of the fresh app from the key's handling: its first frame
    /// comes inside the editor's (the only place a root shown in the editor runs one), and the first
    /// tap is compared with the ids it showed then (the FAB was there: the step waits for nothing).
    @Test func startingARecordingRunsNoFrameOfTheAppOutsideTheEditors() throws {
        let f = try EditorFixture(text: nil, name: "bank.json")
        f.editor.root.send(.key(.character("r"), modifiers: [.control]))
        let app = f.editor.stage.root
        #expect(app.needsLayout, "the fresh app waits for its first frame")
        var violations: [PhaseViolation] = []
        app.onPhaseViolation = { violations.append($0) }
        f.session.settle()
        #expect(!app.needsLayout && violations.isEmpty, "\(violations)")
        try f.run("tap fab")
        let step = try #require(f.editor.model.document.steps.first)
        #expect(step["target"]?["id"]?.stringValue == "fab" && step["target"]?["role"]?.stringValue == "button" && step["waitFor"] == nil, "\(step.text())")
    }

    /// A tap on an element that no view with an id holds is recorded by its role and name, and
    /// the script taps its point.
    @Test func aTapOnAnElementWithoutAnIdIsRecordedByRoleAndName() throws {
        let f = try EditorFixture(text: nil, name: "bank.json")
        f.editor.root.send(.key(.character("r"), modifiers: [.control]))
        f.session.settle()
        let fab = try #require(f.editor.stage.root.view(withID: "fab"))
        let at = f.editor.editorRect(fab.frame).center
        fab.id = nil
        try f.run("tap \(at.x) \(at.y)")
        f.editor.root.send(.key(.escape))
        f.session.settle()
        let step = try #require(f.editor.model.document.steps.first)
        #expect(step["target"]?.text() == #"{ "role": "button", "name": "Add a card" }"#, "\(step.text())")
        let lines = f.editor.model.document.root["test"]?["scripts"]?.arrayValue?.first?["lines"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(lines.contains { $0.hasPrefix("tap ") && $0 != "tap fab" }, "the script taps the point: \(lines)")
    }

    @Test func recordingShowsThatItRecords() throws {
        let f = try EditorFixture(text: nil, name: "bank.json")
        let status = try #require(f.editor.root.view(withID: "editor.status") as? Text)
        let problems = try #require(f.editor.root.view(withID: "editor.problems") as? Text)
        let button = try #require(f.editor.root.view(withID: "editor.record"))
        #expect(Self.words(in: button) == "● Rec")
        #expect(Self.redPixels(in: try f.frame(), button.frame) == 0)

        try f.run("key ctrl+r")
        // The button: red, and it says what pressing it does now.
        #expect(Self.words(in: button) == "■ Stop")
        let area = Int(button.frame.width * button.frame.height)
        let red = Self.redPixels(in: try f.frame(), button.frame)
        #expect(red > area / 2, "the record button is red while recording: \(red) of \(area) pixels")
        // The status line says it first (it is cut at the panel's width), in the same red.
        #expect(status.string.hasPrefix("● Recording: 0 steps recorded"), "\(status.string)")
        #expect(Self.redPixels(in: try f.frame(), status.frame) > 20, "the status line is red")
        // The new tour's placeholder step gave way: no step, and that is no problem yet.
        #expect(f.editor.model.stepCount == 0)
        #expect(problems.string.isEmpty, "an empty tour while recording is not an error: \(problems.string)")
        // No step's settings beside "0 steps": the placeholder's are gone.
        #expect(f.editor.root.view(withID: "editor.noStep").map { ($0 as? Text)?.string.contains("Recording") == true } == true)
        #expect(f.editor.root.view(withID: "editor.target") == nil && f.editor.root.view(withID: "editor.title") == nil,
                "the deleted step's fields are not shown")

        try f.run("tap fab")
        #expect(f.editor.model.stepCount == 1)
        #expect(status.string.hasPrefix("● Recording: 1 step recorded"), "\(status.string)")
        #expect((f.editor.root.view(withID: "editor.target") as? Text)?.string == "Target: fab", "the recorded step's settings")

        try f.run("key escape")
        #expect(Self.words(in: button) == "● Rec" && !status.string.contains("Recording"), "\(status.string)")
        #expect(Self.redPixels(in: try f.frame(), button.frame) == 0)
    }

    /// Stopping without a tap gives a new tour its first step back, as it was before.
    @Test func aRecordingWithoutTapsLeavesANewTourAsItWas() throws {
        let f = try EditorFixture(text: nil, name: "bank.json")
        let before = f.editor.model.document.text
        try f.run("key ctrl+r\nkey escape")
        #expect(f.editor.model.stepCount == 1 && f.editor.model.document.text == before)
        #expect(f.editor.model.problems.isEmpty)
    }
}
