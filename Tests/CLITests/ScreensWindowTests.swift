import Foundation
import ImageFiles
import Raster
import Testing

/// The red of the banner a broken file shows (ErrorBanner.color, #D7261E).
private func isBannerRed(_ c: Color) -> Bool { c.red > 0xC0 && c.green < 0x40 && c.blue < 0x40 }

extension WindowTests {
    /// A copy of the example player app in a fresh folder (its images beside it), its file's path.
    static func playerCopy() throws -> String {
        let dir = try CLI.temporaryFolder()
        let root = ScreensCommandTests.root + "/examples/Player"
        try FileManager.default.copyItem(atPath: root + "/images", toPath: dir + "/images")
        try FileManager.default.copyItem(atPath: root + "/player.json", toPath: dir + "/player.json")
        return dir + "/player.json"
    }

    /// Saves `text` to `path` as editors do: a new file renamed over the old one.
    static func save(_ text: String, to path: String) throws {
        try text.write(toFile: path + ".tmp", atomically: false, encoding: .utf8)
        guard rename(path + ".tmp", path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// The app of a screens file in a real window: it shows what `render` draws, a save of the file
    /// shows the new screens, a broken save shows its problem in the red banner over the last good
    /// screens, and the next good save takes the banner away.
    @Test func aScreensAppInAWindowReloadsOnEverySave() throws {
        let (xvfb, display) = try Self.startXvfb()
        defer { Self.stopXvfb(xvfb, display: display) }
        #expect(Self.waitFor(10) { FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(display)") }, "Xvfb started")
        let file = try Self.playerCopy()
        let folder = (file as NSString).deletingLastPathComponent
        let state = try CLI.temporaryFolder()
        let (app, appErr, window) = try Self.launch(["--app", file], on: display, title: "^Player$", environment: ["XDG_STATE_HOME": state])
        defer { Self.stop(app) }
        let shots = try CLI.temporaryFolder()
        var index = 0
        func screenshot() throws -> Pixmap {
            index += 1
            return try Self.screenshot(of: window, on: display, into: shots, name: "shot\(index)")
        }
        func render(_ name: String) throws -> Pixmap {
            let r = try CLI.run(["--app", file, "render", "--out", shots + "/" + name])
            try #require(r.status == 0, "\(r.stderr)")
            return try Pixmap(contentsOfFile: shots + "/" + name)
        }
        let first = try render("first.png")
        #expect(try Self.waitFor(30) { try screenshot().hasSamePixels(as: first) }, "the window shows what render draws")

        // A good save: the window shows the new screens.
        let original = try String(contentsOfFile: file, encoding: .utf8)
        try Self.save(original.replacingOccurrences(of: #""text": {"en": "Recently played""#, with: #""text": {"en": "Played lately""#), to: file)
        let second = try render("second.png")
        #expect(!second.hasSamePixels(as: first))
        #expect(try Self.waitFor(30) { try screenshot().hasSamePixels(as: second) }, "the window shows the saved screens")

        // A broken save: the banner, over the last good screens.
        try Self.save(original.replacingOccurrences(of: #""type": "grid""#, with: #""type": "gridd""#), to: file)
        var banner = false
        #expect(try Self.waitFor(30) {
            let shot = try screenshot()
            banner = isBannerRed(shot.color(x: 6, y: 6))
            return banner && shot.color(x: 200, y: 200) == second.color(x: 200, y: 200)
        }, "the banner shows the problem, the last good screens stay")

        // Fixed: no banner, the fixed screens.
        try Self.save(original, to: file)
        #expect(try Self.waitFor(30) { try screenshot().hasSamePixels(as: first) }, "the fixed file's screens, no banner")
        Self.stop(app)
        let log = String(decoding: appErr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(log.contains("unknown widget \"gridd\" (did you mean \"grid\"?)"), "\(log)")
        #expect(log.contains("reloaded \(file)"), "\(log)")
        _ = folder
    }

    /// The editor over a tour that names a screens app: a save of the screens file shows on the
    /// app inside the editor.
    @Test func theEditorFollowsTheScreensOfItsApp() throws {
        let (xvfb, display) = try Self.startXvfb(screen: "1400x1000")
        defer { Self.stopXvfb(xvfb, display: display) }
        #expect(Self.waitFor(10) { FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(display)") }, "Xvfb started")
        let file = try Self.playerCopy()
        let folder = (file as NSString).deletingLastPathComponent
        let tour = folder + "/t.json"
        try #"{"id": "t", "app": "player.json", "steps": [{"target": "library.heading", "title": "Hello", "text": "The heading."}]}"#
            .write(toFile: tour, atomically: true, encoding: .utf8)
        let (app, appErr, window) = try Self.launch(["edit", tour], on: display, title: "t\\.json$")
        defer { Self.stop(app) }
        let shots = try CLI.temporaryFolder()
        var index = 0
        func screenshot() throws -> Pixmap {
            index += 1
            return try Self.screenshot(of: window, on: display, into: shots, name: "shot\(index)")
        }
        // The app's background (#F4F1F8, dimmed) fills much of the viewport; a new background shows there.
        var before = try screenshot()
        #expect(try Self.waitFor(30) {
            before = try screenshot()
            return stride(from: 0, to: before.width, by: 10).contains { x in before.color(x: x, y: before.height / 2).blue > 0x40 }
        }, "the editor painted")
        let original = try String(contentsOfFile: file, encoding: .utf8)
        try Self.save(original.replacingOccurrences(of: ##""background": "#F4F1F8""##, with: ##""background": "#20C040""##), to: file)
        #expect(try Self.waitFor(30) {
            let shot = try screenshot()
            // Somewhere in the viewport the app's new green, dimmed, shows.
            return stride(from: 0, to: shot.width, by: 6).contains { x in
                let c = shot.color(x: x, y: shot.height / 2)
                return Int(c.green) > Int(c.red) + 30 && Int(c.green) > Int(c.blue) + 20
            }
        }, "the app's new background shows in the editor")
        Self.stop(app)
        let log = String(decoding: appErr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(log.contains("edit: reloaded \(file)"), "\(log)")
    }
}
