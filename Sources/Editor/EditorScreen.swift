import Raster
import Views

/// The editor's window: the app's screen fitted (or zoomed) on the left, the panel on the right (the tour's
/// name and state, the steps, their buttons, the selected step's settings, play, undo, redo, save),
/// and, on top when asked for, the list of keys, the prompt for a new tour's id, or the question
/// before quitting with unsaved changes.
@MainActor
final class EditorScreen: View {
    /// The panel's width, in points.
    static let panelWidth = 400.0
    /// The window's least height, in points (the panel's controls fit in it).
    static let minimumHeight = 820.0

    let viewport: AppViewport
    let strip = StepStrip()
    let settings = StepSettings()
    let header = Text("", font: Font(size: 15, weight: .bold), color: .black, lineLimit: 1)
    /// The status line: wrapped, never cut (a zoom, a recording, a hint about a screenshot's scale).
    let status = Text("", font: .caption, color: Palette.readableSecondaryLabel)
    /// The tour's first problems, each whole (a "did you mean" ends them).
    let problems = Text("", font: .caption, color: Color(red: 0xC6, green: 0x28, blue: 0x28))
    let idField = TextField(placeholder: "tour id: letters, digits, . _ -", font: .body)
    /// The settings, scrolled in what the panel leaves them, with a bar when there is more.
    let settingsScroll: ScrollView
    private let panel: View
    private let help: View
    private let prompt: View
    private let quitQuestion: View
    /// The question's line: "Save the changes to tour.json?"
    let quitText = Text("", font: .headline, color: .black)
    private let recoveryQuestion: View
    /// The recovery question's line: "Unsaved changes to tour.json were kept …"
    let recoveryText = Text("", font: .headline, color: .black)
    /// Whether the question about unsaved changes an ended editor kept shows.
    var showsRecoveryQuestion = false { didSet { if showsRecoveryQuestion != oldValue { setNeedsLayout(); setNeedsDisplay() } } }
    /// Whether the question before quitting with unsaved changes shows.
    var showsQuitQuestion = false { didSet { if showsQuitQuestion != oldValue { setNeedsLayout(); setNeedsDisplay() } } }
    /// Whether the list of keys shows.
    var showsHelp = false { didSet { if showsHelp != oldValue { setNeedsLayout(); setNeedsDisplay() } } }
    /// Whether the prompt for the tour's id shows.
    var showsPrompt = false { didSet { if showsPrompt != oldValue { setNeedsLayout(); setNeedsDisplay() } } }

    /// Buttons by action, for the app to wire.
    private(set) var buttons: [String: Button] = [:]
    /// The record button's fill and words, which change while recording.
    private let recordFace: (fill: Background, title: Text)
    /// Whether a recording runs: the record button turns red and says Stop.
    var isRecording = false {
        didSet {
            guard isRecording != oldValue else { return }
            recordFace.fill.color = isRecording ? EditorScreen.recordingRed : Palette.groupedBackground
            recordFace.title.color = isRecording ? .white : .black
            recordFace.title.string = isRecording ? "■ Stop" : "● Rec"
            status.color = isRecording ? EditorScreen.recordingRed : Palette.readableSecondaryLabel
        }
    }
    /// What shows that a recording runs: the record button's fill and the status line's words
    /// (white on it, and it on white, read at WCAG AA).
    static let recordingRed = Color(red: 0xC6, green: 0x28, blue: 0x28)

