import Foundation
import Testing

/// What the screen-reader tests need besides the window tools.
enum ScreenReaderTools {
    static let launcher = "/usr/libexec/at-spi-bus-launcher"
    static var available: Bool {
        WindowTools.available && ["/usr/bin/dbus-run-session", launcher, "/usr/bin/python3"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
            && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/pyatspi")
    }
}

extension WindowTests {
    /// The window on the accessibility bus as Orca sees it: a private session bus with AT-SPI2's
    /// bus and registry (`at-spi2-core`), the window under Xvfb, and pyatspi as the client.
    @Suite(.serialized, .enabled(if: ScreenReaderTools.available, "needs dbus-run-session, at-spi2-core and python3-pyatspi (make test installs them)"))
    struct ScreenReaderTests {
        static let launcher = ScreenReaderTools.launcher

        /// What the client sees: the tree at launch, the focus events after Tab, the tree after the
        /// FAB's action, as JSON lines.
        static let client = #"""
        import pyatspi, json, subprocess, sys, time
        from gi.repository import GLib

        def find_app():
            for _ in range(100):
                desktop = pyatspi.Registry.getDesktop(0)
                for i in range(desktop.childCount):
                    app = desktop.getChildAtIndex(i)
                    if app is not None and app.name == "Limelight":
                        return app
                time.sleep(0.1)
            return None

        def dump(o):
            states = [pyatspi.stateToString(s) for s in o.getState().getStates()
                      if s in (pyatspi.STATE_FOCUSED, pyatspi.STATE_SELECTED, pyatspi.STATE_CHECKED, pyatspi.STATE_MODAL)]
            node = {"role": o.getRoleName(), "name": o.name, "states": sorted(states), "children": []}
            if "Component" in pyatspi.listInterfaces(o):
                e = o.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
                node["extents"] = [e.x, e.y, e.width, e.height]
            for i in range(o.childCount):
                node["children"].append(dump(o.getChildAtIndex(i)))
            return node

        def find(o, role, name):
            if o.getRoleName() == role and o.name == name:
                return o
            for i in range(o.childCount):
                hit = find(o.getChildAtIndex(i), role, name)
                if hit is not None:
                    return hit
            return None

        app = find_app()
        if app is None:
            print(json.dumps({"error": "the application is not on the desktop"})); sys.exit(1)
        frame = app.getChildAtIndex(0)
        print(json.dumps({"launch": dump(frame), "application": app.getRoleName(), "toolkit": app.get_toolkit_name()}))
        sys.stdout.flush()

        heard = []
        def focused(event):
            if event.detail1 == 1:
                heard.append([event.source.getRoleName(), event.source.name])
        pyatspi.Registry.registerEventListener(focused, "object:state-changed:focused")
        loop = GLib.MainLoop()
        def press():
            subprocess.run(["xdotool", "key", "Tab"], check=False)
            return False
        GLib.timeout_add(300, press)
        GLib.timeout_add(2500, loop.quit)
        loop.run()
        print(json.dumps({"focus": heard}))

