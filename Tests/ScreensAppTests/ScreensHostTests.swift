import Foundation
import Headless
import Raster
import ScreensApp
import TestSupport
import Testing
import Tours
import Views

/// The example app written as a screens file, run through the app seam as any app: its layout in
/// numbers at three sizes and right to left, its pixels against goldens, navigation by taps, tabs
/// and Back, the state its controls keep and the events its buttons send.
@MainActor @Suite(.serialized) struct ScreensHostTests {
    func session(size: Size = Size(390, 844), language: String? = nil) throws -> AppSession {
        try AppSession(try ScreensLoader.load(path: playerFile).appDefinition, size: size, language: language)
    }

    @Test(arguments: [Size(390, 844), Size(768, 1024), Size(1280, 800)])
    func theLibraryLaysOutAtEverySize(size: Size) throws {
        let s = try session(size: size)
        let first = try #require(s.frame(of: "album.sunrise")), second = try #require(s.frame(of: "album.midnight"))
        let third = try #require(s.frame(of: "album.forest")), fourth = try #require(s.frame(of: "album.neon"))
        // Whole pixels: equal columns differ by at most one point.
        #expect(first.minY == second.minY && abs(first.width - second.width) <= 1 && second.minX > first.maxX)
        #expect(first.minX == 16 && first.width <= 240, "cells at most 240 points wide: \(first)")
        // As many columns as fit cells of 150 to 240 points: 2 on a phone, 3 on a tablet, 4 (of 5) on a desktop.
        let perRow = [first, second, third, fourth].filter { $0.minY == first.minY }.count
        #expect(perRow == (size.width < 500 ? 2 : size.width < 1000 ? 3 : 4), "\(perRow) albums a row at \(size.width)")
        let library = try #require(s.frame(of: "tab.library")), settings = try #require(s.frame(of: "tab.settings"))
        #expect(library.minX == 0 && settings.maxX == size.width && library.maxY <= size.height, "the tab bar spans the bottom")
        let title = try #require(s.frame(of: "library.title"))
        #expect(title.minX == 16 && title.maxY < first.minY)
    }

    @Test func rightToLeftMirrorsTheScreens() throws {
        let ltr = try session(), rtl = try session(language: "ar")
        for id in ["album.sunrise", "album.midnight", "tab.library", "tab.settings", "library.title"] {
            let a = try #require(ltr.frame(of: id)), b = try #require(rtl.frame(of: id))
            if id == "library.title" {
                #expect(b.maxX == 390 - 16, "the title starts at the trailing edge: \(b)")
            } else {
                #expect(abs(b.minX - (390 - a.maxX)) < 0.5 && b.minY == a.minY, "\(id) mirrored: \(a) → \(b)")
            }
        }
        #expect(rtl.app.root.layoutDirection == .rightToLeft)
    }

