import Foundation
import Testing
import ImageFiles
import Raster

// Nested in `WindowTests`, whose `.serialized` then covers both: two real-window suites side by
// side would each wait out the other's windows on a two-core machine.
extension WindowTests {
/// The editor in real windows on a 1400x1800 virtual display (Xvfb, SDL's x11 driver), driven by
/// xdotool and checked by grabbed frames, at display scales 1 and 2 over screenshots at
/// `screen.scale` 1, 2 and 3: the window fits the display, the whole screenshot is fitted beside
/// the whole panel, a drag over the screenshot draws the rectangle under the pointer (in the
/// screen's points, whatever the zoom), each drag is one undo step, and Ctrl-Q asks before
/// unsaved changes are lost. Play is compared with `limelight --tour` frame for frame. Every wait
/// is for what the user would see or get (a grabbed frame, the saved file, the process), with a
/// deadline: no fixed sleep, and no check that passes when nothing happened.
@Suite(.serialized, .enabled("needs Xvfb, xdotool and ImageMagick (make test installs them)") { try WindowTools.ready() })
struct EditorWindowTests {
    static let display = (width: 1400, height: 1800)
    /// The red marker's place on the 390x844-point screen.
    static let marker = Rect(x: 60, y: 200, width: 100, height: 100)

    /// A folder with a @`scale`x screenshot (blue, a red square at `marker`) and a tour over it.
    static func tour(scale: Int) throws -> String {
        let dir = try CLI.temporaryFolder()
        let shot = try Pixmap(width: 390 * scale, height: 844 * scale, fill: Color(red: 0x20, green: 0x50, blue: 0xA0))
        let m = marker
        shot.fill(Color(red: 0xFF, green: 0, blue: 0), in: IntRect(x: Int(m.minX) * scale, y: Int(m.minY) * scale, width: Int(m.width) * scale, height: Int(m.height) * scale))
        try shot.writePNG(to: dir + "/shot.png")
        try #"{"id": "w", "background": "shot.png", "screen": {"scale": \#(scale)}, "steps": [{"rect": [250, 600, 100, 80], "label": "Corner", "text": "Here."}]}"#
            .write(toFile: dir + "/w.json", atomically: true, encoding: .utf8)
        return dir
    }

    /// The bounding box of the marker's pixels in `image` within `region`: red, dimmed or not (the
    /// step's dim lies over it), at least half covered where the screenshot was shrunk.
    static func box(of _: Color, in image: Pixmap, region: IntRect) -> IntRect? {
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        func isRed(_ c: Color) -> Bool { Int(c.red) > 2 * Int(c.blue) + 20 && Int(c.red) > 2 * Int(c.green) + 20 }
        for y in region.y..<min(image.height, region.maxY) {
            for x in region.x..<min(image.width, region.maxX) where isRed(image.color(x: x, y: y)) {
                x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y)
            }
        }
        return x1 < 0 ? nil : IntRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    }

