import Editor
import Files
import Foundation
import Headless
import ImageFiles
import Raster
import SDLHost
import Schema
import Tours
import Views

/// `limelight edit`: the window in edit mode over the app (or the tour's screenshot).
@MainActor
enum EditCommand {
    static func help(_ app: CLIApp) -> String {
        """
        usage: \(programName) edit FILE [--size WxH] [--scale N] [--lang \(app.definition.languages.joined(separator: "|"))] [--font FAMILY] [--driver NAME]
          Opens FILE in the editor: the app (or the tour's "background" screenshot) fitted into the
          window (Ctrl-0; Ctrl-+ and Ctrl-- zoom, the wheel pans) with the selected step shown as it
          will look, and beside it the steps and their settings. A window larger than the display
          is made smaller to fit it.
          A FILE that does not exist yet is a new tour (its id is asked for on the first save).
          A FILE named NAME.checklist.json opens the checklist editor: the app with the checklist's
          panel open as it will look (and working), beside the checklist's keys, its items (Add,
          Remove, Up, Down) and the chosen item's keys; Ctrl-S saves, Ctrl-Z and Ctrl-Shift-Z undo
          and redo, Ctrl-Q quits (twice with unsaved changes).
          --screenshot IMAGE  the tour runs over this screenshot (a new tour starts on it; an existing
                      one takes it as its "background", an edit to save); with --scale N it is an
                      @Nx screenshot (its "screen.scale"; a name such as home@3x.png says so too;
                      one shown at scale 1 that looks like an @2x or @3x phone's gets a hint).
                      Dropping an image file on the window does the same (on a later step: that
                      step's own screen, for the steps from it on). The tour names each image
                      relative to itself (absolute only outside its folder tree: check --lint warns).
          Over \(programName) --app FILE edit, a tour that names no app gets FILE as its "app".
          Saves (Ctrl-S) write the file in one step and keep its formatting: key order, spacing and
          every untouched part; saving an unchanged tour leaves the file as it was. A tour with
          problems is saved too, its problems shown in the banner and on stderr.
          SIGTERM, SIGINT and SIGHUP end the editor without asking, as the signal ends a process,
          after writing unsaved changes beside FILE as .NAME.recovered; the next edit of FILE
          offers them back (Restore, Discard, or Escape to decide later). A save removes it.
          --size WxH  the app's screen in points (default \(app.definition.defaultScreen.width.compact)x\(app.definition.defaultScreen.height.compact); the window adds the panel); a tour
                      over a screenshot runs on its "screen" and refuses another size
          --scale N   the display's device pixels per point (the window's, and the screen's at 100%)
          --lang TAG, --font FAMILY, --driver NAME  as for the window
          Keys (also listed by ? in the window):

        """ + EditorKeys.all.map { "  \($0.keys.padding(toLength: 38, withPad: " ", startingAt: 0)) \($0.action)" }.joined(separator: "\n")
    }

