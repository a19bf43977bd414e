import Demo
import Foundation
import ImageFiles
import Raster
import Tours
import Views

/// Runs the sample app (or a screenshot a tour runs over) on a virtual clock, as the window would
/// but without one: time moves only when told to, in 60 Hz frames of the root (`frame(into:)`), and
/// only the frames that are kept are painted.
@MainActor
final class HeadlessSession {
    /// The sample app, or a screenshot a tour runs over.
    let app: any TourHost
    /// The clock the app runs on.
    let clock: VirtualClock
    private var frame: Pixmap?

    /// A session on `app`, whose root runs on `clock`.
    init(app: any TourHost, clock: VirtualClock) {
        self.app = app
        self.clock = clock
    }

    /// Lets `milliseconds` of virtual time pass, a frame every 1/60 s.
    func wait(milliseconds: Double) {
        clock.advance(by: milliseconds / 1000) { settle() }
    }

    /// One frame at the current time (timers, animations, layout), not painted: what it changed is
    /// painted with the next kept frame.
    func settle() { app.root.frame(into: nil) }

    /// Sends one input event and runs a frame.
    func send(_ event: InputEvent) {
        app.root.send(event)
        settle()
    }

    /// A painted frame at the current time, incremental in a kept pixmap (as a window presents it).
    func render() throws(CLIError) -> Pixmap {
        if frame == nil {
            do { frame = try app.root.makePixmap() } catch { throw .failure("render: \(error)") }
        }
        app.root.frame(into: frame!)
        return frame!
    }

    /// Writes the current frame as a PNG.
    func writeFrame(to path: String, command: String) throws(CLIError) {
        let pixmap = try render()
        do { try pixmap.writePNG(to: path) } catch { throw .failure("\(command): \(error)") }
    }
}
