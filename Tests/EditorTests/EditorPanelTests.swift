import Foundation
import Testing
import Views
import Editor
import Raster
import Tours

/// The panel in small windows (a 1366×768 display at scale 1 and 2: 790×768 and 683×384 points):
/// the settings scroll, with a bar that says so, to the Screen field, every key of the step and
/// the tour's settings, by the wheel and by Tab; the status line and the problems are whole (the
/// banner over the screen cut in its middle, never at its "did you mean"); the step list shows
/// more than two and a half rows at 768 points and each step's own screen; a colour's swatch
/// follows its field as it is typed in.
@Suite(.serialized) @MainActor struct EditorPanelTests {
    nonisolated static let small = [Size(790, 768), Size(683, 384)]
    static let overScreenshot = #"{"id": "s", "background": "s.png", "screen": {"scale": 1}, "steps": [{"rect": [20, 20, 100, 50], "text": "Here."}, {"rect": [40, 300, 100, 50]}]}"#

    func screenshotFixture() throws -> EditorFixture {
        let shot = try Pixmap(width: 390, height: 844, fill: Color(red: 0x20, green: 0x50, blue: 0xA0))
        return try EditorFixture(text: Self.overScreenshot, screenshot: shot, screenshotFile: "s.png")
    }

    func resize(_ f: EditorFixture, to size: Size) {
        f.editor.root.send(.resize(size))
        f.session.settle()
    }

    /// Presses Tab until the view with `id` (or the one `matches` picks) has the focus; false after `limit` presses.
    func tab(_ f: EditorFixture, to id: String, limit: Int = 200) throws -> Bool {
        for _ in 0..<limit {
            if f.editor.root.focusedView?.id == id { return true }
            try f.run("key tab")
        }
        return f.editor.root.focusedView?.id == id
    }

    /// Whether `view` is whole in sight: inside the window and not clipped by the scroll view.
    func isWhollyInSight(_ view: View, _ f: EditorFixture) -> Bool {
        let visible = view.visibleFrame
        let window = Rect(x: 0, y: 0, width: f.editor.root.size.width, height: f.editor.root.size.height)
        return view.isPlaced && abs(visible.height - view.frame.height) < 0.5 && abs(visible.width - view.frame.width) < 0.5
            && view.frame.minY >= window.minY && view.frame.maxY <= window.maxY
    }

    /// The last row of the tour's settings: the keys' row lowest in the panel (with `fields`, the
    /// lowest text field: where Tab stops).
    func lastTourRow(_ f: EditorFixture, fields: Bool = false) -> View? {
        f.editor.root.allIdentifiedViews().filter { $0.id.hasPrefix("editor.key.tour.") }
            .filter { !fields || f.editor.root.view(withID: $0.id) is TextField }
            .max { $0.frame.maxY < $1.frame.maxY }
            .flatMap { f.editor.root.view(withID: $0.id) }
    }

    /// The scroll view the settings are in.
    func settingsScroll(_ f: EditorFixture) throws -> ScrollView {
        var v = f.editor.root.view(withID: "editor.title")
        while let view = v, !(view is ScrollView) { v = view.parent }
        return try #require(v as? ScrollView)
    }

    /// The bar's thumb colour (ScrollView.scrollBarColor).
    static let thumb = Color(red: 0x8E, green: 0x8E, blue: 0x93)

    /// Where the bar at the settings' trailing edge is drawn: the rows of the column 5 points in
    /// from the edge that have the thumb's colour (empty: no bar).
    func barRows(_ f: EditorFixture, _ scroll: ScrollView) throws -> ClosedRange<Int>? {
        let frame = try f.frame()
        let x = Int(scroll.frame.maxX - 5)
        let rows = (Int(scroll.frame.minY)..<Int(scroll.frame.maxY)).filter { frame.color(x: x, y: $0) == Self.thumb }
        guard let first = rows.first, let last = rows.last, rows.count >= 20 else { return nil }
        return first...last
    }

