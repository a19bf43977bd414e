import Foundation
import ImageFiles
import Raster
import Tours
import Views

/// Runs an app (or a screenshot a tour runs over) on a virtual clock, as the window would
/// but without one: time moves only when told to, in 60 Hz frames of the root (`frame(into:)`), and
/// only the frames that are kept are painted.
@MainActor
public final class HeadlessSession {
    /// What runs: an app, a screenshot a tour runs over, or the editor around one of them.
    public let app: any HostedApp
    /// The states the app declares (`AppDefinition.states`): what state reports list and `expect`
    /// lines may check.
    public var declaredStates: [StateDeclaration] = []
    /// The clock the app runs on.
    public let clock: VirtualClock
    private var frame: Pixmap?
    private let stageNow: @MainActor () -> any TourHost

    /// A session on `app`, whose root runs on `clock`.
    public init(app: any TourHost, clock: VirtualClock) {
        self.app = app
        self.clock = clock
        stageNow = { app }
    }

    /// A session on `app` (the editor), whose tours run on the stage `stage` gives now.
    public init(app: any HostedApp, stage: @escaping @MainActor () -> any TourHost, clock: VirtualClock) {
        self.app = app
        self.clock = clock
        stageNow = stage
    }

    /// The stage tours run on: what `replay` reports the state of.
    public var stage: any TourHost { stageNow() }

    /// Lets `milliseconds` of virtual time pass, a frame every 1/60 s.
    public func wait(milliseconds: Double) {
        clock.advance(by: milliseconds / 1000) { runFrame() }
    }

    /// Runs after every frame of the session (a video taken while a script plays records here).
    public var afterFrame: (@MainActor () -> Void)?

    /// One frame at the current time (timers, animations, layout, arrival), not painted: what it
    /// changed is painted with the next kept frame.
    public func runFrame() {
        app.root.frame(into: nil)
        afterFrame?()
    }

    /// Sends one input event and runs a frame.
    public func send(_ event: InputEvent) {
        app.root.send(event)
        runFrame()
    }

    /// Brings the app to rest, as a host would before anyone reads the screen: a frame now, more at
    /// the same time while one is asked for (layout pending, a change asked for before the next
    /// frame), and 60 Hz frames of virtual time while anything animates, at most `limit` seconds of
    /// it; none is painted. The one call the test kit (`AppSession.settle()`), the lint and
    /// `limelight inspect` make before they read what is on screen: what they read (frames of
    /// views, the spotlight's geometry, the focus) runs no frame of its own.
    public func settle(limit: Double = 5) {
        runFrame()
        var frames = 0
        let root = app.root
        while root.hasPendingFrameWork && Double(frames) < limit * 60 {
            if root.isAnimating { wait(milliseconds: 1000.0 / 60) } else { runFrame() }
            frames += 1
        }
    }

    /// A painted frame at the current time, incremental in a pixmap kept for the whole session (as a
    /// window presents it). The pixmap is the session's: copy it to keep a frame.
    public func render() throws(HeadlessError) -> Pixmap {
        if frame == nil || frame!.bounds != app.root.deviceBounds {
            // A pixmap new to the root is painted in full by the frame below: it need not be cleared.
            let size = app.root.deviceBounds
            do { frame = try Pixmap(unfilledWidth: size.width, height: size.height) } catch { throw HeadlessError("cannot make a frame: \(error)") }
        }
        app.root.frame(into: frame!)
        return frame!
    }

    /// The current frame without the overlays (the app alone).
    public func renderWithoutOverlays() throws(HeadlessError) -> Pixmap {
        let stage = self.stage, root = stage.root
        root.removeLayer(stage.overlays)
        defer { root.addLayer(stage.overlays) }
        return try render()
    }

    /// Writes the current frame as a PNG.
    public func writeFrame(to path: String) throws(HeadlessError) {
        let pixmap = try render()
        do { try pixmap.writePNG(to: path) } catch { throw HeadlessError(error.description) }
    }
}
