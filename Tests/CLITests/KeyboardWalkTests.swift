import Foundation
import Raster
import Testing

/// The keyboard's path through a tour is the pointer's: on a step that moves on when its target is
/// tapped, the focus starts on the target (inside it, for a row or a card that holds the button),
/// and Enter there presses it and moves the tour on, as a tap does, even when what it presses
/// takes its screen away.
@Suite struct KeyboardWalkTests {
    /// A tour over the Player app whose steps move on by Next and by taps on a card that opens
    /// another screen, a button, a switch and a list row that opens another screen.
    static func tour(app: String) -> String {
        """
        {
          "id": "walk", "app": "\(app)", "allowSkip": true, "showProgress": true,
          "steps": [
            {"target": "library.heading", "text": "Your albums."},
            {"target": "album.sunrise", "text": "Open an album.", "advanceOn": "tapTarget"},
            {"go": "nowPlaying", "target": "player.play", "text": "Press Play.", "advanceOn": "tapTarget"},
            {"tab": "settings", "target": "settings.shuffle", "text": "Shuffle the songs.", "advanceOn": "tapTarget"},
            {"tab": "settings", "target": "settings.about", "text": "Read about the app.", "advanceOn": "tapTarget"},
            {"tab": "settings", "go": "about", "target": "about.text", "text": "That is all."}
          ]
        }
        """
    }

    /// The moves that walk the tour by taps: Next, then each target, then Done.
    static let taps = ["tap overlay.bubble.next", "tap album.sunrise", "tap player.play", "tap settings.shuffle", "tap settings.about", "tap overlay.bubble.next"]

    /// A script making `moves`, one a step: before each, Tab and Shift-Tab show the focus ring where
    /// the focus is (so both walks draw it, and a focus in another place shows), then a shot.
    static func script(_ moves: [String]) -> String {
        var lines = ["wait 600"]
        for (i, move) in moves.enumerated() {
            lines += ["key tab", "key shift+tab", "shot step\(i + 1).png", "expect step=\(i + 1)", move, "wait 600"]
        }
        return (lines + ["shot end.png", "expect tour=finished"]).joined(separator: "\n") + "\n"
    }

    @Test func keysWalkTheTourAsTapsDoFrameForFrame() throws {
        let dir = try CLI.temporaryFolder()
        try Self.tour(app: ScreensCommandTests.player).write(toFile: dir + "/walk.json", atomically: true, encoding: .utf8)
        try Self.script(Self.taps).write(toFile: dir + "/taps.txt", atomically: true, encoding: .utf8)
        try Self.script(Array(repeating: "key enter", count: Self.taps.count)).write(toFile: dir + "/keys.txt", atomically: true, encoding: .utf8)
        var states: [String] = []
        for walk in ["taps", "keys"] {
            let r = try CLI.run(["replay", "--tour", dir + "/walk.json", "--script", dir + "/\(walk).txt", "--out", dir + "/" + walk])
            #expect(r.status == 0, "walked by \(walk): \(r.stderr)")
            states.append(r.stdout.replacingOccurrences(of: dir + "/" + walk, with: "OUT"))
        }
        // The same events (a target pressed moves on `by: target` either way) and the same app state.
        #expect(states[0] == states[1])
        #expect(states[1].contains(#""shuffle":true"#) && states[1].contains(#""plays":1"#) && states[1].contains(#""tour":{"id":"walk","of":6,"state":"finished""#), "\(states[1])")
        for shot in (1...Self.taps.count).map({ "step\($0).png" }) + ["end.png"] {
            let tapped = try Pixmap(contentsOfFile: dir + "/taps/" + shot), keyed = try Pixmap(contentsOfFile: dir + "/keys/" + shot)
            let difference = PixmapDifference(between: keyed, and: tapped)
            #expect(difference.isEmpty, "\(shot): \(difference.differingPixels) pixels differ between the walk by keys and by taps")
        }
    }

    /// Where the focus starts on each step, as `replay` reports it: on a step a tap on its target
    /// moves on, the view inside the target that takes it (a row's button, a card's), never Skip.
    @Test func theFocusStartsOnTheTarget() throws {
        let dir = try CLI.temporaryFolder()
        try Self.tour(app: ScreensCommandTests.player).write(toFile: dir + "/walk.json", atomically: true, encoding: .utf8)
        let focus = ["overlay.bubble.next", "album.sunrise", "player.play", "settings.shuffle", "settings.about", "overlay.bubble.next"]
        var lines = ["wait 600"]
        for (i, id) in focus.enumerated() { lines += ["expect step=\(i + 1) focus=\(id)", Self.taps[i], "wait 600"] }
        try (lines.joined(separator: "\n") + "\n").write(toFile: dir + "/s.txt", atomically: true, encoding: .utf8)
        let r = try CLI.run(["replay", "--tour", dir + "/walk.json", "--script", dir + "/s.txt", "--out", dir + "/out"])
        #expect(r.status == 0, "\(r.stderr)")
    }
}
