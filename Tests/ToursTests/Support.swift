import Schema
import TestSupport
import Foundation
import Raster
import Views
import Demo
import Tours

/// The repository folder, found from this file's path.
let repositoryFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A fresh temporary folder for one test.
func temporaryFolder(_ name: String = #function) -> String {
    let safe = name.filter { $0.isLetter || $0.isNumber }
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("limelight-tours-\(safe)-\(UInt32.random(in: 0...UInt32.max))").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Decodes and checks `json` as the file `file` against the sample app's ids; the diagnostics.
@MainActor
func problems(_ json: String, file: String = "t.json", folder: String = "/nonexistent") -> [Diagnostic] {
    do {
        _ = try TourLoader.load(bytes: Array(json.utf8), file: file, folder: folder, appCatalog: { DemoApp.launchCatalog() })
        return []
    } catch {
        return error.diagnostics
    }
}

/// The problems as `file:line: path: message` lines.
@MainActor
func problemLines(_ json: String, file: String = "t.json", folder: String = "/nonexistent") -> [String] {
    problems(json, file: file, folder: folder).map(\.description)
}

/// Loads a tour that must be good.
@MainActor
func tour(_ json: String) throws -> Tour {
    try TourLoader.load(bytes: Array(json.utf8), file: "t.json", folder: "/nonexistent",
                        appCatalog: { DemoApp.launchCatalog() }).tour
}

/// The sample app with the fixed-metric text engine and no images, on a virtual clock.
@MainActor
struct AppFixture {
    let app: DemoApp
    let clock: VirtualClock
    var root: ViewRoot { app.root }

    init(size: Size = Size(390, 844)) throws {
        clock = VirtualClock()
        app = try DemoApp(size: size, textEngine: FixedMetricTextEngine(), clock: clock)
        app.root.frame(into: nil)
    }

    /// Lets `seconds` pass in 60 Hz frames (not painted), as a host would.
    func advance(_ seconds: Double) {
        runFrames(seconds, clock: clock) { root.frame(into: nil) }
    }

    /// A tap at `point`.
    func tap(_ point: Point) {
        root.send(.pointerDown(point, button: .primary))
        root.send(.pointerUp(point, button: .primary))
    }

    /// The frame of the view `id` after layout.
    func frame(of id: String) -> Rect {
        root.frame(into: nil)
        return root.view(withID: id)?.frame ?? .zero
    }

    /// The whole frame.
    func render() throws -> Pixmap {
        let p = try root.makePixmap()
        root.frame(into: p, repaintingEverything: true)
        return p
    }
}

/// A tour's events, in order.
final class EventRecorder { var events: [TourEvent] = [] }

/// The tour `json` started on a fresh sample app (no fade), its events recorded, 0.1 s in.
@MainActor
func startTour(_ json: String) throws -> (AppFixture, TourEngine, EventRecorder) {
    let f = try AppFixture()
    let engine = TourEngine(tour: try tour(json), host: f.app)
    let recorder = EventRecorder()
    engine.onEvent = { recorder.events.append($0) }
    engine.start(at: 0, animated: false)
    f.advance(0.1)
    return (f, engine, recorder)
}
