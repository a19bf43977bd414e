import Files
import Foundation
import Raster
import Tours
import Views

/// `limelight edit`: a tour built by pointing at the screen. The window shows the app (or the tour's
/// screenshot) at its own size with the selected step as it will look, and the panel beside it; see
/// `EditorKeys` for what the keys and the pointer do. The same app runs headless under
/// `limelight replay --edit`, so every scenario is scripted and tested without a display.
@MainActor
public final class EditorApp: HostedApp {
    /// The editor's own root: the window's.
    public let root: ViewRoot
    /// What is being edited.
    public let model: EditorModel
    /// Where lines for stderr go (what was saved, the problems of a save); lines said before one
    /// is given (while the editor opens: a hint about the screenshot's scale) go to it when it is.
    public var log: (String) -> Void {
        get { { [weak self] line in self?.logLine(line) } }
        set {
            logSink = newValue
            let early = unloggedLines
            unloggedLines = []
            early.forEach(newValue)
        }
    }
    private var logSink: ((String) -> Void)?
    private var unloggedLines: [String] = []
    private func logLine(_ line: String) {
        if let logSink { logSink(line) } else { unloggedLines.append(line) }
    }

    let screen: EditorScreen
    let viewport: AppViewport
    let thumbnails: StepThumbnails
    let makeStage: @MainActor () throws -> any TourHost
    var engine: TourEngine?
    var banner: ErrorBanner?
    var shownTour: Tour?
    /// The tour's screen the stage was made for (`tourScreen`).
    var stageScreen: String?
    /// The recorder (a recording runs while the viewport is in its record mode).
    private(set) lazy var recorder = TourRecorder(editor: self)
    /// Whether a recording is running.
    public var isRecording: Bool { viewport.mode == .record }
    /// The question about unsaved work an ended editor kept.
    private(set) lazy var recovery = RecoveryOffer(editor: self)
    /// The tour's screen (`tourScreen`) a hint about its screenshot's scale was said for.
    var scaleHintScreen: String?
    /// The language the texts are edited (and the step is shown) in.
    public private(set) var language: String

    /// An editor of `model` over stages from `makeStage` (the app, or the tour's
    /// screenshot), its panel drawn with `textEngine` at `scale` on `clock`.
    public init(model: EditorModel, makeStage: @escaping @MainActor () throws -> any TourHost,
                textEngine: any TextEngine, clock: any Clock, scale: Double) throws {
        self.model = model
        self.makeStage = makeStage
        let stage = try makeStage()
        language = stage.languageCode
        model.extraLanguages = [stage.languageCode]
        viewport = AppViewport(stage: stage, drawsRectangles: stage.targetsAreRectangles)
        screen = EditorScreen(viewport: viewport)
        thumbnails = StepThumbnails(makeStage: { try? makeStage() })
        let size = screen.measure(.unspecified)
        root = try ViewRoot(content: screen, size: size, scale: scale, safeArea: .zero, textEngine: textEngine, clock: clock)
        thumbnails.thumbnailScale = scale
        root.backgroundColor = Palette.groupedBackground
        stageScreen = tourScreen
        wire()
        viewport.onZoomChange = { [weak self] in self?.refreshStatus() }
        model.onChange = { [weak self] in self?.notice = nil; self?.refresh() }
        refresh()
        viewport.setNeedsEmbeddedFrame()
        recovery.offer()
    }

    /// A problem of the app under the tour (a broken save of its screens file), shown in the
    /// banner over the tour's own until it is nil again.
    public var appProblem: String? { didSet { if appProblem != oldValue { refresh() } } }

    /// The app under the tour changed (its screens file was saved): the step is shown again on a
    /// fresh app, and the tour is checked against it.
    public func appDidChange() {
        appProblem = nil
        thumbnails.reset()
        if isPlaying { stopPlaying() } else { replaceStageWithAFreshOne() }
        model.recheck()
        refresh(force: true)
    }

