import Foundation
import Testing

/// Every rule of the lint (`limelight check --lint`, and every `limelight test`), each with a tour
/// that breaks it, read back through `check --json`.
@Suite struct LintTests {
    struct Finding: Decodable, Equatable {
        var file: String
        var line: Int?
        var path: String
        var message: String
        var severity: String
    }

    /// `check --lint --json` of `json` as a tour file: the exit status and the findings.
    func lint(_ json: String) throws -> (Int32, [Finding], String) {
        let dir = try CLI.temporaryFolder()
        let path = dir + "/t.json"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try CLI.run(["check", "--lint", "--json", path])
        let findings = try JSONDecoder().decode([Finding].self, from: Data(r.stdout.utf8))
        #expect(findings.allSatisfy { $0.file == path })
        return (r.status, findings, path)
    }

    /// The shipped tours have no findings but one a reviewer should know of: in Japanese, the home
    /// tour's longer Skip and Next leave the 280-point bubble no room for its five progress dots
    /// on the steps with both buttons (its goldens show it so).
    @Test func theShippedToursHaveNoFindings() throws {
        let tours = TourCommandTests.tours
        let r = try CLI.run(["check", "--lint", tours + "/home.json", tours + "/fab.json", tours + "/screenshot.json"])
        #expect(r.status == 0, "\(r.stderr)")
        let notes = r.errorLines.map { $0.replacingOccurrences(of: tours + "/", with: "") }
        let dots = "warning: the progress dots vanish in ja: the footer needs 292 pt with them, the bubble has 280 (shorter words on its buttons, or a wider \"theme.bubble.maxWidth\", bring them back) (at 390x844@1x, ja)"
        #expect(notes == ["home.json:27: steps[0]: " + dots, "home.json:44: steps[1]: " + dots, "home.json:75: steps[3]: " + dots], "\(r.stderr)")
        #expect(r.stdout.contains("home.json: ok (5 steps, 3 warnings)") && r.stdout.contains("fab.json: ok (1 step)")
                && r.stdout.contains("screenshot.json: ok (4 steps)"), "\(r.stdout)")
    }

    /// A language whose words leave the bubble's footer no room for the progress dots gets a note
    /// at each step where they vanish; the languages that keep them get none.
    @Test func progressDotsThatVanishInALanguageAreNoted() throws {
        let steps = (0..<5).map { i in #"{"target": "\#(i % 2 == 0 ? "fab" : "nav.title")", "text": "Step \#(i + 1)."}"# }.joined(separator: ", ")
        let (status, found, _) = try lint(#"{"id": "t", "showProgress": true, "allowSkip": true, "test": {"languages": ["en", "ja"]}, "steps": [\#(steps)]}"#)
        #expect(status == 0)
        let dots = found.filter { $0.message.hasPrefix("the progress dots vanish") }
        #expect(!dots.isEmpty && dots.allSatisfy { $0.severity == "warning" && $0.message.hasPrefix("the progress dots vanish in ja: the footer needs ") && $0.message.hasSuffix("(at 390x844@1x, ja)") }, "\(found)")
        let narrow = try lint(#"{"id": "t", "showProgress": true, "theme": {"bubble": {"maxWidth": 160}}, "steps": [\#(steps)]}"#)
        #expect(narrow.1.contains { $0.message.hasPrefix("the progress dots vanish in en: ") && $0.message.contains("the bubble has 160") }, "\(narrow.1)")
        let roomy = try lint(#"{"id": "t", "showProgress": true, "allowSkip": true, "theme": {"bubble": {"maxWidth": 400}}, "test": {"languages": ["en", "ja"]}, "steps": [\#(steps)]}"#)
        #expect(!roomy.1.contains { $0.message.contains("progress dots") }, "\(roomy.1)")
    }

    /// A step with no bubble has nothing to centre when its target is missing: the lint says it is
    /// passed over instead, so nobody expects a dim with nothing on it.
    @Test func centreOnAStepWithNoBubbleIsNoted() throws {
        let (status, found, _) = try lint(#"{"id": "t", "steps": [{"target": "nav.title", "text": "One"}, {"target": "fab", "advanceOn": "tapTarget", "ifMissing": "center"}]}"#)
        #expect(status == 0)
        #expect(found.contains { $0.path == "steps[1].ifMissing" && $0.severity == "warning" && $0.message.hasPrefix("\"center\" shows the bubble without a hole, and this step has no text") }, "\(found)")
    }

    @Test func aBubbleClippedByTheScreen() throws {
        let text = Array(repeating: "A long explanation", count: 20).joined(separator: " ")
        let (status, found, _) = try lint(#"{"id": "t", "test": {"sizes": ["240x300"]}, "steps": [{"target": "nav.title", "text": "\#(text)"}]}"#)
        #expect(status == 1)
        #expect(found.contains { $0.message.hasPrefix("the bubble [") && $0.message.hasSuffix("is clipped by the 240x300 screen (at 240x300@1x, en)") && $0.severity == "error" && $0.path == "steps[0]" && $0.line == 1 })
    }

    @Test func aBubbleClippedByTheSafeArea() throws {
        let text = Array(repeating: "word", count: 224).joined(separator: " ")
        let (status, found, _) = try lint(#"{"id": "t", "steps": [{"target": "nav.title", "text": "\#(text)"}]}"#)
        #expect(status == 1)
        #expect(found.contains { $0.message.contains("is clipped by the safe area [0, 47, 390, 763] (at 390x844@1x, en)") }, "\(found)")
    }

    @Test func textCutShortWithAnEllipsis() throws {
        let (status, found, _) = try lint("""
        {"id": "t", "test": {"sizes": ["150x500"]}, "showProgress": true, "allowSkip": true,
         "steps": [{"target": "fab", "text": "Add."}, {"target": "nav.title", "text": "Title."}]}
        """)
        #expect(status == 1)
        #expect(found.contains { $0.path == "steps[0]" && $0.message == "the bubble's overlay.bubble.skip, overlay.bubble.next are cut short with an ellipsis (shorten the text, or give the bubble more room) (at 150x500@1x, en)" }, "\(found)")
    }

    @Test func aThemesTextIsCheckedAgainstItsBackground() throws {
        let (status, found, _) = try lint(##"{"id": "t", "theme": {"bubble": {"background": "#1C1C1E", "text": "#3A3A3C"}}, "steps": [{"target": "fab", "text": "Hard to read."}]}"##)
        #expect(status == 1)
        #expect(found.contains { $0.message.hasPrefix("the text of overlay.bubble.text has a contrast of") && $0.message.contains("#3A3A3C on #1C1C1E") }, "\(found)")
        let (fine, ok, _) = try lint(##"{"id": "t", "theme": {"bubble": {"background": "#1C1C1E", "text": "#FFFFFF", "accent": "#0062CC"}}, "steps": [{"target": "fab", "text": "Easy to read."}]}"##)
        #expect(fine == 0, "\(ok)")
    }

    @Test func aBubbleOverAnotherHole() throws {
        let (status, found, _) = try lint(#"{"id": "t", "steps": [{"targets": ["card.0", "card.2"], "text": "These two cards.", "placement": "below"}]}"#)
        #expect(status == 1)
        #expect(found.map(\.message) == ["the bubble covers the hole of \"card.2\" (at 390x844@1x, en)"])
    }

    @Test func aTargetOffScreenAfterScrolling() throws {
        let (status, found, _) = try lint(#"{"id": "t", "test": {"sizes": ["390x500"]}, "steps": [{"target": "card.3", "scrollIntoView": false, "text": "The last card."}]}"#)
        #expect(status == 1)
        #expect(found.contains { $0.message.hasPrefix("the target \"card.3\" is off-screen after scrolling (") }, "\(found)")
        // Scrolled into view (the default), the same step is fine.
        let (fine, none, _) = try lint(#"{"id": "t", "test": {"sizes": ["390x500"]}, "steps": [{"target": "card.3", "text": "The last card."}]}"#)
        #expect(fine == 0 && none.isEmpty, "\(none)")
    }

    @Test func aTapTargetUnderFortyFourPoints() throws {
        let (status, found, _) = try lint(#"{"id": "t", "steps": [{"rect": [100, 300, 20, 30], "label": "Dot", "padding": 0, "text": "Tap the dot.", "advanceOn": "tapTarget"}]}"#)
        #expect(status == 1)
        #expect(found.map(\.message) == ["the hole of rect [100, 300, 20, 30] is 20×30 pt, smaller than the 44×44 pt a finger needs to tap (advanceOn \"tapTarget\") (at 390x844@1x, en)"])
        let (fine, _, _) = try lint(#"{"id": "t", "steps": [{"rect": [100, 300, 20, 30], "label": "Dot", "padding": 0, "text": "Look at the dot."}]}"#)
        #expect(fine == 0, "only tapTarget steps need the room")
    }

    /// A rectangle has no view to name it: without the step's label a screen reader says nothing.
    @Test func aRectWithoutALabel() throws {
        let (status, found, _) = try lint(#"{"id": "t", "steps": [{"rect": [100, 300, 80, 60], "text": "Here."}]}"#)
        #expect(status == 0, "a warning")
        #expect(found.map(\.message) == ["its rect target has no \"label\": a screen reader names it with nothing (give the step a label saying what is there) (at 390x844@1x, en)"], "\(found)")
        let (_, none, _) = try lint(#"{"id": "t", "steps": [{"rect": [100, 300, 80, 60], "label": {"en": "The dot"}, "text": "Here."}]}"#)
        #expect(none.isEmpty, "\(none)")
    }

    /// A step that moves on when its target is tapped, on a target nothing in which takes the
    /// keyboard's focus: the focus starts on Skip, and Enter there skips the tour. A button, or a
    /// list row whose button or control takes it, is fine.
    @Test func aTapTargetTheKeyboardFocusDoesNotStartOn() throws {
        let (status, found, _) = try lint(#"{"id": "t", "allowSkip": true, "steps": [{"target": "nav.title", "text": "Tap the title.", "advanceOn": "tapTarget"}, {"target": "fab", "text": "Add."}]}"#)
        #expect(status == 0, "a warning")
        #expect(found.map(\.message) == ["the keyboard's focus starts on \"overlay.bubble.skip\", not on the target \"nav.title\": Enter presses it instead of the target (target a view that takes the focus, or holds one: a button, a row with an action, a control) (at 390x844@1x, en)"], "\(found)")
        #expect(found.first?.severity == "warning" && found.first?.path == "steps[0]")
        let (_, alone, _) = try lint(#"{"id": "t", "steps": [{"target": "nav.title", "text": "Tap the title.", "advanceOn": "tapTarget"}]}"#)
        #expect(alone.map(\.message) == ["nothing on the target \"nav.title\" takes the keyboard's focus: Enter moves the step on without pressing it, as a tap does (target a view that takes the focus, or holds one: a button, a row with an action, a control) (at 390x844@1x, en)"], "\(alone)")
        let (_, none, _) = try lint(#"{"id": "t", "allowSkip": true, "steps": [{"target": "fab", "text": "Add.", "advanceOn": "tapTarget"}, {"target": "nav.title", "text": "Done."}]}"#)
        #expect(none.isEmpty, "\(none)")
        let (_, rows, _) = try lint(#"{"id": "t", "app": "\#(ScreensCommandTests.player)", "allowSkip": true, "steps": [{"tab": "settings", "target": "settings.about", "text": "About.", "advanceOn": "tapTarget"}, {"tab": "settings", "target": "settings.list", "text": "All of them.", "advanceOn": "tapTarget"}, {"target": "tab.library", "text": "Done."}]}"#)
        #expect(rows.filter { $0.message.contains("keyboard") }.isEmpty, "a row with an action, and a list whose first row's switch takes the focus: \(rows)")
    }

    /// A side the tour names that has no room: the bubble goes to another, and the lint says which,
    /// once a case.
    @Test func aNamedSideWithoutRoom() throws {
        let (status, found, _) = try lint(#"{"id": "t", "test": {"sizes": ["390x844", "320x568"]}, "steps": [{"target": "nav.title", "text": "The title.", "placement": "above"}]}"#)
        #expect(status == 0, "a warning")
        #expect(found.map(\.message) == [
            "the bubble has no room above its target (\"placement\": \"above\"): it shows below it instead (at 390x844@1x, en)",
            "the bubble has no room above its target (\"placement\": \"above\"): it shows below it instead (at 320x568@1x, en)",
        ], "\(found)")
        #expect(found.allSatisfy { $0.severity == "warning" && $0.path == "steps[0]" && $0.line == 1 })
        let (_, fab, _) = try lint(#"{"id": "t", "steps": [{"target": "fab", "text": "Add a card.", "placement": "left"}]}"#)
        #expect(fab.isEmpty, "a side with room is kept: \(fab)")
    }

    /// `limelight test` lists the same warnings, each once a case.
    @Test func testListsTheKeyboardAndPlacementWarnings() throws {
        let dir = try CLI.temporaryFolder()
        try #"{"id": "t", "allowSkip": true, "test": {"times": [150]}, "steps": [{"target": "nav.title", "text": "The title.", "placement": "above", "advanceOn": "tapTarget"}, {"target": "fab", "text": "Add."}]}"#
            .write(toFile: dir + "/t.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["test", dir + "/t.json", "--update", "--results", dir + "/r"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let lines = (r.stdout + r.stderr).split(separator: "\n").map(String.init)
        let placement = "\(dir)/t.json:1: steps[0]: warning: the bubble has no room above its target (\"placement\": \"above\"): it shows below it instead (at 390x844@1x, en)"
        #expect(lines.filter { $0 == placement }.count == 1, "\(lines)")
        #expect(lines.filter { $0.contains("warning: the keyboard's focus starts on \"overlay.bubble.skip\", not on the target \"nav.title\"") }.count == 1, "\(lines)")
    }

    @Test func aLanguageWithoutTextIsAWarning() throws {
        let (status, found, _) = try lint(#"{"id": "t", "test": {"languages": ["en", "ja"]}, "steps": [{"target": "fab", "title": {"en": "Add", "ja": "追加"}, "text": {"en": "Adds a card."}}]}"#)
        #expect(status == 0, "warnings never fail")
        #expect(found == [Finding(file: found.first?.file ?? "", line: 1, path: "steps[0]", message: "no text in ja (the default would show) (at 390x844@1x, ja)", severity: "warning")])
    }

    @Test func moreThanTwelveStepsIsAWarning() throws {
        let steps = (0..<13).map { #"{"target": "fab", "text": "Step \#($0 + 1)"}"# }.joined(separator: ",\n")
        let (status, found, _) = try lint("{\"id\": \"t\", \"steps\": [\n\(steps)\n]}")
        #expect(status == 0)
        #expect(found.map(\.message) == ["the tour has 13 steps; completion drops on tours longer than 12 (split it, or cut steps)"])
        #expect(found.first?.line == 14 && found.first?.severity == "warning", "the line of the 13th step")
    }

    @Test func checkJSONGivesSchemaProblemsAsObjectsToo() throws {
        let (status, found, _) = try lint(#"{"id": "t", "steps": [{"target": "fab", "txt": "typo"}]}"#)
        #expect(status == 1)
        #expect(found.map(\.message) == ["unknown key (did you mean \"text\"?)"] && found.first?.path == "steps[0].txt" && found.first?.severity == "error")
        let bad = try CLI.run(["check", "--json", "/nonexistent.json"])
        #expect(bad.stdout == #"[{"file":"/nonexistent.json","line":null,"message":"no such file","path":"","severity":"error"}]"# + "\n")
        #expect(bad.status == 1 && bad.stderr.isEmpty)
    }

    /// A screens file (`app.json`, its lines as given) with a button and a tab whose German words
    /// do not fit a 320-point screen, and three cards with a background: one bare (only its
    /// corners show), one rounded like the card (none shows), one with padding (a border shows).
    static let shop = """
    {"id": "shop", "languages": ["en", "de"], "screen": {"size": [320, 568]},
     "tabs": [{"screen": "home", "title": {"en": "Home", "de": "Start"}, "icon": "house"},
              {"screen": "more", "title": {"en": "More", "de": "Weitere Einstellungen und Möglichkeiten"}, "icon": "menu"}],
     "screens": {
      "home": {"title": "Shop", "content": {"type": "vstack", "spacing": 8, "children": [
        {"type": "hstack", "spacing": 8, "children": [
          {"type": "button", "id": "callback",
           "title": {"en": "Call me", "de": "Einen Rückruf anfordern"}, "action": {"go": "more"}},
          {"type": "button", "id": "ok", "title": "OK", "action": {"go": "more"}}]},
        {"type": "card", "id": "sale", "background": "#FFE0E0", "children": [{"type": "text", "text": "Sale"}]},
        {"type": "card", "id": "news", "background": "#E0E0FF", "cornerRadius": 8, "children": [{"type": "text", "text": "News"}]},
        {"type": "card", "id": "framed", "background": "#E0FFE0", "padding": 4, "children": [{"type": "text", "text": "Framed"}]}]}},
      "more": {"content": {"type": "text", "text": "More"}}}}
    """

    /// `check --lint --json` of the screens file `json` (and of `tour`, a tour over it, when given).
    func lintScreens(_ json: String, tour: String? = nil) throws -> (status: Int32, found: [Finding], dir: String) {
        let dir = try CLI.temporaryFolder()
        try json.write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        var files = [dir + "/app.json"]
        if let tour {
            try tour.write(toFile: dir + "/t.json", atomically: true, encoding: .utf8)
            files = [dir + "/t.json"]
        }
        let r = try CLI.run(["check", "--lint", "--json"] + files)
        return (r.status, try JSONDecoder().decode([Finding].self, from: Data(r.stdout.utf8)), dir)
    }

    /// Words are measured with the app's real fonts (DejaVu Sans) at the sizes the lint is asked
    /// about: the file's own screen alone, the tour's matrix for the app of a tour.
    @Test func aScreensFileButtonOrTabCutShortAtTheTestedSizes() throws {
        let (status, found, dir) = try lintScreens(Self.shop)
        #expect(status == 1)
        let cut = found.filter { $0.severity == "error" }
        #expect(cut == [
            Finding(file: dir + "/app.json", line: 3, path: "tabs[1].title",
                    message: "the tab's words \"Weitere Einstellungen und Möglichkeiten\" are cut short to \"Weitere Einstellungen und…\" (give it shorter words) (at 320x568@1x, de)", severity: "error"),
            Finding(file: dir + "/app.json", line: 8, path: "screens.home.content.children[0].children[0].title",
                    message: "the button's words \"Einen Rückruf anfordern\" are cut short to \"Einen Rückruf…\" (give the button more room, or shorter words) (at 320x568@1x, de)", severity: "error"),
        ], "\(found)")
        // A tour over the app is linted at its own sizes: on a wider screen the words fit.
        let wide = #"{"id": "t", "app": "app.json", "test": {"sizes": ["430x932"], "languages": ["en", "de"]}, "steps": [{"target": "ok", "text": "Tap OK."}]}"#
        let (fine, none, _) = try lintScreens(Self.shop, tour: wide)
        #expect(fine == 0 && !none.contains { $0.severity == "error" }, "\(none)")
        // In `limelight test`, the error fails the first step's case at that size and language.
        let narrow = #"{"id": "shop", "app": "app.json", "test": {"sizes": ["320x568"], "languages": ["en", "de"]}, "steps": [{"target": "ok", "text": "Tap OK."}]}"#
        try narrow.write(toFile: dir + "/shop.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["test", dir + "/shop.json", "--update", "--results", dir + "/results"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("FAIL shop/320x568@1x-de-step01: \(dir)/app.json:3: tabs[1].title: the tab's words"), "\(r.stdout)")
        #expect(r.stdout.contains("\(dir)/app.json:8: screens.home.content.children[0].children[0].title: the button's words \"Einen Rückruf anfordern\" are cut short"), "\(r.stdout)")
        #expect(!r.stdout.contains("FAIL shop/320x568@1x-en-step01"), "English fits: \(r.stdout)")
    }

    @Test func aScreensFileCardWhoseWhiteFillHidesItsBackground() throws {
        let (_, found, dir) = try lintScreens(Self.shop)
        let covered = found.filter { $0.severity == "warning" }
        let advice = "(a card is white: for a coloured one, give a vstack this background and a cornerRadius; or give the card padding to show it around the card)"
        #expect(covered == [
            Finding(file: dir + "/app.json", line: 10, path: "screens.home.content.children[1].background",
                    message: "the card's own white fill covers the background #FFE0E0 set on it, so only the corners outside the card's rounding show \(advice)", severity: "warning"),
            Finding(file: dir + "/app.json", line: 11, path: "screens.home.content.children[2].background",
                    message: "the card's own white fill covers the background #E0E0FF set on it, so none of it shows \(advice)", severity: "warning"),
        ], "the card with padding shows its background around it: \(covered)")
    }

    /// `{"svg": …}` takes path data; a file name never parses as such, and the line says what it is.
    @Test func aScreensFileSVGIconGivenAFileName() throws {
        let (status, found, dir) = try lintScreens("""
        {"id": "x", "screens": {"a": {"content": {"type": "vstack", "children": [
          {"type": "icon", "id": "star", "icon": {"svg": "icons/star.svg"}},
          {"type": "button", "id": "b", "icon": {"svg": "M 4 4 L 20 12 L 4 20 Z"}, "title": "Play"}]}}},
         "tabs": [{"screen": "a", "title": "A", "icon": {"svg": "tab.svg"}}]}
        """)
        #expect(status == 1)
        func message(_ name: String) -> String {
            "\"\(name)\" is a file name, and \"svg\" takes SVG path data, not a file: copy the d=\"…\" of its <path> here (in a 24 by 24 square), such as \"M 4 4 L 20 12 L 4 20 Z\""
        }
        #expect(found == [
            Finding(file: dir + "/app.json", line: 2, path: "screens.a.content.children[0].icon.svg", message: message("icons/star.svg"), severity: "error"),
            Finding(file: dir + "/app.json", line: 4, path: "tabs[0].icon.svg", message: message("tab.svg"), severity: "error"),
        ], "\(found)")
        let plain = try CLI.run(["check", dir + "/app.json"])
        #expect(plain.status == 1 && plain.stderr.contains("\(dir)/app.json:2: screens.a.content.children[0].icon.svg: \"icons/star.svg\" is a file name"), "without --lint too: \(plain.stderr)")
    }

    @Test func aLintErrorFailsItsCaseInTest() throws {
        let dir = try CLI.temporaryFolder()
        try #"{"id": "cover", "steps": [{"targets": ["card.0", "card.2"], "text": "These two cards.", "placement": "below"}]}"#
            .write(toFile: dir + "/cover.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["test", dir + "/cover.json", "--report", dir + "/r"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("FAIL cover/390x844@1x-en-step01: \(dir)/cover.json:1: steps[0]: the bubble covers the hole of \"card.2\" (at 390x844@1x, en); no golden"), "\(r.stdout)")
    }
}
