import Demo
import FontText
import Foundation
import Headless
import Raster
import Tours
import Views

/// The stages `limelight test` and `check --lint` run tours on: the sample app, or a tour's
/// screenshot, at a group's size, scale and language. The text engine and the card illustrations
/// are made once per process and shared by every stage.
@MainActor
final class TestStages {
    /// The loaded tours, by their index in the plan (nil for files with errors).
    let loaded: [LoadedTour?]
    /// The command, for messages.
    let command: String
    private var engine: SystemTextEngine?
    private var images: [String: Pixmap]?

    /// Stages for `loaded`'s tours.
    init(loaded: [LoadedTour?], command: String) {
        self.loaded = loaded
        self.command = command
    }

    /// The languages the stage of `tour` speaks: the sample app's, or any over a screenshot.
    static func languages(of tour: LoadedTour?) -> [String]? {
        tour?.background == nil ? Language.allCases.map(\.rawValue) : nil
    }

    /// A new stage for `group` on `clock`.
    func make(_ group: TestPlan.Group, clock: VirtualClock) throws(HeadlessError) -> any TourHost {
        guard let tour = loaded[group.tour] else { throw HeadlessError("the tour has errors") }
        let engine: SystemTextEngine
        if let made = self.engine { engine = made } else {
            do throws(CLIError) { engine = try AppSetup.textEngine(family: nil, command: command) } catch { throw HeadlessError(error.message) }
            self.engine = engine
        }
        if let image = tour.background {
            do {
                let stage = try ScreenshotStage(image: image, size: group.size, scale: group.scale, languageCode: group.language,
                                                buttonTitles: (Language(rawValue: group.language) ?? .en).tourButtonTitles,
                                                textEngine: engine, clock: clock)
                stage.stepImages = tour.stepBackgrounds
                return stage
            } catch { throw HeadlessError("\(error)") }
        }
        guard let language = Language(rawValue: group.language) else {
            throw HeadlessError("the sample app speaks \(Language.allCases.map(\.rawValue).joined(separator: ", ")), not \(group.language)")
        }
        do {
            return try DemoApp(size: group.size, scale: group.scale, language: language, textEngine: engine,
                               images: cardImages(), clock: clock)
        } catch { throw HeadlessError("\(error)") }
    }

    /// The card illustrations, read once; problems are reported once on stderr.
    private func cardImages() -> [String: Pixmap] {
        if let images { return images }
        var found: [String: Pixmap] = [:]
        if let folder = AppSetup.imagesFolder() {
            let read = CardImages.load(from: folder)
            found = read.images
            for e in read.errors { warn("\(command): \(e) (showing a placeholder)") }
        } else {
            warn("\(command): card images not found (set LIMELIGHT_ASSETS to the assets folder); showing placeholders")
        }
        images = found
        return found
    }
}