    /// Whether the tour plays (input goes to the app) rather than being edited.
    public var isPlaying: Bool { viewport.mode == .play }
    /// Whether the editor asks its host to end: the user quit, and answered the question about
    /// unsaved changes if there was one.
    public internal(set) var wantsToQuit = false
    /// Whether a save the quit question asked for ends the editor once it is written.
    var quitsAfterSaving = false
    /// A line for the user about what was just refused (on stderr, and in the panel until the next change).
    var notice: String?
    func say(_ line: String) {
        log("edit: " + line)
        notice = line
        refreshStatus()
    }

    /// The stage the tour is shown on (a fresh one after each play).
    public var stage: any TourHost { viewport.stage }
    /// A point of the app's screen in the editor's window, at the zoom and pan the last frame laid out.
    public func editorPoint(_ appPoint: Point) -> Point { viewport.outerPoint(appPoint) }
    /// A point of the editor's window on the app's screen, at the zoom and pan the last frame laid out.
    public func appPoint(_ editorPoint: Point) -> Point { viewport.embeddedPoint(editorPoint) }
    /// A rectangle of the app's screen in the editor's window, at the zoom and pan the last frame laid out.
    public func editorRect(_ appRect: Rect) -> Rect { viewport.outerRect(appRect) }
    /// The tour on the stage: the selected step shown, or the one playing.
    public var engineShown: TourEngine? { engine }

    // MARK: - Wiring

    func wire() {
        viewport.onPick = { [weak self] picked, adding in
            guard let self else { return }
            let target = picked.tree(on: self.viewport.stage.root.appElements)
            self.model.changeStep { adding ? $0.toggleTarget(target) : $0.setTarget(target) }
        }
        viewport.onRectangle = { [weak self] i, r, ended in
            // One drag is one step of the history: its moves coalesce, and letting go ends it.
            self?.model.changeStep(coalescing: "rect\(i)") { $0.setRect(i, to: r) }
            if ended { self?.model.endGesture() }
        }
        viewport.onNewRectangle = { [weak self] r, adding in
            self?.model.changeStep { adding ? $0.addRect(r) : $0.setRect(r) }
        }
        viewport.onDemoEnd = { [weak self] p, ended in
            guard let self else { return }
            GesturePathDrag.move(to: p, ended: ended, viewport: self.viewport, model: self.model)
        }
        root.addFrameCallback { [weak self] _ in
            guard let self else { return }
            GesturePathDrag.follow(self.viewport, model: self.model, engine: self.engine)
        }
        screen.strip.onSelect = { [weak self] i in self?.model.select(i) }
        screen.strip.onAddFirst = { [weak self] in self?.addStep() }
        screen.strip.onMove = { [weak self] from, to in self?.model.moveStep(from, to: to) }
        screen.settings.onEdit = { [weak self] edit in self?.apply(edit) }
        let actions: [String: @MainActor () -> Void] = [
            "add": { [weak self] in self?.addStep() },
            "duplicate": { [weak self] in self?.model.duplicateStep() },
            "delete": { [weak self] in self?.model.deleteStep() },
            "moveUp": { [weak self] in self?.model.moveStep(by: -1) },
            "moveDown": { [weak self] in self?.model.moveStep(by: 1) },
            "play": { [weak self] in self?.togglePlay() },
            "record": { [weak self] in self?.recorder.toggle() },
            "undo": { [weak self] in self?.model.undo() },
            "redo": { [weak self] in self?.model.redo() },
            "save": { [weak self] in self?.save() },
            "help": { [weak self] in self?.screen.showsHelp.toggle() },
            "saveWithID": { [weak self] in self?.saveWithID() },
            "quit.save": { [weak self] in self?.answerQuit(save: true) },
            "quit.discard": { [weak self] in self?.answerQuit(save: false) },
            "quit.cancel": { [weak self] in self?.cancelQuit() },
            "recovery.restore": { [weak self] in self?.recovery.restore() },
            "recovery.discard": { [weak self] in self?.recovery.discard() },
        ]
        for (name, action) in actions { screen.buttons[name]?.action = action }
        screen.idField.onSubmit = { [weak self] in self?.saveWithID() }
        // Tab goes through the step's text fields and Enter has meanings of the editor's own.
        root.movesFocusWithKeys = false
        root.keyHandler = { [weak self] key, modifiers in self?.key(key, modifiers) ?? false }
        root.textHandler = { [weak self] text in self?.typed(text) ?? false }
    }