    @Test(arguments: [("library-390x844-en", Size(390, 844), "en", nil), ("library-768x1024-de", Size(768, 1024), "de", nil),
                      ("library-1280x800-en", Size(1280, 800), "en", nil), ("library-390x844-ar", Size(390, 844), "ar", nil),
                      ("nowPlaying-390x844-en", Size(390, 844), "en", "nowPlaying"), ("settings-390x844-ar", Size(390, 844), "ar", "settings")])
    func screensMatchTheirGoldens(name: String, size: Size, language: String, screen: String?) throws {
        let s = try session(size: size, language: language)
        if let screen { try #require(s.app.selectTab(named: screen)) }
        s.settle()
        let result = Golden.compare(try s.render(), named: name)
        #expect(result.matches, "\(result.message)")
    }

    @Test func tapsTabsAndBackMoveBetweenScreens() throws {
        let s = try session()
        #expect(s.app.selectedTabName == "library" && s.frame(of: "nav.back") == nil)
        try s.run(script: """
        tap album.midnight
        wait 400
        expect tab=nowPlaying
        tap nav.back
        wait 400
        expect tab=library
        tap tab.settings
        wait 400
        tap settings.about
        wait 400
        expect tab=about
        tap about.back
        wait 400
        expect tab=settings
        tap tab.library
        wait 400
        expect tab=library
        """)
        // Every screen is a place tours name; a tab's screen opens as that tab, any other over the screen shown.
        #expect(s.app.tabNames == ["library", "search", "settings", "nowPlaying", "about"])
        #expect(s.app.selectTab(named: "about") && s.app.selectedTabName == "about" && s.frame(of: "nav.back") != nil)
        #expect(s.app.selectTab(named: "search") && s.frame(of: "nav.back") == nil && !s.app.selectTab(named: "nowhere"))
    }

    @Test func controlsKeepStateTextsShowItAndButtonsSendEvents() throws {
        let s = try session()
        var events: [String] = []
        s.app.onAppEvent = { events.append($0) }
        try s.run(script: """
        tap album.sunrise
        wait 400
        tap player.play
        tap player.play
        tap player.like
        wait 400
        expect playing=true plays=2 liked=true
        tap tab.settings
        wait 400
        tap settings.shuffle
        wait 400
        expect shuffle=true downloads=true
        tap tab.search
        wait 400
        tap search.field
        text "jazz"
        expect query=jazz
        """)
        #expect(events == ["songPlayed", "songPlayed", "songLiked"])
        // The text that shows a state follows it.
        #expect(s.app.selectTab(named: "nowPlaying"))
        s.settle()
        let plays = try #require(s.app.root.view(withID: "player.plays") as? Text)
        #expect(plays.string == "Played 2 times")
        // A state set by one control shows in every control bound to it (the two volume sliders).
        #expect(s.app.selectTab(named: "settings"))
        s.settle()
        try s.drag("settings.volume", by: Point(-200, 0))
        #expect(s.state("volume") == .number(0))
        #expect(s.app.selectTab(named: "nowPlaying"))
        s.settle()
        #expect((s.app.root.view(withID: "player.volume") as? Slider)?.value == 0)
    }

    /// A tour over the declared app waits for and moves on by its states (`showWhen`, `advanceOn`
    /// events on counts and flags), as over an app in Swift.
    @Test func toursWaitForAndMoveOnTheAppsStates() throws {
        let s = try session()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-screens-tour-\(UUID().uuidString).json").path
        try #"""
        {"id": "states", "steps": [
          {"tab": "nowPlaying", "target": "player.play", "text": "Play it twice.", "advanceOn": {"event": "plays >= 2"}},
          {"tab": "nowPlaying", "target": "player.like", "text": "Now like it.", "advanceOn": {"event": "liked = true"}},
          {"target": "player.plays", "text": "Counted.", "showWhen": "playing = true"}
        ]}
        """#.write(toFile: path, atomically: true, encoding: .utf8)
        let engine = try s.start(tourFile: path)
        s.settle()
        #expect(engine.currentStep == 0 && s.app.selectedTabName == "nowPlaying")
        try s.tap("player.play")
        s.wait(milliseconds: 100)
        #expect(engine.currentStep == 0, "one play is not two")
        try s.tap("player.play")
        s.wait(milliseconds: 400)
        #expect(engine.currentStep == 1)
        try s.tap("player.like")
        s.wait(milliseconds: 400)
        #expect(engine.currentStep == 2 && s.state("liked") == .flag(true) && s.state("plays") == .number(2))
    }

    @Test func aLanguageSwitchKeepsStateAndTheScreenShown() throws {
        let s = try session()
        try s.tap("album.sunrise")
        s.wait(milliseconds: 400)
        try s.tap("player.play")
        #expect(s.app.switchLanguage(to: "de") && s.app.selectedTabName == "nowPlaying" && s.state("plays") == .number(1))
        s.settle()
        #expect((s.app.root.view(withID: "player.plays") as? Text)?.string == "1-mal gespielt")
        #expect((s.app.root.view(withID: "nowPlaying.title") as? Text)?.string == "Läuft gerade")
        #expect(!s.app.switchLanguage(to: "fr"))
    }

    @Test func toursAreCheckedAgainstTheFilesIdsWithTheirLines() throws {
        let file = try ScreensLoader.load(path: playerFile)
        let catalog = file.appDefinition.launchCatalog()
        #expect(catalog.tabs.first == "library" && catalog.ids["nowPlaying"]?.contains("player.play") == true)
        let bytes = Array(#"{"id": "t", "steps": [{"tab": "nowPlaying", "target": "player.paly", "text": "x"}, {"target": "settings.shuffle", "text": "y"}]}"#.utf8)
        do {
            _ = try TourLoader.load(bytes: bytes, file: "t.json", folder: ".", appCatalog: { catalog })
            Issue.record("the tour loaded")
        } catch {
            let lines = error.diagnostics.map(\.description)
            let line = file.idLines["player.play"]!
            #expect(lines.contains { $0.contains(#"no view with id "player.paly""#) && $0.contains("player.play at player.json:\(line)") }, "\(lines)")
            let shuffle = file.idLines["settings.shuffle"]!
            #expect(lines.contains { $0.contains(#"is on the tab "settings", declared at player.json:\#(shuffle)"#) }, "\(lines)")
        }
    }

    /// A labelled picture is an image to a screen reader, in a box of an aspect ratio or not.
    @Test func labelledImagesAndIconsAreImagesToAScreenReader() throws {
        let png = try Pixmap(width: 4, height: 4, fill: Color(red: 0x20, green: 0x80, blue: 0x40)).pngBytes()
        let json = app(#"{"type": "vstack", "children": [{"type": "image", "id": "pic", "file": "hills.png", "aspectRatio": 1, "label": {"en": "Green hills", "de": "Grüne Hügel"}}, {"type": "icon", "id": "fav", "icon": "heart", "label": "Favourite"}, {"type": "image", "file": "hills.png", "aspectRatio": 2}]}"#,
                       extra: #""languages": ["en", "de"]"#)
        let file = try load(json, images: ["hills.png": png]).get()
        for (language, words) in [("en", "Green hills"), ("de", "Grüne Hügel")] {
            let s = try AppSession(file.appDefinition, size: Size(390, 844), language: language)
            var images: [SemanticNode] = []
            func walk(_ n: SemanticNode) { if n.role == .image { images.append(n) }; n.children.forEach(walk) }
            walk(s.semantics)
            #expect(images.map(\.label) == [words, "Favourite"], "an unlabelled picture stays silent: \(images.map(\.label))")
            #expect(images.first?.frame == s.frame(of: "pic"), "\(String(describing: images.first?.frame))")
        }
    }

    @Test func aScreenReaderHearsTheScreensWidgets() throws {
        let s = try session()
        var labels: [String] = []
        func walk(_ n: SemanticNode) { labels.append(n.label); n.children.forEach(walk) }
        walk(s.semantics)
        #expect(labels.contains("Sunrise Drive, The Early Birds") && labels.contains("Library") && labels.contains("Recently played"), "a card is one button named by its texts: \(labels)")
        #expect(s.app.selectTab(named: "settings"))
        s.settle()
        labels = []
        walk(s.semantics)
        #expect(labels.contains("Shuffle") && labels.contains("Storage used"), "a row's control is heard by the row's title: \(labels)")
    }

    /// A `label` on a row's control, or on the row, is what a screen reader hears for it, in the
    /// app's language, instead of the row's title.
    @Test func aLabelOnARowOrItsControlIsRead() throws {
        let json = app(#"""
        {"type": "list", "children": [
          {"type": "row", "title": {"en": "Wi-Fi", "de": "WLAN"}, "control": {"type": "toggle", "id": "wifi", "state": "wifi", "label": {"en": "Wireless network", "de": "Drahtloses Netz"}}},
          {"type": "row", "id": "about", "title": "About", "label": {"en": "About this app", "de": "Über diese App"}, "action": {"go": "home"}},
          {"type": "row", "title": "Volume", "label": "Loudness", "control": {"type": "slider", "id": "volume", "state": "volume", "frame": {"width": 140}}}
        ]}
        """#, extra: #""languages": ["en", "de"], "states": {"wifi": {"flag": true}, "volume": {"number": 0.5}}"#)
        let file = try load(json).get()
        for (language, words) in [("en", ["Wireless network", "About this app", "Loudness"]), ("de", ["Drahtloses Netz", "Über diese App", "Loudness"])] {
            let s = try AppSession(file.appDefinition, size: Size(390, 844), language: language)
            let labels = ["wifi", "about", "volume"].map { s.semantics.node(withID: $0)?.label ?? "none" }
            #expect(labels == words, "\(language): \(labels)")
        }
    }
}