    @Test(arguments: small)
    func tabReachesTheScreenFieldEveryKeyAndTheTourSettings(size: Size) throws {
        let f = try screenshotFixture()
        resize(f, to: size)
        #expect(try tab(f, to: "editor.screen"), "Tab reaches the Screen field")
        let screenField = try #require(f.editor.root.view(withID: "editor.screen"))
        #expect(isWhollyInSight(screenField, f), "the Screen field is scrolled into sight: \(screenField.frame) in \(screenField.visibleFrame)")
        #expect(try tab(f, to: "editor.stepKeys"), "Tab reaches Every key of this step")
        try f.run("key enter")
        #expect(f.editor.root.view(withID: "editor.key.step.label") != nil, "Enter opens it")
        #expect(try tab(f, to: "editor.key.step.label"), "Tab goes into its rows")
        #expect(isWhollyInSight(try #require(f.editor.root.view(withID: "editor.key.step.label")), f))
        #expect(try tab(f, to: "editor.tourKeys"), "Tab reaches Tour settings")
        try f.run("key space")
        let last = try #require(lastTourRow(f, fields: true), "Space opens the tour's settings")
        let lastID = try #require(last.id)
        #expect(try tab(f, to: lastID), "Tab reaches the last row, \(lastID)")
        #expect(isWhollyInSight(last, f), "the last row is in sight: \(last.frame) in \(last.visibleFrame), window \(f.editor.root.size)")
        // The focus ring says where the keyboard is.
        #expect(f.editor.root.isFocusRingVisible)
        try f.run("key shift+tab")
        #expect(f.editor.root.focusedView?.id != lastID, "Shift-Tab goes back")
    }

    @Test(arguments: small)
    func theWheelReachesTheLastRowAndTheBarSaysWhereTheSettingsAre(size: Size) throws {
        let f = try screenshotFixture()
        resize(f, to: size)
        let scroll = try settingsScroll(f)
        #expect(scroll.frame.height >= 60, "the settings keep room to scroll in: \(scroll.frame)")
        func wheel(until id: String) throws -> View? {
            for _ in 0..<60 {
                if let v = f.editor.root.view(withID: id), isWhollyInSight(v, f) { return v }
                try f.run("scroll 80 at \(scroll.frame.midX) \(scroll.frame.midY)")
            }
            return nil
        }
        let bar = try #require(try barRows(f, scroll), "a bar shows at the settings' edge while they are cut")
        #expect(bar.lowerBound < Int(scroll.frame.minY) + 10, "at the top: \(bar) in \(scroll.frame)")
        let screenField = try wheel(until: "editor.screen")
        #expect(screenField != nil, "the wheel reaches the Screen field")
        try f.run("tap \(try #require(try wheel(until: "editor.stepKeys")).id!)")
        try f.run("tap \(try #require(try wheel(until: "editor.tourKeys")).id!)")
        for _ in 0..<60 { try f.run("scroll 200 at \(scroll.frame.midX) \(scroll.frame.midY)") }
        let last = try #require(lastTourRow(f))
        #expect(isWhollyInSight(last, f), "the wheel reaches the last row: \(last.frame) in \(last.visibleFrame)")
        let end = try #require(try barRows(f, scroll))
        #expect(end.upperBound > Int(scroll.frame.maxY) - 10 && end.lowerBound > bar.lowerBound, "the bar went down to the end: \(end) in \(scroll.frame)")
        // Every part of the panel stays in the window: the footer's buttons are whole.
        for id in ["editor.play", "editor.save", "editor.help", "editor.add", "editor.step.1"] {
            let v = try #require(f.editor.root.view(withID: id))
            #expect(v.frame.maxY <= size.height && v.frame.maxX <= size.width && v.frame.minY >= 0, "\(id) is in the window: \(v.frame)")
        }
    }

