import Testing
import Raster
import Tours
import Views
@testable import Headless

/// What `ScreenRecord` keeps of the screenshot under a rect: the same picture gives the same cells,
/// a changed one is told apart, and a rect of any numbers (huge, infinite, not a number) only clips.
@Suite @MainActor struct ScreenRecordTests {
    func stage(_ image: Pixmap) throws -> ScreenshotStage {
        let stage = try ScreenshotStage(image: image, size: Size(100, 200), textEngine: FixedMetricTextEngine(), clock: VirtualClock())
        stage.root.frame(into: nil)
        return stage
    }

    @Test func theSamePictureGivesTheSameCellsAndAChangedOneDiffers() throws {
        let image = try Pixmap(width: 100, height: 200, fill: .white)
        image.fill(Color(red: 200, green: 0, blue: 0), in: IntRect(x: 10, y: 10, width: 20, height: 20))
        let step = TourStep(targets: [.rect(Rect(x: 10, y: 10, width: 20, height: 20))])
        let before = ScreenRecord.patches(of: step, on: try stage(image))
        let again = ScreenRecord.patches(of: step, on: try stage(image.copy()))
        #expect(before.count == 1 && before == again)
        let moved = try Pixmap(width: 100, height: 200, fill: .white)
        let after = ScreenRecord.patches(of: step, on: try stage(moved))
        #expect(ScreenRecord.changed(before[0].cells, after[0].cells))
        #expect(!ScreenRecord.changed(before[0].cells, before[0].cells))
    }

    @Test(arguments: [1e308, -1e308, Double.infinity, -Double.infinity, Double.nan])
    func aRectOfAnyNumbersOnlyClips(value: Double) throws {
        let image = try Pixmap(width: 100, height: 200, fill: .white)
        let rects = [Rect(x: value, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: value, height: value),
                     Rect(x: value, y: value, width: value, height: value)]
        let step = TourStep(targets: rects.map { .rect($0) })
        let patches = ScreenRecord.patches(of: step, on: try stage(image))
        #expect(patches.count == 3, "one patch a rect, empty or clipped, and no crash")
    }
}
