import Demo
import Foundation
import ImageFiles
import Raster
import Views

/// Runs the sample app on a virtual clock, as a window would but without one: time moves only when
/// told to, in 60 Hz steps, with the app's timers and animations run at each step.
@MainActor
final class HeadlessSession {
    /// The sample app, or a screenshot a tour runs over.
    let app: any TourStage
    let clock: VirtualClock
    private var frame: Pixmap?

    init(app: any TourStage, clock: VirtualClock) {
        self.app = app
        self.clock = clock
    }

    /// Lets `milliseconds` of virtual time pass.
    func wait(milliseconds: Double) {
        clock.advance(by: milliseconds / 1000) { settle() }
    }

    /// Runs due timers and animation steps at the current time.
    func settle() {
        app.update()
        app.root.tick()
        app.root.layoutIfNeeded()
    }

    /// Sends one input event and settles.
    func send(_ event: InputEvent) {
        app.root.send(event)
        settle()
    }

    /// The current frame, rendered incrementally into a kept pixmap (as a window would present it).
    func render() throws(CLIError) -> Pixmap {
        if frame == nil {
            do { frame = try app.root.makePixmap() } catch { throw .failure("render: \(error)") }
        }
        app.root.render(into: frame!)
        return frame!
    }

    /// Writes the current frame as a PNG.
    func writeFrame(to path: String, command: String) throws(CLIError) {
        let pixmap = try render()
        do { try pixmap.writePNG(to: path) } catch { throw .failure("\(command): \(error)") }
    }
}
