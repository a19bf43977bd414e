import Foundation
import Testing
import Views
import Demo
import Editor
import Raster
import Tours
import TestSupport

/// The editor's scenarios, headless: pick by click and Shift-click, draw a rectangle, type (Japanese
/// through an input method's composition), reorder, undo and redo, save, and the saved file read back.
@Suite(.serialized) @MainActor struct EditorScenarioTests {
    static let home = try! String(contentsOf: EditorFixture.repository.appendingPathComponent("assets/tours/home.json"), encoding: .utf8)

    @Test func aClickPicksTheViewUnderThePointerAndShiftClickAddsAnother() throws {
        let f = try EditorFixture(text: Self.home)
        try f.run("tap editor.step.2\ntap card.1")
        #expect(f.editor.model.selectedStep?.target == .views(["card.1"]))
        try f.run("tap shift fab")
        #expect(f.editor.model.selectedStep?.target == .views(["card.1", "fab"]))
        try f.run("tap shift card.1")
        #expect(f.editor.model.selectedStep?.target == .views(["fab"]), "Shift-click on a hole takes it away")
        #expect(f.editor.engineShown?.spotlight?.holes.map(\.target) == [.element(ElementQuery(id: "fab", role: .button, name: "Add a card"))],
                "the step is shown as it will look, its target written with its role and name")
        #expect(f.editor.model.document.steps[1]["target"]?.text() == #"{ "id": "fab", "role": "button", "name": "Add a card" }"#)
    }

    /// Where no view has an id, a click picks the element under the pointer by its role and name,
    /// and Shift-click adds or takes it away as it does a view.
    @Test func aClickOnAnElementWithoutAnIdPicksItByRoleAndName() throws {
        let f = try EditorFixture(text: Self.home)
        try f.run("tap editor.step.2")
        let fab = try #require(f.editor.stage.root.view(withID: "fab"))
        let at = f.editor.editorRect(fab.frame).center
        fab.id = nil
        try f.run("tap \(at.x) \(at.y)")
        #expect(f.editor.model.document.steps[1]["target"]?.text() == #"{ "role": "button", "name": "Add a card" }"#)
        #expect(f.editor.engineShown?.spotlight?.holes.map(\.target) == [.element(ElementQuery(role: .button, name: "Add a card"))])
        #expect((f.editor.root.view(withID: "editor.target") as? Text)?.string == #"Target: button "Add a card""#, "the panel names it")
        try f.run("tap shift card.1")
        try f.run("tap shift \(at.x) \(at.y)")
        #expect(f.editor.model.document.steps[1]["target"]?["id"]?.stringValue == "card.1", "Shift-click on the element takes it away")
    }

    @Test func altDragDrawsARectangleWhoseEdgesDragAfter() throws {
        let f = try EditorFixture(text: Self.home)
        try f.run("drag alt 40 120 120 90")
        #expect(f.editor.model.selectedStep?.target == .rects([Rect(x: 40, y: 120, width: 120, height: 90)]))
        try f.run("drag 160 150 40 0")   // the right edge
        #expect(f.editor.model.selectedStep?.target == .rects([Rect(x: 40, y: 120, width: 160, height: 90)]))
        try f.run("drag 100 160 -20 10")  // the inside moves it
        #expect(f.editor.model.selectedStep?.target == .rects([Rect(x: 20, y: 130, width: 160, height: 90)]))
        try f.run("drag alt shift 250 400 60 60")
        #expect(f.editor.model.selectedStep?.target == .rects([Rect(x: 20, y: 130, width: 160, height: 90), Rect(x: 250, y: 400, width: 60, height: 60)]))
        let step = try #require(f.editor.model.document.steps.first)
        #expect(step["rects"]?.text() == "[[20, 130, 160, 90], [250, 400, 60, 60]]")
    }

    /// Each drag is one step of the history: a resize and then a move undo one at a time, and the
    /// undo after them reverts the drawing, on the same step.
    @Test func eachDragIsOneUndoStep() throws {
        let f = try EditorFixture(text: Self.home)
        try f.run("drag alt 40 120 120 90")
        try f.run("drag 160 150 40 0")   // resize by the right edge
        try f.run("drag 100 160 -20 10")  // move by the inside
        #expect(f.editor.model.selectedStep?.target == .rects([Rect(x: 20, y: 130, width: 160, height: 90)]))
        try f.run("key ctrl+z")
        #expect(f.editor.model.selectedStep?.target == .rects([Rect(x: 40, y: 120, width: 160, height: 90)]), "the move is undone alone")
        try f.run("key ctrl+z")
        #expect(f.editor.model.selectedStep?.target == .rects([Rect(x: 40, y: 120, width: 120, height: 90)]), "then the resize")
        #expect(f.editor.model.selected == 0, "on the same step")
    }

    /// A tour measured on a @3x screenshot's pixels shows its rectangles in whole pixels, as the
    /// file has them, and a drag writes whole pixels.
    @Test func aPixelTourShowsAndWritesWholePixels() throws {
        let shot = try Pixmap(width: 390, height: 844, fill: Color(red: 0x30, green: 0x60, blue: 0x90))
        let f = try EditorFixture(text: #"{"id": "s", "background": "s.png", "screen": {"scale": 3}, "units": "pixels", "steps": [{"rect": [300, 600, 301, 151], "text": "Here."}]}"#,
                                  screenshot: shot)
        let label = try #require(f.editor.root.view(withID: "editor.target") as? Text)
        #expect(label.string == "Target: rect 300, 600  301 × 151 px", "\(label.string)")
        try f.run("drag 150 220 10 5")   // the inside moves it by 10, 5 points: 30, 15 pixels
        let step = try #require(f.editor.model.document.steps.first)
        #expect(step["rect"]?.text() == "[330, 615, 301, 151]", "\(step["rect"]?.text() ?? "none")")
        #expect(label.string == "Target: rect 330, 615  301 × 151 px", "\(label.string)")
    }

    /// Ctrl-Q with nothing unsaved ends the editor; with unsaved changes it asks, and each answer
    /// does what it says: cancel keeps editing, don't save ends with the file as it was, save
    /// writes it and ends.
    @Test func quittingWithUnsavedChangesAsks() throws {
        let clean = try EditorFixture(text: Self.home)
        try clean.run("key ctrl+q")
        #expect(clean.editor.wantsToQuit, "nothing to lose: it ends")

        for answer in ["cancel", "discard", "save"] {
            let f = try EditorFixture(text: Self.home)
            let before = try #require(f.saved)
            try f.run("tap editor.step.3\ntap editor.title\nkey ctrl+a\ntext \"Changed\"\nkey escape\nkey ctrl+q")
            #expect(!f.editor.wantsToQuit, "\(answer): it asks first")
            try f.run("wait 50")
            let question = try #require(f.editor.root.view(withID: "editor.quitQuestion"))
            #expect(f.editor.root.hitTest(question.frame.center)?.isDescendant(of: question) == true, "the question shows, on top")
            #expect(f.editor.shouldQuit() == false, "a window close asks too, and waits for the answer")
            try f.run("tap editor.quit.\(answer)\nwait 50")
            switch answer {
            case "cancel":
                #expect(!f.editor.wantsToQuit && f.editor.model.isModified && f.saved == before, "back to editing, nothing written")
                let card = try #require(f.editor.root.view(withID: "editor.quitQuestion"))
                let under = f.editor.root.hitTest(card.frame.center)
                #expect(under.map { !$0.isDescendant(of: card) } ?? true, "the question is gone: a click there reaches the editor beneath")
            case "discard":
                #expect(f.editor.wantsToQuit && f.saved == before, "ends, the file as it was")
            default:
                #expect(f.editor.wantsToQuit && f.saved?.contains("Changed") == true, "written, then ends")
            }
        }
    }

    /// A tour without steps says so and offers its first step.
    @Test func anEmptyTourOffersItsFirstStep() throws {
        let f = try EditorFixture(text: #"{"id": "new", "steps": []}"#)
        let status = try #require(f.editor.root.view(withID: "editor.status") as? Text)
        #expect(status.string.hasPrefix("0 steps · no step selected"), "\(status.string)")
        try f.run("tap editor.addFirst")
        #expect(f.editor.model.stepCount == 1 && f.editor.model.selected == 0)
        #expect(status.string.hasPrefix("1 step · step 1 selected"), "\(status.string)")
        #expect(f.editor.root.view(withID: "editor.addFirst") == nil, "the offer goes with the first step")
    }

    @Test func overAScreenshotAPlainDragDrawsTheRectangle() throws {
        let shot = try Pixmap(width: 390, height: 844, fill: Color(red: 0x30, green: 0x60, blue: 0x90))
        let f = try EditorFixture(text: #"{"id": "s", "background": "s.png", "steps": [{"rect": [10, 10, 50, 50], "text": "Here."}]}"#, screenshot: shot)
        try f.run("drag 100 200 80 40")
        #expect(f.editor.model.selectedStep?.target == .rects([Rect(x: 100, y: 200, width: 80, height: 40)]))
    }

    @Test func typingEditsTheTextInTheLanguageChosenIncludingAComposition() throws {
        let f = try EditorFixture(text: Self.home)
        try f.run("""
        tap editor.step.3
        tap editor.language.ja
        tap editor.title
        key ctrl+a
        compose "かーど"
        commit
        text "を足す"
        """)
        let title = try #require(f.editor.model.document.steps[2]["title"])
        #expect(title["ja"]?.stringValue == "かーどを足す")
        #expect(title["en"]?.stringValue == "Add a card", "the other language stays")
        #expect(f.editor.engineShown?.coachMark(for: 2)?.title == "かーどを足す", "the app speaks Japanese now, and the bubble says it")
    }

    @Test func reorderUndoAndRedo() throws {
        let f = try EditorFixture(text: Self.home)
        let titles = { f.editor.model.document.steps.map { StepFields($0).text("title", in: "en") } }
        let before = titles()
        try f.run("tap editor.step.2\nkey alt+up")
        #expect(titles() == [before[1], before[0]] + before[2...])
        #expect(f.editor.model.selected == 0, "the moved step stays selected")
        try f.run("tap editor.moveDown\ntap editor.moveDown")
        #expect(titles() == [before[0], before[2], before[1]] + before[3...])
        try f.run("key ctrl+z\nkey ctrl+z\nkey ctrl+z")
        #expect(titles() == before)
        #expect(f.editor.model.isModified == false)
        try f.run("key ctrl+shift+z")
        #expect(titles() == [before[1], before[0]] + before[2...])
        try f.run("key ctrl+y\nkey ctrl+y")
        #expect(titles() == [before[0], before[2], before[1]] + before[3...])
    }

    @Test func keystrokesInOneFieldUndoTogether() throws {
        let f = try EditorFixture(text: Self.home)
        try f.run("tap editor.text\nkey end\ntext \" A\"\ntext \"B\"\ntext \"C\"")
        #expect(StepFields(f.editor.model.document.steps[0]).text("text", in: "en").hasSuffix(" ABC"))
        try f.run("key escape\nkey ctrl+z")
        #expect(f.editor.model.document.text == Self.home)
    }

    @Test func savingAnUnchangedTourLeavesTheFileByteForByte() throws {
        let f = try EditorFixture(text: Self.home)
        try f.run("key down\nkey down\nkey down\nkey up\nkey up\nkey up\nkey ctrl+s")
        #expect(f.saved == Self.home)
        #expect(f.log == ["edit: \(f.path) unchanged (not written again)"], "the file is left as it is")
    }

    @Test func anEditChangesOnlyItsLines() throws {
        let f = try EditorFixture(text: Self.home)
        try f.run("tap editor.step.2\ntap editor.padding.plus\ntap editor.placement.below\nkey ctrl+s")
        // Step 2 alone changes: its padding, and a placement after its text (which gains a comma).
        let step2 = try #require(Self.home.range(of: "\"target\": \"card.0\""))
        let step3 = try #require(Self.home.range(of: "\"target\": {\"id\": \"fab\""))
        var block = String(Self.home[step2.lowerBound..<step3.lowerBound])
        block = block.replacingOccurrences(of: "\"padding\": 6,", with: "\"padding\": 8,")
        block = block.replacingOccurrences(of: "      }\n    },", with: "      },\n      \"placement\": \"below\"\n    },")
        let expected = String(Self.home[..<step2.lowerBound]) + block + String(Self.home[step3.lowerBound...])
        #expect(f.saved == expected)
    }

    @Test func aNewTourAsksForItsIdOnTheFirstSaveAndLoadsAsWrittenByHand() throws {
        let f = try EditorFixture(text: nil, name: "walkthrough.json")
        try f.run("""
        tap fab
        tap editor.text
        key ctrl+a
        text "Tap here to add a card."
        tap editor.advanceOn.tapTarget
        tap editor.shape.circle
        key ctrl+n
        tap nav.title
        tap editor.text
        key ctrl+a
        text "This is Home."
        key ctrl+s
        key ctrl+a
        text "walkthrough"
        key enter
        """)
        let saved = try #require(f.saved)
        #expect(saved == """
        {
          "id": "walkthrough",
          "steps": [
            {
              "target": { "id": "fab", "role": "button", "name": "Add a card" },
              "shape": "circle",
              "text": "Tap here to add a card.",
              "advanceOn": "tapTarget"
            },
            {
              "target": { "id": "nav.title", "role": "header", "name": "Home" },
              "text": "This is Home."
            }
          ]
        }

        """)
        let byHand = #"{"id": "walkthrough", "steps": [{"target": {"id": "fab", "role": "button", "name": "Add a card"}, "shape": "circle", "text": "Tap here to add a card.", "advanceOn": "tapTarget"}, {"target": {"id": "nav.title", "role": "header", "name": "Home"}, "text": "This is Home."}]}"#
        let a = try TourLoader.load(bytes: Array(saved.utf8), file: "a", folder: ".", appCatalog: { DemoApp.launchCatalog() })
        let b = try TourLoader.load(bytes: Array(byHand.utf8), file: "a", folder: ".", appCatalog: { DemoApp.launchCatalog() })
        #expect(a.tour.steps.map(\.holes) == b.tour.steps.map(\.holes) && a.tour.steps.map(\.text) == b.tour.steps.map(\.text))
        #expect(a.tour.steps.map(\.advanceOn) == b.tour.steps.map(\.advanceOn))
    }

    @Test func aTourWithProblemsIsSavedAndItsProblemsShown() throws {
        let f = try EditorFixture(text: #"{"id": "t", "steps": [{"target": "fab", "title": "Add", "text": "Adds a card."}]}"#)
        try f.run("tap editor.text\nkey ctrl+a\nkey backspace\nkey ctrl+s")
        // A title with no text is a problem; the file is saved all the same, and says so.
        #expect(f.editor.model.problems.map(\.message) == ["a title needs \"text\" too: a step without text shows no bubble"])
        #expect(f.saved == #"{"id": "t", "steps": [{"target": "fab", "title": "Add"}]}"#, "written as the file was: on one line, no spaces in braces")
        #expect(f.log == ["edit: wrote \(f.path)", "edit: \(f.path):1: steps[0].title: a title needs \"text\" too: a step without text shows no bubble"])
    }

    @Test func playRunsTheTourAsAUserSeesItAndEscapeReturns() throws {
        let f = try EditorFixture(text: Self.home)
        try f.run("tap editor.step.3\nkey ctrl+p")
        #expect(f.editor.isPlaying)
        #expect(f.editor.engineShown?.currentStep == 2)
        // The tour plays on a fresh app: one spotlight (the preview's is not left under it).
        try f.run("wait 600")
        let spotlights = f.editor.stage.overlays.overlays.filter { $0.kind == .spotlight }
        #expect(spotlights.count == 1 && spotlights.first === f.editor.engineShown?.spotlight, "\(spotlights.count) spotlights")
        try f.run("tap fab")  // a tapTarget step: the tap reaches the app and the tour goes on
        #expect((f.editor.stage as? DemoApp)?.state.cards.count == 5)
        #expect(f.editor.engineShown?.currentStep == 3)
        try f.run("key escape")
        #expect(!f.editor.isPlaying)
        #expect((f.editor.stage as? DemoApp)?.state.cards.count == 4, "editing starts again from a fresh app")
        #expect(f.editor.engineShown?.currentStep == 2)
    }
}
