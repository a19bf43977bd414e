import Testing
import Raster
@testable import Views

/// Layout under a right-to-left root: leading means right, rows run from the right, and what
/// is physical (the safe area) stays so.
@MainActor
@Suite struct RightToLeftLayoutTests {
    func rightToLeft(_ view: View, size: Size = Size(300, 100), safeArea: EdgeInsets = .zero) throws -> ViewRoot {
        let root = try makeRoot(view, size: size, safeArea: safeArea)
        root.language = "ar"
        root.frame(into: nil)
        return root
    }

    @Test func theLanguageSetsTheDirection() throws {
        let root = try makeRoot(Probe(Size(10, 10)), size: Size(100, 100))
        #expect(root.layoutDirection == .leftToRight)
        for (language, direction) in [("ar", TextDirection.rightToLeft), ("he", .rightToLeft), ("fa-IR", .rightToLeft),
                                      ("ur", .rightToLeft), ("ja", .leftToRight), ("en-US", .leftToRight), (nil, .leftToRight)] {
            root.language = language
            #expect(root.layoutDirection == direction, "\(language ?? "nil")")
        }
    }

    @Test func anHStackRunsFromTheRight() throws {
        let a = Probe(Size(10, 10)).frame(maxWidth: .infinity)
        let b = Probe(Size(10, 10)).frame(maxWidth: .infinity)
        let fixed = Probe(Size(40, 20))
        let row = HStack(alignment: .top, spacing: 0) { a; fixed; b }
        _ = try rightToLeft(row.frame(width: 200, height: 20, alignment: .topLeading))
        #expect(a.frame == Rect(x: 220, y: 0, width: 80, height: 10))
        #expect(fixed.frame == Rect(x: 180, y: 0, width: 40, height: 20))
        #expect(b.frame == Rect(x: 100, y: 0, width: 80, height: 10))
    }

    @Test func leadingPaddingAndAlignmentAreOnTheRight() throws {
        let p = Probe(Size(10, 10))
        let v = p.frame(width: 60, height: 40, alignment: .bottomTrailing).padding(EdgeInsets(top: 5, leading: 7, bottom: 0, trailing: 0))
        _ = try rightToLeft(ZStack(alignment: .topLeading) { v })
        #expect(v.frame == Rect(x: 233, y: 0, width: 67, height: 45))
        #expect(p.frame == Rect(x: 233, y: 35, width: 10, height: 10))
    }

    @Test func aVStacksLeadingAlignmentIsTheRightEdge() throws {
        let wide = Probe(Size(100, 10)), narrow = Probe(Size(30, 10))
        let stack = VStack(alignment: .leading) { wide; narrow }
        _ = try rightToLeft(ZStack(alignment: .topLeading) { stack })
        #expect(wide.frame.maxX == 300 && narrow.frame.maxX == 300)
    }

    @Test func anOverlayInTheTrailingCornerIsOnTheLeft() throws {
        let base = Probe(Size(10, 10)).frame(maxWidth: .infinity, maxHeight: .infinity)
        let badge = Probe(Size(20, 20))
        _ = try rightToLeft(base.overlay(badge.padding(5), alignment: .bottomTrailing), size: Size(200, 100))
        #expect(badge.frame == Rect(x: 5, y: 75, width: 20, height: 20))
    }

    @Test func theSafeAreaStaysPhysical() throws {
        // A landscape notch on the left: the inset stays on the left whatever the direction.
        let start = Probe(Size(10, 10)), end = Probe(Size(10, 10))
        let row = HStack { start; Spacer(); end }.safeAreaPadding([.leading, .trailing])
        _ = try rightToLeft(row, safeArea: EdgeInsets(top: 0, leading: 44, bottom: 0, trailing: 0))
        #expect(start.frame.maxX == 300, "the first child is at the right edge, which has no inset")
        #expect(end.frame.minX == 44, "the last one keeps clear of the notch on the left")
    }
}