    static func rect(in file: String) -> [Double]? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8),
              let range = text.range(of: #""rect": \[[^\]]*\]"#, options: .regularExpression) else { return nil }
        return text[range].dropFirst(9).dropLast().split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// Grabs of one window, numbered in a folder of their own (named in failures), and the waits
    /// on what they show: nothing here waits a fixed time.
    final class Grabs {
        let window: String, display: Int, folder: String
        private var count = 0
        /// The last grab.
        private(set) var last: Pixmap?

        init(of window: String, on display: Int) throws {
            self.window = window; self.display = display
            folder = try CLI.temporaryFolder()
        }

        func grab() throws -> Pixmap {
            count += 1
            let frame = try WindowTests.screenshot(of: window, on: display, into: folder, name: "shot\(count)")
            last = frame
            return frame
        }

        /// Grabs until `condition` holds of a grab, for up to `seconds`; whether it did.
        func wait(_ seconds: Double = 30, until condition: (Pixmap) -> Bool) throws -> Bool {
            try WindowTests.waitFor(seconds) { condition(try grab()) }
        }

        /// Waits until the window has painted: more than one flat colour (a debug build starting
        /// beside a busy test run can take a while).
        func painted() throws -> Bool {
            try wait(60) { frame in
                let first = frame.color(x: 0, y: 0)
                return stride(from: 0, to: frame.height, by: 7).contains { y in stride(from: 0, to: frame.width, by: 7).contains { frame.color(x: $0, y: y) != first } }
            }
        }

        /// Waits until the window shows other pixels than `before`, and holds still: two grabs in
        /// a row alike (an animation that ran in between has ended).
        func settled(after before: Pixmap) throws -> Bool {
            var previous: Pixmap?
            return try wait { frame in
                defer { previous = frame }
                return !frame.hasSamePixels(as: before) && previous?.hasSamePixels(as: frame) == true
            }
        }
    }

    /// Whether `frame` (the editor's window at `scale`) shows one of its cards, the quit question
    /// or a new tour's id prompt: white at the card's left margin (18 points of padding), over the
    /// app's screen at the window's middle, where nothing else is white.
    static func showsCard(_ frame: Pixmap, scale: Int) -> Bool {
        let width = Double(frame.width / scale), height = Double(frame.height / scale)
        let card = min(width - 40, 560)
        let x = Int((width / 2 - card / 2 + 9) * Double(scale))
        return stride(from: height / 2 - 20, through: height / 2 + 20, by: 4).allSatisfy { y in
            (0..<3).allSatisfy { frame.color(x: x + $0 * scale * 3, y: Int(y * Double(scale))) == .white }
        }
    }

    @Test(arguments: [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)])
    func theEditorFitsAnyScreenAndDrawsWhereThePointerIs(displayScale: Int, screenScale: Int) throws {
        let (xvfb, display) = try WindowTests.startXvfb(screen: "\(Self.display.width)x\(Self.display.height)")
        defer { WindowTests.stopXvfb(xvfb, display: display) }
        let dir = try Self.tour(scale: screenScale)
        let file = dir + "/w.json"
        let (app, _, window) = try WindowTests.launch(["edit", file, "--scale", "\(displayScale)", "--driver", "x11"], on: display, title: "w\\.json$")
        defer { WindowTests.stop(app) }
        let grabs = try Grabs(of: window, on: display)
        let shots = grabs.folder
        func grab() throws -> Pixmap { try grabs.grab() }
        var frame = try grab()
        let red = Color(red: 0xFF, green: 0, blue: 0)
        let d = Double(displayScale)
        // Where the marker must be once the editor shows the screen fitted beside the 400-point
        // panel, centred, for the window's size; the window is grabbed until it is there (a loaded
        // machine draws a debug build's first frames slowly), and what was last seen is reported.
        func expectation(_ frame: Pixmap) -> (zoom: Double, viewport: Double, x: Double, y: Double, side: Double) {
            let points = (width: Double(frame.width) / d, height: Double(frame.height) / d)
            let viewport = (width: points.width - 400, height: points.height)
            let zoom = min(2, viewport.width / 390, viewport.height / 844)
            let origin = (x: (viewport.width - 390 * zoom) / 2, y: (viewport.height - 844 * zoom) / 2)
            return (zoom, viewport.width, (origin.x + Self.marker.minX * zoom) * d, (origin.y + Self.marker.minY * zoom) * d, Self.marker.width * zoom * d)
        }
        var seen: IntRect?
        let placed = try WindowTests.waitFor(60) {
            frame = try grab()
            let e = expectation(frame)
            seen = Self.box(of: red, in: frame, region: IntRect(x: 0, y: 0, width: Int(e.viewport * d), height: frame.height))
            guard let f = seen else { return false }
            return abs(Double(f.x) - e.x) <= 2 && abs(Double(f.y) - e.y) <= 2 && abs(Double(f.width) - e.side) <= 3
        }
        let e = expectation(frame)
        let zoom = e.zoom
        #expect(placed, "the whole screen fitted beside the panel: the marker at \(String(describing: seen)), expected at \(e) (\(shots))")
        // The window fits the display, and the panel (400 points) is whole at its right edge.
        #expect(frame.width <= Self.display.width && frame.height <= Self.display.height, "\(frame.width)x\(frame.height)")
        var white = 0
        for y in stride(from: 0, to: frame.height, by: 4) { for x in stride(from: frame.width - Int(380 * d), to: frame.width, by: 4) where frame.color(x: x, y: y) == .white { white += 1 } }
        #expect(white > 2000, "the panel is on screen: \(white)")
        let found = try #require(seen)
        // A drag over the marker, in the window's pixels, draws the marker's rectangle in the screen's points.
        func drag(from a: (Double, Double), to b: (Double, Double)) throws {
            try WindowTests.tool("/usr/bin/xdotool", ["mousemove", "--window", window, "\(Int(a.0.rounded()))", "\(Int(a.1.rounded()))", "mousedown", "1"], display: display)
            for k in 1...4 {
                let t = Double(k) / 4
                try WindowTests.tool("/usr/bin/xdotool", ["mousemove", "--window", window, "\(Int((a.0 + (b.0 - a.0) * t).rounded()))", "\(Int((a.1 + (b.1 - a.1) * t).rounded()))"], display: display)
            }
            try WindowTests.tool("/usr/bin/xdotool", ["mouseup", "1"], display: display)
        }
        func key(_ k: String) throws { try WindowTests.tool("/usr/bin/xdotool", ["key", "--window", window, k], display: display) }
        func saved(_ check: @escaping ([Double]) -> Bool) -> [Double]? {
            var last: [Double]?
            _ = WindowTests.waitFor(20) { last = Self.rect(in: file); return last.map(check) ?? false }
            return last
        }
        try drag(from: (Double(found.x), Double(found.y)), to: (Double(found.maxX), Double(found.maxY)))
        try key("ctrl+s")
        let drawn = saved { abs($0[0] - 60) <= 1.5 }
        #expect(drawn.map { abs($0[0] - 60) <= 1.5 && abs($0[1] - 200) <= 1.5 && abs($0[2] - 100) <= 2 && abs($0[3] - 100) <= 2 } == true,
                "the rectangle under the pointer: \(drawn ?? [])")
        // A second drag moves it (saved: the file changes); undo takes back that drag alone (saved:
        // the file is as the first drag left it again).
        let inside = (Double(found.x) + Double(found.width) / 2, Double(found.y) + Double(found.height) / 2)
        try drag(from: inside, to: (inside.0 + 40 * zoom * d, inside.1))
        try key("ctrl+s")
        let moved = saved { abs($0[0] - 100) <= 1.5 }
        #expect(moved.map { abs($0[0] - 100) <= 1.5 && abs($0[1] - 200) <= 1.5 } == true, "the second drag moved it 40 points: \(moved ?? [])")
        try key("ctrl+z")
        try key("ctrl+s")
        let undone = saved { $0 == drawn }
        #expect(undone == drawn, "undo took back the move alone: \(undone ?? []) vs \(drawn ?? [])")
        // Unsaved: Ctrl-Q asks (the question on screen, the editor still running); Escape takes the
        // question away; saved, Ctrl-Q ends it.
        try drag(from: inside, to: (inside.0 + 30 * zoom * d, inside.1))
        #expect(!Self.showsCard(try grab(), scale: displayScale), "no question before Ctrl-Q (\(shots))")
        try key("ctrl+q")
        #expect(try grabs.wait { Self.showsCard($0, scale: displayScale) }, "Ctrl-Q with unsaved changes asks (\(shots))")
        #expect(app.isRunning, "and waits for the answer")
        try key("Escape")
        #expect(try grabs.wait { !Self.showsCard($0, scale: displayScale) }, "Escape takes the question away (\(shots))")
        #expect(app.isRunning, "and goes on editing")
        try key("ctrl+s")
        let kept = saved { abs($0[0] - 90) <= 1.5 }
        #expect(kept.map { abs($0[0] - 90) <= 1.5 } == true, "the drag before the question was kept and saved: \(kept ?? [])")
        try key("ctrl+q")
        #expect(WindowTests.waitFor(20) { !app.isRunning }, "saved, Ctrl-Q ends the editor")
    }

    /// Play in the editor's window is the `limelight --tour` window's frame: the same pixels once
    /// both have settled on the step.
    @Test func playInTheWindowIsTheToursWindow() throws {
        let (xvfb, display) = try WindowTests.startXvfb(screen: "\(Self.display.width)x\(Self.display.height)")
        defer { WindowTests.stopXvfb(xvfb, display: display) }
        let dir = try Self.tour(scale: 3)
        let file = dir + "/w.json"
        let (tour, _, tourWindow) = try WindowTests.launch(["--tour", file, "--driver", "x11"], on: display, title: "^Limelight$",
                                                           environment: ["XDG_STATE_HOME": dir + "/state"])
        // The step has settled once the screenshot is dimmed around the hole, the bubble (white)
        // is up and two grabs in a row are alike.
        let tourGrabs = try Grabs(of: tourWindow, on: display)
        var previous: Pixmap?
        let settled = try tourGrabs.wait(60) { frame in
            defer { previous = frame }
            let dimmed = frame.color(x: 10, y: 10).blue < 0xA0 - 20
            var white = 0
            for y in stride(from: 0, to: frame.height, by: 2) { for x in stride(from: 0, to: frame.width, by: 2) where frame.color(x: x, y: y) == .white { white += 1 } }
            return dimmed && white > 200 && previous?.hasSamePixels(as: frame) == true
        }
        let expected = try #require(tourGrabs.last)
        #expect(settled, "the tour's window settled on the step (\(tourGrabs.folder))")
        WindowTests.stop(tour)
        let (editor, _, window) = try WindowTests.launch(["edit", file, "--driver", "x11"], on: display, title: "w\\.json$")
        defer { WindowTests.stop(editor) }
        let grabs = try Grabs(of: window, on: display)
        #expect(try grabs.painted(), "the editor painted its window (\(grabs.folder))")
        try WindowTests.tool("/usr/bin/xdotool", ["key", "--window", window, "ctrl+1", "ctrl+p"], display: display)
        #expect(expected.width == 390 && expected.height == 844, "\(expected.width)x\(expected.height)")
        func differing(_ played: Pixmap) -> Int {
            var count = 0
            for y in 0..<min(844, played.height) { for x in 0..<min(390, played.width) where played.color(x: x, y: y) != expected.color(x: x, y: y) { count += 1 } }
            return count
        }
        // Play runs the tour from its start: the window is grabbed until its step has settled too.
        _ = try grabs.wait(60) { differing($0) == 0 }
        let played = try #require(grabs.last)
        #expect(differing(played) == 0, "\(differing(played)) pixels differ between Play and the tour's window (\(grabs.folder), \(tourGrabs.folder))")
    }

    /// An image file dropped on the window (XDND, as a file manager drops it: scripts/xdnd-drop.py)
    /// starts a new tour over it; an @3x name says its scale.
    @Test func aDroppedImageStartsATourOverIt() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/xdnd-drop.py").path
        guard (try? CLI.runProcess("/usr/bin/python3", ["-c", "import Xlib"]))?.status == 0 else {
            withKnownIssue("python3-xlib is not installed (make test installs it): no drop was made") { throw CancellationError() }
            return
        }
        let (xvfb, display) = try WindowTests.startXvfb(screen: "\(Self.display.width)x\(Self.display.height)")
        defer { WindowTests.stopXvfb(xvfb, display: display) }
        let dir = try Self.tour(scale: 3)
        try FileManager.default.moveItem(atPath: dir + "/shot.png", toPath: dir + "/home@3x.png")
        let file = dir + "/new.json"
        let (app, _, window) = try WindowTests.launch(["edit", file, "--driver", "x11"], on: display, title: "new\\.json$")
        defer { WindowTests.stop(app) }
        let grabs = try Grabs(of: window, on: display)
        // The editor takes a drop once its window is up and painted.
        #expect(try grabs.painted(), "the editor painted its window (\(grabs.folder))")
        let drop = try CLI.runProcess("/usr/bin/python3", [script, window, dir + "/home@3x.png", "200", "400"], environment: ["DISPLAY": ":\(display)"])
        #expect(drop.status == 0, "\(drop.stderr)")
        #expect(try grabs.wait(20) { Self.box(of: Color(red: 0xFF, green: 0, blue: 0), in: $0, region: IntRect(x: 0, y: 0, width: 390, height: 844)) != nil },
                "the screenshot shows in the editor (\(grabs.folder))")
        // Ctrl-S on a new tour asks for its id: typing waits for the prompt on screen.
        try WindowTests.tool("/usr/bin/xdotool", ["key", "--window", window, "ctrl+s"], display: display)
        #expect(try grabs.wait { Self.showsCard($0, scale: 1) }, "Ctrl-S asked for the new tour's id (\(grabs.folder))")
        try WindowTests.tool("/usr/bin/xdotool", ["type", "--window", window, "dropped"], display: display)
        try WindowTests.tool("/usr/bin/xdotool", ["key", "--window", window, "Return"], display: display)
        #expect(WindowTests.waitFor(20) { (try? String(contentsOfFile: file, encoding: .utf8))?.contains(#""background": "home@3x.png""#) == true },
                "saved over the dropped screenshot: \((try? String(contentsOfFile: file, encoding: .utf8)) ?? "nothing")")
        #expect((try? String(contentsOfFile: file, encoding: .utf8))?.contains(#""scale": 3"#) == true)
    }

    /// Recording in the window: Ctrl-R, clicks on the FAB and the Menu tab, Escape, Ctrl-S. The
    /// steps and the test script it wrote pass `limelight test`, which plays the recording back.
    @Test func aTourRecordedInTheWindowReplays() async throws {
        let (xvfb, display) = try WindowTests.startXvfb(screen: "\(Self.display.width)x\(Self.display.height)")
        defer { WindowTests.stopXvfb(xvfb, display: display) }
        let dir = try CLI.temporaryFolder()
        let file = dir + "/rec.json"
        try #"{"id": "rec", "steps": []}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let frames = try await MainActor.run { try EditorLayout.frames(of: file, ids: ["fab", "tab.menu"]) }
        let (app, _, window) = try WindowTests.launch(["edit", file, "--driver", "x11"], on: display, title: "rec\\.json$")
        defer { WindowTests.stop(app) }
        let grabs = try Grabs(of: window, on: display)
        #expect(try grabs.painted(), "the editor painted its window (\(grabs.folder))")
        // Each input waits for the last to show (the record button turned red, a card added, the
        // Menu tab), and for the window to hold still.
        func showed(_ what: String, _ input: () throws -> Void) throws {
            let before = try grabs.grab()
            try input()
            #expect(try grabs.settled(after: before), "\(what) showed (\(grabs.folder))")
        }
        func key(_ k: String) throws { try WindowTests.tool("/usr/bin/xdotool", ["key", "--window", window, k], display: display) }
        func click(_ id: String) throws {
            let c = try #require(frames[id]).center
            try WindowTests.tool("/usr/bin/xdotool", ["mousemove", "--window", window, "\(Int(c.x))", "\(Int(c.y))", "click", "1"], display: display)
        }
        try showed("Ctrl-R") { try key("ctrl+r") }
        try showed("the click on the FAB") { try click("fab") }
        try showed("the click on the Menu tab") { try click("tab.menu") }
        try key("Escape")
        try key("ctrl+s")
        #expect(WindowTests.waitFor(20) { (try? String(contentsOfFile: file, encoding: .utf8))?.contains("recorded") == true }, "saved")
        let saved = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        #expect(saved.contains(#""target": { "id": "fab", "role": "button""#) && saved.contains(#""target": { "id": "tab.menu", "role": "tab""#)
                && saved.contains(#""name": "recorded""#), "\(saved)")
        let update = try CLI.run(["test", file, "--update", "--report", dir + "/report"])
        #expect(update.status == 0, "\(update.stdout)\(update.stderr)")
        let test = try CLI.run(["test", file, "--report", dir + "/report"])
        #expect(test.status == 0 && test.stdout.contains("3 passed, 0 failed"), "two steps and the recorded script: \(test.stdout)\(test.stderr)")
    }
}
}
