import Demo
import Foundation
import ImageFiles
import Raster
import Tours
import Views

/// A tour run headless on a virtual clock, step by step, for `render --tour`.
///
/// Steps are visited in order as a person would (tabs switch, targets scroll into view), each
/// shown at once; with a time, the step is shown animated (the fade-in of step 1, the morph from
/// the previous step) and that much virtual time passes before the frame is taken.
@MainActor
final class TourRendering {
    let stage: any TourHost
    let engine: TourEngine
    let session: HeadlessSession
    let command: String

    init(loaded: LoadedTour, settings: ScreenSettings, font: String?, command: String) throws(CLIError) {
        let clock = VirtualClock()
        stage = try TourSetup.makeStage(for: loaded, settings: settings, font: font, clock: clock, command: command)
        engine = TourEngine(tour: loaded.tour, host: stage)
        session = HeadlessSession(app: stage, clock: clock)
        self.command = command
    }

    /// Brings step `index` (0-based) on screen: earlier steps first, then this one, animated and
    /// `milliseconds` into its animation when given, else settled.
    func show(step index: Int, at milliseconds: Double?) {
        let current = engine.currentStep ?? -1
        if current < index - 1 {
            for j in (current + 1)..<index { engine.go(to: j, animated: false) }
        }
        if let milliseconds {
            if index == 0 {
                engine.start(at: 0, animated: true)
            } else {
                settleAnimations()
                engine.go(to: index, animated: true)
            }
            session.settle()
            session.wait(milliseconds: milliseconds)
        } else {
            engine.go(to: index, animated: false)
            settleAnimations()
        }
    }

    /// Lets virtual time pass until nothing animates (at most five seconds).
    func settleAnimations() {
        session.settle()
        var frames = 0
        while stage.root.isAnimating && frames < 300 {
            session.wait(milliseconds: 1000.0 / 60)
            frames += 1
        }
    }

    /// The frame now, with or without the tour's overlays.
    func frame(withOverlay: Bool) throws(CLIError) -> Pixmap {
        if !withOverlay { stage.root.removeLayer(stage.overlays) }
        defer { if !withOverlay { stage.root.addLayer(stage.overlays) } }
        return try session.render().copy()
    }

    /// Writes `pixmap` as a PNG at `path`.
    func write(_ pixmap: Pixmap, to path: String) throws(CLIError) {
        do { try pixmap.writePNG(to: path) } catch { throw .failure("\(command): \(error)") }
    }

    /// The storyboard caption of step `index`: its title, else its text, else its number.
    func caption(ofStep index: Int) -> String {
        let step = engine.tour.steps[index]
        let language = engine.host.languageCode
        if let title = step.title(in: language), !title.isEmpty { return title }
        if let text = step.text(in: language), !text.isEmpty { return text }
        return "Step \(index + 1)"
    }
}
