import Foundation
import Testing
import TestSupport

extension WindowTests {
    /// The checklist on the accessibility bus: its launcher a button named with its progress beside
    /// the app's views; its action opens the panel, a modal dialog of the items, each a button
    /// "checked" when done and not sensitive while it waits.
    @Suite(.serialized, .enabled("needs dbus-run-session, at-spi2-core and python3-pyatspi (make test installs them)") { try ScreenReaderTools.ready() })
    struct ChecklistScreenReaderTests {
        static let client = #"""
        #!/usr/bin/python3
        import pyatspi, json, sys, time

        \#(ScreenReaderTools.pythonHelpers)

        app = find_app("Limelight")
        if app is None:
            print(json.dumps({"error": "the application is not on the desktop"})); sys.exit(1)
        frame = app.getChildAtIndex(0)
        launcher = None
        for _ in range(100):
            launcher = find(app.getChildAtIndex(0), "push button", "Get started, 0 of 4 done")
            if launcher is not None:
                break
            time.sleep(0.1)
        fab = find(app.getChildAtIndex(0), "push button", "Add a card")
        print(json.dumps({"launcher": launcher is not None, "app": fab is not None}))
        sys.stdout.flush()
        launcher.queryAction().doAction(0)
        # The window's children change as the panel arrives: an object asked for as it goes is
        # asked again.
        def walk(o, items):
            if o.getRoleName() == "push button" and o.name not in ("Close",):
                s = o.getState()
                items.append([o.name, s.contains(pyatspi.STATE_CHECKED), s.contains(pyatspi.STATE_SENSITIVE)])
            for i in range(o.childCount):
                walk(o.getChildAtIndex(i), items)
        dialog, items = None, []
        for _ in range(100):
            try:
                frame = app.getChildAtIndex(0)
                found = [frame.getChildAtIndex(i) for i in range(frame.childCount)]
                dialog = next((c for c in found if c is not None and c.getRoleName() == "dialog"), None)
                if dialog is not None:
                    items = []
                    walk(dialog, items)
                    if len(items) == 4:
                        break
            except Exception:
                dialog = None
            time.sleep(0.1)
        print(json.dumps({"dialog": dialog is not None and dialog.name, "description": dialog is not None and dialog.description,
                          "modal": dialog is not None and dialog.getState().contains(pyatspi.STATE_MODAL), "items": items}))
        """#

        @Test func theLauncherAndThePanelAreOnTheBus() throws {
            let root = ChecklistWindowTests.root
            let (lines, log) = try ScreenReaderTools.run(client: Self.client, app: [
                "env", "SDL_VIDEODRIVER=x11", "LIMELIGHT_TOURS=off", CLI.binary, "--size", "390x844",
                "--checklist", root + "/assets/tours/getting-started.checklist.json"])
            let first = try #require(lines.first { $0["launcher"] != nil }, "\(lines) \(log)")
            #expect(first["launcher"] as? Bool == true && first["app"] as? Bool == true, "closed, the launcher is beside the app: \(lines)")
            let open = try #require(lines.first { $0["dialog"] != nil }, "\(lines) \(log)")
            #expect(open["dialog"] as? String == "Get started" && open["description"] as? String == "0 of 4 done" && open["modal"] as? Bool == true, "\(open)")
            let items = (open["items"] as? [[Any]]) ?? []
            #expect(items.map { $0[0] as? String } == ["Take the tour", "Add a card", "Open the menu", "Add three more cards"], "\(items)")
            #expect(items.map { $0[1] as? Bool } == [false, false, false, false] && items.map { $0[2] as? Bool } == [true, true, true, false], "\(items)")
        }
    }
}
