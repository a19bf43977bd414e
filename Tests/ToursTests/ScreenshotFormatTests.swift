import Foundation
import Schema
import Testing
import Raster
import ImageFiles
import Overlays
import Demo
@testable import Tours

/// Tours over screenshots as they come: a screen of their own (@2x, @3x, any size), rectangles in
/// the image's pixels, several rectangle holes each with its own corners, and an image whose shape
/// is not the screen's reported instead of letterboxed.
@Suite @MainActor struct ScreenshotFormatTests {
    func load(_ json: String, image: (Int, Int)?) throws(LoadError) -> LoadedTour {
        let folder = temporaryFolder()
        if let (w, h) = image { try! Pixmap(width: w, height: h, fill: .white).writePNG(to: folder + "/shot.png") }
        return try TourLoader.load(bytes: Array(json.utf8), file: "t.json", folder: folder, appCatalog: { .screenshot })
    }

    @Test func theScreenComesFromTheImageAndItsScale() throws {
        let loaded = try load(#"{"id": "t", "background": "shot.png", "screen": {"scale": 3}, "steps": [{"rect": [0, 0, 10, 10]}]}"#, image: (1179, 2556))
        #expect(loaded.screen?.size == Size(393, 852) && loaded.screen?.scale == 3)
        let given = try load(#"{"id": "t", "background": "shot.png", "screen": {"size": [393, 852], "scale": 3}, "steps": [{"rect": [0, 0, 10, 10]}]}"#, image: (1179, 2556))
        #expect(given.screen?.size == Size(393, 852))
    }

    @Test func rectanglesInPixelsBecomePoints() throws {
        let loaded = try load(#"{"id": "t", "background": "shot.png", "screen": {"scale": 3}, "units": "pixels", "steps": [{"rect": [30, 60, 300, 150]}]}"#, image: (1179, 2556))
        #expect(loaded.tour.steps[0].targets == [.rect(Rect(x: 10, y: 20, width: 100, height: 50))])
    }

    @Test func severalRectanglesEachWithItsOwnCorners() throws {
        let loaded = try load("""
        {"id": "t", "background": "shot.png", "steps": [{"rects": [[10, 10, 50, 40], {"rect": [100, 10, 50, 40], "cornerRadius": 20}],
                                                          "cornerRadius": 4, "text": "Two."}]}
        """, image: (390, 844))
        let holes = loaded.tour.steps[0].holes
        #expect(holes.map(\.target) == [.rect(Rect(x: 10, y: 10, width: 50, height: 40)), .rect(Rect(x: 100, y: 10, width: 50, height: 40))])
        #expect(holes.map(\.shape) == [.roundedRect(cornerRadius: 4), .roundedRect(cornerRadius: 20)])
    }

    @Test func anImageOfAnotherShapeThanItsScreenIsReported() {
        do {
            _ = try load(#"{"id": "t", "background": "shot.png", "steps": [{"rect": [0, 0, 10, 10]}]}"#, image: (1920, 1080))
            Issue.record("a landscape image over the default phone screen loaded")
        } catch {
            #expect(error.diagnostics.map(\.description) == [
                "t.json:1: background: the image is 1920x1080 pixels, not the shape of the 390x844 screen: it would be letterboxed and every rect would land off its place (give \"screen\": {\"scale\": N} to take the screen's size from the image, or a \"size\" of the same shape)",
            ])
        }
        do {
            _ = try load(#"{"id": "t", "background": "shot.png", "screen": {"size": [1024, 768]}, "steps": [{"rect": [0, 0, 10, 10]}]}"#, image: (1920, 1080))
            Issue.record("a 16:9 image over a 4:3 screen loaded")
        } catch {
            #expect(error.diagnostics.first?.message.hasPrefix("the image is 1920x1080 pixels, not the shape of the 1024x768 screen") == true)
        }
    }

    @Test func theRectsKeyIsCheckedLikeRect() {
        do {
            _ = try load("""
            {"id": "t", "background": "shot.png", "steps": [{
              "rects": [[0, 0, -5, 10], {"cornerRadius": 3}],
              "rect": [1, 1, 1, 1]}]}
            """, image: (390, 844))
            Issue.record("loaded")
        } catch {
            #expect(error.diagnostics.map(\.description) == [
                "t.json:2: steps[0].rects[0][2]: expected a number from 0 to 100000, found -5 (sizes may not be negative)",
                "t.json:2: steps[0].rects[1]: missing key \"rect\" ([x, y, width, height])",
                "t.json:3: steps[0].rect: give only one of \"target\", \"targets\", \"rect\" and \"rects\" (\"rects\" is given on line 2)",
            ])
        }
    }
}
