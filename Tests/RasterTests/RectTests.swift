import Testing
import Raster

/// A rectangle inside another: edges included, decided by the four edges, never by area.
@Suite struct RectTests {
    let box = Rect(x: 10, y: 20, width: 100, height: 50)

    @Test func aRectangleInsideIsContainedAndOneReachingOutIsNot() {
        #expect(box.contains(Rect(x: 30, y: 30, width: 20, height: 10)))
        #expect(!box.contains(Rect(x: 100, y: 30, width: 20, height: 10)), "it crosses the right edge")
        #expect(!box.contains(Rect(x: 0, y: 0, width: 200, height: 200)), "it holds the box, not the other way")
        #expect(!box.contains(Rect(x: 200, y: 200, width: 5, height: 5)), "far away")
    }

    @Test func theEdgesAreInside() {
        #expect(box.contains(box), "a rectangle contains itself")
        #expect(box.contains(Rect(x: 10, y: 20, width: 100, height: 1)), "along the top edge")
        #expect(box.contains(Rect(x: 109, y: 69, width: 1, height: 1)), "the bottom-right corner's pixel")
        #expect(!box.contains(Rect(x: 109.5, y: 69, width: 1, height: 1)), "half a point past the right edge")
        #expect(!box.contains(Rect(x: 9.999, y: 20, width: 1, height: 1)), "just left of the left edge")
    }

    @Test func anEmptyRectangleIsInsideOnlyWhereItStands() {
        #expect(box.contains(Rect(x: 50, y: 40, width: 0, height: 0)))
        #expect(box.contains(Rect(x: 110, y: 70, width: 0, height: 0)), "on the corner")
        #expect(!box.contains(Rect(x: 500, y: 40, width: 0, height: 0)))
    }

    @Test func aNaNOrAnInfinityIsNeverInsideAFiniteBox() {
        #expect(!box.contains(Rect(x: .nan, y: 30, width: 10, height: 10)))
        #expect(!box.contains(Rect(x: 30, y: 30, width: .infinity, height: 10)))
        #expect(!Rect(x: .nan, y: 0, width: 10, height: 10).contains(box))
        #expect(Rect(x: -.infinity, y: -.infinity, width: .infinity, height: .infinity).contains(Rect(x: -5, y: -5, width: 1, height: 1)) == false,
                "-inf + inf is NaN: no right edge")
    }
}
