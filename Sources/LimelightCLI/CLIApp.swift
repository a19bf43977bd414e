import Foundation
import Headless
import ImageFiles
import Schema
import ScreensApp
import Tours

/// The app a run of the command line is about, and what the commands read of it: its definition,
/// its launch catalog (made once, when a tour is first checked) and its assets. An app declared
/// in a screens file (`--app FILE`, or a tour's `"app"`) keeps its file, so the window and the
/// editor can read it again when it is saved.
@MainActor
final class CLIApp {
    /// The app's definition.
    private(set) var definition: AppDefinition
    /// The screens file the app is declared in, if it is one.
    let screensFile: String?
    /// What that file declares, as last read.
    private(set) var screens: ScreensFile?
    /// Whether the command line named the app (`--app`): tours' own `"app"` then changes nothing.
    let isNamedByCommandLine: Bool
    /// The run's decoded images (tours' screenshots, screens files' images), under the process's
    /// one budget: every app of the run shares it.
    let images: DecodedImageCache
    /// The run's `LIMELIGHT_TOURS` (`TourSwitch`), over every app's own setting; nil: each app's.
    let tourSwitch: TourSwitch?
    private var catalog: TargetCatalog?
    /// Apps of tours that name a screens file, by the file's full path.
    private var declared: [String: CLIApp] = [:]

    /// The command line of `definition` (which says Limelight's words as every host does:
    /// `AppDefinition.interfaceStrings`), its tours switched by `tourSwitch` when the run gives one;
    /// `screensFile` is the file it was read from, `images` the run's decoded images.
    init(_ definition: AppDefinition, screensFile: String? = nil, namedByCommandLine: Bool = false,
         images: DecodedImageCache = DecodedImageCache(), tourSwitch: TourSwitch? = nil) {
        var switched = definition
        switched.tours = tourSwitch ?? definition.tours
        self.definition = switched
        self.screensFile = screensFile
        isNamedByCommandLine = namedByCommandLine
        self.images = images
        self.tourSwitch = tourSwitch
    }

    /// The app declared in the screens file at `path`, or its problems; its images decoded through `images`.
    static func declared(at path: String, namedByCommandLine: Bool = false, images: DecodedImageCache,
                         tourSwitch: TourSwitch? = nil) throws(LoadError) -> CLIApp {
        let file = try ScreensLoader.load(path: path, images: images)
        let app = CLIApp(file.appDefinition, screensFile: path, namedByCommandLine: namedByCommandLine, images: images, tourSwitch: tourSwitch)
        app.screens = file
        return app
    }

    /// Reads the screens file again: the app is what it says now (nothing changes when it has problems).
    func reloadScreens() throws(LoadError) {
        guard let screensFile else { return }
        let file = try ScreensLoader.load(path: screensFile, images: images)
        var switched = file.appDefinition
        switched.tours = tourSwitch ?? switched.tours
        definition = switched
        screens = file
        catalog = nil
    }

    /// The app the tour at `path` runs over: the command line's `--app`, else the screens file
    /// the tour names (`"app"`), else this one; the problems of a screens file it names.
    func app(forTour path: String) -> Result<CLIApp, LoadError> {
        guard !isNamedByCommandLine, let (file, name, line) = TourLoader.appFile(of: path) else { return .success(self) }
        let key = URL(fileURLWithPath: file).standardizedFileURL.path
        if let screensFile, URL(fileURLWithPath: screensFile).standardizedFileURL.path == key { return .success(self) }
        if let known = declared[key] { return .success(known) }
        do {
            let app = try CLIApp.declared(at: file, images: images, tourSwitch: tourSwitch)
            declared[key] = app
            return .success(app)
        } catch {
            // The tour's own line says which app it names; the file's lines say what is wrong.
            let named = Diagnostic(file: path, line: line, path: "app", message: "the app \(quoted(name)) has problems (listed below)")
            return .failure(LoadError(diagnostics: [named] + error.diagnostics))
        }
    }

    /// The app the tour at `path` runs over (see `app(forTour:)`), its problems a failure of `command`.
    func forTour(_ path: String, command: String) throws(CLIError) -> CLIApp {
        switch app(forTour: path) {
        case .success(let app): return app
        case .failure(let error): throw TourSetup.failure(error, command: command)
        }
    }

    /// The one app the tours at `paths` run over; a failure when they name different ones.
    func forTours(_ paths: [String], command: String) throws(CLIError) -> CLIApp {
        var chosen: CLIApp?
        var first = ""
        for path in paths {
            let app = try forTour(path, command: command)
            if let chosen, chosen !== app {
                throw .usage("\(command): \(first) and \(path) run over different apps (give --app, or run them apart)")
            }
            if chosen == nil { chosen = app; first = path }
        }
        return chosen ?? self
    }

    /// What tour files are checked against: the app at launch, with what it declares.
    func launchCatalog() -> TargetCatalog {
        if let catalog { return catalog }
        let made = definition.launchCatalog()
        catalog = made
        return made
    }

    /// The arm of an experiment every tour it loads is shown as (`window --variant ARM`), nil for
    /// the tours as written.
    var previewArm: String?

    /// Loads and checks the tour at `path` against the app (as `previewArm`'s users see it, when set).
    func load(_ path: String) throws(LoadError) -> LoadedTour {
        let loaded = try TourLoader.load(path: path, appCatalog: { launchCatalog() }, images: images, scripts: TestScripts())
        guard let arm = previewArm else { return loaded }
        guard let seen = loaded.seen(byArm: arm) else {
            throw LoadError(diagnostics: [Diagnostic(file: path, line: nil, path: "variants", message: TourSetup.noArm(arm, in: loaded.tour))])
        }
        return seen
    }

    /// The app's languages, for messages: "en, ja, ar or he" (the first few and how many more
    /// when there are many).
    var languagesSpelledOut: String {
        let codes = definition.languages
        guard codes.count <= KnownNames.shown else { return KnownNames.list(codes, near: nil) }
        return codes.count == 1 ? codes[0] : codes.dropLast().joined(separator: ", ") + " or " + codes.last!
    }
}
