import Foundation
import Testing
import TestSupport

/// The gestures example through the built binary: each gesture's frames at a fixed time and under
/// reduced motion match their committed goldens, and a screen reader hears each gesture after the
/// step's text, in the app's language.
@Suite struct GestureExampleTests {
    static let tour = CaptureToursTests.root + "/examples/gestures/gestures.json"

    @Test func theGesturesMatchTheirGoldens() throws {
        let dir = try CLI.temporaryFolder()
        let r = try CLI.run(["test", Self.tour, "--results", dir + "/results"])
        #expect(r.status == 0 && r.stdout.hasSuffix("24 passed, 0 failed\n"), "\(r.stdout)\(r.stderr)")
    }

    @Test(arguments: [("en", ["Tap Add a card.", "Swipe left on Ocean Breeze", "Scroll list down."]),
                      ("ja", ["カードを追加をタップ", "を左にスワイプ", "リストを下にスクロール"]),
                      ("de", ["Wische auf Ocean Breeze", "nach links", "Scrolle Liste nach unten"])])
    func eachGestureIsSaidAfterItsStep(language: String, phrases: [String]) throws {
        let dir = try CLI.temporaryFolder()
        let next = (1...5).map { _ in "tap overlay.bubble.next\nwait 800\n" }.joined()
        try ("wait 1500\n" + next).write(toFile: dir + "/s.txt", atomically: true, encoding: .utf8)
        let r = try CLI.run(["replay", "--script", dir + "/s.txt", "--out", dir + "/out", "--tour", Self.tour, "--lang", language,
                             "--announcements", dir + "/said.jsonl"])
        #expect(r.status == 0, "\(r.stderr)")
        let said = try String(contentsOfFile: dir + "/said.jsonl", encoding: .utf8)
        #expect(said.split(separator: "\n").count == 6, "\(said)")
        for phrase in phrases { #expect(said.contains(phrase), "\(phrase) in \(said)") }
    }
}
