import Testing
import Raster
import Views
@testable import Demo

@MainActor
@Suite struct DemoInteractionTests {
    @Test func aFABTapAddsATitleAndBodyTextCard() throws {
        let app = try makeApp(Size(390, 844))
        #expect(app.cardCount == 4)
        app.tap("fab")
        #expect(app.cardCount == 5)
        #expect(app.state.cards.count == 5)
        #expect(app.state.cards.last == .new)
        let card = try #require(app.root.view(withID: "card.4") as? CardView)
        #expect(card.titleLabel.string == "Title")
        #expect(card.bodyLabel.string == "body text")
        #expect(app.frame(of: "card.4") == Rect(x: 16, y: 556, width: 171, height: 204))
    }

    @Test func aTapInTheFABsCornerMissesIt() throws {
        let app = try makeApp(Size(390, 844))
        let fab = app.frame(of: "fab")
        #expect(app.root.hitTest(Point(fab.minX + 3, fab.minY + 3))?.isDescendant(of: app.root.view(withID: "fab")!) == false)
        app.tap(at: Point(fab.minX + 3, fab.minY + 3))
        app.tap(at: Point(fab.maxX - 3, fab.maxY - 3))
        #expect(app.cardCount == 4)
        // Just inside the circle, on the diagonal, still hits.
        app.tap(at: Point(fab.midX - 19, fab.midY - 19))
        #expect(app.cardCount == 5)
    }

    @Test func theMenuTabShowsTheMenuScreen() throws {
        let app = try makeApp(Size(390, 844))
        app.tap("tab.menu")
        #expect(app.state.selectedTab == .menu)
        #expect((app.root.view(withID: "nav.title") as? Text)?.string == "Menu")
        #expect(app.root.view(withID: "grid") == nil)
        app.root.frame(into: nil)
        for action in MenuAction.allCases {
            #expect(app.root.view(withID: action.viewID)?.isPlaced == true, "\(action.viewID) is on screen")
        }
        #expect(app.frame(of: "menu.alert").minY > app.frame(of: "nav.title").maxY)
        app.tap("tab.home")
        #expect(app.state.selectedTab == .home)
        #expect(app.frame(of: "card.0") == Rect(x: 16, y: 116, width: 171, height: 204))
    }

    @Test func menuRowsReportTheirAction() throws {
        let app = try makeApp(Size(390, 844))
        var actions: [MenuAction] = []
        app.onMenuAction = { actions.append($0) }
        app.tap("tab.menu")
        for action in MenuAction.allCases {
            app.tap(action.viewID)
            // Each entry opens an overlay that blocks the Menu until it goes away.
            app.overlays.dismissAll(animated: false)
            app.loading.hide()
        }
        #expect(actions == MenuAction.allCases)
    }

    @Test func theGridScrollsAndClampsAtBothEnds() throws {
        let app = try makeApp(Size(390, 844))
        let scroll = try #require(app.root.view(withID: "home.scroll") as? ScrollView)
        app.root.frame(into: nil)
        #expect(scroll.maxOffset == 0)
        for _ in 0..<4 { app.tap("fab") }
        app.root.frame(into: nil)
        // Four rows of 204 with 16 between, 16 above and 16 + 56 + 20 below: 972 in a 661 viewport.
        #expect(scroll.contentHeight == 972)
        #expect(scroll.maxOffset == 311)
        let middle = app.frame(of: "home.scroll").center
        app.root.send(.wheel(dy: 10_000, at: middle))
        app.root.frame(into: nil)
        #expect(scroll.contentOffset == 311)
        #expect(app.frame(of: "card.7").maxY == 761 - 92)
        app.root.send(.wheel(dy: -10_000, at: middle))
        app.root.frame(into: nil)
        #expect(scroll.contentOffset == 0)
        #expect(app.frame(of: "card.0").minY == 116)
        // Dragging on a card scrolls too, and the card's press is cancelled.
        let card = try #require(app.root.view(withID: "card.2") as? CardView)
        let start = app.frame(of: "card.2").center
        app.root.send(.pointerDown(start, button: .primary))
        #expect(card.isPressed)
        app.root.send(.pointerMove(Point(start.x, start.y - 100)))
        #expect(!card.isPressed)
        app.root.send(.pointerMove(Point(start.x, start.y - 2000)))
        app.root.send(.pointerUp(Point(start.x, start.y - 2000), button: .primary))
        #expect(scroll.contentOffset == 311)
        #expect(app.cardCount == 8)
    }

