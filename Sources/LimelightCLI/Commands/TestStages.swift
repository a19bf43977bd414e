import FontText
import Foundation
import Headless
import Raster
import Schema
import ScreensApp
import Tours
import Views

/// The stages `limelight test` and `check --lint` run tours on: each tour's app (the command's,
/// or the screens file the tour names), or the tour's screenshot, at a group's size, scale and
/// language. A text engine is made once per process and font and shared by every stage (an app
/// keeps what it loads once, such as images, in its definition).
@MainActor
final class TestStages {
    /// The loaded tours, by their index in the plan (nil for files with errors).
    let loaded: [LoadedTour?]
    /// Each tour's app, by the same index.
    let apps: [CLIApp]
    /// The command, for messages.
    let command: String
    /// fontconfig's configuration for the text engines, when it was loaded before (else each loads it).
    let fonts: FontConfiguration?
    private var engines: [String: SystemTextEngine] = [:]
    /// The layout lint of each screens file at each screen, once a process.
    private var appLint: [String: [Diagnostic]] = [:]
    /// The states each stage made here declares, by the stage.
    private var states: [ObjectIdentifier: [StateDeclaration]] = [:]

    /// Stages for `loaded`'s tours, each over its app in `apps`, their text found through `fonts`.
    init(loaded: [LoadedTour?], apps: [CLIApp], command: String, fonts: FontConfiguration? = nil) {
        self.loaded = loaded
        self.apps = apps
        self.command = command
        self.fonts = fonts
    }

    /// The languages the stage of `tour` speaks: the app's, or any over a screenshot.
    static func languages(of tour: LoadedTour?, app: CLIApp) -> [String]? {
        tour?.background == nil ? app.definition.languages : nil
    }

    /// The plan of `planned`'s tours (in the order of `loaded`), each in the languages its stage speaks.
    func plan(_ planned: [PlannedTour]) -> TestPlan {
        TestPlan(tours: planned, speaks: { [loaded, apps] tour in
            let i = planned.firstIndex { $0.file == tour.file }!
            return TestStages.languages(of: loaded[i], app: apps[i])
        })
    }

    /// The states `stage` (made here) declares: its app's, none over a screenshot.
    func declaredStates(of stage: any TourHost) -> [StateDeclaration] { states[ObjectIdentifier(stage)] ?? [] }

    /// Whether `id` comes to exist only as one of the apps runs.
    func comesLater(_ id: String) -> Bool {
        var seen = Set<ObjectIdentifier>()
        return apps.contains { seen.insert(ObjectIdentifier($0)).inserted && $0.launchCatalog().comesLater(id) }
    }

    /// A new stage for `group` on `clock`.
    func make(_ group: TestPlan.Group, clock: VirtualClock) throws(HeadlessError) -> any TourHost {
        let stage = try makeStage(group, clock: clock)
        states[ObjectIdentifier(stage)] = stage.pictures != nil ? [] : apps[group.tour].definition.states
        return stage
    }

    /// What the lint finds in the screens file `group`'s tour runs over, laid out at the group's
    /// size, scale and language with the app's fonts (none for an app in Swift or a screenshot).
    func appFindings(_ group: TestPlan.Group) -> [Diagnostic] {
        guard loaded[group.tour] != nil, loaded[group.tour]?.background == nil, let screens = apps[group.tour].screens else { return [] }
        let place = ScreensPlace(size: group.size, scale: group.scale, language: group.language)
        let key = screens.file + "\u{0}" + place.description
        if let known = appLint[key] { return known }
        let found: [Diagnostic]
        do throws(HeadlessError) {
            found = ScreensLint.layoutFindings(screens, at: [place], textEngine: try engine(for: apps[group.tour]))
        } catch {
            found = []
        }
        appLint[key] = found
        return found
    }

    /// The text engine of `app`'s font family, made once.
    private func engine(for app: CLIApp) throws(HeadlessError) -> SystemTextEngine {
        if let made = engines[app.definition.fontFamily] { return made }
        let engine: SystemTextEngine
        do throws(CLIError) { engine = try AppSetup.textEngine(family: nil, app: app, command: command, fonts: fonts) } catch { throw HeadlessError(error.message) }
        engines[app.definition.fontFamily] = engine
        return engine
    }

    private func makeStage(_ group: TestPlan.Group, clock: VirtualClock) throws(HeadlessError) -> any TourHost {
        guard let tour = loaded[group.tour] else { throw HeadlessError("the tour has errors") }
        let app = apps[group.tour]
        let engine = try engine(for: app)
        if let image = tour.background(for: group.language) {
            do {
                let stage = try ScreenshotStage(image: image, size: group.size, scale: group.scale, languageCode: group.language,
                                                strings: app.definition.interfaceStrings, textEngine: engine, clock: clock)
                stage.stepImages = tour.stepBackgrounds(forArm: group.arm)
                // At a size other than its own, the tour's rects move and grow with the image
                // (fitted and letterboxed as it is), never onto the bars.
                let own = tour.screen?.size ?? TourLoader.defaultScreen
                if own != group.size { stage.rectMapping = ScreenshotStage.fitting(own, into: group.size) }
                stage.elements = tour.capture(for: group.language)?.elements ?? []
                return stage
            } catch { throw HeadlessError("\(error)") }
        }
        let definition = app.definition
        guard definition.language(named: group.language) == group.language else {
            throw HeadlessError("\(definition.displayName) speaks \(KnownNames.list(definition.languages, near: group.language)), not \(group.language)")
        }
        let command = self.command
        let launch = AppLaunch(size: group.size, scale: group.scale, language: group.language, textEngine: engine, clock: clock,
                               report: { warn("\(command): \($0)") })
        do { return try definition.launch(launch) } catch { throw HeadlessError("\(error)") }
    }
}