    @Test func theStatusLineIsWholeInANarrowWindow() throws {
        let f = try EditorFixture(text: EditorScenarioTests.home)
        resize(f, to: Size(683, 384))
        try f.run("key ctrl+r")
        let status = try #require(f.editor.root.view(withID: "editor.status") as? Text)
        #expect(status.string.contains("Recording") && status.string.count > 70, "\(status.string)")
        #expect(!status.lines.joined().contains("\u{2026}"), "nothing of it is cut: \(status.lines)")
        #expect(status.lines.joined().filter { !$0.isWhitespace } == status.string.filter { !$0.isWhitespace }, "\(status.lines)")
        #expect(status.frame.maxX <= 683 - 12 + 0.5, "its right edge is inside the panel: \(status.frame)")
        let strip = try #require(f.editor.root.view(withID: "editor.step.1")?.parent?.parent)
        #expect(status.frame.maxY <= strip.frame.minY, "the list starts below it: \(status.frame) \(strip.frame)")
    }

    /// The label of the banner over the screen.
    func bannerLabel(_ f: EditorFixture) throws -> Text {
        let banner = try #require(f.editor.stage.root.view(withID: "tour.errorBanner"))
        var texts: [Text] = []
        func collect(_ v: View) { if let t = v as? Text { texts.append(t) }; v.children.forEach(collect) }
        collect(banner)
        return try #require(texts.first)
    }

    @Test func theProblemsAndTheBannerKeepTheirDidYouMean() throws {
        let tour = #"{"id": "p", "steps": [{"rect": [10, 10, 50, 50], "titel": "A"}, {"rect": [10, 10, 50, 50], "txet": "B"}]}"#
        let f = try EditorFixture(text: tour, name: "the-onboarding-tour-for-the-new-home-screen-of-the-app.json")
        resize(f, to: Size(790, 768))
        let problems = try #require(f.editor.root.view(withID: "editor.problems") as? Text)
        #expect(problems.string.contains(#"did you mean "title"?"#) && problems.string.contains(#"did you mean "text"?"#), "\(problems.string)")
        #expect(!problems.lines.joined().contains("\u{2026}"), "the panel's problems are whole: \(problems.lines)")
        let label = try bannerLabel(f)
        let shown = label.lines.joined(separator: " ")
        #expect(label.lines.count <= 3 && !shown.contains("\u{2026}"), "the banner names the file by its name and says it all: \(label.lines)")
        #expect(shown.hasPrefix("the-onboarding-tour") && shown.hasSuffix(#"unknown key (did you mean "title"?) (and 1 more problem)"#), "\(shown)")
        // A name too long for three lines is cut in its middle: the suggestion at the end stays.
        let g = try EditorFixture(text: tour, name: String(repeating: "a-very-long-name-", count: 9) + "tour.json")
        let cut = try bannerLabel(g)
        let cutShown = cut.lines.joined(separator: " ")
        #expect(cut.lines.count == 3 && cutShown.contains("\u{2026}"), "\(cut.lines)")
        #expect(cutShown.hasPrefix("a-very-long-name-") && cutShown.hasSuffix(#"(did you mean "title"?) (and 1 more problem)"#), "\(cutShown)")
    }

