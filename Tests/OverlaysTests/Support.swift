import Foundation
import TestSupport
import Raster
import Views
import FontText
import Demo
@testable import Overlays

/// Shared fixtures: the sample app with a presentation stack, on a virtual clock.
@MainActor
struct OverlayFixture {
    let app: DemoApp
    let stack: PresentationStack
    let clock: VirtualClock
    var root: ViewRoot { app.root }

    /// The demo at `size` with the real text engine (or the fixed-metric one) and the card images.
    init(size: Size = Size(390, 844), scale: Double = 1, realText: Bool = true, language: Language = .en) throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        clock = VirtualClock()
        let engine: any TextEngine = realText ? try OverlayFixture.sharedEngine() : FixedMetricTextEngine()
        let images = CardImages.load(from: OverlayFixture.assetsFolder).images
        app = try DemoApp(size: size, scale: scale, language: language, textEngine: engine, images: images, clock: clock)
        stack = PresentationStack(root: app.root)
    }

    static func sharedEngine() throws -> SystemTextEngine { try SystemTextEngine() }

    static var assetsFolder: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("assets/images").path
    }

    /// Renders the current frame.
    func frame() throws -> Pixmap {
        let p = try root.makePixmap()
        root.frame(into: p, repaintingEverything: true)
        return p
    }

    /// Lays out the tree and the overlays without painting (geometry only).
    func settle() {
        root.frame(into: nil)
        root.frame(into: nil)
    }

    /// Advances the clock by `seconds` in 60 Hz steps, ticking animations as a host would.
    func advance(_ seconds: Double) {
        runFrames(seconds, clock: clock) { root.frame(into: nil) }
    }

    /// Taps the centre of `point`.
    func tap(_ p: Point) {
        root.send(.pointerDown(p, button: .primary))
        root.send(.pointerUp(p, button: .primary))
    }

    func center(of id: String) -> Point { root.frame(into: nil); return root.view(withID: id)!.frame.center }
}