    @Test func aCardShowsItsPressedStateWhileHeld() throws {
        let app = try makeApp(Size(390, 844))
        let card = try #require(app.root.view(withID: "card.1") as? CardView)
        let frame = try app.root.makePixmap()
        app.root.frame(into: frame)
        let f = app.frame(of: "card.1")
        let probe = (x: Int(f.minX + 20), y: Int(f.maxY - 6)) // white card body below the text
        let before = frame.color(x: probe.x, y: probe.y)
        app.root.send(.pointerDown(f.center, button: .primary))
        #expect(card.isPressed)
        app.root.frame(into: frame)
        let held = frame.color(x: probe.x, y: probe.y)
        #expect(held.red < before.red, "the card darkens while held")
        app.root.send(.pointerUp(f.center, button: .primary))
        #expect(!card.isPressed)
        app.root.frame(into: frame)
        #expect(frame.color(x: probe.x, y: probe.y) == before)
    }

    @Test func inJapaneseEveryScreenAndANewCardSpeakIt() throws {
        let app = try makeApp(Size(390, 844), language: .ja)
        #expect((app.root.view(withID: "nav.title") as? Text)?.string == "ホーム")
        #expect((app.root.view(withID: "card.0") as? CardView)?.titleLabel.string == "山の湖")
        app.tap("fab")
        #expect((app.root.view(withID: "card.4") as? CardView)?.titleLabel.string == "タイトル")
        app.tap("tab.menu")
        #expect((app.root.view(withID: "nav.title") as? Text)?.string == "メニュー")
        app.setLanguage(.en)
        #expect((app.root.view(withID: "nav.title") as? Text)?.string == "Menu")
        #expect((app.root.view(withID: "menu.alert") as? ListRow)?.title == "Show an alert")
    }

    @Test func languageArgumentsParseWithoutRegardToCase() {
        #expect(Language(argument: "ja") == .ja)
        #expect(Language(argument: "EN") == .en)
        #expect(Language(argument: "fr") == nil)
    }

    @Test func missingImagesShowAPlaceholderAndAreReported() throws {
        let app = try DemoApp(size: Size(390, 844), textEngine: FixedMetricTextEngine(), images: [:])
        #expect(app.missingImages == ["city", "forest", "mountains", "ocean"])
        let frame = try app.root.makePixmap()
        app.root.frame(into: frame)
        let image = app.frame(of: "card.0")
        #expect(frame.color(x: Int(image.minX + 4), y: Int(image.minY + 20)) == Color(red: 0xE5, green: 0xE5, blue: 0xEA))
        let loaded = CardImages.load(from: "/nonexistent/folder")
        #expect(loaded.images.isEmpty)
        #expect(loaded.errors.count == 4)
        #expect(loaded.errors.first?.description.hasPrefix("/nonexistent/folder/mountains.png") == true)
    }

    @Test func theIllustrationsLoadFromTheAssetsFolder() {
        let loaded = CardImages.load(from: assetImagesFolder())
        #expect(loaded.errors.isEmpty, "\(loaded.errors)")
        #expect(Set(loaded.images.keys) == Set(CardContent.sampleImageNames))
    }

    @Test func badSizesAreRefused() {
        #expect(throws: ViewError.self) { try DemoApp(size: Size(0, 0), textEngine: FixedMetricTextEngine()) }
        #expect(throws: ViewError.self) { try DemoApp(size: Size(390, 844), scale: .infinity, textEngine: FixedMetricTextEngine()) }
    }
}

@MainActor
@Suite struct DemoScaleTests {
    @Test func tenThousandCardsLayOutOnlyWhatIsVisible() throws {
        let cards = (0..<10_000).map { CardContent.samples[$0 % 4] }
        let app = try DemoApp(size: Size(390, 844), textEngine: FixedMetricTextEngine(), images: solidImages(), cards: cards)
        let grid = try #require(app.root.view(withID: "grid") as? Grid)
        app.root.frame(into: nil)
        #expect(grid.frame.height == 5000 * 204 + 4999 * 16)
        #expect(grid.visibleChildren.count == 6) // rows at 116, 336 and 556 meet the 100...761 viewport
        let scroll = try #require(app.root.view(withID: "home.scroll") as? ScrollView)
        scroll.scroll(to: 500_000)
        let frame = try app.root.makePixmap()
        app.root.frame(into: frame)
        #expect(grid.visibleChildren.count <= 8)
        let first = try #require(grid.visibleChildren.first)
        #expect(first.visibleFrame.intersects(app.frame(of: "home.scroll")))
        app.tap("fab")
        #expect(app.cardCount == 10_001)
        #expect(app.root.view(withID: "card.10000") != nil)
    }
}
