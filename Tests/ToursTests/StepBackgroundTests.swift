import Foundation
import Testing
import Raster
import Views
import ImageFiles
@testable import Tours

/// A tour over several screenshots: each step may give its own `background`, later steps keep it,
/// and the screen cross-fades from one to the next.
@Suite(.serialized) @MainActor struct StepBackgroundTests {
    static let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("assets/images").path

    func folder() throws -> String {
        let dir = temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for name in ["city", "ocean"] { try? FileManager.default.copyItem(atPath: "\(Self.images)/\(name).png", toPath: "\(dir)/\(name).png") }
        return dir
    }

    @Test func eachStepShowsItsScreenCrossFadingBetweenThem() throws {
        let dir = try folder()
        let json = #"{"id": "s", "background": "city.png", "screen": {"scale": 1}, "steps": [{"rect": [10, 10, 50, 50], "text": "One"}, {"rect": [20, 20, 50, 50], "text": "Two", "background": "ocean.png"}, {"rect": [30, 30, 50, 50], "text": "Three"}]}"#
        try json.write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        let loaded = try TourLoader.load(path: dir + "/s.json", appCatalog: { .screenshot })
        #expect(loaded.stepBackgrounds.keys.sorted() == [1])
        let clock = VirtualClock()
        let stage = try ScreenshotStage(image: try #require(loaded.background), size: Size(480, 360), textEngine: FixedMetricTextEngine(), clock: clock)
        stage.stepImages = loaded.stepBackgrounds
        let engine = TourEngine(tour: loaded.tour, host: stage)
        engine.start(at: 0, animated: false)
        stage.root.frame(into: nil)
        #expect(stage.screenshot.image === loaded.background)
        engine.next()
        clock.advance(by: 0.15)
        let middle = try stage.root.makePixmap()
        stage.root.frame(into: middle, repaintingEverything: true)
        clock.advance(by: 0.5)
        let after = try stage.root.makePixmap()
        stage.root.frame(into: after, repaintingEverything: true)
        #expect(stage.screenshot.image === loaded.stepBackgrounds[1], "step 2's screen")
        #expect(!PixmapDifference(between: middle, and: after).isEmpty, "half-way through the cross-fade the old screen still shows")
        engine.next()
        stage.root.frame(into: nil)
        #expect(stage.screenshot.image === loaded.stepBackgrounds[1], "step 3 keeps it")
        engine.previous(); engine.previous()
        clock.advance(by: 1)
        stage.root.frame(into: nil)
        #expect(stage.screenshot.image === loaded.background, "and step 1 goes back to the tour's")
    }

    @Test func aStepsScreenMustBeTheToursSizeAndNeedsOne() throws {
        let dir = try folder()
        let small = try Pixmap(width: 10, height: 10)
        try small.writePNG(to: dir + "/small.png")
        #expect(problemLines(#"{"id": "s", "background": "city.png", "screen": {"scale": 1}, "steps": [{"rect": [1, 1, 5, 5], "text": "x", "background": "small.png"}]}"#, folder: dir)
                == ["t.json:1: steps[0].background: the image is 10x10 pixels, not the 480x360 of the tour's background (every screen of one tour is the same size)"])
        #expect(problemLines(#"{"id": "s", "steps": [{"target": "fab", "text": "x", "background": "city.png"}]}"#, folder: dir)
                == [#"t.json:1: steps[0].background: a step's background needs the tour's "background" (a tour over screenshots)"#])
    }
}
