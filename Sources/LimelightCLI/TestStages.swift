import FontText
import Foundation
import Headless
import Raster
import Tours
import Views

/// The stages `limelight test` and `check --lint` run tours on: the app, or a tour's screenshot, at
/// a group's size, scale and language. The text engine is made once per process and shared by
/// every stage (the app keeps what it loads once, such as images, in its definition).
@MainActor
final class TestStages {
    /// The loaded tours, by their index in the plan (nil for files with errors).
    let loaded: [LoadedTour?]
    /// The app.
    let app: CLIApp
    /// The command, for messages.
    let command: String
    private var engine: SystemTextEngine?

    /// Stages for `loaded`'s tours over `app`.
    init(loaded: [LoadedTour?], app: CLIApp, command: String) {
        self.loaded = loaded
        self.app = app
        self.command = command
    }

    /// The languages the stage of `tour` speaks: the app's, or any over a screenshot.
    static func languages(of tour: LoadedTour?, app: CLIApp) -> [String]? {
        tour?.background == nil ? app.definition.languages : nil
    }

    /// A new stage for `group` on `clock`.
    func make(_ group: TestPlan.Group, clock: VirtualClock) throws(HeadlessError) -> any TourHost {
        guard let tour = loaded[group.tour] else { throw HeadlessError("the tour has errors") }
        let engine: SystemTextEngine
        if let made = self.engine { engine = made } else {
            do throws(CLIError) { engine = try AppSetup.textEngine(family: nil, app: app, command: command) } catch { throw HeadlessError(error.message) }
            self.engine = engine
        }
        if let image = tour.background(for: group.language) {
            do {
                let stage = try ScreenshotStage(image: image, size: group.size, scale: group.scale, languageCode: group.language,
                                                strings: app.definition.interfaceStrings, textEngine: engine, clock: clock)
                stage.stepImages = tour.stepBackgrounds
                // At a size other than its own, the tour's rects move and grow with the image
                // (fitted and letterboxed as it is), never onto the bars.
                let own = tour.screen?.size ?? TourLoader.defaultScreen
                if own != group.size { stage.rectMapping = ScreenshotStage.fitting(own, into: group.size) }
                return stage
            } catch { throw HeadlessError("\(error)") }
        }
        let definition = app.definition
        guard definition.language(named: group.language) == group.language else {
            throw HeadlessError("\(definition.displayName) speaks \(definition.languages.joined(separator: ", ")), not \(group.language)")
        }
        let command = self.command
        let launch = AppLaunch(size: group.size, scale: group.scale, language: group.language, textEngine: engine, clock: clock,
                               report: { warn("\(command): \($0)") })
        do { return try definition.launch(launch) } catch { throw HeadlessError("\(error)") }
    }
}
