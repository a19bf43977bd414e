import Raster
import Tours
import Views

/// A tour run headless on a virtual clock, step by step, for `render --tour`, `inspect --tour` and
/// `limelight test`.
///
/// Steps are visited in order as a person would (tabs switch, targets scroll into view), each
/// shown at once; with a time, the step is shown animated (the fade-in of step 1, the morph from
/// the previous step) and that much virtual time passes before the frame is taken.
@MainActor
public final class TourWalk {
    /// What the tour runs on.
    public let stage: any TourHost
    /// The tour's engine.
    public let engine: TourEngine
    /// The session stepping the stage's clock.
    public let session: HeadlessSession

    /// A walk of `tour` on `stage`, whose root runs on `clock`.
    public init(tour: Tour, stage: any TourHost, clock: VirtualClock) {
        self.stage = stage
        engine = TourEngine(tour: tour, host: stage)
        session = HeadlessSession(app: stage, clock: clock)
    }

    /// Brings step `index` (0-based) on screen: earlier steps first, then this one, animated and
    /// `milliseconds` into its animation when given, else settled.
    public func show(step index: Int, at milliseconds: Double?) {
        if let milliseconds {
            begin(step: index)
            session.wait(milliseconds: milliseconds)
        } else {
            let current = engine.currentStep ?? -1
            if current < index - 1 {
                for j in (current + 1)..<index { engine.go(to: j, animated: false) }
            }
            engine.go(to: index, animated: false)
            session.settle()
        }
    }

    /// Starts step `index` animated from the settled step before it (the tour's fade-in for the
    /// first): time 0 of the step. Later steps need `session.wait` to move on.
    public func begin(step index: Int) {
        let current = engine.currentStep ?? -1
        if current < index - 1 {
            for j in (current + 1)..<index { engine.go(to: j, animated: false) }
        }
        if index == 0 {
            if engine.isRunning { engine.go(to: 0, animated: true) } else { engine.start(at: 0, animated: true) }
        } else {
            session.settle()
            engine.go(to: index, animated: true)
        }
        session.runFrame()
    }

    /// The storyboard caption of step `index`: its title, else its text, else its number.
    public func caption(ofStep index: Int) -> String {
        let step = engine.tour.steps[index]
        let language = engine.host.languageCode
        if let title = step.title(in: language), !title.isEmpty { return title }
        if let text = step.text(in: language), !text.isEmpty { return text }
        return "Step \(index + 1)"
    }
}
