import Foundation
import Testing
import TestSupport

/// What the screen-reader tests need besides the window tools.
enum ScreenReaderTools {
    static let launcher = "/usr/libexec/at-spi-bus-launcher"
    /// The private accessible desktop every screen-reader test runs in.
    static let session = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/accessibility-session.sh").path
    /// The programs of the accessible desktop: the window's, the session bus, AT-SPI2's bus
    /// launcher (at-spi2-core) and the clients' Python.
    static let programs = WindowTools.paths + ["/usr/bin/dbus-daemon", "/usr/bin/dbus-send", launcher, "/usr/bin/python3"]
    /// pyatspi, the clients' library.
    static let files = ["/usr/lib/python3/dist-packages/pyatspi"]
    /// Orca and speech-dispatcher.
    static let orcaPrograms = ["/usr/bin/orca", "/usr/bin/speech-dispatcher"]

    /// The screen-reader suites' condition: skipped without the accessible desktop, failed without
    /// it in CI (`RequiredTools`).
    static func ready() throws -> Bool { try RequiredTools.check(programs: programs, files: files) }

    /// The condition of the suites that run Orca too.
    static func orcaReady() throws -> Bool { try RequiredTools.check(programs: programs + orcaPrograms, files: files) }

    /// The Python the clients share: `find_app(prefix, tries)`, the application whose name starts
    /// with `prefix` (waiting a tenth of a second between tries), and `find(o, role, name)`, the
    /// first element below `o` with that role and name.
    static let pythonHelpers = #"""
    def find_app(prefix, tries=100):
        for attempt in range(tries):
            desktop = pyatspi.Registry.getDesktop(0)
            for i in range(desktop.childCount):
                app = desktop.getChildAtIndex(i)
                if app is not None and app.name.startswith(prefix):
                    return app
            if attempt + 1 < tries:
                time.sleep(0.1)
        return None

    def find(o, role, name):
        if o.getRoleName() == role and o.name == name:
            return o
        for i in range(o.childCount):
            hit = find(o.getChildAtIndex(i), role, name)
            if hit is not None:
                return hit
        return None
    """#

    /// Runs `app` in a private accessible desktop with `client` (a script, made executable) as its
    /// screen reader; returns the client's JSON lines and the app's output.
    static func run(client: String, app: [String]) throws -> (lines: [[String: Any]], log: String) {
        let dir = try CLI.temporaryFolder()
        try client.write(toFile: dir + "/client", atomically: true, encoding: .utf8)
        chmod(dir + "/client", 0o755)
        // Output to a file, not a pipe: nothing the session started can hold the test up.
        _ = FileManager.default.createFile(atPath: dir + "/out.txt", contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: dir + "/out.txt"))
        let p = try ChildProcess.run("/bin/sh", [session, dir + "/desktop", dir + "/client"] + app,
                                     stdout: .handle(output), stderr: .handle(output), timeout: 150)
        let out = (try? String(contentsOfFile: dir + "/out.txt", encoding: .utf8)) ?? ""
        let log = (try? String(contentsOfFile: dir + "/desktop/app.log", encoding: .utf8)) ?? ""
        let errors = (try? String(contentsOfFile: dir + "/desktop/client.log", encoding: .utf8)) ?? ""
        #expect(p.status == 0, "session: \(out)\nclient: \(errors)\napp: \(log)\(p.timeoutMessage.map { "\n" + $0 } ?? "")")
        let lines = out.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        return (lines, log)
    }
}

extension WindowTests {
    /// The window on the accessibility bus as Orca sees it: a private session bus with AT-SPI2's
    /// bus and registry (`at-spi2-core`), the window under Xvfb, and pyatspi as the client.
    @Suite(.serialized, .enabled("needs dbus-run-session, at-spi2-core and python3-pyatspi (make test installs them)") { try ScreenReaderTools.ready() })
    struct ScreenReaderTests {
        static let launcher = ScreenReaderTools.launcher

        /// What the client sees: the tree at launch, the focus events after Tab, the tree after the
        /// FAB's action, as JSON lines.
        static let client = #"""
        #!/usr/bin/python3
        import pyatspi, json, subprocess, sys, time
        from gi.repository import GLib

