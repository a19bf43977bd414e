import EmbeddedTours
import Foundation
import Headless
import LimelightC
import Raster
import Testing
import TestSupport
import Tours
import Views

/// The C interface is a thin layer over the engine every Limelight app runs: the same tour over the
/// same frame and targets composes the same bytes through C as through a Swift app, in either byte
/// order and with damage tracking; input through the hole is the app's, on the dim Limelight's;
/// states and events move the tour on; its events reach the callback as `--events` writes them.
@MainActor @Suite(.serialized) struct CInterfaceTests {
    /// The paint tour's first step over `frame` in a Swift app (`AppSession`, the system's fonts).
    func swiftFrame(over frame: Pixmap, scale: Double) throws -> Pixmap {
        let definition = OwnFrameApp.definition(frame: frame, targets: Fixtures.targets, size: Size(640, 480), scale: scale)
        let app = try AppSession(definition)
        try app.start(tourFile: Fixtures.paintTour)
        app.settle()
        return try app.render().copy()
    }

    @Test(arguments: [1.0, 2.0])
    func composesTheBytesOfASwiftAppOverTheSameFrame(scale: Double) throws {
        let frame = try Fixtures.paintFrame(scale: Int(scale))
        let expected = try swiftFrame(over: frame, scale: scale)
        let c = try CSession(scale: scale)
        c.wait(1000)
        let composed = frame.copy()
        #expect(c.compose(over: composed) == 0, "\(CSession.lastError)")
        #expect(composed.hasSamePixels(as: expected), "the C session's frame differs from the Swift app's")
        #expect(composed[300 * Int(scale), 400 * Int(scale)] != frame[300 * Int(scale), 400 * Int(scale)], "the dim is there")
        if scale == 1 {
            let outcome = Golden.compare(composed, named: "paint-step1")
            #expect(outcome.matches, "\(outcome.message)")
        }
    }

    @Test func rgbaFramesComposeTheSameBytes() throws {
        let frame = try Fixtures.paintFrame()
        let expected = try swiftFrame(over: frame, scale: 1)
        let c = try CSession()
        c.wait(1000)
        let composed = try c.composeRGBA(over: frame)
        #expect(composed.hasSamePixels(as: expected))
    }

    @Test(arguments: [Int32(0), 1])
    func damageComposesOnlyWhatChangedAndTheSameBytes(format: Int32) throws {
        let frame = try Fixtures.paintFrame()
        let c = try CSession()
        c.wait(1000)
        #expect(limelight_session_damage(c.handle, 0, 0, 640, 480) == 0)
        let first = format == 0 ? frame.copy() : frame
        let composed = format == 0 ? first : try c.composeRGBA(over: first)
        if format == 0 { c.compose(over: composed) }
        let expected = try swiftFrame(over: frame, scale: 1)
        #expect(composed.hasSamePixels(as: expected), "the first composite with damage")
        // Nothing drawn, nothing of the tour changed: a pixel the app scribbled stays as it is.
        guard format == 0 else { return }
        composed[300, 400] = 0xFF12_3456
        c.wait(16)
        #expect(c.compose(over: composed) == 0)
        #expect(composed[300, 400] == 0xFF12_3456, "an unchanged frame was composited again")
        composed[300, 400] = expected[300, 400]
        #expect(composed.hasSamePixels(as: expected), "composited twice over its own output")
        // The app redraws a rectangle: only it is composited, from the app's new pixels.
        let redrawn = frame.copy()
        redrawn.fill(Color(red: 200, green: 30, blue: 30), in: IntRect(x: 300, y: 100, width: 40, height: 40))
        composed.copyPixels(from: redrawn, in: IntRect(x: 300, y: 100, width: 40, height: 40))
        #expect(limelight_session_damage(c.handle, 300, 100, 40, 40) == 0)
        #expect(c.compose(over: composed) == 0)
        #expect(composed.hasSamePixels(as: try swiftFrame(over: redrawn, scale: 1)))
    }

