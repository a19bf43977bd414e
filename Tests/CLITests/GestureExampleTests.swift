import Foundation
import Testing
import TestSupport

/// The gestures example through the built binary: each gesture's frames at a fixed time and under
/// reduced motion match their committed goldens, the app takes each gesture, a gesture it does
/// not take fails its case, and a screen reader hears each gesture after the step's text, in the
/// app's language.
@Suite struct GestureExampleTests {
    static let tour = CaptureToursTests.root + "/examples/gestures/gestures.json"

    @Test func theGesturesMatchTheirGoldens() throws {
        let dir = try CLI.temporaryFolder()
        let r = try CLI.run(["test", Self.tour, "--results", dir + "/results"])
        #expect(r.status == 0 && r.stdout.hasSuffix("12 passed, 0 failed\n"), "\(r.stdout)\(r.stderr)")
    }

    /// A swipe on a card, which the sample app does not take, fails its case (and only it); a tap on
    /// the add button, which it takes, passes.
    @Test func aGestureTheAppIgnoresFailsItsCase() throws {
        let dir = try CLI.temporaryFolder()
        try #"{"id": "ignored", "test": {"sizes": ["390x844"]}, "steps": [{"target": "fab", "text": "Add.", "demo": "tap"}, {"target": "card.0", "text": "Archive.", "demo": {"gesture": "swipe", "direction": "left"}}, {"target": "card.1", "text": "Hold.", "demo": "longPress"}]}"#
            .write(toFile: dir + "/ignored.json", atomically: true, encoding: .utf8)
        _ = try CLI.run(["test", dir + "/ignored.json", "--update", "--results", dir + "/r1"])
        let r = try CLI.run(["test", dir + "/ignored.json", "--results", dir + "/r2"])
        #expect(r.status == 1 && r.stdout.hasSuffix("1 passed, 2 failed\n"), "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("FAIL ignored/390x844@1x-en-step02: steps[1].demo: the app does not take the swipe left it shows (nothing on the screen changed when it was played; a demo must teach a gesture the app handles)"), "\(r.stdout)")
        #expect(r.stdout.contains("steps[2].demo: the app does not take the longPress it shows"), "\(r.stdout)")
    }

    @Test(arguments: [("en", ["Tap Add a card.", "Scroll Forest Walk", "down.", "Tap Menu"]),
                      ("ja", ["カードを追加をタップ", "を下にスクロール", "メニューをタップ"]),
                      ("de", ["Tippe auf", "Scrolle Forest Walk", "nach unten"])])
    func eachGestureIsSaidAfterItsStep(language: String, phrases: [String]) throws {
        let dir = try CLI.temporaryFolder()
        let next = (1...2).map { _ in "tap overlay.bubble.next\nwait 800\n" }.joined()
        try ("wait 1500\n" + next).write(toFile: dir + "/s.txt", atomically: true, encoding: .utf8)
        let r = try CLI.run(["replay", "--script", dir + "/s.txt", "--out", dir + "/out", "--tour", Self.tour, "--lang", language,
                             "--announcements", dir + "/said.jsonl"])
        #expect(r.status == 0, "\(r.stderr)")
        let said = try String(contentsOfFile: dir + "/said.jsonl", encoding: .utf8)
        #expect(said.split(separator: "\n").count == 3, "\(said)")
        for phrase in phrases { #expect(said.contains(phrase), "\(phrase) in \(said)") }
    }

    /// Over a screenshot there is no app to take a gesture: its demo is drawn, and not played.
    @Test func aDemoOverAScreenshotIsNotPlayed() throws {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.copyItem(atPath: CaptureToursTests.root + "/assets/tours/screenshots/home-ja@2x.png", toPath: dir + "/home@2x.png")
        try #"{"id": "shot", "background": "home@2x.png", "screen": {"scale": 2}, "test": {"scales": [2]}, "steps": [{"rect": [203, 115, 171, 128], "text": "Swipe to archive.", "demo": {"gesture": "swipe", "direction": "left"}}]}"#
            .write(toFile: dir + "/shot.json", atomically: true, encoding: .utf8)
        _ = try CLI.run(["test", dir + "/shot.json", "--update", "--results", dir + "/r1"])
        let r = try CLI.run(["test", dir + "/shot.json", "--results", dir + "/r2"])
        #expect(r.status == 0 && r.stdout.hasSuffix("1 passed, 0 failed\n"), "\(r.stdout)\(r.stderr)")
    }
}