    func apply(_ edit: StepSettings.Edit) {
        let targetFrame = currentTargetFrame()
        switch edit {
        case .shape(let name): model.changeStep { $0.setShape(name, targetFrame: targetFrame) }
        case let .number(key, v):
            let fallback = key == "cornerRadius" ? TourStep.defaultCornerRadius : key == "padding" ? 8 : 0
            model.changeStep(coalescing: key) { $0.setNumber(key, v, default: fallback) }
        case .placement(let p): model.changeStep { $0.setString("placement", p == "auto" ? nil : p) }
        case .advanceOn(let a): model.changeStep { $0.setString("advanceOn", a) }
        case .tab(let t): model.changeStep { $0.setString("tab", t) }
        case .title(let s):
            let languages = model.languages
            model.changeStep(coalescing: "title.\(language)") { $0.setText("title", in: self.language, to: s, languages: languages) }
        case .text(let s):
            let languages = model.languages
            model.changeStep(coalescing: "text.\(language)") { $0.setText("text", in: self.language, to: s, languages: languages) }
        case .svgPath(let d): model.changeStep(coalescing: "svgPath") { $0.setSVGPath(d) }
        case .language(let l): setLanguage(l)
        case .screen(let name): setStepScreen(name)
        case let .key(.value(path, value), tourLevel): model.setValue(value, at: path, inStep: tourLevel ? nil : model.selected)
        case let .key(.text(path, text), tourLevel): model.setText(text, at: path, inStep: tourLevel ? nil : model.selected, language: language)
        case .key(.refused(let why), _): say(why)
        }
    }

    /// The selected step's first target's frame on the app's screen, if it has one.
    func currentTargetFrame() -> Rect? {
        guard let step = model.selectedStep else { return nil }
        switch step.target {
        case .rects(let r): return r.first
        case .views(let ids): return ids.first.flatMap { viewport.stage.root.view(withID: $0)?.frame }
        case .none: return nil
        }
    }

    func addStep() { model.addStep(screenSize: viewport.stage.root.size) }

    /// Shows the texts of `code` (the app switches language too, when it speaks it).
    func setLanguage(_ code: String) {
        guard code != language else { return }
        language = code
        viewport.stage.switchLanguage(to: code)
        refresh(force: true)
    }

    // MARK: - Keys

    func key(_ key: Key, _ m: Modifiers) -> Bool {
        if viewport.mode.forwardsInput {
            switch EditorKeys.command(for: key, m) {
            case .escape: if isRecording { recorder.stop() } else { stopPlaying() }; return true
            case .toggleRecording: recorder.toggle(); return true
            case .togglePlay: togglePlay(); return true
            case .save: save(); return true
            case .quit: requestQuit(); return true
            case let zoom? where [.zoomToFit, .zoomToActualSize, .zoomIn, .zoomOut].contains(zoom): perform(zoom); return true
            default: break
            }
            viewport.stage.root.send(.key(key, modifiers: m))
            viewport.setNeedsEmbeddedFrame()
            return true
        }
        // Enter or Space opens the heading Tab reached ("Every key of this step", "Tour settings").
        if let button = root.focusedView as? Button, m.isEmpty, key == .enter || key == .space {
            _ = button.activate()
            return true
        }
        guard let command = EditorKeys.command(for: key, m) else { return false }
        perform(command)
        return true
    }

