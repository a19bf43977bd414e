import Foundation
import LimelightC
import Testing

/// A C app's tour names its targets by role and name too: what the app publishes (an id, a
/// rectangle, a role and a name) is an element like a view's, so a target whose id the app
/// renamed still finds it, and one by role and name alone needs no id.
@Suite(.serialized) @MainActor struct CAnchoredTargetTests {
    @Test func aRenamedIdAndARoleAndNameAloneFindTheAppsTargets() throws {
        let folder = try Fixtures.folder()
        let tour = folder + "/anchors.json"
        try """
        {"id": "anchors", "steps": [
          {"target": {"id": "toolbar.store", "role": "button", "name": "Save"}, "text": "Save your drawing.", "advanceOn": "tapTarget"},
          {"target": {"role": "image", "name": "Canvas"}, "text": "Draw here."}
        ]}
        """.write(toFile: tour, atomically: true, encoding: .utf8)
        let c = try CSession(tour: tour)
        c.wait(500)
        // The first hole is Save's (the id was renamed; role and name found it): a tap there is the app's.
        let through = c.tap(176, 36)
        #expect(through.down == 0 && through.up == 0, "the tap through Save's hole is the app's")
        c.wait(500)
        #expect(c.tour?.step == 2, "\(c.events)")
        let holes = try #require((c.state["spotlight"] as? [String: Any])?["holes"] as? [[String: Any]])
        let rect = try #require(holes.first?["rect"] as? [Double])
        #expect(rect[0] <= 16 && rect[1] <= 72 && rect[0] + rect[2] >= 624, "the canvas, found by role and name: \(rect)")
    }
}