    @Test func moreThanTwoAndAHalfStepsShowAt768Points() throws {
        let f = try EditorFixture(text: EditorScenarioTests.home)
        resize(f, to: Size(790, 768))
        let rows = (1...5).compactMap { f.editor.root.view(withID: "editor.step.\($0)") }
        let rowHeight = try #require(rows.first).frame.height
        let shown = rows.reduce(0.0) { $0 + $1.visibleFrame.height } / rowHeight
        #expect(shown > 2.5, "\(shown) rows in sight")
        let list = try #require(rows.first?.parent?.parent as? ScrollView)
        let frame = try f.frame()
        let x = Int(list.frame.maxX - 5)
        #expect((Int(list.frame.minY)..<Int(list.frame.maxY)).filter { frame.color(x: x, y: $0) == Self.thumb }.count >= 20,
                "the list's bar says there are more")
    }

    /// The row's thumbnail, and the colour at a place of it (share of its width and height) away
    /// from the step's hole.
    func thumbnail(_ f: EditorFixture, step: Int) throws -> Pixmap {
        let row = try #require(f.editor.root.view(withID: "editor.step.\(step)"))
        var images: [ImageView] = []
        func collect(_ v: View) { if let i = v as? ImageView { images.append(i) }; v.children.forEach(collect) }
        collect(row)
        return try #require(images.first?.image)
    }

    @Test func aStepsThumbnailShowsItsOwnScreenshot() throws {
        let f = try screenshotFixture()
        let folder = (f.path as NSString).deletingLastPathComponent
        try Pixmap(width: 390, height: 844, fill: Color(red: 0xD0, green: 0x20, blue: 0x20)).writePNG(to: folder + "/red.png")
        try f.run("tap editor.step.2\ndrop \"\(folder)/red.png\"")
        #expect(f.editor.model.document.steps[1]["background"]?.stringValue == "red.png", "\(f.log)")
        func isRed(_ c: Color) -> Bool { Int(c.red) > Int(c.blue) + 20 }
        func isBlue(_ c: Color) -> Bool { Int(c.blue) > Int(c.red) + 20 }
        let first = try thumbnail(f, step: 1), second = try thumbnail(f, step: 2)
        let probe = { (p: Pixmap) in p.color(x: p.width / 4, y: p.height * 3 / 4) }
        #expect(isBlue(probe(first)), "step 1 runs over the tour's screenshot: \(probe(first))")
        #expect(isRed(probe(second)), "step 2 runs over its own: \(probe(second))")
        // Added after it, a step runs over the screen before it.
        try f.run("key ctrl+n")
        #expect(isRed(probe(try thumbnail(f, step: 3))), "step 3 keeps step 2's screen")
        try f.run("key ctrl+z\nkey ctrl+z")
        #expect(isBlue(probe(try thumbnail(f, step: 2))), "undone, step 2 is back on the tour's screenshot")
    }

    @Test func aStepsThumbnailShowsItsOwnTab() throws {
        let steps = #"{"rect": [10, 10, 40, 40]}"#
        let f = try EditorFixture(text: #"{"id": "t", "steps": [\#(steps), {"rect": [10, 10, 40, 40], "tab": "menu"}]}"#)
        let g = try EditorFixture(text: #"{"id": "t", "steps": [{"rect": [10, 10, 40, 40], "tab": "menu"}]}"#)
        let onMenu = try thumbnail(g, step: 1)
        #expect(try thumbnail(f, step: 2).hasSamePixels(as: onMenu), "step 2 shows the Menu tab as a tour starting there does")
        #expect(!(try thumbnail(f, step: 1)).hasSamePixels(as: onMenu), "step 1 is on Home")
    }

    @Test func aColoursSwatchFollowsItsFieldAsItIsTyped() throws {
        let f = try EditorFixture(text: EditorScenarioTests.home)
        try f.run("scroll 600 at 590 600\ntap editor.stepKeys\nscroll 3000 at 590 600\ntap editor.tourKeys")
        let field = try #require(f.editor.root.view(withID: "editor.key.tour.dim.color") as? TextField)
        try settingsScroll(f).scrollIntoView(field)
        #expect(isWhollyInSight(field, f))
        func swatch() throws -> Color {
            let frame = try f.frame()
            return frame.color(x: Int(field.frame.minX - 6 - 12), y: Int(field.frame.midY))
        }
        f.editor.root.focus(field)
        try f.run("key ctrl+a\ntext \"#FF0000\"")
        #expect(try swatch() == Color(red: 0xFF, green: 0, blue: 0), "red as soon as it is typed")
        try f.run("key enter")
        #expect(f.editor.model.document.root["dim"]?["color"]?.stringValue == "#FF0000")
        #expect(try swatch() == Color(red: 0xFF, green: 0, blue: 0), "and still red once set, the field still focused")
        try f.run("key ctrl+a\ntext \"#00FF\"")
        #expect(try swatch() == Color(red: 0xFF, green: 0, blue: 0), "half typed: the colour before")
        try f.run("text \"00\"")
        #expect(try swatch() == Color(red: 0, green: 0xFF, blue: 0), "green")
    }
}
