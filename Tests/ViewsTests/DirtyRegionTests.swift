import Testing
import Raster
@testable import Views

@Suite struct DirtyRegionTests {
    let screen = IntRect(x: 0, y: 0, width: 100, height: 100)

    @Test func farApartRectsStaySeparate() {
        var d = DirtyRegion(bounds: screen)
        d.add(IntRect(x: 0, y: 0, width: 10, height: 10))
        d.add(IntRect(x: 80, y: 80, width: 10, height: 10))
        #expect(d.rects.count == 2)
        #expect(d.area == 200)
    }

    @Test func overlappingRectsMergeWhenTheUnionIsSmaller() {
        var d = DirtyRegion(bounds: screen)
        d.add(IntRect(x: 0, y: 0, width: 20, height: 10))
        d.add(IntRect(x: 10, y: 0, width: 20, height: 10))
        #expect(d.rects == [IntRect(x: 0, y: 0, width: 30, height: 10)])
    }

    @Test func containedRectsAddNothing() {
        var d = DirtyRegion(bounds: screen)
        d.add(IntRect(x: 0, y: 0, width: 50, height: 50))
        d.add(IntRect(x: 10, y: 10, width: 5, height: 5))
        #expect(d.rects == [IntRect(x: 0, y: 0, width: 50, height: 50)])
    }

    @Test func mergingCascades() {
        var d = DirtyRegion(bounds: screen)
        d.add(IntRect(x: 0, y: 0, width: 10, height: 10))
        d.add(IntRect(x: 20, y: 0, width: 10, height: 10))
        #expect(d.rects.count == 2)
        // A rect bridging both swallows them.
        d.add(IntRect(x: 5, y: 0, width: 20, height: 10))
        #expect(d.rects == [IntRect(x: 0, y: 0, width: 30, height: 10)])
    }

    @Test func rectsAreClippedToTheBounds() {
        var d = DirtyRegion(bounds: screen)
        d.add(IntRect(x: 90, y: -10, width: 50, height: 20))
        d.add(IntRect(x: 200, y: 200, width: 5, height: 5))
        #expect(d.rects == [IntRect(x: 90, y: 0, width: 10, height: 10)])
    }

    @Test func tooManyRectsCollapseToTheirBoundingBox() {
        var d = DirtyRegion(bounds: IntRect(x: 0, y: 0, width: 1000, height: 1000))
        for i in 0...DirtyRegion.maxRects { d.add(IntRect(x: i * 20, y: i * 20, width: 2, height: 2)) }
        #expect(d.rects.count == 1)
        #expect(d.rects[0] == IntRect(x: 0, y: 0, width: DirtyRegion.maxRects * 20 + 2, height: DirtyRegion.maxRects * 20 + 2))
    }

    @Test func resetMarksEverything() {
        var d = DirtyRegion(bounds: screen)
        d.reset(bounds: IntRect(x: 0, y: 0, width: 40, height: 30))
        #expect(d.rects == [IntRect(x: 0, y: 0, width: 40, height: 30)])
    }
}
