import Foundation
import Testing
import Raster
import Views
import FontText
import TestSupport
@testable import Demo

/// The focus ring as people see it: on a card (a light background), on the tab bar under
/// right-to-left, and on a button over a dark background; and its frames painted incrementally as
/// the focus moves equal full repaints.
@MainActor
@Suite(.serialized)
struct FocusRingGoldenTests {
    let engine: SystemTextEngine
    let images: [String: Pixmap]

    init() throws {
        engine = try SystemTextEngine()
        images = CardImages.load(from: assetImagesFolder()).images
    }

    func app(_ language: Language = .en) throws -> DemoApp {
        try DemoApp(size: Size(390, 844), language: language, textEngine: engine, images: images)
    }

    func press(_ app: DemoApp, _ key: Key, _ modifiers: Modifiers = [], times: Int = 1) {
        for _ in 0..<times { app.root.send(.key(key, modifiers: modifiers)) }
    }

    @Test func onACardOverTheLightBackground() throws {
        let app = try app()
        press(app, .tab)
        let frame = try app.root.makePixmap()
        app.root.frame(into: frame)
        let result = Golden.compare(frame, named: "focus-card")
        #expect(result.matches, "\(result.message)")
    }

    @Test func onTheMirroredTabBar() throws {
        let app = try app(.ar)
        press(app, .tab, .shift)
        let frame = try app.root.makePixmap()
        app.root.frame(into: frame)
        let result = Golden.compare(frame, named: "focus-tab-ar")
        #expect(result.matches, "\(result.message)")
    }

    @Test func onAButtonOverADarkBackground() throws {
        let label = Text("Continue", font: Font(size: 17, weight: .bold), color: .white)
            .padding(EdgeInsets(horizontal: 20, vertical: 10))
            .background(Palette.tint, in: .capsule)
        let button = Button(shape: .capsule, action: {}, label: label)
        let content = ZStack { button }.frame(maxWidth: .infinity, maxHeight: .infinity)
        let root = try ViewRoot(content: content, size: Size(240, 120), scale: 2, safeArea: .zero, textEngine: engine, clock: VirtualClock())
        root.backgroundColor = Color(red: 0x1C, green: 0x1C, blue: 0x1E)
        root.send(.key(.tab))
        #expect(root.focusedView === button)
        let frame = try root.makePixmap()
        root.frame(into: frame)
        let result = Golden.compare(frame, named: "focus-dark@2x")
        #expect(result.matches, "\(result.message)")
    }

    @Test func movingTheFocusRepaintsWhatAFullRepaintWould() throws {
        let app = try app()
        let incremental = try app.root.makePixmap()
        app.root.frame(into: incremental)
        let steps: [(Key, Modifiers)] = [(.tab, []), (.tab, []), (.tab, [.shift]), (.tab, [.shift]), (.tab, [.shift]), (.right, []), (.left, [])]
        for (i, (key, modifiers)) in steps.enumerated() {
            app.root.send(.key(key, modifiers: modifiers))
            app.root.frame(into: incremental)
            let full = try app.root.makePixmap()
            app.root.frame(into: full, repaintingEverything: true)
            let d = PixmapDifference(between: incremental, and: full)
            #expect(d.isEmpty, "after step \(i + 1): \(d)")
        }
        app.tap(at: Point(5, 400))
        app.root.frame(into: incremental)
        let full = try app.root.makePixmap()
        app.root.frame(into: full, repaintingEverything: true)
        #expect(PixmapDifference(between: incremental, and: full).isEmpty, "the ring is gone after a click")
    }
}
