import Testing
import Raster
import Views
@testable import Demo

/// Frames of the named views with the fixed-metric engine (0.6 em advances, 1.2 em lines).
///
/// Phone, 390 × 844 with insets 47 / 34: the nav bar is 47 + 4 + 40.8 (34 pt title) + 8 = 99.8 → 100;
/// the tab bar 49 + 34 = 83 tall, at y 761. Cards are (358 − 16) / 2 = 171 wide and
/// 128.25 (image at 4:3) + 10 + 18 + 4 + 31.2 + 12 = 203.45 → 204 tall (rows in whole pixels).
/// Desktop, 1280 × 800, no insets: the grid is at most 720 wide, centred; cards 352 × 339.2 → 340.
@MainActor
@Suite struct DemoLayoutTests {
    @Test func onAPhoneScreenTheBarsKeepClearOfTheSafeArea() throws {
        let app = try makeApp(Size(390, 844))
        #expect(app.root.safeArea == EdgeInsets(top: 47, bottom: 34))
        #expect(app.frame(of: "nav.title") == Rect(x: 16, y: 51, width: 82, height: 41))
        #expect(app.frame(of: "home.scroll") == Rect(x: 0, y: 100, width: 390, height: 661))
        #expect(app.frame(of: "grid") == Rect(x: 16, y: 116, width: 358, height: 424))
        #expect(app.frame(of: "card.0") == Rect(x: 16, y: 116, width: 171, height: 204))
        #expect(app.frame(of: "card.1") == Rect(x: 203, y: 116, width: 171, height: 204))
        #expect(app.frame(of: "card.2") == Rect(x: 16, y: 336, width: 171, height: 204))
        #expect(app.frame(of: "card.3") == Rect(x: 203, y: 336, width: 171, height: 204))
        #expect(app.frame(of: "fab") == Rect(x: 314, y: 685, width: 56, height: 56))
        #expect(app.frame(of: "tab.home") == Rect(x: 0, y: 761, width: 195, height: 49))
        #expect(app.frame(of: "tab.menu") == Rect(x: 195, y: 761, width: 195, height: 49))
    }

    @Test func onADesktopScreenTheColumnIsCentredAndNothingIsInset() throws {
        let app = try makeApp(Size(1280, 800))
        #expect(app.root.safeArea == .zero)
        // The column is 1232 wide (1200 of grid and its margins), centred: 24 points either side.
        #expect(app.frame(of: "nav.title") == Rect(x: 40, y: 20, width: 82, height: 41), "a top margin under the window's edge")
        #expect(app.frame(of: "home.scroll") == Rect(x: 0, y: 69, width: 1280, height: 682))
        #expect(app.frame(of: "grid") == Rect(x: 40, y: 85, width: 1200, height: 246))
        // Five columns of (1200 - 4 × 16) / 5 = 227.2 points, snapped to pixels.
        #expect(app.frame(of: "card.0") == Rect(x: 40, y: 85, width: 227, height: 246))
        #expect(app.frame(of: "card.1") == Rect(x: 283, y: 85, width: 227, height: 246))
        #expect(app.frame(of: "card.2") == Rect(x: 526, y: 85, width: 228, height: 246))
        #expect(app.frame(of: "card.3") == Rect(x: 770, y: 85, width: 227, height: 246))
        #expect(app.frame(of: "fab") == Rect(x: 1180, y: 675, width: 56, height: 56), "20 points inside the column's edge")
        #expect(app.frame(of: "tab.home") == Rect(x: 0, y: 751, width: 640, height: 49))
        #expect(app.frame(of: "tab.menu") == Rect(x: 640, y: 751, width: 640, height: 49))
    }

    @Test(arguments: [(Size(320, 568), 2), (Size(390, 844), 2), (Size(600, 900), 3), (Size(1024, 768), 4),
                      (Size(1200, 900), 5), (Size(1920, 1080), 5)])
    func theGridTakesAsManyColumnsAsTheWidthAllows(size: Size, columns: Int) throws {
        let app = try makeApp(size)
        let grid = try #require(app.root.view(withID: "grid") as? Grid)
        app.root.frame(into: nil)
        #expect(grid.laidOutColumns == columns)
        let card = app.frame(of: "card.0").width
        #expect(columns == 2 || (159...261).contains(card), "cards stay between about 160 and 260 points: \(card)")
    }

