import Files
import Foundation
import Raster
import Schema
import Tours
import Views

/// The model on screen: the step strip, the selected step over the app (its holes and bubble, or
/// the tour's own playback), the settings panel and the status line.
extension EditorApp {
    /// Shows the model: the selected step on the app as it will look, the strip, the settings, the
    /// problems in the banner and the panel.
    func refresh(force: Bool = false) {
        let editing = viewport.mode == .edit
        if editing { followTheTourScreen() }
        let steps = model.document.steps
        let header = headerWithoutSteps()  // the tour's own keys: part of every thumbnail's cache key
        var rows: [StepStrip.Row] = []
        for (i, json) in steps.enumerated() {
            let fields = StepFields(json)
            let title = fields.text("title", in: language).isEmpty ? fields.text("text", in: language) : fields.text("title", in: language)
            let picture = model.loaded.flatMap {
                thumbnails.image(ofStep: i, of: $0.tour, stepText: json.text(), header: header, screens: $0.stepBackgrounds)
            }
            rows.append(StepStrip.Row(title: title, thumbnail: picture))
        }
        thumbnails.trim(to: steps.count)
        screen.strip.show(rows, selected: model.selected)
        if model.selectedStep == nil {
            // No step, no step's settings: what the panel showed of a deleted one goes.
            screen.settings.showNoStep(isRecording ? "Recording: each tap on the app becomes a step here." : "No steps yet: add the first one.")
            screen.settings.showKeys(step: nil, tour: model.document.root, language: language)
        }
        if let fields = model.selectedStep {
            screen.settings.show(fields, languageCode: language, languages: model.languages, tabs: viewport.stage.tabNames,
                                 screens: model.document.root["background"] != nil)
            screen.settings.showKeys(step: fields.json, tour: model.document.root, language: language)
            viewport.unitsPerPoint = fields.unitsPerPoint
            viewport.rectangles = fields.rectangles
        }
        if editing { showSelectedStep(force: force) }
        sayScaleHint()
        refreshStatus()
    }

    /// A tour over a screenshot at scale 1 whose pixels look like an @2x or @3x phone's (a 1179x2556
    /// image, without `--scale` or a name such as `home@3x.png`): the scale it was likely taken at,
    /// and the points it would then have; nil otherwise.
    var likelyScreenshotScale: (scale: Int, points: Size)? {
        guard let loaded = model.loaded, let image = loaded.background, let screen = loaded.screen, screen.scale == 1,
              screen.size == Size(Double(image.width), Double(image.height)),
              let n = EditorModel.likelyScale(width: image.width, height: image.height) else { return nil }
        return (n, Size(Double(image.width / n), Double(image.height / n)))
    }

    /// Says once on stderr, for each screen it applies to, that the screenshot looks like an @Nx
    /// one opened at scale 1 and what opens it at its points (the status line says so while it does).
    func sayScaleHint() {
        guard let (n, points) = likelyScreenshotScale, let loaded = model.loaded, let path = loaded.backgroundPath else {
            scaleHintScreen = nil
            return
        }
        guard scaleHintScreen != tourScreen else { return }
        scaleHintScreen = tourScreen
        let name = (path as NSString).lastPathComponent
        let image = loaded.background.map { "\($0.width)x\($0.height)" } ?? "?"
        log("edit: \(name) is \(image) pixels shown at scale 1: if it is an @\(n)x screenshot, --scale \(n) "
            + "(or \"screen\": {\"scale\": \(n)} in Tour settings) shows it at its \(points.width.compact)x\(points.height.compact) points")
    }

    /// What the stage shows of the tour's screen: its screenshot (path) and size; nil over the app.
    var tourScreen: String? {
        guard let loaded = model.loaded, let path = loaded.backgroundPath else { return nil }
        let size = loaded.screen?.size ?? loaded.background.map { Size(Double($0.width), Double($0.height)) } ?? .zero
        return "\(path) \(size.width)x\(size.height)"
    }

    /// A fresh stage when the tour's screenshot or screen changed (dropped, set, undone), and the
    /// steps' own screenshots on the one shown.
    func followTheTourScreen() {
        guard let loaded = model.loaded else { return }
        if tourScreen != stageScreen {
            stageScreen = tourScreen
            thumbnails.reset()
            replaceStageWithAFreshOne()
        }
        if let shot = viewport.stage.pictures, shot.stepImages.keys.sorted() != loaded.stepBackgrounds.keys.sorted()
            || zip(shot.stepImages.sorted { $0.key < $1.key }, loaded.stepBackgrounds.sorted { $0.key < $1.key }).contains(where: { $0.value !== $1.value }) {
            shot.stepImages = loaded.stepBackgrounds
            viewport.stage.showScreen(forStep: model.selected, animated: false)
        }
    }

    func headerWithoutSteps() -> String {
        var root = model.document.root
        root.setMember("steps", nil)
        return root.text()
    }

    /// The selected step on the app, as it will look (the last good version while there are problems).
    func showSelectedStep(force: Bool) {
        let stage = viewport.stage
        // The banner names the file by its name alone (the window's title and the panel name it whole).
        let errors = shownProblems.filter { $0.severity == .error }.map { p in
            var short = p
            short.file = (p.file as NSString).lastPathComponent
            return short
        }
        if let problem = appProblem ?? (errors.isEmpty ? nil : LoadError(diagnostics: errors).summary) {
            if banner == nil { banner = ErrorBanner(root: stage.root) }
            banner?.message = problem
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
        viewport.setNeedsEmbeddedFrame()
    }

    /// The tour's problems as the editor shows them: while a recording runs, a tour it has not
    /// yet given a step is no problem (its first tap makes one).
    var shownProblems: [Diagnostic] {
        guard isRecording, model.stepCount == 0 else { return model.problems }
        return model.problems.filter { $0.path != "steps" }
    }

    func refreshStatus() {
        let id = model.document.root["id"]?.stringValue ?? "?"
        screen.header.string = "\(id) — \((model.path as NSString).lastPathComponent)"
        screen.isRecording = isRecording
        let problems = shownProblems
        let errors = problems.filter { $0.severity == .error }.count, warnings = problems.count - errors
        var parts = ["\(model.stepCount) step\(model.stepCount == 1 ? "" : "s")",
                     model.stepCount == 0 ? "no step selected" : "step \(model.selected + 1) selected"]
        parts.append(model.isNew ? "new, not saved" : model.isModified ? "modified" : "saved")
        parts.append(viewport.zoomDescription)
        if isPlaying { parts.append("playing: Escape returns to editing") }
        // Recording comes first: the line is cut at the panel's width, and this is what matters now.
        if let r = recorder.recording { parts.insert("● Recording: \(r.count) step\(r.count == 1 ? "" : "s") recorded (Escape stops)", at: 0) }
        if let (n, _) = likelyScreenshotScale { parts.append("an @\(n)x screenshot? --scale \(n)") }
        screen.status.string = parts.joined(separator: " · ")
        let lines = problems.prefix(3).map { p in (p.line.map { "line \($0): " } ?? "") + (p.path.isEmpty ? "" : p.path + ": ") + p.message }
        screen.problems.string = ([notice].compactMap { $0 } + (errors + warnings == 0 ? [] : lines)).joined(separator: "\n")
    }
}
