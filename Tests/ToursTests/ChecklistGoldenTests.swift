import Foundation
import FontText
import Testing
import TestSupport
import Raster
import Views
import Overlays
import Demo
@testable import Tours

/// The sample app's checklist on screen, whole frames compared exactly with goldens: its panel in
/// every shipped language (Arabic and Hebrew mirrored) on a phone, on a desktop, its launcher
/// closed, and an item ticking in on the root's clock.
@Suite(.serialized) @MainActor struct ChecklistGoldenTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let checklist = root + "/assets/tours/getting-started.checklist.json"

    /// The sample app as the window launches it (Limelight's words in `language`), with the checklist.
    static func scene(_ size: Size = Size(390, 844), language: String = "en", checked: [String] = ["tour"]) throws -> (any TourHost, ChecklistRunner, VirtualClock) {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let clock = VirtualClock()
        let app = try DemoApp.definition(imagesFolder: root + "/assets/images", toursFolder: nil)
            .launch(AppLaunch(size: size, language: language, textEngine: try SystemTextEngine(), clock: clock))
        var progress = TourProgress()
        for id in checked { progress.recordChecked(id, in: "getting-started", at: Date(timeIntervalSince1970: 0)) }
        let runner = ChecklistRunner(checklist: try ChecklistLoader.load(path: checklist), host: app, progress: progress)
        runner.present(animated: false)
        app.root.frame(into: nil)
        return (app, runner, clock)
    }

    static func settle(_ host: any TourHost, _ clock: VirtualClock, _ seconds: Double = 0.5) {
        runFrames(seconds, clock: clock) { host.root.frame(into: nil) }
    }

    func expectGolden(_ host: any TourHost, _ name: String) throws {
        let frame = try host.root.makePixmap()
        host.root.frame(into: frame, repaintingEverything: true)
        let result = Golden.compare(frame, named: name)
        #expect(result.matches, "\(result.message)")
    }

    @Test(arguments: ["en", "de", "ja", "ar", "he"])
    func thePanelOnAPhone(language: String) throws {
        let (app, runner, clock) = try Self.scene(language: language)
        runner.overlay.open()
        Self.settle(app, clock)
        try expectGolden(app, "checklist-phone-\(language)")
    }

    @Test func thePanelOnADesktopAndTheLauncherClosed() throws {
        let (app, runner, clock) = try Self.scene(Size(1280, 800))
        runner.overlay.open()
        Self.settle(app, clock)
        try expectGolden(app, "checklist-desktop-en")
        let (phone, _, phoneClock) = try Self.scene()
        Self.settle(phone, phoneClock)
        try expectGolden(phone, "checklist-phone-closed")
    }

    @Test func anItemTicksInOnTheClock() throws {
        let (app, runner, clock) = try Self.scene()
        runner.overlay.open()
        Self.settle(app, clock)
        // The app's event ticks "Add a card": a frame in the middle of its tick.
        runner.noteEvent("cardAdded")
        Self.settle(app, clock, 0.15)
        try expectGolden(app, "checklist-tick")
        #expect(runner.states.map(\.rawValue) == ["done", "done", "toDo", "toDo"])
    }
}
