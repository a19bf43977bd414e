import Demo
import Editor
import Foundation
import Raster
import Tours
import Views

/// The editor's frames in a 60 Hz window (each must stay well under 16.7 ms): hovering from view to
/// view, dragging a rectangle's edge, and typing a character into the step's text; and video export
/// as frames rendered and encoded a second.
@MainActor
enum EditorBenchmarks {
    static func frames(_ h: Harness, app: AppBenchmarks) throws {
        let tour = URL(fileURLWithPath: AppBenchmarks.imagesFolder).deletingLastPathComponent().appendingPathComponent("tours/home.json").path
        let text = try String(contentsOfFile: tour, encoding: .utf8)
        let clock = VirtualClock()
        let model = try EditorModel(path: FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(getpid()).json").path,
                                    text: text, screenSize: Size(390, 844), catalog: { DemoApp.launchCatalog() })
        let editor = try EditorApp(model: model, makeStage: { try app.app(390, 844, clock: clock) }, textEngine: app.engine, clock: clock, scale: 1)
        let root = editor.root
        let frame = try root.makePixmap()
        func tick() {
            clock.advance(by: 1.0 / 60)
            root.frame(into: frame)
        }
        for _ in 0..<30 { tick() }
        let a = editor.editorPoint(Point(100, 180)), b = editor.editorPoint(Point(290, 400))
        var flip = false
        h.record("editor.hover", size: "\(root.deviceBounds.width)x\(root.deviceBounds.height)") {
            flip.toggle()
            root.send(.pointerMove(flip ? a : b))
            tick()
        }
        // A rectangle, then its right edge dragged back and forth.
        let start = editor.editorPoint(Point(40, 120))
        root.send(.pointerDown(start, button: .primary, modifiers: .alt))
        root.send(.pointerMove(Point(start.x + 120, start.y + 90)))
        root.send(.pointerUp(Point(start.x + 120, start.y + 90), button: .primary))
        for _ in 0..<30 { tick() }
        root.send(.pointerDown(Point(start.x + 120, start.y + 45), button: .primary))
        var width = 120.0
        h.record("editor.drag", size: "\(root.deviceBounds.width)x\(root.deviceBounds.height)") {
            width = width >= 200 ? 100 : width + 3
            root.send(.pointerMove(Point(start.x + width, start.y + 45)))
            tick()
        }
        root.send(.pointerUp(Point(start.x + width, start.y + 45), button: .primary))
        // Typing into the text field: the document changes, the step is shown again, its
        // thumbnail made again.
        guard let field = root.view(withID: "editor.text") else { return }
        root.send(.pointerDown(field.frame.center, button: .primary))
        root.send(.pointerUp(field.frame.center, button: .primary))
        var n = 0
        h.record("editor.type", size: "\(root.deviceBounds.width)x\(root.deviceBounds.height)") {
            n += 1
            root.send(n % 20 == 0 ? .key(.backspace) : .text("x"))
            tick()
        }
        h.note("editor.hover / editor.drag / editor.type: one 60 Hz frame of the editor's window (the app's 390x844 and the panel) after a pointer move to another view, a move of a rectangle's edge, or a typed character (the tour reloaded, the step shown again and its thumbnail made again)")
    }

    /// `video.mp4`, `video.apng`: `limelight render --tour home.json --video` with each step held
    /// 1 s at 30 fps (194 frames), as a process; the figure is milliseconds a frame.
    static func video(_ h: Harness) throws {
        let binary = HostBenchmarks.binary
        guard FileManager.default.isExecutableFile(atPath: binary), FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else {
            h.note("video: skipped (needs the release limelight and ffmpeg)")
            return
        }
        let tour = URL(fileURLWithPath: AppBenchmarks.imagesFolder).deletingLastPathComponent().appendingPathComponent("tours/home.json").path
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-bench-video-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (format, size) in [("mp4", "390x844"), ("apng", "390x844"), ("gif", "390x844"), ("mp4", "1920x1080")] {
            var samples: [Double] = []
            for _ in 0..<3 {
                // At scale 1, so the size is the video's pixels (a phone's screen is made at 2 by default).
                samples.append(try HostBenchmarks.timedRun(["render", "--tour", tour, "--size", size, "--video", "\(folder)/v.\(format)", "--video-scale", "1", "--hold", "1000"],
                                                           env: ["SDL_VIDEODRIVER": "dummy"]).milliseconds)
            }
            h.add("video.\(format) (ms a frame)", size: size, milliseconds: samples.sorted()[1] / 194)
        }
        h.note("video.*: render --video of home.json at --video-scale 1, each step held 1 s at 30 fps (194 frames), the whole process (start-up, rendering, ffmpeg encoding; a GIF renders twice for its palette) divided by 194; median of 3")
    }
}
