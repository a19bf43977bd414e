import Foundation
import Testing
import Raster
import ImageFiles

/// `accept` takes a run's actual frames only while they are what the checkout draws: a tour whose
/// screenshot or app (screens file) changed since the run is refused, naming the file, unless
/// `--force`; and a report merged from shards is accepted like a whole run's.
@Suite struct AcceptStaleInputsTests {
    /// A blue 390x844 screenshot at scale 1 with a band of `color` near its bottom, far from the
    /// step's rect (a change under the rect is the lint's to name).
    func screenshot(_ path: String, _ color: Color) throws {
        let shot = try Pixmap(width: 390, height: 844, fill: Color(red: 0x20, green: 0x50, blue: 0xA0))
        shot.fill(color, in: IntRect(x: 0, y: 700, width: 390, height: 100))
        try shot.writePNG(to: path)
    }

    @Test func aChangedScreenshotIsNamedAndRefused() throws {
        let dir = try CLI.temporaryFolder()
        try screenshot(dir + "/shot.png", Color(red: 0x20, green: 0x50, blue: 0xA0))
        try #"{"id": "s", "background": "shot.png", "test": {"sizes": ["390x844"]}, "steps": [{"rect": [60, 200, 100, 100], "label": "The square", "text": "Here."}]}"#
            .write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        #expect(try CLI.run(["test", "s.json", "--update", "--results", "r"], directory: dir).status == 0)
        // The screenshot is redesigned: the run fails, and its actual is the new design's.
        try screenshot(dir + "/shot.png", Color(red: 0x20, green: 0xA0, blue: 0x50))
        let run = try CLI.run(["test", "s.json", "--results", "r"], directory: dir)
        #expect(run.status == 1, "\(run.stdout)")
        // Changed again before the review ends: the run's actual is no longer what it draws.
        try screenshot(dir + "/shot.png", Color(red: 0xA0, green: 0x20, blue: 0x50))
        let stale = try CLI.run(["accept", "--results", "r"], directory: dir)
        #expect(stale.status == 1, "\(stale.stdout)\(stale.stderr)")
        #expect(stale.stdout.hasPrefix("not accepted: s/390x844@1x-en-step01: the screenshot shot.png of s.json changed since the run"), "\(stale.stdout)")
        let before = try Data(contentsOf: URL(fileURLWithPath: dir + "/s.goldens/390x844@1x-en-step01.png"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/s.goldens/390x844@1x-en-step01.png")) == before, "nothing written")
        let forced = try CLI.run(["accept", "--results", "r", "--force"], directory: dir)
        #expect(forced.status == 0 && forced.stdout.hasSuffix("accepted 1 case\n"), "\(forced.stdout)\(forced.stderr)")
    }

    @Test func aChangedAppIsNamedAndRefused() throws {
        let dir = try CLI.temporaryFolder()
        let app = LintTests.shop.replacingOccurrences(of: "Weitere Einstellungen und Möglichkeiten", with: "Mehr")
        try app.write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        try #"{"id": "t", "app": "app.json", "test": {"sizes": ["320x568"]}, "steps": [{"target": "ok", "text": "Tap OK."}]}"#
            .write(toFile: dir + "/t.json", atomically: true, encoding: .utf8)
        #expect(try CLI.run(["test", "t.json", "--update", "--results", "r"], directory: dir).status == 0)
        try app.replacingOccurrences(of: #""text": "Sale""#, with: #""text": "Big sale""#).write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        let run = try CLI.run(["test", "t.json", "--results", "r"], directory: dir)
        #expect(run.status == 1, "\(run.stdout)")
        try app.write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        let stale = try CLI.run(["accept", "--results", "r"], directory: dir)
        #expect(stale.status == 1 && stale.stdout.hasPrefix("not accepted: t/320x568@1x-en-step01: the app (screens file) app.json of t.json changed since the run"), "\(stale.stdout)\(stale.stderr)")
    }

    /// Two shards' blobs merged on another machine, the merged results copied elsewhere, and
    /// accepted into a third checkout.
    @Test func aMergedReportIsAcceptedIntoAnotherCheckout() throws {
        func checkout() throws -> String {
            let dir = try CLI.temporaryFolder()
            try FileManager.default.copyItem(atPath: TestCommandTests.tours + "/fab.json", toPath: dir + "/fab.json")
            try FileManager.default.copyItem(atPath: TestCommandTests.tours + "/fab.goldens", toPath: dir + "/fab.goldens")
            try FileManager.default.removeItem(atPath: dir + "/fab.goldens/390x844@1x-en-step01.png")
            return dir
        }
        let first = try checkout(), third = try checkout()
        for k in 1...2 {
            let r = try CLI.run(["test", "fab.json", "--shard", "\(k)/2", "--results", "res\(k)", "--blob", "blob\(k).json", "--jobs", "1"], directory: first)
            #expect(r.status <= 1, "\(r.stdout)\(r.stderr)")
        }
        let merger = try CLI.temporaryFolder()
        let merged = try CLI.run(["merge-reports", first + "/blob1.json", first + "/blob2.json", "--results", merger + "/merged"], directory: merger)
        #expect(merged.status == 1, "\(merged.stdout)\(merged.stderr)")
        let accept = try CLI.run(["accept", "--results", merger + "/merged"], directory: third)
        #expect(accept.status == 0, "\(accept.stdout)\(accept.stderr)")
        #expect(accept.stdout == "wrote fab.goldens/390x844@1x-en-step01.png\naccepted 1 case\n", "\(accept.stdout)")
        #expect(!FileManager.default.fileExists(atPath: first + "/fab.goldens/390x844@1x-en-step01.png"), "the first checkout is not touched")
        #expect(try CLI.run(["test", "fab.json", "--jobs", "1", "--results", third + "/res"], directory: third).status == 0)
    }
}
