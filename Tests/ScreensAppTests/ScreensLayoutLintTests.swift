import Raster
import Schema
import ScreensApp
import Testing
import Tours
import Views

/// The lint of a screens file's laid-out screens, over the fixed-metric engine (each character as
/// wide as 0.6 of the font's size): each finding names its view by the key path a message of the
/// loader would (a row's `control`, a button's `content`, `children[N]`), in the file's order,
/// once however many places find it, and what fits is not flagged.
@MainActor @Suite struct ScreensLayoutLintTests {
    let json = """
    {"id": "t", "languages": ["en", "de"],
     "screens": {"home": {"content": {"type": "vstack", "children": [
       {"type": "list", "children": [
         {"type": "row", "title": "Sync", "control":
           {"type": "button", "title": {"en": "Now", "de": "Jetzt sofort und für alle Geräte abgleichen"}, "action": {"back": true}}}]},
       {"type": "button", "action": {"back": true}, "content":
         {"type": "text", "text": "A button whose own words are far too long for this screen", "lines": 1}},
       {"type": "card", "background": "#FFE0E0", "padding": {"top": 6}, "children": [{"type": "text", "text": "Framed on top"}]}]}}}}
    """

    func findings(at places: [ScreensPlace]) throws -> [Diagnostic] {
        let file = try load(json).get()
        return ScreensLint.layoutFindings(file, at: places, textEngine: FixedMetricTextEngine())
    }

    @Test func eachFindingNamesItsViewByItsKeyPath() throws {
        let found = try findings(at: [ScreensPlace(size: Size(300, 600), scale: 1, language: "en"),
                                      ScreensPlace(size: Size(300, 600), scale: 2, language: "de")])
        #expect(found.map { "\($0.line ?? 0) \($0.path) \($0.severity)" } == [
            "5 screens.home.content.children[0].children[0].control.title error",
            "6 screens.home.content.children[1] error",
            "6 screens.home.content.children[1] error",
        ], "\(found)")
        #expect(found.last?.message.hasSuffix("(at 300x600@2x, de)") == true, "the button's own text is cut at both places, and said at each")
        #expect(found.first?.message.hasPrefix("the button's words \"Jetzt sofort und für alle Geräte abgleichen\" are cut short to \"Jetzt") == true)
    }

    @Test func whatFitsIsNotFlagged() throws {
        // At 2000 points everything fits; the card's padding leaves its background showing on top.
        #expect(try findings(at: [ScreensPlace(size: Size(2000, 600), scale: 1, language: "de")]).isEmpty)
    }

    @Test func ownPlacesAreTheFilesScreenInEachLanguage() throws {
        let file = try load(json).get()
        #expect(ScreensLint.ownPlaces(of: file).map(\.description) == ["390x844@1x, en", "390x844@1x, de"])
    }
}
