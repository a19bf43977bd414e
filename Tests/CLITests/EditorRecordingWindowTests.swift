import Foundation
import Schema
import Testing
import ImageFiles
import Raster
import Tours

// Nested in `WindowTests`, whose `.serialized` covers it: real windows one at a time.
extension WindowTests {
/// Recording over a @3x screenshot in a real window on a laptop's display (Xvfb at 1366x768, SDL's
/// x11 driver, xdotool): Ctrl-R turns the record button and the status line red (counted in
/// grabbed frames), two clicks become two rectangles around them, and the saved tour, copied
/// with its screenshot to another folder, passes `check --lint` there.
@Suite(.serialized, .enabled("needs Xvfb, xdotool and ImageMagick (make test installs them)") { try WindowTools.ready() })
struct EditorRecordingWindowTests {
    /// Pixels of the recording red (#C62828, not the screenshot's marker) in the panel (the
    /// window's right `panel` pixels).
    static func redPixels(in frame: Pixmap, panel: Int) -> Int {
        var n = 0
        for y in 0..<frame.height {
            for x in max(0, frame.width - panel)..<frame.width {
                let c = frame.color(x: x, y: y)
                if abs(Int(c.red) - 0xC6) <= 8 && abs(Int(c.green) - 0x28) <= 8 && abs(Int(c.blue) - 0x28) <= 8 { n += 1 }
            }
        }
        return n
    }

    @Test func aRecordingOverAScreenshotShowsAndSavesRectangles() throws {
        let (xvfb, display) = try WindowTests.startXvfb(screen: "1366x768")
        defer { WindowTests.stopXvfb(xvfb, display: display) }
        let dir = try EditorWindowTests.tour(scale: 3)
        try FileManager.default.createDirectory(atPath: dir + "/tours/shots", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: dir + "/shot.png", toPath: dir + "/tours/shots/home.png")
        let file = dir + "/tours/bank.json"
        let (app, _, window) = try WindowTests.launch(["edit", file, "--screenshot", dir + "/tours/shots/home.png", "--scale", "3", "--driver", "x11"],
                                                      on: display, title: "bank\\.json$")
        defer { WindowTests.stop(app) }
        let shots = try CLI.temporaryFolder()
        var n = 0
        func grab() throws -> Pixmap { n += 1; return try WindowTests.screenshot(of: window, on: display, into: shots, name: "shot\(n)") }
        func key(_ k: String) throws { try WindowTests.tool("/usr/bin/xdotool", ["key", "--window", window, k], display: display) }
        // The marker (a red square at 60, 200, 100 points) shows where the screenshot is and its zoom.
        var frame = try grab()
        var marker: IntRect?
        _ = try WindowTests.waitFor(60) {
            frame = try grab()
            marker = EditorWindowTests.box(of: .white, in: frame, region: IntRect(x: 0, y: 0, width: max(1, frame.width - 400), height: frame.height))
            return marker.map { $0.width > 20 } ?? false
        }
        let box = try #require(marker, "the screenshot shows (\(shots))")
        #expect(frame.width <= 1366 && frame.height <= 768, "the window fits the display: \(frame.width)x\(frame.height)")
        let panel = min(400, frame.width - 200)
        let idle = Self.redPixels(in: frame, panel: panel)

        try key("ctrl+r")
        var recording = 0
        #expect(try WindowTests.waitFor(20) { recording = Self.redPixels(in: try grab(), panel: panel); return recording > idle + 800 },
                "Ctrl-R turns the record button and the status line red: \(idle) red pixels in the panel, then \(recording) (\(shots))")
        // Two clicks: the marker's centre, and a point at 300, 700 on the screen.
        let zoom = Double(box.width) / EditorWindowTests.marker.width
        func click(_ x: Double, _ y: Double) throws {
            let px = Double(box.x) + (x - EditorWindowTests.marker.minX) * zoom, py = Double(box.y) + (y - EditorWindowTests.marker.minY) * zoom
            try WindowTests.tool("/usr/bin/xdotool", ["mousemove", "--window", window, "\(Int(px.rounded()))", "\(Int(py.rounded()))", "click", "1"], display: display)
            Thread.sleep(forTimeInterval: 0.8)
        }
        try click(110, 250)
        try click(300, 700)
        try key("ctrl+r")
        var stopped = 0
        #expect(try WindowTests.waitFor(20) { stopped = Self.redPixels(in: try grab(), panel: panel); return stopped <= idle + 50 },
                "stopped, the panel is as it was: \(stopped) red pixels (\(idle) before)")
        try key("ctrl+s")
        Thread.sleep(forTimeInterval: 0.5)
        try WindowTests.tool("/usr/bin/xdotool", ["type", "--window", window, "bank"], display: display)
        try key("Return")
        #expect(WindowTests.waitFor(20) { (try? String(contentsOfFile: file, encoding: .utf8))?.contains(#""id": "bank""#) == true }, "saved")
        let bytes = Array((try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data())
        let tour = try JSONTree(JSONParser.parse(bytes), in: bytes)
        let rects = (tour["steps"]?.arrayValue ?? []).map { $0["rect"]?.arrayValue?.compactMap(\.numberValue) ?? [] }
        #expect(tour["background"]?.stringValue == "shots/home.png", "\(tour.text())")
        #expect(rects.count == 2 && zip(rects, [[82.0, 222, 56, 56], [272, 672, 56, 56]]).allSatisfy { a, b in a.count == 4 && zip(a, b).allSatisfy { abs($0 - $1) <= 2 } },
                "a square around each click: \(rects)")
        // The tour and its screenshot copied together to a teammate's folder check there.
        let elsewhere = try CLI.temporaryFolder()
        try FileManager.default.copyItem(atPath: dir + "/tours", toPath: elsewhere + "/bank")
        try FileManager.default.removeItem(atPath: dir + "/tours")
        let check = try CLI.runProcess(CLI.binary, ["check", "--lint", "bank/bank.json"], environment: ["SDL_VIDEODRIVER": "dummy", "DISPLAY": ""], directory: elsewhere)
        #expect(check.status == 0 && check.stdout.contains("ok (2 steps)"), "\(check.stdout)\(check.stderr)")
    }
}
}