    init(viewport: AppViewport) {
        self.viewport = viewport
        settingsScroll = ScrollView(Padding(EdgeInsets(horizontal: 2, vertical: 2), child: settings))
        settingsScroll.showsScrollBar = true
        settingsScroll.id = "editor.settings"
        idField.id = "editor.tourID"
        status.id = "editor.status"
        problems.id = "editor.problems"
        var faces: [String: (fill: Background, title: Text)] = [:]
        func button(_ title: String, _ id: String, prominent: Bool = false) -> Button {
            let words = Text(title, font: Font(size: 13, weight: .bold), color: prominent ? .white : .black, lineLimit: 1)
            let fill = Background(prominent ? Palette.readableTint : Palette.groupedBackground, shape: .capsule,
                                  child: Padding(EdgeInsets(horizontal: 11, vertical: 5), child: words))
            let b = Button(shape: .capsule, pressedColor: Color(white: 0, alpha: 0.15), action: {}, label: fill)
            b.id = "editor.\(id)"
            faces[id] = (fill, words)
            return b
        }
        let stepButtons = [button("+ Add", "add"), button("Duplicate", "duplicate"), button("Delete", "delete"), button("↑", "moveUp"), button("↓", "moveDown")]
        let footerButtons = [button("▶ Play", "play", prominent: true), button("● Rec", "record"), button("Undo", "undo"), button("Redo", "redo"), button("Save", "save", prominent: true), button("?", "help")]
        let divider = FrameView(height: 1, child: Background(Palette.separator, child: View()))
        panel = Background(.white, child: EditorPanel(top: [header, status, problems], strip: strip,
                                                      stepButtons: HStack(spacing: 6, children: stepButtons), divider: divider,
                                                      settings: settingsScroll, footer: HStack(spacing: 6, children: footerButtons)))
        let keys = EditorKeys.all.map { k in
            HStack(spacing: 12, children: [FrameView(width: 150, alignment: .topLeading, child: Text(k.keys, font: Font(size: 13, weight: .bold), color: .black)),
                                           Text(k.action, font: .caption, color: .black)])
        }
        // The list scrolls in a window shorter than it (a 768-pixel display at scale 2).
        let keyList = ScrollView(VStack(alignment: .leading, spacing: 6, children: [Text("Keys", font: .headline, color: .black)] + keys))
        keyList.showsScrollBar = true
        help = CardView(keyList)
        let saveID = button("Save", "saveWithID", prominent: true)
        prompt = CardView(VStack(alignment: .leading, spacing: 8, children: [
            Text("A name for the new tour", font: .headline, color: .black),
            Text("It names the tour in saved progress and reports: letters, digits, . _ -", font: .caption, color: Palette.readableSecondaryLabel),
            idField, saveID,
        ]))
        let quitButtons = [button("Save", "quit.save", prominent: true), button("Don't save", "quit.discard"), button("Cancel", "quit.cancel")]
        quitQuestion = CardView(VStack(alignment: .leading, spacing: 8, children: [
            quitText,
            Text("Your changes are lost if you don't save them.", font: .caption, color: Palette.readableSecondaryLabel),
            HStack(spacing: 6, children: quitButtons),
        ]))
        let recoveryButtons = [button("Restore", "recovery.restore", prominent: true), button("Discard", "recovery.discard")]
        recoveryQuestion = CardView(VStack(alignment: .leading, spacing: 8, children: [
            recoveryText,
            Text("Restore makes them the tour again (Ctrl-S saves them); Discard deletes them. Escape decides later.",
                 font: .caption, color: Palette.readableSecondaryLabel),
            HStack(spacing: 6, children: recoveryButtons),
        ]))
        recordFace = faces["record"]!
        super.init(children: [viewport, panel, help, prompt, quitQuestion, recoveryQuestion])
        for b in stepButtons + footerButtons + [saveID] + quitButtons + recoveryButtons { buttons[String(b.id!.dropFirst("editor.".count))] = b }
        recoveryQuestion.id = "editor.recoveryQuestion"
        quitQuestion.id = "editor.quitQuestion"
        help.id = "editor.keys"
        prompt.id = "editor.prompt"
    }

    /// The least width that leaves the app's screen room beside the panel, in points.
    static let minimumViewportWidth = 200.0

    /// The app's screen at its own size beside the panel: the size the window asks for first (a
    /// window that does not fit the display is made smaller, and the screen is fitted into it).
    override func sizeThatFits(_ p: ProposedSize) -> Size {
        let app = viewport.stage.root.size
        return Size(app.width + EditorScreen.panelWidth, max(app.height, EditorScreen.minimumHeight))
    }

    /// The panel at the right edge at its own width; the app's screen fills the rest.
    override func placeSubviews(in bounds: Rect) {
        let panelWidth = min(EditorScreen.panelWidth, max(0, bounds.width - EditorScreen.minimumViewportWidth))
        viewport.place(in: Rect(x: bounds.minX, y: bounds.minY, width: bounds.width - panelWidth, height: bounds.height))
        panel.place(in: Rect(x: bounds.maxX - panelWidth, y: bounds.minY, width: panelWidth, height: bounds.height))
        for (card, visible) in [(help, showsHelp), (prompt, showsPrompt), (quitQuestion, showsQuitQuestion), (recoveryQuestion, showsRecoveryQuestion)] {
            guard visible else { continue }
            let w = min(bounds.width - 40, 560.0)
            let h = min(card.measure(ProposedSize(width: w, height: nil)).height, max(0, bounds.height - 40))
            card.place(in: Rect(x: bounds.midX - w / 2, y: max(20, bounds.midY - h / 2), width: w, height: h))
        }
    }

    /// The grey under the app's area when the window is taller than the app.
    override var hasOwnContent: Bool { true }
    override func draw(in canvas: Canvas) { canvas.fill(frame, color: Palette.groupedBackground) }

    /// The cards show (and take taps) only while asked for.
    override var visibleChildren: [View] {
        var shown: [View] = [viewport, panel]
        if showsHelp { shown.append(help) }
        if showsPrompt { shown.append(prompt) }
        if showsQuitQuestion { shown.append(quitQuestion) }
        if showsRecoveryQuestion { shown.append(recoveryQuestion) }
        return shown
    }
}

/// A white card with a shadow, for the list of keys and the id prompt.
@MainActor
final class CardView: View {
    init(_ content: View) {
        let card = Background(.white, shape: .roundedRect(cornerRadius: 14), child: Padding(EdgeInsets(all: 18), child: content))
        super.init(children: [ShadowView(color: Color(white: 0, alpha: 0.3), radius: 12, offset: Point(0, 4), shape: .roundedRect(cornerRadius: 14), child: card)])
    }
    override func sizeThatFits(_ p: ProposedSize) -> Size { children[0].measure(p) }
    override func placeSubviews(in bounds: Rect) { children[0].place(in: bounds) }
}
