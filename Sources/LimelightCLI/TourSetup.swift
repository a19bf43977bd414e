import FontText
import Foundation
import Headless
import Raster
import Schema
import Tours
import Views

/// Loading tour files and building what they run on, for every command.
@MainActor
enum TourSetup {
    /// Loads and checks the tour at `path` against the app's views and declarations; every problem
    /// becomes one line of the error.
    static func load(_ path: String, app: CLIApp, command: String) throws(CLIError) -> LoadedTour {
        let loaded: LoadedTour
        do { loaded = try app.load(path) } catch { throw failure(error, command: command) }
        for w in loaded.warnings { warn("\(command): \(w)") }
        return loaded
    }

    /// Loads the tour at `path` as the users of its experiment's arm `arm` see it (nil: as
    /// written); an arm the tour does not have, or the holdout (which sees no tour), is one line.
    static func load(_ path: String, arm: String?, app: CLIApp, command: String) throws(CLIError) -> LoadedTour {
        let loaded = try load(path, app: app, command: command)
        guard let arm else { return loaded }
        guard let seen = loaded.seen(byArm: arm) else { throw .usage("\(command): " + noArm(arm, in: loaded.tour)) }
        return seen
    }

    /// Why `--variant ARM` cannot show `tour`: "--variant b: the tour "x" has no arm "b" (its arms: …)".
    static func noArm(_ arm: String, in tour: Tour) -> String {
        let names = tour.variants.map(\.name)
        let has = names.isEmpty ? "it has no experiment" : "its arms: " + names.joined(separator: ", ")
        return "--variant \(Arguments.printable(arm)): the tour \"\(tour.id)\" has no arm \"\(Arguments.printable(arm))\" (\(has)\(arm == "holdout" ? "; the holdout sees no tour" : ""))"
    }

    /// Every diagnostic on its own `limelight: COMMAND: file:line: …` line.
    static func failure(_ error: LoadError, command: String) -> CLIError {
        .failure(error.diagnostics.map { "\(command): \($0)" }.joined(separator: "\n\(programName): "))
    }

    /// The stage for `loaded`: a screenshot stage for tours with a background, else the app.
    static func makeStage(for loaded: LoadedTour, settings: ScreenSettings, app: CLIApp, font: String?, clock: any Clock,
                          command: String, size: Size? = nil, engine: SystemTextEngine? = nil) throws(CLIError) -> any TourHost {
        let chosen: SystemTextEngine
        if let engine { chosen = engine } else { chosen = try AppSetup.textEngine(family: font, app: app, command: command) }
        guard let image = loaded.background(for: settings.language) else {
            return try AppSetup.makeApp(settings, app: app, font: font, clock: clock, command: command, size: size, engine: chosen)
        }
        // A tour that says its screen runs on it; otherwise the command's size and scale.
        let screen = try settings.screen(for: loaded, command: command)
        do {
            let stage = try ScreenshotStage(image: image, size: size ?? screen.size, scale: screen.scale,
                                            languageCode: settings.language, strings: app.definition.interfaceStrings,
                                            textEngine: chosen, clock: clock)
            stage.root.reducesMotion = settings.reducesMotion
            stage.stepImages = loaded.stepBackgrounds
            if let size, size != screen.size { stage.rectMapping = ScreenshotStage.fitting(screen.size, into: size) }
            stage.elements = loaded.capture(for: settings.language)?.elements ?? []
            return stage
        } catch {
            throw .usage("\(command): \(error)")
        }
    }

    /// A headless walk of `loaded` on a new stage (the app or the tour's screenshot) at the
    /// settings' size, scale and language, on a virtual clock.
    static func walk(_ loaded: LoadedTour, settings: ScreenSettings, app: CLIApp, font: String?, command: String) throws(CLIError) -> TourWalk {
        let clock = VirtualClock()
        let stage = try makeStage(for: loaded, settings: settings, app: app, font: font, clock: clock, command: command)
        let walk = TourWalk(tour: loaded.tour, stage: stage, clock: clock)
        walk.session.declaredStates = loaded.background == nil ? app.definition.states : []
        return walk
    }
}
