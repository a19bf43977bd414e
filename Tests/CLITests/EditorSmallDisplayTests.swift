import Foundation
import Testing
import ImageFiles
import Raster
import Views
import FontText
import Editor
import Demo

// Nested in `WindowTests`, whose `.serialized` then covers them: real-window suites side by side
// would each wait out the other's windows on a two-core machine.
extension WindowTests {
/// The editor's panel in real windows on the displays designers have (Xvfb at 1366×768 and
/// 1920×1080, SDL's x11 driver, display scale 1 and 2): the window fits the display, the status
/// line ends inside it, the footer is whole, and the last row of the tour's settings is reached by
/// Tab and by the wheel (and set, and saved), with the settings' bar at the end of its track.
@Suite(.serialized, .enabled("needs Xvfb, xdotool and ImageMagick (make test installs them)") { try WindowTools.ready() })
struct EditorSmallDisplayTests {
    /// The panel's colours the grabs are read with.
    static let thumb = Color(red: 0x8E, green: 0x8E, blue: 0x93)
    static let tint = Color(red: 0x00, green: 0x62, blue: 0xCC)

    @Test(arguments: [(1366, 768, 1), (1366, 768, 2), (1920, 1080, 1), (1920, 1080, 2)])
    func thePanelIsWholeAndItsLastRowIsReached(width: Int, height: Int, scale: Int) async throws {
        let (xvfb, display) = try WindowTests.startXvfb(screen: "\(width)x\(height)")
        defer { WindowTests.stopXvfb(xvfb, display: display) }
        let dir = try CLI.temporaryFolder()
        let file = dir + "/t.json"
        try EditorLayout.home.write(toFile: file, atomically: true, encoding: .utf8)
        let (app, appErr, window) = try WindowTests.launch(["edit", file, "--scale", "\(scale)", "--driver", "x11"], on: display, title: "t\\.json$")
        defer { WindowTests.stop(app) }
        let shots = try CLI.temporaryFolder()
        var n = 0
        func grab() throws -> Pixmap { n += 1; return try WindowTests.screenshot(of: window, on: display, into: shots, name: "\(width)x\(height)@\(scale)-\(n)") }
        func key(_ keys: [String]) throws { try WindowTests.tool("/usr/bin/xdotool", ["key", "--window", window] + keys, display: display) }
        // Painted once the footer's Save shows at the bottom right.
        var frame = try grab()
        let d = Double(scale)
        #expect(WindowTests.waitFor(60) {
            frame = (try? grab()) ?? frame
            return frame.color(x: frame.width - Int(60 * d), y: frame.height - Int(25 * d)) == Self.tint
        }, "the footer's Save button is whole at the bottom right (\(shots))")
        #expect(frame.width <= width && frame.height <= height, "the window fits the display: \(frame.width)x\(frame.height)")
        let points = Size(Double(frame.width) / d, Double(frame.height) / d)
        let layout = try await MainActor.run { try PanelLayout(path: file, size: points) }
        // The status line's text ends inside the panel's inset.
        let status = layout.status
        var rightmost = 0
        for y in Int(status.minY * d)..<min(frame.height, Int(status.maxY * d)) {
            for x in stride(from: frame.width - 1, to: Int(status.minX * d), by: -1) where frame.color(x: x, y: y) != .white {
                rightmost = max(rightmost, x)
                break
            }
        }
        #expect(Double(rightmost) < (points.width - 12) * d, "the status text ends at \(rightmost) in a \(frame.width)-pixel window")
        // By keyboard: Tab to the headings, Enter opens them, Tab to the last row; a value typed
        // there and Enter set its key, and Ctrl-S saves it.
        var keys: [String] = []
        for tabs in layout.tabsToLastRow { keys += Array(repeating: "Tab", count: tabs); keys.append("Return") }
        keys.removeLast()
        try key(keys)
        try WindowTests.tool("/usr/bin/xdotool", ["type", "--window", window, "7"], display: display)
        try key(["Return", "ctrl+s"])
        let saved = { (try? String(contentsOfFile: file, encoding: .utf8)) ?? "" }
        let name = layout.lastRowKey.last ?? "?"
        #expect(WindowTests.waitFor(20) { saved().contains("\"\(name)\"") }, "Tab reached \(layout.lastRowKey) and set it: \(saved())")
        // By the wheel: to the end of the settings; the bar's thumb is at the end of its track, and
        // the last row is where a click finds it.
        let over = layout.settings
        try WindowTests.tool("/usr/bin/xdotool", ["mousemove", "--window", window, "\(Int(over.midX * d))", "\(Int(over.midY * d))",
                                                  "click", "--repeat", "60", "--delay", "5", "5"], display: display)
        #expect(WindowTests.waitFor(20) {
            frame = (try? grab()) ?? frame
            return frame.color(x: Int((over.maxX - 5) * d), y: Int((over.maxY - 6) * d)) == Self.thumb
        }, "the bar's thumb is at the end of its track (\(shots))")
        let last = layout.lastRowAtTheEnd
        try WindowTests.tool("/usr/bin/xdotool", ["mousemove", "--window", window, "\(Int(last.midX * d))", "\(Int(last.midY * d))", "click", "1"], display: display)
        try key(["ctrl+a"])
        try WindowTests.tool("/usr/bin/xdotool", ["type", "--window", window, "8"], display: display)
        try key(["Return", "ctrl+s"])
        #expect(WindowTests.waitFor(20) { saved().contains("\"\(name)\": 8") || saved().contains("\"\(name)\": \"8\"") },
                "the wheel reached \(layout.lastRowKey), a click set it: \(saved())")
        _ = appErr
    }
}
}

