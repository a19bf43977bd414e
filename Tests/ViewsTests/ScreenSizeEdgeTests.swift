import Testing
import Raster
import Views

/// Roots at the edges of the allowed sizes: 1×1 lays out and renders; sizes that cannot make a
/// pixmap are refused before anything changes.
@Suite @MainActor struct ScreenSizeEdgeTests {
    func content() -> View {
        VStack(spacing: 8, children: [
            Text("A title that cannot fit", font: .headline),
            HStack(spacing: 4, children: [Probe(Size(40, 40), color: .black), Spacer(), Probe(Size(20, 20), color: .white)]),
            Spacer(),
        ]).padding(16)
    }

    @Test(arguments: [1.0, 3.0, 8.0])
    func aOneByOneRootRenders(scale: Double) throws {
        let root = try makeRoot(content(), size: Size(1, 1), scale: scale)
        let pixmap = try root.makePixmap()
        #expect(pixmap.width == Int(scale) && pixmap.height == Int(scale))
        _ = root.frame(into: pixmap).drawn
        root.frame(into: pixmap, repaintingEverything: true)
        for (_, frame) in root.allIdentifiedViews() { #expect(frame.isFinite) }
    }

    @Test func aRootShrinksToOneByOneAndBack() throws {
        let root = try makeRoot(content(), size: Size(390, 844))
        root.frame(into: try root.makePixmap(), repaintingEverything: true)
        try root.resize(to: Size(1, 1))
        root.frame(into: try root.makePixmap(), repaintingEverything: true)
        try root.resize(to: Size(390, 844), scale: 2)
        let p = try root.makePixmap()
        root.frame(into: p, repaintingEverything: true)
        #expect(p.width == 780)
    }

    @Test(arguments: [Size(16384, 16384), Size(16385, 1), Size(0, 10), Size(0.5, 0.5), Size(.nan, 10), Size(10, .infinity), Size(-1, 5)])
    func aSizeThatCannotMakeAPixmapIsRefused(size: Size) throws {
        #expect(throws: ViewError.self) { try makeRoot(View(), size: size) }
        let root = try makeRoot(content(), size: Size(100, 100))
        #expect(throws: ViewError.self) { try root.resize(to: size) }
        #expect(root.size == Size(100, 100), "a refused resize changes nothing")
        root.frame(into: try root.makePixmap(), repaintingEverything: true)
    }

    @Test func aScaleThatMakesTheBufferTooLargeIsRefused() throws {
        #expect(throws: ViewError.self) { try makeRoot(View(), size: Size(8192, 8192), scale: 2) }
        #expect(throws: ViewError.self) { try makeRoot(View(), size: Size(10, 10), scale: .nan) }
        #expect(throws: ViewError.self, "a point at a quarter pixel rounds to no pixels") {
            try makeRoot(View(), size: Size(1, 1), scale: 0.25)
        }
        do { _ = try makeRoot(View(), size: Size(16384, 16384)) } catch {
            #expect("\(error)" == "invalid screen size 16384x16384: invalid size 16384x16384: the buffer would exceed 512 MiB")
        }
    }
}
