import Foundation
import Testing

extension WindowTests {
    /// A screen reader asking where a view lies that 32-bit pixels do not reach: the window stays
    /// up and answers with the extents clamped to them.
    @Suite(.serialized, .enabled("needs dbus-run-session, at-spi2-core and python3-pyatspi (make test installs them)") { try ScreenReaderTools.ready() })
    struct ScreenReaderExtentsTests {
        /// A screens file whose one screen scrolls 1.2 billion points down to a button: 2.4 billion
        /// pixels at scale 2, past `Int32.max`.
        static func tallScreens() -> String {
            let spacer = #"{"type": "spacer", "frame": {"height": 100000}}"#
            let children = Array(repeating: spacer, count: 6_000) + [#"{"type": "button", "id": "far", "title": "Far"}"#]
            return #"{"id": "tall", "screens": {"home": {"title": "Tall", "content": {"type": "scroll", "spacing": 100000, "children": ["#
                + children.joined(separator: ",\n") + "]}}}}"
        }

        /// Asks for the far button's extents in the window's and the screen's pixels and its size,
        /// then whether the app is still running and its frame still answers.
        static let client = #"""
        #!/usr/bin/python3
        import pyatspi, json, os, sys, time

        \#(ScreenReaderTools.pythonHelpers)

        app = find_app("tall")
        if app is None:
            print(json.dumps({"error": "the application is not on the desktop"})); sys.exit(1)
        frame = app.getChildAtIndex(0)
        far = find(frame, "push button", "Far")
        out = {"found": far is not None}
        try:
            component = far.queryComponent()
            e = component.getExtents(pyatspi.WINDOW_COORDS)
            out["window"] = [e.x, e.y, e.width, e.height]
            e = component.getExtents(pyatspi.DESKTOP_COORDS)
            out["screen"] = [e.x, e.y, e.width, e.height]
            out["size"] = list(component.getSize())
        except Exception as error:
            out["error"] = str(error)
        time.sleep(0.3)
        try:
            os.kill(int(os.environ["APP_PID"]), 0)
            out["running"] = True
        except OSError:
            out["running"] = False
        try:
            e = app.getChildAtIndex(0).queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            out["frame"] = [e.x, e.y, e.width, e.height]
        except Exception as error:
            out["frameError"] = str(error)
        print(json.dumps(out))
        """#

        @Test func theExtentsOfAViewBeyond32BitPixelsAreClampedAndTheWindowStaysUp() throws {
            let dir = try CLI.temporaryFolder()
            try Self.tallScreens().write(toFile: dir + "/tall.json", atomically: true, encoding: .utf8)
            let (lines, log) = try ScreenReaderTools.run(client: Self.client, app: ["env", "SDL_VIDEODRIVER=x11", CLI.binary, "--app", dir + "/tall.json",
                                                                                     "--size", "320x480", "--scale", "2"])
            let answer = try #require(lines.first { $0["found"] != nil }, "\(lines) \(log)")
            #expect(answer["found"] as? Bool == true && answer["error"] == nil, "\(answer)\n\(log)")
            #expect(answer["running"] as? Bool == true, "the window died: \(log)")
            // At (129, 1,200,000,099) points, 62.5 × 44, at scale 2: the part 32-bit pixels reach is
            // none of it, an empty box at their edge.
            #expect(answer["window"] as? [Int] == [258, Int(Int32.max), 125, 0], "\(answer)")
            let screen = try #require(answer["screen"] as? [Int], "\(answer)")
            #expect(screen.count == 4 && screen[0] >= 258 && Array(screen[1...]) == [Int(Int32.max), 125, 0], "\(answer)")
            #expect(answer["size"] as? [Int] == [125, 0], "\(answer)")
            // The window answers after: its frame is the window, 320 × 480 points at scale 2.
            #expect(answer["frame"] as? [Int] == [0, 0, 640, 960], "\(answer)")
        }
    }
}
