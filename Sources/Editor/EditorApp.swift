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
    /// Where lines for stderr go (what was saved, the problems of a save).
    public var log: (String) -> Void = { _ in }

    private let screen: EditorScreen
    private let viewport: AppViewport
    private let thumbnails: StepThumbnails
    private let makeStage: @MainActor () throws -> any TourHost
    private var engine: TourEngine?
    private var banner: ErrorBanner?
    private var shownTour: Tour?
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
        viewport = AppViewport(stage: stage, drawsRectangles: stage is ScreenshotStage)
        screen = EditorScreen(viewport: viewport)
        thumbnails = StepThumbnails(makeStage: { try? makeStage() })
        let size = screen.measure(.unspecified)
        root = try ViewRoot(content: screen, size: size, scale: scale, safeArea: .zero, textEngine: textEngine, clock: clock)
        root.backgroundColor = Palette.groupedBackground
        wire()
        model.onChange = { [weak self] in self?.refresh() }
        refresh()
        viewport.appNeedsFrame()
    }

    /// Whether the tour plays (input goes to the app) rather than being edited.
    public var isPlaying: Bool { viewport.mode == .play }
    /// The stage the tour is shown on (a fresh one after each play).
    public var stage: any TourHost { viewport.stage }
    /// Where the app's screen sits in the editor's window, in points.
    public var appOrigin: Point { root.frame(into: nil); return viewport.frame.origin }
    /// The tour on the stage: the selected step shown, or the one playing.
    public var engineShown: TourEngine? { engine }

    // MARK: - Wiring

    private func wire() {
        viewport.onPick = { [weak self] id, adding in
            guard let self else { return }
            self.model.changeStep { adding ? $0.toggleTarget(id) : $0.setTarget(id) }
        }
        viewport.onRectangle = { [weak self] i, r, _ in
            self?.model.changeStep(coalescing: "rect\(i)") { $0.setRect(i, to: r) }
        }
        viewport.onNewRectangle = { [weak self] r, adding in
            self?.model.changeStep { adding ? $0.addRect(r) : $0.setRect(r) }
        }
        screen.strip.onSelect = { [weak self] i in self?.model.select(i) }
        screen.settings.onEdit = { [weak self] edit in self?.apply(edit) }
        let actions: [String: @MainActor () -> Void] = [
            "add": { [weak self] in self?.addStep() },
            "duplicate": { [weak self] in self?.model.duplicateStep() },
            "delete": { [weak self] in self?.model.deleteStep() },
            "moveUp": { [weak self] in self?.model.moveStep(by: -1) },
            "moveDown": { [weak self] in self?.model.moveStep(by: 1) },
            "play": { [weak self] in self?.togglePlay() },
            "undo": { [weak self] in self?.model.undo() },
            "redo": { [weak self] in self?.model.redo() },
            "save": { [weak self] in self?.save() },
            "help": { [weak self] in self?.screen.showsHelp.toggle() },
            "saveWithID": { [weak self] in self?.saveWithID() },
        ]
        for (name, action) in actions { screen.buttons[name]?.action = action }
        screen.idField.onSubmit = { [weak self] in self?.saveWithID() }
        // Tab goes through the step's text fields and Enter has meanings of the editor's own.
        root.movesFocusWithKeys = false
        root.keyHandler = { [weak self] key, modifiers in self?.key(key, modifiers) ?? false }
        root.textHandler = { [weak self] text in self?.typed(text) ?? false }
    }

    private func apply(_ edit: StepSettings.Edit) {
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
        }
    }

    /// The selected step's first target's frame on the app's screen, if it has one.
    private func currentTargetFrame() -> Rect? {
        guard let step = model.selectedStep else { return nil }
        switch step.target {
        case .rects(let r): return r.first
        case .views(let ids): return ids.first.flatMap { viewport.stage.root.view(withID: $0)?.frame }
        case .none: return nil
        }
    }

    private func addStep() { model.addStep(screenSize: viewport.stage.root.size) }

    /// Shows the texts of `code` (the app switches language too, when it speaks it).
    private func setLanguage(_ code: String) {
        guard code != language else { return }
        language = code
        viewport.stage.switchLanguage(to: code)
        refresh(force: true)
    }

    // MARK: - Keys

    private func key(_ key: Key, _ m: Modifiers) -> Bool {
        let command = m.contains(.control) || m.contains(.command)
        if isPlaying {
            if key == .escape { stopPlaying(); return true }
            if command, case .character("s") = key { save(); return true }
            viewport.stage.root.send(.key(key, modifiers: m))
            viewport.appNeedsFrame()
            return true
        }
        switch key {
        case .escape:
            if screen.showsHelp { screen.showsHelp = false } else if screen.showsPrompt { screen.showsPrompt = false; root.focus(nil) }
        case .character("?"):
            screen.showsHelp.toggle()
        case .character("/") where m.contains(.shift):
            screen.showsHelp.toggle()
        case .character(let c) where command:
            switch c {
            case "s": save()
            case "z": m.contains(.shift) ? model.redo() : model.undo()
            case "y": model.redo()
            case "n": addStep()
            case "d": model.duplicateStep()
            case "p": togglePlay()
            default: return false
            }
        case .enter where command: togglePlay()
        case .up: m.contains(.alt) ? model.moveStep(by: -1) : model.select(model.selected - 1)
        case .down: m.contains(.alt) ? model.moveStep(by: 1) : model.select(model.selected + 1)
        case .delete, .backspace: model.deleteStep()
        case .tab: focusNextField(backwards: m.contains(.shift))
        default: return false
        }
        return true
    }

    private func typed(_ text: String) -> Bool {
        if text == "?" { screen.showsHelp.toggle(); return true }
        return false
    }

    private func focusNextField(backwards: Bool) {
        let settings = screen.settings
        var fields: [TextField] = [settings.title, settings.text]
        if model.selectedStep?.shape == "path" { fields.append(settings.svgPath) }
        let current = fields.firstIndex { $0 === root.focusedView }
        let next = current.map { ($0 + (backwards ? fields.count - 1 : 1)) % fields.count } ?? (backwards ? fields.count - 1 : 0)
        root.focus(fields[next])
    }

    // MARK: - Play

    private func togglePlay() { if isPlaying { stopPlaying() } else { play() } }

    /// Runs the tour from the selected step as a user would see it.
    private func play() {
        guard let tour = model.loaded?.tour else {
            log("edit: the tour has problems; fix them to play it")
            return
        }
        root.focus(nil)
        screen.showsHelp = false
        viewport.mode = .play
        banner?.message = nil
        engine?.onEvent = nil
        let engine = TourEngine(tour: tour, host: viewport.stage)
        engine.onEvent = { [weak self, weak engine] event in
            guard let self, let engine else { return }
            self.log("edit: " + engine.describe(event))
        }
        self.engine = engine
        engine.start(at: min(model.selected, tour.steps.count - 1), animated: true)
        viewport.appNeedsFrame()
        refreshStatus()
    }

    /// Back to editing, on a fresh app (what play changed — cards added, tabs switched — is gone).
    private func stopPlaying() {
        viewport.mode = .edit
        engine?.onEvent = nil
        engine = nil
        shownTour = nil
        if let fresh = try? makeStage() {
            banner = nil
            viewport.replaceStage(with: fresh)
            if fresh.languageCode != language { fresh.switchLanguage(to: language) }
        }
        refresh(force: true)
    }

    // MARK: - Save

    private func save() {
        if model.isNew {
            screen.idField.text = model.document.root["id"]?.stringValue ?? ""
            screen.showsPrompt = true
            root.focus(screen.idField)
            screen.idField.select(0..<screen.idField.text.count)
            return
        }
        write()
    }

    private func saveWithID() {
        let id = screen.idField.text.trimmingCharacters(in: .whitespaces)
        guard !id.isEmpty else { return }
        screen.showsPrompt = false
        root.focus(nil)
        if model.document.root["id"]?.stringValue != id { model.setTourID(id) }
        write()
    }

    private func write() {
        do {
            let problems = try model.save()
            log("edit: wrote \(model.path)")
            for p in problems { log("edit: \(p)") }
        } catch {
            log("edit: cannot save \(model.path): \(error)")
        }
        refreshStatus()
    }

    // MARK: - Showing the model

    /// Shows the model: the selected step on the app as it will look, the strip, the settings, the
    /// problems in the banner and the panel.
    private func refresh(force: Bool = false) {
        let steps = model.document.steps
        let header = headerWithoutSteps()  // the tour's own keys: part of every thumbnail's cache key
        var rows: [StepStrip.Row] = []
        for (i, json) in steps.enumerated() {
            let fields = StepFields(json)
            let title = fields.text("title", in: language).isEmpty ? fields.text("text", in: language) : fields.text("title", in: language)
            let picture = model.loaded.flatMap { thumbnails.image(ofStep: i, of: $0.tour, stepText: json.text(), header: header) }
            rows.append(StepStrip.Row(title: title, thumbnail: picture))
        }
        thumbnails.trim(to: steps.count)
        screen.strip.show(rows, selected: model.selected)
        if let fields = model.selectedStep {
            screen.settings.show(fields, languageCode: language, languages: model.languages, tabs: viewport.stage.tabNames)
            viewport.rectangles = fields.rectangles
        }
        if !isPlaying { showSelectedStep(force: force) }
        refreshStatus()
    }

    private func headerWithoutSteps() -> String {
        var root = model.document.root
        root.setMember("steps", nil)
        return root.text()
    }

    /// The selected step on the app, as it will look (the last good version while there are problems).
    private func showSelectedStep(force: Bool) {
        let stage = viewport.stage
        let errors = model.problems.filter { $0.severity == .error }
        if !errors.isEmpty {
            if banner == nil { banner = ErrorBanner(root: stage.root) }
            banner?.message = TourLoadError(diagnostics: errors).summary
        } else {
            banner?.message = nil
        }
        if let tour = model.loaded?.tour, !tour.steps.isEmpty {
            let index = min(model.selected, tour.steps.count - 1)
            if engine == nil {
                engine = TourEngine(tour: tour, host: stage)
                engine?.start(at: index, animated: false)
            } else if force || shownTour != tour {
                engine?.replace(with: tour, animated: false)
                if engine?.isRunning == false { engine?.start(at: index, animated: false) }
            }
            if engine?.currentStep != index { engine?.go(to: index, animated: true) }
            shownTour = tour
        }
        viewport.appNeedsFrame()
    }

    private func refreshStatus() {
        let id = model.document.root["id"]?.stringValue ?? "?"
        screen.header.string = "\(id) — \((model.path as NSString).lastPathComponent)"
        let errors = model.problems.filter { $0.severity == .error }.count, warnings = model.problems.count - errors
        var parts = ["\(model.stepCount) step\(model.stepCount == 1 ? "" : "s")", "step \(model.selected + 1) selected"]
        parts.append(model.isNew ? "new, not saved" : model.isModified ? "modified" : "saved")
        if isPlaying { parts.append("playing: Escape returns to editing") }
        screen.status.string = parts.joined(separator: " · ")
        let lines = model.problems.prefix(3).map { p in (p.line.map { "line \($0): " } ?? "") + (p.path.isEmpty ? "" : p.path + ": ") + p.message }
        screen.problems.string = errors + warnings == 0 ? "" : lines.joined(separator: "\n")
    }
}