    static func run(_ words: [String], app: CLIApp) throws(CLIError) {
        let c = "edit"
        let args = try Arguments(words, command: c, valued: ScreenSettings.valued.union(["--driver", "--font", "--frames", "--screenshot"]), switches: ScreenSettings.switches.union(["--help"]), positionalPaths: "a tour file")
        if args.has("--help") { print(help(app)); return }
        guard args.positional.count == 1 else {
            throw .usage("\(c): expected one tour file (see \(programName) edit --help)")
        }
        if ChecklistLoader.isChecklistFile(args.positional[0]) {
            return try EditChecklist.run(args.positional[0], args: args, app: app)
        }
        // A tour that names its app is edited over it.
        let app = try app.forTour(args.positional[0], command: c)
        var settings = try ScreenSettings(args, app: app)
        settings.reducesMotion = settings.reducesMotion || DesktopAccess.desktopReducesMotion()
        let screenshot = EditSetup.screenshotOption(args, settings: &settings)
        let clock = MonotonicClock()
        let editor = try EditSetup.makeEditor(path: args.positional[0], settings: settings, app: app, font: args.value("--font"), clock: clock,
                                              command: c, screenshot: screenshot)
        editor.log = { warn($0) }
        // An app declared in a screens file is read again on every save of it.
        let appReloader = app.screensFile.map { screens in
            FileReloader<Void>(path: screens, load: { () throws(LoadError) in try app.reloadScreens() })
        }
        appReloader?.start(on: editor.root.timers) { [weak editor] result in
            switch result {
            case .reloaded:
                warn("\(c): reloaded \(app.screensFile ?? "the app")")
                editor?.appDidChange()
            case .failed(let error):
                for d in error.diagnostics { warn("\(c): reload: \(d)") }
                editor?.appProblem = error.summary
            }
        }
        // The app's own window title, then the tour's file: "Settings — wifi.json".
        let (host, link) = try EditSetup.openWindow(for: editor.root, title: "\(app.definition.windowTitle) — \((args.positional[0] as NSString).lastPathComponent)",
                                                    scale: settings.scale, args: args, command: c)
        let ending = host.run(editor)
        link?.stop()
        if case .signal(let number) = ending {
            // Nobody may be there to answer the question: the changes are kept beside the file.
            keepUnsavedWork(of: editor, signal: number, command: c)
            host.close()
            SignalEnding.end(by: number)
        }
        host.close()
        if editor.model.isModified { warn("\(c): closed with unsaved changes to \(args.positional[0])") }
    }

    /// A signal ended the editor: its unsaved changes go to the recovery file beside the tour (in
    /// one step), which the next `edit` of it offers back; one line says where, or why not.
    static func keepUnsavedWork(of editor: EditorApp, signal: Int32, command c: String) {
        let name = SignalEnding.name(of: signal)
        do {
            if try editor.model.writeRecovery() {
                warn("\(c): \(name): the unsaved changes to \(editor.model.path) are kept in \(editor.model.recoveryPath); the next edit of it offers them back")
            } else {
                warn("\(c): \(name): nothing unsaved")
            }
        } catch {
            warn("\(c): \(name): cannot keep the unsaved changes to \(editor.model.path): \(error)")
        }
    }
}

/// Building the editor for `limelight edit` and `limelight replay --edit`.
@MainActor
enum EditSetup {
    /// A window titled `title` for an editor's `root` at `scale`, and the editor on the
    /// accessibility bus when one answers (its panel, and the app's screen inside it to explore).
    /// The editor lays out into any window: one larger than the display is made smaller, and the
    /// app's screen is fitted into what is left beside the panel.
    static func openWindow(for root: ViewRoot, title: String, scale: Double, args: Arguments, command c: String) throws(CLIError) -> (WindowHost, ScreenReaderLink?) {
        var options = WindowOptions()
        options.title = title
        options.size = root.size
        options.scale = scale
        options.fit = .size
        options.driver = args.value("--driver")
        options.frameLimit = try args.value("--frames").map { v throws(CLIError) in try parseInt(v, option: "--frames", command: c, range: 1...1_000_000) }
        let host: WindowHost
        do { host = try WindowHost(options: options) } catch { throw .failure(error.description) }
        if let fitting = host.fitting { warn("\(c): \(fitting)") }
        if host.pointSize != root.size { root.send(.resize(host.pointSize)) }
        let link = ScreenReaderLink.connect(title: title, root: root, origin: { host.screenOrigin },
                                            pixelsPerPoint: { host.scale }, speech: nil, speechForced: false, say: { warn("\(c): \($0)") })
        if link != nil { warn("\(c): accessibility: the editor is on the accessibility bus (AT-SPI2)") }
        return (host, link)
    }