    @Test(arguments: [Size(390, 844), Size(1280, 800), Size(1200, 900), Size(1920, 1080), Size(600, 900), Size(844, 390)])
    func theFABSits20PointsFromTheColumnsTrailingEdgeAnd20AboveTheTabBar(size: Size) throws {
        let app = try makeApp(size)
        let fab = app.frame(of: "fab"), tab = app.frame(of: "tab.home")
        let column = max(0, (size.width - Theme.columnMaxWidth) / 2)
        #expect(fab.size == Size(56, 56))
        #expect(size.width - column - app.root.safeArea.trailing - fab.maxX == 20)
        #expect(tab.minY - fab.maxY == 20)
    }

    @Test(arguments: [Language.ar, .he], [Size(390, 844), Size(1280, 800), Size(844, 390)])
    func underRightToLeftTheScreenIsTheMirrorImage(language: Language, size: Size) throws {
        let english = try makeApp(size), mirrored = try makeApp(size, language: language)
        #expect(english.root.layoutDirection == .leftToRight && mirrored.root.layoutDirection == .rightToLeft)
        for id in ["home.scroll", "grid", "card.0", "card.1", "card.2", "card.3", "fab", "tab.home", "tab.menu"] {
            let e = english.frame(of: id)
            guard e != .zero else { #expect(mirrored.frame(of: id) == .zero, "\(id) is off screen in both"); continue }
            let m = mirrored.frame(of: id)
            #expect(abs(m.minX - (size.width - e.maxX)) <= 1 && m.width == e.width && m.minY == e.minY && m.height == e.height,
                    "\(id): \(m) mirrors \(e)")
        }
        let title = mirrored.frame(of: "nav.title"), englishTitle = english.frame(of: "nav.title")
        #expect(size.width - title.maxX == englishTitle.minX, "the large title keeps its margin from the leading (right) edge")
        #expect(mirrored.frame(of: "tab.home").minX > mirrored.frame(of: "tab.menu").minX, "the first tab is on the right")
        let column = max(0, (size.width - Theme.columnMaxWidth) / 2)
        #expect(mirrored.frame(of: "fab").minX - column - mirrored.root.safeArea.leading == 20, "the FAB sits 20 pt from the column's left edge")
    }

    @Test func changingTheLanguageMirrorsTheScreenInPlace() throws {
        let app = try makeApp(Size(390, 844))
        #expect(app.frame(of: "fab").minX == 314)
        app.setLanguage(.ar)
        #expect(app.root.layoutDirection == .rightToLeft && app.frame(of: "fab").minX == 20)
        app.setLanguage(.ja)
        #expect(app.root.layoutDirection == .leftToRight && app.frame(of: "fab").minX == 314)
    }

    @Test func theBarsRespectTheSafeArea() throws {
        let app = try makeApp(Size(390, 844))
        #expect(app.frame(of: "nav.title").minY >= 47)
        #expect(app.frame(of: "tab.home").maxY == 844 - 34)
        try app.root.resize(to: Size(390, 844), safeArea: EdgeInsets(top: 20, bottom: 0))
        #expect(app.frame(of: "nav.title").minY == 24)
        #expect(app.frame(of: "tab.home").maxY == 844)
        #expect(app.frame(of: "fab").maxY == 844 - 49 - 20)
    }

    @Test func resizingLaysEverythingOutAgain() throws {
        let app = try makeApp(Size(390, 844))
        _ = app.frame(of: "card.0")
        app.root.send(.resize(Size(1280, 800)))
        #expect(app.frame(of: "card.0") == Rect(x: 40, y: 85, width: 227, height: 246))
        #expect(app.root.dirtyRegion.rects == [app.root.deviceBounds])
    }

    @Test func everyIdentifiedViewIsListedWithItsFrame() throws {
        let app = try makeApp(Size(390, 844))
        app.root.frame(into: nil)
        let ids = app.root.allIdentifiedViews().map(\.id)
        for id in ["nav.title", "grid", "card.0", "card.1", "card.2", "card.3", "fab", "tab.home", "tab.menu"] {
            #expect(ids.contains(id), "\(id) is listed")
        }
        #expect(Set(ids).count == ids.count, "ids are unique")
    }
}
