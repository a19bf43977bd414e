import Testing
import Raster
@testable import Views

@MainActor
@Suite struct LayoutTests {
    @Test func vstackSharesRoomLeastFlexibleFirst() throws {
        let top = Probe(Size(100, 50)), bottom = Probe(Size(100, 30))
        let stack = VStack(spacing: 10) { top; Spacer(); bottom }
        let root = try makeRoot(stack, size: Size(200, 400))
        root.frame(into: nil)
        #expect(top.frame == Rect(x: 50, y: 0, width: 100, height: 50))
        #expect(bottom.frame == Rect(x: 50, y: 370, width: 100, height: 30))
        #expect(stack.frame == Rect(x: 0, y: 0, width: 200, height: 400))
    }

    @Test func hstackSplitsBetweenGreedyChildren() throws {
        let a = Probe(Size(10, 10)).frame(maxWidth: .infinity)
        let b = Probe(Size(10, 10)).frame(maxWidth: .infinity)
        let fixed = Probe(Size(40, 20))
        let row = HStack(alignment: .top, spacing: 0) { a; fixed; b }
        let root = try makeRoot(row.frame(width: 200, height: 20, alignment: .topLeading), size: Size(300, 100))
        root.frame(into: nil)
        #expect(a.frame == Rect(x: 0, y: 0, width: 80, height: 10))
        #expect(fixed.frame == Rect(x: 80, y: 0, width: 40, height: 20))
        #expect(b.frame == Rect(x: 120, y: 0, width: 80, height: 10))
    }

    @Test func paddingAndFixedFramesPlaceTheirChildren() throws {
        let p = Probe(Size(10, 10))
        let v = p.frame(width: 60, height: 40, alignment: .bottomTrailing).padding(EdgeInsets(top: 5, leading: 7, bottom: 0, trailing: 0))
        let root = try makeRoot(ZStack(alignment: .topLeading) { v }, size: Size(300, 100))
        root.frame(into: nil)
        #expect(v.frame == Rect(x: 0, y: 0, width: 67, height: 45))
        #expect(p.frame == Rect(x: 57, y: 35, width: 10, height: 10))
    }

    @Test func flexibleFramesClampTheProposal() throws {
        let p1 = Probe(Size(10, 10)), p2 = Probe(Size(10, 10)), p3 = Probe(Size(150, 10))
        let a = p1.frame(minWidth: 50, alignment: .leading)
        let b = p2.frame(maxWidth: 100)
        let c = p3.frame(maxWidth: 100)
        let root = try makeRoot(VStack(alignment: .leading) { a; b; c }, size: Size(300, 100))
        root.frame(into: nil)
        #expect(a.frame.width == 50)
        #expect(b.frame.width == 100)
        #expect(c.frame.width == 100)
        #expect(p3.frame.width == 150) // a child may overflow a frame that is too small
    }

    @Test func overlaySitsInTheCorner() throws {
        let base = Probe(Size(10, 10)).frame(maxWidth: .infinity, maxHeight: .infinity)
        let badge = Probe(Size(20, 20))
        let o = base.overlay(badge.padding(5), alignment: .bottomTrailing)
        let root = try makeRoot(o, size: Size(200, 100))
        root.frame(into: nil)
        #expect(badge.frame == Rect(x: 175, y: 75, width: 20, height: 20))
    }

    @Test func safeAreaPaddingFollowsTheRoot() throws {
        let p = Probe(Size(10, 10))
        let v = p.safeAreaPadding(.top, extra: EdgeInsets(top: 1))
        let root = try makeRoot(VStack(alignment: .leading) { v; Spacer() }, safeArea: EdgeInsets(top: 47, bottom: 34))
        root.frame(into: nil)
        #expect(p.frame.minY == 48)
        try root.resize(to: Size(1280, 800), safeArea: .zero)
        root.frame(into: nil)
        #expect(p.frame.minY == 1)
    }

    @Test func framesSnapToDevicePixels() throws {
        let p = Probe(Size(10.3, 10.6))
        let root = try makeRoot(ZStack(alignment: .topLeading) { p.padding(0.3) }, size: Size(100, 100), scale: 2)
        root.frame(into: nil)
        // The padding's frame snaps to [0, 0, 11, 11]; the child is inset by 0.3 in it and snaps again.
        #expect(p.frame == Rect(x: 0.5, y: 0.5, width: 10, height: 10))
    }

    @Test func measuringIsCached() throws {
        let p = Probe(Size(10, 10))
        let root = try makeRoot(VStack { p; Spacer() }, size: Size(100, 100))
        root.frame(into: nil)
        let count = p.measureCount
        _ = p.measure(ProposedSize(width: 100, height: 0))
        _ = p.measure(ProposedSize(width: 100, height: 0))
        #expect(p.measureCount <= count + 1)
    }

    @Test func aChangeInsideALayoutBoundaryStaysInside() throws {
        let outside = Probe(Size(50, 50))
        let inner = Probe(Size(50, 50))
        let scroll = ScrollView(VStack { inner })
        let root = try makeRoot(VStack { outside; scroll }, size: Size(100, 300))
        root.frame(into: nil)
        let (outerPlaces, scrollFrame) = (outside.placeCount, scroll.frame)
        inner.size = Size(50, 80)
        inner.setNeedsLayout()
        root.frame(into: nil)
        #expect(outside.placeCount == outerPlaces)
        #expect(inner.frame.height == 80)
        #expect(scroll.frame == scrollFrame)
    }

    @Test func badSizesAreRefused() {
        #expect(throws: ViewError.self) { try makeRoot(View(), size: Size(0, 100)) }
        #expect(throws: ViewError.self) { try makeRoot(View(), size: Size(.nan, 100)) }
        #expect(throws: ViewError.self) { try makeRoot(View(), size: Size(100, 100), scale: 0) }
        #expect(throws: ViewError.self) { try makeRoot(View(), size: Size(100_000, 100)) }
    }
}