    /// The editor of the tour file at `path` (a new tour when it does not exist), over the app or
    /// the tour's screenshot at the settings' size, scale and language.
    static func makeEditor(path: String, settings: ScreenSettings, app: CLIApp, font: String?, clock: any Clock, command: String,
                           screenshot: (path: String, scale: Double?)? = nil) throws(CLIError) -> EditorApp {
        var text: String?
        var screenSize = settings.size
        if let screenshot {
            if let problem = TourLoader.screenshotProblem(at: screenshot.path, images: app.images) {
                throw .usage("\(command): --screenshot \(Arguments.printable(screenshot.path)): \(problem)")
            }
            if let image = try? app.images.image(atPath: screenshot.path) {
                let s = screenshot.scale ?? 1
                screenSize = Size((Double(image.width) / s).rounded(), (Double(image.height) / s).rounded())
            }
        }
        // Only a file that is not there starts a new tour: one that cannot be looked at (a loop of
        // symbolic links) is read, and says why not.
        if (try? InputFile.kind(of: path)) != .some(nil) {
            do { text = String(decoding: try TourLoader.read(path), as: UTF8.self) } catch {
                throw TourSetup.failure(error, command: command)
            }
        }
        let model: EditorModel
        do {
            model = try EditorModel(path: path, text: text, screenSize: screenSize, catalog: { app.launchCatalog() }, images: app.images, scripts: TestScripts())
        } catch {
            throw .failure("\(command): \(path):\(error.line): \(error.path.isEmpty ? "" : error.path + ": ")\(error.message) (the editor needs JSON it can read; fix this by hand first)")
        }
        if let screenshot { model.setScreenshot(screenshot.path, scale: screenshot.scale, forStep: nil) }
        // A tour made over a screens file names it, so every command runs it over that app.
        if let screens = app.screensFile, model.document.root["app"] == nil {
            model.setApp(named: TourFileReference.name(of: screens, forTourAt: path))
        }
        if let loaded = model.loaded, loaded.screen != nil { _ = try settings.screen(for: loaded, command: command) }
        let engine = try AppSetup.textEngine(family: font, app: app, command: command)
        // Each stage is made from the tour as it is now: a screenshot dropped or set since shows.
        let makeStage: @MainActor () throws -> any TourHost = { [weak model] in
            let stage: any TourHost
            if let model, let background = EditSetup.screenshot(of: model) {
                let screen = model.loaded?.screen
                let shot = try ScreenshotStage(image: background, size: screen?.size ?? settings.size, scale: screen?.scale ?? settings.scale,
                                               languageCode: settings.language, strings: app.definition.interfaceStrings,
                                               textEngine: engine, clock: clock)
                shot.stepImages = model.loaded?.stepBackgrounds ?? [:]
                shot.elements = model.loaded?.capture(for: settings.language)?.elements ?? []
                stage = shot
            } else {
                stage = try app.definition.launch(AppLaunch(size: settings.size, scale: settings.scale, language: settings.language,
                                                            textEngine: engine, clock: clock, report: { warn("\(command): \($0)") }))
            }
            stage.root.reducesMotion = settings.reducesMotion
            return stage
        }
        do {
            return try EditorApp(model: model, makeStage: makeStage, textEngine: engine, clock: clock, scale: settings.scale)
        } catch {
            throw .failure("\(command): \(error)")
        }
    }

    /// `--screenshot IMAGE` and its scale: `--scale` says the screenshot's (an @3x one: 3, and the
    /// window is then at 1), else the image's name (`home@3x.png`).
    static func screenshotOption(_ args: Arguments, settings: inout ScreenSettings) -> (path: String, scale: Double?)? {
        guard let path = args.value("--screenshot") else { return nil }
        let scale = settings.scaleIsGiven ? settings.scale : EditorModel.scale(inName: path)
        if settings.scaleIsGiven { settings.scale = 1; settings.scaleIsGiven = false }
        return (path, scale)
    }

    /// The screenshot the tour runs over, when its `background` names one that loads.
    static func screenshot(of model: EditorModel) -> Pixmap? {
        if let loaded = model.loaded { return loaded.background }
        guard let name = model.document.root["background"]?.stringValue else { return nil }
        let folder = AtomicFile.split(model.path).folder
        let path = TourLoader.resolve(name, folder: folder.isEmpty ? "." : folder)
        return try? model.images.image(atPath: path)
    }
}
