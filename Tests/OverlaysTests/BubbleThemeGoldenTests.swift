import Testing
import TestSupport
import Raster
import Views
@testable import Overlays

/// Themed bubbles with the system's fonts: a dark box with light text and an orange accent, no
/// shadow; outlined and text-only buttons; square corners and larger text; a serif family of its
/// own. Exact comparison.
@MainActor
@Suite(.serialized)
struct BubbleThemeGoldenTests {
    nonisolated static let themes: [(name: String, theme: BubbleTheme)] = [
        ("dark", BubbleTheme(background: Color(red: 0x1C, green: 0x1C, blue: 0x1E), title: .white, text: Color(white: 0.9),
                             secondary: Color(white: 0.75), accent: Color(red: 0xFF, green: 0x9F, blue: 0x0A), shadow: false)),
        ("outlined", BubbleTheme(accent: Color(red: 0xC0, green: 0x28, blue: 0x1E), cornerRadius: 0, fontSize: 17, buttonStyle: .outlined)),
        ("text-buttons", BubbleTheme(background: Color(red: 0xFF, green: 0xF8, blue: 0xE1), cornerRadius: 16, buttonStyle: .text)),
        ("serif", { var t = BubbleTheme(fontSize: 16); t.fontFamily = "DejaVu Serif"; return t }()),
    ]

    @Test(arguments: ["dark", "outlined", "text-buttons", "serif"])
    func bubble(_ name: String) throws {
        let theme = Self.themes.first { $0.name == name }!.theme
        let fixture = try OverlayFixture(size: Size(390, 400), realText: true, boxes: 2)
        var mark = CoachMark(title: "A theme of its own", text: "Colours, corners, the text's size and the buttons' style come from the tour.",
                             placement: .below, showsNextButton: true, showsSkipButton: true, progress: StepProgress(current: 2, total: 4))
        mark.theme = theme
        fixture.stack.present(SpotlightOverlay(holes: [Hole(target: .view("title"), shape: .roundedRect(cornerRadius: 8), padding: 4)],
                                               coachMark: mark), animated: false)
        let frame = try fixture.root.makePixmap()
        fixture.root.frame(into: frame, repaintingEverything: true)
        let result = Golden.compare(frame, named: "bubble-theme-\(name)")
        #expect(result.matches, "\(result.message)")
    }
}
