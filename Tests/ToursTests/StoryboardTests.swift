import Foundation
import Testing
import TestSupport
import Raster
import Views
import Demo
@testable import Tours

/// Storyboards (golden), screenshot stages, the error banner, and area-averaged shrinking.
@Suite(.serialized) @MainActor struct StoryboardTests {
    /// Every step of `json` rendered on the fixed-metric sample app at `size`.
    func frames(_ json: String, size: Size) throws -> (panels: [Storyboard.Panel], engine: TourEngine) {
        let f = try AppFixture(size: size)
        let engine = TourEngine(tour: try tour(json), host: f.app)
        var panels: [Storyboard.Panel] = []
        for i in engine.tour.steps.indices {
            engine.go(to: i, animated: false)
            f.advance(0.5)
            panels.append(Storyboard.Panel(image: try f.render(), title: engine.tour.steps[i].title ?? "Step \(i + 1)"))
        }
        return (panels, engine)
    }

    @Test func theStoryboardLooksAsRecorded() throws {
        let (panels, _) = try frames("""
        {"id": "board", "showProgress": true, "steps": [
          {"target": "nav.title", "title": "Title", "text": "The screen's title."},
          {"targets": ["card.0", "card.1"], "title": "Two cards at once", "text": "Two holes in one step.", "cornerRadius": 12},
          {"target": "fab", "shape": "circle", "title": "A long title that wraps onto a second line and is cut", "text": "Add."}
        ]}
        """, size: Size(320, 568))
        let board = try Storyboard.compose(panels, textEngine: FixedMetricTextEngine())
        #expect(board.width == 24 + 3 * 270 + 2 * 24 + 24)
        let result = Golden.compare(board, named: "storyboard")
        #expect(result.matches, "\(result.message)")
    }

    @Test func largeFramesShrink() throws {
        let big = try Pixmap(width: 1170, height: 2532, fill: Color(hex: "#336699")!)
        let board = try Storyboard.compose([Storyboard.Panel(image: big, title: "Big")], textEngine: FixedMetricTextEngine())
        // 360x480 at most: a 222x480 thumbnail.
        #expect(board.width == 24 + 222 + 24)
        #expect(board.color(x: 24 + 100, y: 24 + 100) == Color(hex: "#336699")!, "area averaging keeps a flat colour exact")
    }

    @Test func manyStepsWrapSixToARow() throws {
        let frame = try Pixmap(width: 90, height: 120, fill: .white)
        let board = try Storyboard.compose((1...8).map { Storyboard.Panel(image: frame, title: "Step \($0)") },
                                           textEngine: FixedMetricTextEngine())
        #expect(board.width == 24 + 6 * 90 + 5 * 24 + 24)
        #expect(board.height > 2 * 120 + 32 && board.height < 3 * 120 + 2 * 32)
    }

    @Test func areaAveragingBlendsWhatItShrinks() throws {
        let stripes = try Pixmap(width: 4, height: 2)
        for y in 0..<2 { for x in 0..<4 { stripes[x, y] = x % 2 == 0 ? Color.black.premultiplied : Color.white.premultiplied } }
        let half = try #require(stripes.areaAveraged(width: 2, height: 1))
        #expect(half.color(x: 0, y: 0) == Color(red: 128, green: 128, blue: 128), "no aliasing: stripes become grey")
        let third = try #require(stripes.areaAveraged(width: 3, height: 2))
        #expect(third.width == 3 && third.height == 2)
        #expect(stripes.areaAveraged(width: 0, height: 1) == nil)
        #expect(stripes.areaAveraged(width: 8, height: 8)?.width == 4, "never grows")
    }

    @Test func aScreenshotStageShowsTheImageFitted() throws {
        let image = try Pixmap(width: 780, height: 1688, fill: Color(hex: "#20A060")!)
        let stage = try ScreenshotStage(image: image, size: Size(390, 844), textEngine: FixedMetricTextEngine(), clock: VirtualClock())
        let engine = TourEngine(tour: Tour(id: "s", steps: [TourStep(targets: [.rect(Rect(x: 100, y: 100, width: 50, height: 50))],
                                                                     text: "Here.")]), host: stage)
        engine.start(animated: false)
        #expect(stage.tabNames.isEmpty && stage.selectedTabName == nil && !stage.selectTab(named: "home"))
        let p = try stage.root.makePixmap()
        stage.root.frame(into: p, repaintingEverything: true)
        #expect(p.color(x: 125, y: 125) == Color(hex: "#20A060")!, "inside the hole: the screenshot, untouched")
        #expect(p.color(x: 20, y: 20) != Color(hex: "#20A060")!, "outside: dimmed")
        #expect(engine.spotlight?.displayedHoles.first?.rect == Rect(x: 92, y: 92, width: 66, height: 66))
    }

    @Test func aScreenshotOfAnotherShapeIsLetterboxed() throws {
        let image = try Pixmap(width: 100, height: 100, fill: .white)
        let stage = try ScreenshotStage(image: image, size: Size(390, 844), textEngine: FixedMetricTextEngine(), clock: VirtualClock())
        stage.root.frame(into: nil)
        #expect(stage.screenshot.imageRect == Rect(x: 0, y: 227, width: 390, height: 390))
        let p = try stage.root.makePixmap()
        stage.root.frame(into: p, repaintingEverything: true)
        #expect(p.color(x: 195, y: 100) == Color(red: 0x1C, green: 0x1C, blue: 0x1E))
        #expect(p.color(x: 195, y: 400) == .white)
    }

    @Test func theErrorBannerLooksAsRecorded() throws {
        let f = try AppFixture()
        let banner = ErrorBanner(root: f.root)
        banner.message = "home.json:14: steps[2].target: no view with id \"fab2\" (known: fab, card.2, grid, home, card.0, card.1, …)"
        let result = Golden.compare(try f.render(), named: "error-banner")
        #expect(result.matches, "\(result.message)")
    }

    /// A desktop's screen keeps readable text in the storyboard: its panels are at least half its
    /// points (15-point body text 7 to 8 pixels high), fewer to a row and a sheet; a phone's screen
    /// keeps the standard six by four of 360x480.
    @Test func aLargeScreensPanelsKeepTheirTextReadable() {
        let desktop = Storyboard.Layout.forScreen(Size(1440, 900), scale: 1)
        #expect(desktop.thumbnailLimit == Size(720, 450))
        #expect(desktop.columns == 3 && desktop.panelsPerSheet == 12, "\(desktop)")
        let wide = Storyboard.Layout.forScreen(Size(1920, 1080), scale: 1)
        #expect(wide.thumbnailLimit == Size(960, 540) && wide.columns == 2 && wide.panelsPerSheet == 6, "\(wide)")
        let board = 24 + Double(desktop.columns) * (desktop.thumbnailLimit.width + 24)
        #expect(board <= Storyboard.sheetLimit)
        #expect(Storyboard.Layout.forScreen(Size(390, 844), scale: 3) == .standard)
        #expect(Storyboard.Layout.forScreen(Size(390, 844), scale: 1) == .standard)
        #expect(Storyboard.Layout.forScreen(Size(1440, 900), scale: 0.4).thumbnailLimit == Size(576, 360), "never more than the frame's own pixels")
        #expect(Storyboard.sheetNames(forPanels: 13, perSheet: 12) == ["storyboard-01.png", "storyboard-02.png"])
    }
}
