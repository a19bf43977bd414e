import Foundation
import Raster
import Schema
import ScreensApp
import Tours
import Views

/// A screens file of 1,000 views: read and checked, the app made, and its first frame painted, at
/// 390x844 (`screens.load+frame`), against reading the same file's JSON alone (`screens.parse`).
@MainActor
enum ScreensBenchmarks {
    /// A file of one screen scrolling through 124 cards, each a vstack with a title, a detail, a
    /// row of an icon and a toggle, and a button: 8 views a card, 1,000 with the scroll and screen.
    static func file(cards: Int = 124) -> String {
        let items = (0..<cards).map { i in
            #"{"type": "card", "id": "card.\#(i)", "children": [{"type": "text", "text": "Card \#(i)", "style": "headline"}, {"type": "text", "text": "Plays: {plays}", "style": "caption"}, {"type": "hstack", "spacing": 8, "children": [{"type": "icon", "icon": "heart"}, {"type": "spacer"}, {"type": "toggle", "id": "toggle.\#(i)", "state": "on"}]}, {"type": "button", "id": "button.\#(i)", "title": "Play", "action": {"increment": "plays"}}]}"#
        }
        return #"{"id": "bench", "states": {"plays": {"number": 0}, "on": {"flag": false}}, "screens": {"home": {"title": "Cards", "content": {"type": "scroll", "spacing": 12, "children": [\#(items.joined(separator: ", "))]}}}}"#
    }

    static func run(_ h: Harness, app: AppBenchmarks) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-bench-screens-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/app.json"
        try file().write(toFile: path, atomically: true, encoding: .utf8)
        let loaded = try ScreensLoader.load(path: path)
        h.note("screens: a file of \(loaded.viewCount) views (\(try Data(contentsOf: URL(fileURLWithPath: path)).count / 1024) KiB)")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let parse = h.median { _ = try? JSONParser.parse(bytes) }
        h.add("screens.parse (1000 views)", size: "390x844", milliseconds: parse)
        let ms = h.median {
            guard let file = try? ScreensLoader.load(path: path),
                  let host = try? ScreensHost(file: file, size: Size(390, 844), language: "en", textEngine: app.engine, clock: VirtualClock()),
                  let frame = try? host.root.makePixmap() else { return }
            host.root.frame(into: frame)
        }
        h.add("screens.load+frame (1000 views)", size: "390x844", milliseconds: ms, baseline: "screens.parse (1000 views)")
    }
}