/// The editor laid out headless as `limelight edit` lays it out in a window of `size` points (the
/// sample app's fonts): where the status line, the settings and the last row of the tour's
/// settings are, and how many Tabs reach that row.
@MainActor
struct PanelLayout {
    /// The status line's frame.
    var status: Rect
    /// The settings' scroll view's frame.
    var settings: Rect
    /// Tabs to "Every key of this step", then to "Tour settings" (each opened with Enter), then to
    /// the last row of the tour's settings.
    var tabsToLastRow: [Int]
    /// That row's key, as a path.
    var lastRowKey: [String]
    /// That row's frame once the settings are scrolled to their end.
    var lastRowAtTheEnd: Rect

    /// An editor on `path` in a window of `size` points, over the sample app.
    static func editor(of path: String, size: Size) throws -> EditorApp {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let sample = DemoApp.definition(imagesFolder: nil, toursFolder: nil)
        let engine = try SystemTextEngine(family: sample.fontFamily, fallbackLanguages: sample.fallbackLanguages)
        let clock = VirtualClock()
        let text = try? String(contentsOfFile: path, encoding: .utf8)
        let model = try EditorModel(path: path, text: text, screenSize: Size(390, 844), catalog: { DemoApp.launchCatalog() })
        let editor = try EditorApp(model: model, makeStage: { try DemoApp(size: Size(390, 844), textEngine: engine, clock: clock) },
                                   textEngine: engine, clock: clock, scale: 1)
        if size != editor.root.size { editor.root.send(.resize(size)) }
        editor.root.frame(into: nil)
        return editor
    }

    init(path: String, size: Size) throws {
        let editor = try PanelLayout.editor(of: path, size: size)
        let root = editor.root
        func frame(_ id: String) throws -> Rect { try #require(root.view(withID: id), "\(id)").frame }
        status = try frame("editor.status")
        var v = root.view(withID: "editor.title")
        while let view = v, !(view is ScrollView) { v = view.parent }
        let scroll = try #require(v as? ScrollView)
        settings = scroll.frame
        // Tab as the window's user does, counting.
        func tabs(to id: (String) -> Bool) throws -> Int {
            for count in 1...300 {
                root.send(.key(.tab, modifiers: []))
                root.frame(into: nil)
                if let focused = root.focusedView?.id, id(focused) { return count }
            }
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "Tab does not reach it"])
        }
        let toStepKeys = try tabs { $0 == "editor.stepKeys" }
        root.send(.key(.enter, modifiers: []))
        root.frame(into: nil)
        let toTourKeys = try tabs { $0 == "editor.tourKeys" }
        root.send(.key(.enter, modifiers: []))
        root.frame(into: nil)
        let last = try #require(root.allIdentifiedViews().filter { $0.id.hasPrefix("editor.key.tour.") && root.view(withID: $0.id) is TextField }
            .max { $0.frame.maxY < $1.frame.maxY })
        let toLast = try tabs { $0 == last.id }
        tabsToLastRow = [toStepKeys, toTourKeys, toLast]
        lastRowKey = last.id.dropFirst("editor.key.tour.".count).split(separator: ".").map(String.init)
        scroll.scroll(to: 1_000_000)
        root.frame(into: nil)
        lastRowAtTheEnd = try frame(last.id)
    }
}

extension EditorLayout {
    /// The sample app's home tour, as shipped.
    nonisolated static var home: String {
        (try? String(contentsOfFile: TourCommandTests.tours + "/home.json", encoding: .utf8)) ?? ""
    }
}
