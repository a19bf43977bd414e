import Testing
import Raster
import Views
@testable import Demo

@MainActor
@Suite struct DemoRepaintTests {
    @Test(arguments: [1.0, 2.0])
    func aFABTapRepaintsLessThanTheScreenAndMatchesAFullRepaint(scale: Double) throws {
        let app = try makeApp(Size(390, 844), scale: scale)
        let frame = try app.root.makePixmap()
        app.root.frame(into: frame)
        app.tap("fab")
        let rects = app.root.frame(into: frame).drawn
        let repainted = rects.reduce(0) { $0 + $1.area }
        let screen = app.root.deviceBounds.area
        #expect(repainted > 0)
        #expect(repainted * 4 < screen, "a FAB tap repaints \(repainted) of \(screen) pixels: \(rects)")
        // What was repainted covers the new card and the FAB, and leaves the nav bar alone.
        let card = app.frame(of: "card.4").scaled(by: scale).roundedOut
        let fab = app.frame(of: "fab").scaled(by: scale).roundedOut
        #expect(rects.contains { $0.contains(card) })
        #expect(rects.contains { $0.contains(fab) })
        let nav = Rect(x: 0, y: 0, width: 390, height: 99).scaled(by: scale).roundedOut
        #expect(rects.allSatisfy { $0.intersection(nav).isEmpty })
        let full = try app.root.makePixmap()
        app.root.frame(into: full, repaintingEverything: true)
        #expect(frame.hasSamePixels(as: full))
    }

    @Test(arguments: [1.0, 2.0])
    func incrementalRepaintsMatchFullOnesThroughASession(scale: Double) throws {
        let app = try makeApp(Size(390, 844), scale: scale)
        let frame = try app.root.makePixmap()
        app.root.frame(into: frame)
        let steps: [(String, () -> Void)] = [
            ("tap the FAB twice", { app.tap("fab"); app.tap("fab") }),
            ("scroll by wheel", { app.root.send(.wheel(dy: 37, at: Point(200, 400))) }),
            ("hold a card", { app.root.send(.pointerDown(app.frame(of: "card.1").center, button: .primary)) }),
            ("release it", { app.root.send(.pointerUp(app.frame(of: "card.1").center, button: .primary)) }),
            ("switch to Menu", { app.tap("tab.menu") }),
            ("switch to Japanese", { app.setLanguage(.ja) }),
            ("switch back to Home", { app.tap("tab.home") }),
        ]
        for (name, step) in steps {
            step()
            app.root.frame(into: frame)
            let full = try app.root.makePixmap()
            app.root.frame(into: full, repaintingEverything: true)
            #expect(frame.hasSamePixels(as: full), "after: \(name)")
        }
    }

    @Test func nothingChangedNothingRepainted() throws {
        let app = try makeApp(Size(390, 844))
        let frame = try app.root.makePixmap()
        app.root.frame(into: frame)
        #expect(app.root.frame(into: frame).drawn.isEmpty)
        // A tap on empty space changes nothing either.
        app.tap(at: Point(200, 700))
        #expect(app.root.frame(into: frame).drawn.isEmpty)
    }
}
