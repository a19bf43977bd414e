import Foundation
import Demo
import Editor
import FontText
import Headless
import ImageFiles
import Raster
import TestSupport
import Tours
import Views

/// An editor on a copy of a tour file (or a new one) over the sample app, headless on a virtual
/// clock, driven by replay-script lines as `limelight replay --edit` drives it.
@MainActor
final class EditorFixture {
    let editor: EditorApp
    let session: HeadlessSession
    let clock = VirtualClock()
    let path: String
    var runner: ScriptRunner
    var log: [String] = []

    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// An editor on `text` written to a temporary file (nil: the file does not exist yet), over
    /// the sample app or, with `screenshot`, over that image. With `folder`, the file is (or is
    /// not) in that folder already, and `text` is not written.
    init(text: String?, name: String = "tour.json", screenshot: Pixmap? = nil, screen: (size: Size, scale: Double) = (Size(390, 844), 1),
         screenshotFile: String? = nil, language: Language = .en, folder existing: String? = nil) throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let folder = existing ?? FileManager.default.temporaryDirectory.appendingPathComponent("limelight-editor-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        path = folder + "/" + name
        if let text, existing == nil { try text.write(toFile: path, atomically: true, encoding: .utf8) }
        if let screenshot, let name = screenshotFile { try screenshot.writePNG(to: folder + "/" + name) }
        // The sample app's family and fallbacks, as the command line gives the editor.
        let sample = DemoApp.definition(imagesFolder: nil, toursFolder: nil)
        let engine = try SystemTextEngine(family: sample.fontFamily, fallbackLanguages: sample.fallbackLanguages)
        let images = CardImages.load(from: Self.repository.appendingPathComponent("assets/images").path).images
        let clock = self.clock
        let model = try EditorModel(path: path, text: text, screenSize: Size(390, 844), catalog: { DemoApp.launchCatalog() })
        editor = try EditorApp(model: model, makeStage: {
            // Limelight's words from the shipped translation files, as the command line gives them.
            if let screenshot { return try ScreenshotStage(image: screenshot, size: screen.size, scale: screen.scale, strings: ShippedStrings.strings, textEngine: engine, clock: clock) }
            let app = try DemoApp(size: Size(390, 844), language: language, textEngine: engine, images: images, clock: clock)
            app.root.strings = ShippedStrings.strings
            return app
        }, textEngine: engine, clock: clock, scale: 1)
        let editor = self.editor
        session = HeadlessSession(app: editor, stage: { editor.stage }, clock: clock)
        runner = ScriptRunner(session: session, engine: { editor.engineShown })
        editor.log = { [weak self] in self?.log.append($0) }
        session.runFrame()
    }

    /// Runs script lines (the replay format).
    func run(_ lines: String) throws {
        let script = try ReplayScript(text: lines, file: "script")
        try runner.run(script)
        session.wait(milliseconds: 400)
    }

    /// The editor's window now.
    func frame() throws -> Pixmap { try session.render().copy() }

    /// The file's text on disk.
    var saved: String? { try? String(contentsOfFile: path, encoding: .utf8) }
}
