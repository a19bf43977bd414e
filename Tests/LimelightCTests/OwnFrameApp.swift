import EmbeddedTours
import Foundation
import Overlays
import Raster
import Tours
import Views

/// The app of the C tests written in Swift, through the app seam: a screen that paints an app's own
/// frame (the pixels the C tests hand `limelight_session_compose`) with the same targets published
/// on it, so a tour over it in `AppSession` is the Swift half of each comparison.
@MainActor
final class OwnFrameApp: TourHost {
    let root: ViewRoot
    let overlays: PresentationStack
    var onAppEvent: (@MainActor (String) -> Void)?
    var tabNames: [String] { [] }
    var selectedTabName: String? { nil }
    func selectTab(named name: String) -> Bool { false }

    init(frame: Pixmap, targets: [PublishedTarget], launch: AppLaunch) throws {
        let board = PublishedTargetsView()
        for t in targets { board.publish(t) }
        let painted = PaintedFrame(frame)
        painted.addChild(board)
        root = try ViewRoot(content: painted, size: launch.size, scale: launch.scale, textEngine: launch.textEngine, clock: launch.clock)
        root.language = launch.language
        overlays = PresentationStack(root: root)
    }

    /// The definition of the app over `frame` with `targets`, at `size` points and `scale`.
    static func definition(frame: Pixmap, targets: [PublishedTarget], size: Size, scale: Double) -> AppDefinition {
        nonisolated(unsafe) let pixels = frame
        return AppDefinition(id: "ownframe", defaultScreen: size, defaultScale: scale, states: [StateDeclaration("strokes", .number)]) { launch in
            try OwnFrameApp(frame: pixels, targets: targets, launch: launch)
        }
    }
}

/// Paints an app's frame as it is, pixel for pixel (the frame is the screen's device size).
@MainActor
final class PaintedFrame: View {
    let pixels: Pixmap
    init(_ pixels: Pixmap) { self.pixels = pixels; super.init() }
    override var hasOwnContent: Bool { true }
    override func draw(in canvas: Canvas) { canvas.pixmap.copyPixels(from: pixels, in: canvas.clipRect) }
}

/// The C tests' fixtures: the paint example's frame and targets, and files in a folder of their own.
enum Fixtures {
    /// The paint example's tour (examples/c-sdl/tour.json).
    static let paintTour = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/c-sdl/tour.json").path

    /// The paint example's widgets as targets.
    static let targets = [
        PublishedTarget(id: "toolbar.new", rect: Rect(x: 16, y: 16, width: 96, height: 40), role: .button, name: "New"),
        PublishedTarget(id: "toolbar.save", rect: Rect(x: 128, y: 16, width: 96, height: 40), role: .button, name: "Save"),
        PublishedTarget(id: "canvas", rect: Rect(x: 16, y: 72, width: 608, height: 240), role: .image, name: "Canvas"),
    ]

    /// A frame as the paint example draws it, at `scale` device pixels per point (640x480 points),
    /// with a gradient on its canvas so every pixel under the dim differs from its neighbours.
    static func paintFrame(scale: Int = 1) throws -> Pixmap {
        let frame = try Pixmap(width: 640 * scale, height: 480 * scale, fill: Color(red: 32, green: 33, blue: 36))
        let colours = [Color(red: 66, green: 133, blue: 244), Color(red: 52, green: 168, blue: 83), Color(red: 250, green: 250, blue: 250)]
        for (t, colour) in zip(targets, colours) {
            let r = t.rect
            frame.fill(colour, in: IntRect(x: Int(r.x) * scale, y: Int(r.y) * scale, width: Int(r.width) * scale, height: Int(r.height) * scale))
        }
        for y in 72 * scale..<312 * scale {
            for x in 16 * scale..<624 * scale where (x + y) % 7 == 0 {
                frame[x, y] = Color(red: UInt8(x % 256), green: UInt8(y % 256), blue: 200).premultiplied
            }
        }
        return frame
    }

    /// A new empty folder for one test's files.
    static func folder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-c-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}
