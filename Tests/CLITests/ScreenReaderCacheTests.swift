import Foundation
import Testing

extension WindowTests {
    /// A client that keeps AT-SPI2's cache, as Orca does: it takes the whole tree in one `GetItems`
    /// and follows it by events alone. What it holds after the screen changes must be what the app
    /// answers when asked afresh.
    @Suite(.serialized, .enabled("needs dbus-run-session, at-spi2-core and python3-pyatspi (make test installs them)") { try ScreenReaderTools.ready() })
    struct ScreenReaderCacheTests {
        /// Walks the tree inside AT-SPI's own main loop (where libatspi caches, from the app's
        /// `GetItems`), has the FAB add a
        /// card and the Menu tab chosen, walks again from the cache, then walks with the cache off.
        static let client = #"""
        #!/usr/bin/python3
        import pyatspi, json, sys, time
        from gi.repository import GLib, Atspi

        \#(ScreenReaderTools.pythonHelpers)

        def dump(o):
            states = sorted(pyatspi.stateToString(s) for s in o.getState().getStates())
            return [o.getRoleName(), o.name, o.description, states, [dump(o.getChildAtIndex(i)) for i in range(o.childCount)]]


        out = {}
        def meet():
            # libatspi asks the app it meets for every element (GetItems) and takes the reply in the loop.
            app = find_app("Limelight", tries=1)
            if app is None:
                GLib.timeout_add(100, meet); return False
            GLib.timeout_add(1000, first, app)
            return False
        def first(app):
            out["launch"] = dump(app.getChildAtIndex(0))
            find(app, "push button", "Add a card").queryAction().doAction(0)
            GLib.timeout_add(1500, second, app)
            return False
        def second(app):
            bar = find(app, "page tab list", "")
            bar.querySelection().selectChild(1)
            GLib.timeout_add(1500, third, app)
            return False
        def third(app):
            out["cached"] = dump(app.getChildAtIndex(0))
            app.set_cache_mask(Atspi.Cache.NONE)
            app.clear_cache()
            out["fresh"] = dump(app.getChildAtIndex(0))
            pyatspi.Registry.stop()
            return False
        GLib.timeout_add(200, meet)
        GLib.timeout_add(60000, pyatspi.Registry.stop)
        pyatspi.Registry.start()
        print(json.dumps(out))
        """#

        @Test func aCachingClientFollowsTheScreenByEventsAlone() throws {
            // A tour that waits for a hundredth card: the screen, without a step over it.
            let dir = try CLI.temporaryFolder()
            try #"{"id": "quiet", "steps": [{"target": "fab", "showWhen": "cards = 100", "title": "Never"}]}"#.write(toFile: dir + "/tour.json", atomically: true, encoding: .utf8)
            let (lines, log) = try ScreenReaderTools.run(client: Self.client, app: ["env", "SDL_VIDEODRIVER=x11", CLI.binary, "--size", "390x844", "--tour", dir + "/tour.json"])
            let result = try #require(lines.first { $0["fresh"] != nil }, "\(lines) \(log)")
            let launch = try #require(result["launch"] as? [Any]), cached = try #require(result["cached"] as? [Any]), fresh = try #require(result["fresh"] as? [Any])
            func names(_ node: [Any]) -> [String] {
                ["\(node[0]) \(node[1])"] + ((node[4] as? [[Any]]) ?? []).flatMap(names)
            }
            #expect(names(launch).contains("push button Add a card") && names(launch).contains("page tab Home"), "\(names(launch))")
            // The cache's states are the element's: the Home tab selected, the frame active.
            let launchStates = try #require(launch[3] as? [String])
            #expect(launchStates.contains("active") && launchStates.contains("showing"), "\(launch)")
            #expect(names(fresh) != names(launch), "the screen changed: a card added, the Menu shown")
            #expect(names(cached) == names(fresh), "what the cache holds is the screen: \(names(cached)) vs \(names(fresh))")
            #expect(NSDictionary(dictionary: ["t": cached]) == NSDictionary(dictionary: ["t": fresh]), "states and descriptions too: \(cached) vs \(fresh)")
        }
    }
}
