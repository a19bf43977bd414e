import Foundation
import ImageFiles
import Raster
import ScreensApp
import Testing
import Tours

/// Screens files at the sizes their limits allow: images decoded once a file under one budget,
/// lists of names checked in time in proportion to them, messages that name a few of thousands,
/// and a file of a million tiny values refused while it is read.
@MainActor @Suite struct ScreensScaleTests {
    /// A fresh folder holding `images` (PNGs of `side`×`side` pixels) and `app.json` of `json`.
    func folder(json: String, images: [String] = [], side: Int = 16) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-scale-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        for (i, name) in images.enumerated() {
            try Pixmap(width: side, height: side, fill: Color(red: UInt8(i % 7 * 30), green: 128, blue: 128)).writePNG(to: folder + "/" + name)
        }
        try json.write(toFile: folder + "/app.json", atomically: true, encoding: .utf8)
        return folder
    }

    /// The problems of the screens file in `folder`, with the folder cut from the file's name.
    func problems(in folder: String, images: DecodedImageCache = DecodedImageCache()) -> [String] {
        do { _ = try ScreensLoader.load(path: folder + "/app.json", images: images); return [] } catch {
            return error.diagnostics.map { $0.description.replacingOccurrences(of: folder + "/", with: "") }
        }
    }

    /// A screens file with one screen of `views` (each a view's JSON), and `extra` top-level keys.
    func app(_ views: [String], extra: String = "") -> String {
        #"{"id": "t", \#(extra.isEmpty ? "" : extra + ", ")"screens": {"home": {"content": {"type": "vstack", "children": [\#n"#
            + views.joined(separator: ",\n") + "\n]}}}}"
    }

    // MARK: - Images

    @Test func oneImageNamedEightWaysIsDecodedOnce() throws {
        let names = ["a.png", "./a.png", "././a.png", "sub/../a.png", "link.png", "./link.png", "hard.png", "sub/.././hard.png"]
        let dir = try folder(json: app(names.map { #"{"type": "image", "file": "\#($0)"}"# }), images: ["a.png"])
        #expect(symlink(dir + "/a.png", dir + "/link.png") == 0 && link(dir + "/a.png", dir + "/hard.png") == 0)
        let cache = DecodedImageCache()
        let file = try ScreensLoader.load(path: dir + "/app.json", images: cache)
        #expect(cache.decodeCount == 1, "one file named \(names.count) ways: \(cache.decodeCount) decodes")
        #expect(Set(file.images.values.map(ObjectIdentifier.init)).count == 1)
        // The same cache, a second load: nothing decoded again.
        _ = try ScreensLoader.load(path: dir + "/app.json", images: cache)
        #expect(cache.decodeCount == 1)
    }

    @Test func imagesPastTheBudgetAreRefusedInOneLine() throws {
        let names = (0..<6).map { "p\($0).png" }
        let dir = try folder(json: app(names.map { #"{"type": "image", "file": "\#($0)"}"# }), images: names)
        // Room for three 16x16 images: the fourth is refused, and the two after it are not decoded.
        let cache = DecodedImageCache(budget: 3 * 16 * 16 * 4)
        let lines = problems(in: dir, images: cache)
        #expect(lines == [#"app.json:5: screens.home.content.children[3].file: "p3.png": decoded, its 16x16 pixels would take 1 KiB, and the images already held take 3 KiB: more than the 3 KiB of decoded images a process may hold"#],
                "\(lines)")
        #expect(cache.decodeCount == 3)
        // Once the file that held them is gone, so are its images: another file of three loads.
        let three = try folder(json: app(names.prefix(3).map { #"{"type": "image", "file": "\#($0)"}"# }), images: Array(names.prefix(3)))
        #expect(problems(in: three, images: cache) == [])
        #expect(cache.decodeCount == 6 && cache.liveBytes == 3 * 16 * 16 * 4, "the cache keeps the last three")
    }

    @Test func aTourAndAScreensFileShareOneDecode() throws {
        let dir = try folder(json: app([#"{"type": "image", "file": "a.png"}"#]), images: ["a.png"])
        let cache = DecodedImageCache()
        let file = try ScreensLoader.load(path: dir + "/app.json", images: cache)
        let tour = #"{"id": "s", "background": "a.png", "screen": {"scale": 1}, "steps": [{"rect": [1, 1, 5, 5], "text": "One"}, "#
            + #"{"rect": [1, 1, 5, 5], "text": "Two", "background": "./a.png"}, {"rect": [1, 1, 5, 5], "text": "Three", "background": "sub/../a.png"}]}"#
        let loaded = try TourLoader.load(bytes: Array(tour.utf8), file: dir + "/t.json", folder: dir, appCatalog: { .screenshot }, images: cache)
        #expect(cache.decodeCount == 1)
        #expect(loaded.background === file.images.values.first && loaded.stepBackgrounds[1] === loaded.background)
    }

    // MARK: - Lists of names

    @Test func aHundredThousandEventsAreRefusedAndAThousandReadInTimeToTheirCount() throws {
        let many = (0..<100_000).map { #""e\#($0)""# }.joined(separator: ",")
        let dir = try folder(json: app([#"{"type": "spacer"}"#], extra: #""events": [\#(many)]"#))
        #expect(problems(in: dir) == ["app.json:1: events: expected at most 1000 events, found 100000"])
        // 999 names and one twice: the thousand a file may give, each checked against a set.
        let names = (0..<999).map { #""e\#($0)""# }.joined(separator: ",")
        let buttons = (0..<2_000).map { #"{"type": "button", "title": "Go", "action": {"event": "e\#($0 % 999)"}}"# }
        let ok = try folder(json: app(buttons, extra: #""events": [\#(names), "e5"]"#))
        #expect(problems(in: ok) == [#"app.json:1: events[999]: "e5" is already an event"#])
    }

    @Test func fifteenThousandUnknownStatesAgainstAThousandAreSuggestedOnce() throws {
        let states = (0..<1_000).map { #""level\#($0)": {"number": 0}"# }.joined(separator: ", ")
        let texts = (0..<15_000).map { #"{"type": "text", "text": "{lvel\#($0 % 5_000)} and {level7}"}"# }
        let dir = try folder(json: app(texts, extra: #""states": {\#(states)}"#))
        let lines = problems(in: dir)
        #expect(lines.count == 15_000, "\(lines.count)")
        // The first distinct words measured: the one meant, or the nearest few and how many more.
        #expect(lines[1] == #"app.json:3: screens.home.content.children[1].text: {lvel1} names no state (did you mean "level1"?)"#, "\(lines[1])")
        #expect(lines[5_001] == lines[1].replacingOccurrences(of: "app.json:3:", with: "app.json:5003:").replacingOccurrences(of: "children[1]", with: "children[5001]"),
                "the same word, the same suggestion: \(lines[5_001])")
        // Past the words measured, the first names and how many more.
        #expect(lines[4_000].hasSuffix(#"{lvel4000} names no state (known: level0, level1, level2, level3, level4, level5 and 994 more)"#), "\(lines[4_000])")
    }

    @Test func textsFullOfOpeningBracesAreReadOnce() throws {
        // Each text is 10,000 characters of `{x` with no closing brace until the last.
        let text = String(repeating: "{x", count: 4_998) + "{n}"
        let views = Array(repeating: #"{"type": "text", "text": "\#(text)"}"#, count: 200)
        let dir = try folder(json: app(views, extra: #""states": {"n": {"number": 1}}"#))
        let file = try ScreensLoader.load(path: dir + "/app.json")
        #expect(file.viewCount == 201)
    }

    // MARK: - Size

    @Test func aFileOfAMillionTinyValuesIsRefusedAtTheLineThatPassesTheLimit() throws {
        // 16 MiB of spacers, one a line: 883,000 views, and twice as many values.
        let spacers = Array(repeating: #"{"type":"spacer"}"#, count: (16 << 20) / 19 - 10)
        let dir = try folder(json: app(spacers))
        let lines = problems(in: dir)
        #expect(lines == [#"app.json:249998: screens.home.content.children[249996].type: the file holds more than 500000 values (objects, lists, strings and numbers), the most it may hold"#],
                "\(lines.prefix(3))")
    }
}