    /// Does what a key of `EditorKeys` asks.
    func perform(_ command: EditorCommand) {
        switch command {
        case .escape:
            if screen.showsQuitQuestion { cancelQuit() }
            else if screen.showsRecoveryQuestion { recovery.postpone() }
            else if screen.showsHelp { screen.showsHelp = false } else if screen.showsPrompt { screen.showsPrompt = false; quitsAfterSaving = false; root.focus(nil) }
            else if root.focusedView != nil { root.focus(nil) }
        case .quit: requestQuit()
        case .toggleHelp: screen.showsHelp.toggle()
        case .save: save()
        case .undo: model.undo()
        case .redo: model.redo()
        case .addStep: addStep()
        case .duplicateStep: model.duplicateStep()
        case .deleteStep: model.deleteStep()
        case .togglePlay: togglePlay()
        case .toggleRecording: recorder.toggle()
        case .selectPrevious: model.select(model.selected - 1)
        case .selectNext: model.select(model.selected + 1)
        case .moveEarlier: model.moveStep(by: -1)
        case .moveLater: model.moveStep(by: 1)
        case .nextField: focusNextField(backwards: false)
        case .previousField: focusNextField(backwards: true)
        case .zoomToFit: viewport.zoomChoice = .fit
        case .zoomToActualSize: viewport.zoom(to: 1)
        case .zoomIn: viewport.stepZoom(by: 1)
        case .zoomOut: viewport.stepZoom(by: -1)
        }
    }

    func typed(_ text: String) -> Bool {
        if text == "?" { screen.showsHelp.toggle(); return true }
        return false
    }

    /// Tab: the next of the settings' fields and headings (round from the last to the first),
    /// scrolled into sight with the focus ring around it.
    func focusNextField(backwards: Bool) {
        let stops = screen.settings.tabStops
        guard !stops.isEmpty else { return }
        let current = stops.firstIndex { $0 === root.focusedView }
        let next = current.map { ($0 + (backwards ? stops.count - 1 : 1)) % stops.count } ?? (backwards ? stops.count - 1 : 0)
        root.moveFocus(to: stops[next])
    }

    // MARK: - Save

    func save() {
        if model.isNew {
            screen.idField.text = model.document.root["id"]?.stringValue ?? ""
            screen.showsPrompt = true
            root.focus(screen.idField)
            screen.idField.select(0..<screen.idField.text.count)
            return
        }
        write()
    }

    func saveWithID() {
        let id = screen.idField.text.trimmingCharacters(in: .whitespaces)
        guard !id.isEmpty else { return }
        screen.showsPrompt = false
        root.focus(nil)
        if model.document.root["id"]?.stringValue != id { model.setTourID(id) }
        write()
    }

    // MARK: - Quitting

    /// Whether the editor may end now: yes with nothing unsaved; otherwise it asks (save, don't
    /// save, cancel) and answers no until the user has answered.
    public func shouldQuit() -> Bool {
        guard model.isModified, !wantsToQuit else { return true }
        if !screen.showsQuitQuestion {
            screen.showsHelp = false
            // One question at a time: the kept changes are asked about again next time.
            if screen.showsRecoveryQuestion { recovery.postpone() }
            screen.quitText.string = "Save the changes to \((model.path as NSString).lastPathComponent)?"
            screen.showsQuitQuestion = true
            root.focus(nil)
        }
        return false
    }

    /// Ctrl-Q: ends the editor, or asks first.
    func requestQuit() { if shouldQuit() { wantsToQuit = true } }

    /// The answer to the question: save (a new tour asks for its id first), or leave the changes.
    func answerQuit(save saves: Bool) {
        screen.showsQuitQuestion = false
        guard saves else {
            // The changes are let go, and so are those restored from a recovery file.
            if recovery.restored { model.removeRecovery() }
            wantsToQuit = true
            return
        }
        // `write()` ends the editor once the file is written (after the id, for a new tour).
        quitsAfterSaving = true
        save()
    }

    /// Ends once the save went through; a save that failed keeps the editor open.
    func finishQuittingAfterSaving() {
        guard quitsAfterSaving else { return }
        quitsAfterSaving = false
        if !model.isModified { wantsToQuit = true }
    }

    /// Cancel: back to editing.
    func cancelQuit() {
        screen.showsQuitQuestion = false
        quitsAfterSaving = false
    }

    func write() {
        do {
            let problems = try model.save()
            log(model.wroteLastSave ? "edit: wrote \(model.path)" : "edit: \(model.path) unchanged (not written again)")
            recovery.noteSaved()
            for p in problems { log("edit: \(p)") }
        } catch {
            log("edit: cannot save \(model.path): \(error)")
        }
        refreshStatus()
        finishQuittingAfterSaving()
    }
}