    @Test func aTapOnTheDimIsLimelightsAndOneThroughTheHoleIsTheApps() throws {
        let c = try CSession()
        c.wait(500)
        #expect(c.events.first?.contains(#""event":"shown""#) == true, "\(c.events)")
        let blocked = c.tap(400, 400)
        #expect(blocked.down == 1 && blocked.up == 1, "the dim takes the tap")
        #expect(c.tour?.step == 1)
        let through = c.tap(176, 36)
        #expect(through.down == 0 && through.up == 0, "the tap through Save's hole is the app's")
        #expect(c.tour?.step == 2)
        // The session's time starts at its first advance (16 ms): the tap came 484 ms after.
        let moved = c.events.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }.first { $0["event"] as? String == "advanced" }
        #expect(moved?["by"] as? String == "target" && (moved?["ms"] as? NSNumber)?.intValue == 484 && moved?["step"] as? Int == 1 && moved?["tour"] as? String == "paint",
                "\(c.events)")
        #expect(moved?["user"] as? String == "anonymous" && moved?["time"] is String && moved?["session"] is String, "the events log's contract: \(c.events)")
    }

    @Test func statesAndEventsMoveTheTourOn() throws {
        let c = try CSession()
        c.wait(500)
        _ = c.tap(176, 36)
        c.wait(500)
        #expect(c.tour?.step == 2, "the canvas step waits for a stroke")
        #expect(limelight_session_set_state(c.handle, "strokes", "0") == 0)
        c.wait(100)
        #expect(c.tour?.step == 2)
        #expect(limelight_session_set_state(c.handle, "strokes", "1") == 0)
        c.wait(100)
        #expect(c.tour?.step == 3)
        #expect(limelight_session_key(c.handle, "enter") == 1, "Next, by the keyboard")
        c.wait(500)
        #expect(c.tour?.state == "finished")
        #expect(c.events.last?.contains(#""event":"finished""#) == true)
        // An event is counted: a condition on a name the app never set as a state reads its count.
        #expect(limelight_session_send_event(c.handle, "saved") == 0)
        #expect(limelight_session_send_event(c.handle, "saved") == 0)
        #expect((c.state["events"] as? [String: Int])?["saved"] == 2)
    }

    @Test func advanceSaysWhenTheNextFrameIsWanted() throws {
        let c = try CSession()
        #expect(limelight_session_advance(c.handle, 0) == 0, "the fade in moves")
        c.wait(1000)
        #expect(limelight_session_advance(c.handle, 1000) == 0, "the last frame of the fade waits to be composited")
        let frame = try Fixtures.paintFrame()
        c.compose(over: frame)
        #expect(limelight_session_advance(c.handle, 2000) == -1, "nothing is due until input")
    }

    @Test func theCatalogIsWhatTheAppPublished() throws {
        let c = try CSession()
        #expect(limelight_session_set_state(c.handle, "strokes", "3") == 0)
        #expect(limelight_session_send_event(c.handle, "saved") == 0)
        let path = try Fixtures.folder() + "/catalog.json"
        #expect(limelight_session_write_catalog(c.handle, path) == 0, "\(CSession.lastError)")
        let catalog = try PublishedCatalog.load(path: path)
        #expect(catalog.targets == Fixtures.targets)
        #expect(catalog.size == Size(640, 480) && catalog.scale == 1 && catalog.language == "en")
        #expect(catalog.states == [StateDeclaration("strokes", .number)])
        #expect(catalog.events == ["saved"])
        // The tour checks against it as against any app.
        let problems = TourTargetValidator.validate(try TourLoader.load(path: Fixtures.paintTour, appCatalog: { catalog.appDefinition.launchCatalog() }).tour,
                                                    against: catalog.appDefinition.launchCatalog(), file: "tour")
        #expect(problems.isEmpty, "\(problems)")
    }

    /// limelight_session_set_user names the user in every line, and a tour with an experiment runs
    /// as the user's arm from the first advance; a user held out sees nothing.
    @Test func theUsersArmRunsAndAHeldOutUserSeesNothing() throws {
        let folder = try Fixtures.folder()
        let path = folder + "/experiment.json"
        try #"{"id": "e", "holdout": 0.5, "variants": [{"name": "a", "texts": [{"step": 1, "text": "A!"}]}], "steps": [{"target": "toolbar.save", "text": "Save."}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        var variant = Experiment.Variant()
        variant.name = "a"
        let plan = Experiment(name: "e", variants: [variant], holdout: 0.5)
        let inArm = try #require((0..<100).map { "u\($0)" }.first { plan.arm(forUser: $0) == "a" })
        let heldOut = try #require((0..<100).map { "u\($0)" }.first { plan.arm(forUser: $0) == "holdout" })
        for (user, shows) in [(inArm, true), (heldOut, false)] {
            let c = try CSession(tour: path)
            #expect(limelight_session_set_user(c.handle, user, "session-1") == 0, "\(CSession.lastError)")
            c.wait(800)
            let events = c.events.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            #expect(events.first?["event"] as? String == "assigned" && events.first?["variant"] as? String == (shows ? "a" : "holdout"), "\(c.events)")
            #expect(events.allSatisfy { $0["user"] as? String == user && $0["session"] as? String == "session-1" }, "\(c.events)")
            #expect(events.contains { $0["event"] as? String == "shown" } == shows, "\(user): \(c.events)")
        }
        #expect(limelight_session_set_user(nil, "x", nil) == -1)
    }
}