        fab = find(app.getChildAtIndex(0), "push button", "Add a card")
        action = fab.queryAction()
        print(json.dumps({"actions": [action.getName(i) for i in range(action.nActions)], "done": action.doAction(0)}))
        sys.stdout.flush()
        # The tour's step waits for the fifth card: its dialog arrives once the action added it.
        dialog = None
        for _ in range(100):
            frame = app.getChildAtIndex(0)
            dialog = next((frame.getChildAtIndex(i) for i in range(frame.childCount) if frame.getChildAtIndex(i).getRoleName() == "dialog"), None)
            if dialog is not None:
                break
            time.sleep(0.1)
        print(json.dumps({"dialog": dialog is not None and dialog.description, "name": dialog is not None and dialog.name,
                          "modal": dialog is not None and dialog.getState().contains(pyatspi.STATE_MODAL)}))
        """#

        /// A tour whose one step waits for the fifth card.
        static let tour = #"{"id": "sr", "steps": [{"target": "card.4", "showWhen": "cards = 5", "title": "A new card", "text": "Here it is."}]}"#

        /// The script of one private session: a session bus, AT-SPI2's bus and registry on it, the
        /// window, the client; everything it started is stopped at its end.
        static func session(binary: String, state: String, client: String, tour: String, log: String) -> String {
            """
            # A file, not a pipe: the forked daemon keeps what it printed to open.
            dbus-daemon --session --fork --print-address=1 --print-pid=1 > \(log).bus || exit 3
            export DBUS_SESSION_BUS_ADDRESS=$(sed -n 1p \(log).bus)
            DAEMON=$(sed -n 2p \(log).bus)
            \(launcher) --launch-immediately > /dev/null 2>&1 < /dev/null &
            BUS=$!
            sleep 1
            SDL_VIDEODRIVER=x11 XDG_STATE_HOME=\(state) \(binary) --size 390x844 --tour \(tour) > \(log) 2>&1 < /dev/null &
            APP=$!
            for i in $(seq 1 100); do grep -q "accessibility bus" \(log) && break; sleep 0.1; done
            timeout 60 /usr/bin/python3 \(client) 2> \(log).client
            STATUS=$?
            kill $APP; wait $APP
            # The launcher's bus and the registry it started go with it.
            for CHILD in $(pgrep -P $BUS); do pkill -P $CHILD; kill $CHILD; done
            kill $BUS $DAEMON
            exit $STATUS
            """
        }

        func run() throws -> (lines: [[String: Any]], log: String) {
            let (xvfb, display) = try WindowTests.startXvfb()
            defer { WindowTests.stopXvfb(xvfb, display: display) }
            let dir = try CLI.temporaryFolder()
            try Self.client.write(toFile: dir + "/client.py", atomically: true, encoding: .utf8)
            try Self.tour.write(toFile: dir + "/tour.json", atomically: true, encoding: .utf8)
            try Self.session(binary: CLI.binary, state: dir + "/state", client: dir + "/client.py", tour: dir + "/tour.json", log: dir + "/app.log")
                .write(toFile: dir + "/session.sh", atomically: true, encoding: .utf8)
            // Output to a file, not a pipe: nothing the session started can hold the test up.
            _ = FileManager.default.createFile(atPath: dir + "/out.txt", contents: nil)
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments = [dir + "/session.sh"]
            var env = ProcessInfo.processInfo.environment
            env["DISPLAY"] = ":\(display)"
            for name in ["WAYLAND_DISPLAY", "AT_SPI_BUS_ADDRESS", "DBUS_SESSION_BUS_ADDRESS", "SDL_VIDEODRIVER"] { env[name] = nil }
            p.environment = env
            p.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: dir + "/out.txt"))
            p.standardError = p.standardOutput
            try p.run()
            if !WindowTests.waitFor(120, { !p.isRunning }) { p.terminate() }
            p.waitUntilExit()
            let out = (try? String(contentsOfFile: dir + "/out.txt", encoding: .utf8)) ?? ""
            let log = (try? String(contentsOfFile: dir + "/app.log", encoding: .utf8)) ?? ""
            let client = (try? String(contentsOfFile: dir + "/app.log.client", encoding: .utf8)) ?? ""
            #expect(p.terminationStatus == 0, "session: \(out)\nclient: \(client)\napp: \(log)")
            let lines = out.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            return (lines, log)
        }

        /// `(role, name)` of every node, depth first, as AT-SPI names roles.
        static func flatten(_ node: [String: Any]) -> [String] {
            ["\(node["role"] as? String ?? "?") \(node["name"] as? String ?? "?")"] + ((node["children"] as? [[String: Any]]) ?? []).flatMap(flatten)
        }

        /// The same of `inspect --semantics`'s JSON, its roles in AT-SPI's words.
        static func flattenSemantics(_ node: [String: Any]) -> [String] {
            let words = ["button": "push button", "tab": "page tab", "tabBar": "page tab list", "header": "heading", "image": "image",
                         "text": "label", "list": "list", "dialog": "dialog", "progressIndicator": "progress bar", "textField": "entry",
                         "toggle": "toggle button", "checkbox": "check box", "slider": "slider", "progressBar": "progress bar", "screen": "frame"]
            let role = words[node["role"] as? String ?? ""] ?? "?"
            let name = role == "frame" ? "Limelight" : (node["label"] as? String ?? "?")
            return ["\(role) \(name)"] + ((node["children"] as? [[String: Any]]) ?? []).flatMap(flattenSemantics)
        }

        @Test func orcasViewOfTheWindowIsTheSemanticsTreeAndItsActionsWork() throws {
            let (lines, log) = try run()
            let launch = try #require(lines.first { $0["launch"] != nil }, "\(lines) \(log)")
            #expect(launch["application"] as? String == "application" && launch["toolkit"] as? String == "Limelight")
            #expect(log.contains("accessibility: the screen is on the accessibility bus (AT-SPI2)"))
            // The tree the client walks is the one `inspect --semantics` prints for the same screen.
            let inspect = try CLI.run(["inspect", "--semantics", "--no-overlay", "--size", "390x844"])
            let semantics = try #require(try JSONSerialization.jsonObject(with: Data(inspect.stdout.utf8)) as? [String: Any])
            let tree = try #require(launch["launch"] as? [String: Any])
            #expect(Self.flatten(tree) == Self.flattenSemantics(semantics), "\(Self.flatten(tree))")
            #expect(Self.flatten(tree).contains("push button Add a card") && Self.flatten(tree).contains("page tab Home"))
            // Extents are device pixels in the window: the frame is the whole window, the FAB where inspect puts it.
            #expect(tree["extents"] as? [Int] == [0, 0, 390, 844])
            // Tab moves the focus, and the client hears it.
            let focus = try #require(lines.first { $0["focus"] != nil }?["focus"] as? [[String]])
            #expect(focus.first == ["push button", "Mountain Lake, Still water at dawn mirrors the peaks."], "\(lines)")
            // The FAB's action adds a card, as a tap does: the step waiting for it arrives as a modal
            // dialog described by its text.
            let acted = try #require(lines.first { $0["actions"] != nil })
            #expect(acted["actions"] as? [String] == ["click"] && acted["done"] as? Bool == true)
            let dialog = try #require(lines.first { $0["dialog"] != nil })
            #expect(dialog["dialog"] as? String == "Here it is." && dialog["modal"] as? Bool == true, "\(dialog)")
            #expect(dialog["name"] as? String == "A new card. Here it is.", "named by its title and text: \(dialog)")
        }
    }
}
