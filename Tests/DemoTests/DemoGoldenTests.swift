import Foundation
import Testing
import Raster
import Views
import FontText
import TestSupport
@testable import Demo

/// Golden images of the Home and Menu screens at 390 × 844 with the system's fonts (fontconfig,
/// FreeType and HarfBuzz) and the illustrations from assets/images. Exact comparison.
@MainActor
@Suite(.serialized)
struct DemoGoldenTests {
    let engine: SystemTextEngine
    let images: [String: Pixmap]

    init() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        engine = try SystemTextEngine()
        images = CardImages.load(from: assetImagesFolder()).images
    }

    func render(_ tab: Tab, language: Language, scale: Double) throws -> Pixmap {
        let app = try DemoApp(size: Size(390, 844), scale: scale, language: language, textEngine: engine, images: images)
        if tab == .menu { app.tap("tab.menu") }
        let frame = try app.root.makePixmap()
        app.root.frame(into: frame)
        return frame
    }

    @Test(arguments: [Tab.home, .menu], Language.allCases)
    func screen(tab: Tab, language: Language) throws {
        for scale in [1.0, 2.0] {
            let name = "\(tab.rawValue)-\(language.rawValue)" + (scale == 1 ? "" : "@2x")
            let result = Golden.compare(try render(tab, language: language, scale: scale), named: name)
            #expect(result.matches, "\(result.message)")
        }
    }
}