        \#(ScreenReaderTools.pythonHelpers)

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


        app = find_app("Limelight")
        if app is None or app.name != "Limelight":
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

        # The tab bar's Selection: which tab is chosen, and choosing another as a tap does.
        bar = find(app.getChildAtIndex(0), "page tab list", "")
        selection = bar.querySelection()
        chosen = [selection.nSelectedChildren, selection.getSelectedChild(0).name]
        selection.selectChild(1)
        for _ in range(50):
            if bar.querySelection().isChildSelected(1):
                break
            time.sleep(0.1)
        after = [bar.querySelection().getSelectedChild(0).name, bar.querySelection().isChildSelected(0)]
        selection.selectChild(0)
        for _ in range(50):
            if bar.querySelection().isChildSelected(0):
                break
            time.sleep(0.1)
        print(json.dumps({"selection": chosen, "afterSelect": after}))
        sys.stdout.flush()

        announced = []
        def announcement(event):
            announced.append([event.source.getRoleName(), event.any_data])
        pyatspi.Registry.registerEventListener(announcement, "object:announcement")
        fab = find(app.getChildAtIndex(0), "push button", "Add a card")
        action = fab.queryAction()
        print(json.dumps({"actions": [action.getName(i) for i in range(action.nActions)], "done": action.doAction(0)}))
        sys.stdout.flush()
        loop = GLib.MainLoop()
        GLib.timeout_add(2500, loop.quit)
        loop.run()
        print(json.dumps({"announced": announced}))
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
                          "modal": dialog is not None and dialog.getState().contains(pyatspi.STATE_MODAL),
                          "relations": dialog is not None and [[int(r.getRelationType()), [r.getTarget(i).name for i in range(r.getNTargets())]]
                                                               for r in dialog.getRelationSet()]}))
        """#

        /// A tour whose one step waits for the fifth card.
        static let tour = #"{"id": "sr", "steps": [{"target": "card.4", "showWhen": "cards = 5", "title": "A new card", "text": "Here it is."}]}"#

        func run() throws -> (lines: [[String: Any]], log: String) {
            let dir = try CLI.temporaryFolder()
            try Self.tour.write(toFile: dir + "/tour.json", atomically: true, encoding: .utf8)
            return try ScreenReaderTools.run(client: Self.client, app: ["env", "SDL_VIDEODRIVER=x11", CLI.binary, "--size", "390x844", "--tour", dir + "/tour.json"])
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
            // The tab bar's Selection: Home chosen, the second tab chosen by the client as a tap would.
            let selection = try #require(lines.first { $0["selection"] != nil })
            #expect(selection["selection"] as? [AnyHashable] == [1, "Home"], "\(selection)")
            let after = try #require(selection["afterSelect"] as? [Any])
            #expect(after.last as? Bool == false && after.first as? String == "Menu", "the second tab chosen, not the first: \(selection)")
            let acted = try #require(lines.first { $0["actions"] != nil })
            #expect(acted["actions"] as? [String] == ["click"] && acted["done"] as? Bool == true)
            let dialog = try #require(lines.first { $0["dialog"] != nil })
            #expect(dialog["dialog"] as? String == "Here it is." && dialog["modal"] as? Bool == true, "\(dialog)")
            #expect(dialog["name"] as? String == "A new card", "named by its title, described by its text: \(dialog)")
            // Related to its target (controller-for, 3) and to the text that describes it (described-by, 18).
            let relations = try #require(dialog["relations"] as? [[Any]], "\(dialog)")
            #expect(relations.map { $0[0] as? Int } == [3, 18], "\(relations)")
            #expect((relations.last?[1] as? [String]) == ["Here it is."] && (relations.first?[1] as? [String])?.count == 1, "\(relations)")
            // It is announced as it arrives: what Orca speaks without the user moving.
            let announced = try #require(lines.first { $0["announced"] != nil }?["announced"] as? [[String]])
            #expect(announced == [["dialog", "A new card. Here it is."]], "\(announced)")
        }

        /// The editor as a screen reader reads it: its fields through `Text` (characters, words, the
        /// caret, a selection set by the client, typing heard as it happens), and the app's screen
        /// inside it to explore.
        static let editorClient = #"""
        #!/usr/bin/python3
        import pyatspi, json, subprocess, sys, time
        from gi.repository import GLib

        \#(ScreenReaderTools.pythonHelpers)


        app = find_app("Limelight")
        if app is None:
            print(json.dumps({"error": "the editor is not on the desktop"})); sys.exit(1)
        frame = app.getChildAtIndex(0)
        field = find(frame, "entry", "A new card")
        text = field.queryText()
        word = text.getTextAtOffset(2, pyatspi.TEXT_BOUNDARY_WORD_START)
        print(json.dumps({"app": app.name, "text": text.getText(0, -1), "count": text.characterCount, "caret": text.caretOffset,
                          "word": list(word),
                          "fab": find(frame, "push button", "Add a card") is not None}))
        sys.stdout.flush()
        text.setSelection(0, 2, 5)
        for _ in range(50):
            if text.getNSelections() == 1:
                break
            time.sleep(0.1)
        print(json.dumps({"selection": list(text.getSelection(0)) if text.getNSelections() == 1 else None}))
        sys.stdout.flush()
        heard = []
        def changed(event):
            if event.source.getRoleName() == "entry":
                heard.append([event.type, event.detail1, event.detail2, event.any_data])
        pyatspi.Registry.registerEventListener(changed, "object:text-changed:insert", "object:text-changed:delete")
        field.queryComponent().grabFocus()
        loop = GLib.MainLoop()
        def typing():
            subprocess.run(["xdotool", "type", "X"], check=False)
            return False
        GLib.timeout_add(500, typing)
        GLib.timeout_add(2500, loop.quit)
        loop.run()
        print(json.dumps({"typed": heard, "after": field.queryText().getText(0, -1)}))
        """#

        @Test func theEditorsFieldsAreTextsAReaderMovesThroughAndHearsChange() throws {
            let dir = try CLI.temporaryFolder()
            try Self.tour.write(toFile: dir + "/tour.json", atomically: true, encoding: .utf8)
            let (lines, log) = try ScreenReaderTools.run(client: Self.editorClient,
                                                         app: ["env", "SDL_VIDEODRIVER=x11", CLI.binary, "edit", dir + "/tour.json", "--size", "390x844"])
            #expect(log.contains("accessibility: the editor is on the accessibility bus (AT-SPI2)"), "\(log)")
            let first = try #require(lines.first { $0["text"] != nil }, "\(lines) \(log)")
            #expect(first["app"] as? String == "Limelight — tour.json")
            #expect(first["text"] as? String == "A new card" && first["count"] as? Int == 10, "\(first)")
            #expect(first["word"] as? [AnyHashable] == ["new ", 2, 6], "a word runs to the next one's start: \(first)")
            #expect(first["fab"] as? Bool == true, "the app's screen inside the editor is there to explore")
            // A selection the client sets is the field's.
            #expect(lines.first { $0["selection"] != nil }?["selection"] as? [Int] == [2, 5], "\(lines)")
            // Typing replaces the selection, and the client hears the delete and the insert.
            let typed = try #require(lines.first { $0["typed"] != nil })
            #expect(typed["after"] as? String == "A X card", "\(typed)")
            let heard = try #require(typed["typed"] as? [[Any]])
            #expect(heard.map { "\($0[0]) \($0[1]) \($0[2]) \($0[3])" } == ["object:text-changed:delete 2 3 new", "object:text-changed:insert 2 1 X"], "\(heard)")
        }
    }
}
