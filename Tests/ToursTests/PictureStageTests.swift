import Testing
import TestSupport
import Raster
import Views
import Demo
@testable import Tours

/// A host asks a stage what it can do, never its type: a stage of screenshots answers with its
/// pictures (their view, their rect mapping, each step's own), an app with none.
@MainActor @Suite struct PictureStageTests {
    @Test func aScreenshotStageHasPicturesAndAnAppNone() throws {
        let image = try Pixmap(width: 39, height: 84, fill: .white)
        let stage = try ScreenshotStage(image: image, size: Size(390, 844), textEngine: FixedMetricTextEngine(), clock: VirtualClock())
        let host: any TourHost = stage
        let pictures = try #require(host.pictures, "a stage of screenshots shows pictures")
        #expect(pictures === stage && pictures.screenshot === stage.screenshot)
        pictures.stepImages = [2: image]
        #expect(stage.stepImages.keys.sorted() == [2], "what a host sets through the capability is the stage's")
        let app: any TourHost = try AppFixture().app
        #expect(app.pictures == nil, "an app shows itself, not pictures")
    }
}
