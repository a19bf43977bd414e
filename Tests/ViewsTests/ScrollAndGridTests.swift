import Testing
import Raster
@testable import Views

@MainActor
@Suite struct ScrollAndGridTests {
    /// A scroll view 100 points tall over a 50-point-wide column of `count` 40-point probes.
    func column(_ count: Int) -> (ScrollView, [Probe]) {
        let probes = (0..<count).map { _ in Probe(Size(50, 40)) }
        return (ScrollView(VStack(spacing: 0, children: probes)), probes)
    }

    @Test func wheelScrollingClampsAtBothEnds() throws {
        let (scroll, probes) = column(10)
        let root = try makeRoot(scroll, size: Size(100, 100))
        root.frame(into: nil)
        #expect(scroll.maxOffset == 300)
        #expect(root.send(.wheel(dy: 1000, at: Point(50, 50))))
        root.frame(into: nil)
        #expect(scroll.contentOffset == 300)
        #expect(probes[9].frame.maxY == 100)
        root.send(.wheel(dy: -5000, at: Point(50, 50)))
        root.frame(into: nil)
        #expect(scroll.contentOffset == 0)
        #expect(probes[0].frame.minY == 0)
    }

    @Test func contentThatFitsDoesNotScroll() throws {
        let (scroll, _) = column(2)
        let root = try makeRoot(scroll, size: Size(100, 100))
        root.frame(into: nil)
        #expect(!root.send(.wheel(dy: 50, at: Point(50, 50))))
        #expect(scroll.contentOffset == 0)
    }

    @Test func dragScrollsAndClamps() throws {
        let (scroll, _) = column(10)
        let root = try makeRoot(scroll, size: Size(100, 100))
        root.frame(into: nil)
        root.send(.pointerDown(Point(50, 90), button: .primary))
        root.send(.pointerMove(Point(50, 30)))
        root.frame(into: nil)
        #expect(scroll.contentOffset == 60)
        root.send(.pointerMove(Point(50, -900)))
        root.send(.pointerUp(Point(50, -900), button: .primary))
        #expect(scroll.contentOffset == 300)
    }

    @Test func aDragThatStartsOnAButtonScrollsAndCancelsThePress() throws {
        var taps = 0
        let button = Button(action: { taps += 1 }, label: Probe(Size(50, 40)))
        let content = VStack(spacing: 0, children: [button] + (0..<9).map { _ in Probe(Size(50, 40)) })
        let scroll = ScrollView(content)
        let root = try makeRoot(scroll, size: Size(100, 100))
        root.frame(into: nil)
        root.send(.pointerDown(Point(25, 20), button: .primary))
        #expect(button.isPressed)
        root.send(.pointerMove(Point(25, 12)))
        #expect(button.isPressed) // within the slop: still a press
        root.send(.pointerMove(Point(25, -20)))
        #expect(!button.isPressed)
        #expect(root.pointerCaptor === scroll)
        root.send(.pointerUp(Point(25, -20), button: .primary))
        #expect(taps == 0)
        #expect(scroll.contentOffset == 40)
    }

    @Test func scrollViewClipsHitTesting() throws {
        let (scroll, probes) = column(10)
        let root = try makeRoot(VStack { scroll.frame(height: 100); Spacer() }, size: Size(100, 300))
        root.frame(into: nil)
        // probes[3] lies at y 120...160, below the scroll view's 100-point viewport.
        #expect(probes[3].frame.minY == 120)
        #expect(root.hitTest(Point(25, 130)) !== probes[3])
        #expect(probes[3].visibleFrame.isEmpty)
        #expect(probes[2].visibleFrame == Rect(x: 25, y: 80, width: 50, height: 20))
    }

    /// A grid of `count` probe cells in a 400 × 300 scroll view.
    func grid(_ count: Int) throws -> (ViewRoot, ScrollView, Grid, [Probe]) {
        let cells = (0..<count).map { i in Probe(Size(10, 50)).id("cell.\(i)") }
        let grid = Grid(columns: 2, spacing: 10, children: cells)
        let scroll = ScrollView(grid.padding(10))
        let root = try makeRoot(scroll, size: Size(400, 300))
        root.frame(into: nil)
        return (root, scroll, grid, cells)
    }

    @Test func gridPlacesCellsInColumns() throws {
        let (_, _, grid, cells) = try grid(5)
        #expect(grid.frame == Rect(x: 10, y: 10, width: 380, height: 170))
        #expect(cells[0].frame == Rect(x: 10, y: 10, width: 185, height: 50))
        #expect(cells[1].frame == Rect(x: 205, y: 10, width: 185, height: 50))
        #expect(cells[4].frame == Rect(x: 10, y: 130, width: 185, height: 50))
    }

    @Test func gridPlacesOnlyVisibleRows() throws {
        let (root, scroll, grid, cells) = try grid(10_000)
        // 300 points show rows 0...4 (row pitch 60, first row at 10).
        #expect(grid.visibleChildren.count == 10)
        #expect(cells[9].isPlaced && !cells[10].isPlaced)
        #expect(grid.frame.height == 5000 * 60 - 10)
        // Only the first cell was measured; nothing off screen was placed.
        #expect(cells[0].measureCount >= 1)
        #expect(cells[500].measureCount == 0 && cells[500].placeCount == 0)
        scroll.scroll(to: 6000)
        root.frame(into: nil)
        #expect(!cells[0].isPlaced)
        // Row 99 ends exactly at the top edge (hidden); row 100 starts 10 points below it.
        #expect(!cells[198].isPlaced)
        #expect(cells[200].isPlaced)
        #expect(cells[200].frame.minY == 10 + 100 * 60 - 6000)
        #expect(root.view(withID: "cell.9999") === cells[9999])
        #expect(cells[9999].visibleFrame.isEmpty)
        #expect(root.allIdentifiedViews().count == grid.visibleChildren.count)
    }

    @Test func aGridOf10000CostsAboutWhatAGridOf100Costs() throws {
        let (_, _, small, smallCells) = try grid(100)
        let (_, _, big, bigCells) = try grid(10_000)
        let measured = { (cells: [Probe]) in cells.reduce(0) { $0 + $1.measureCount + $1.placeCount } }
        #expect(small.visibleChildren.count == big.visibleChildren.count)
        #expect(measured(bigCells) <= 2 * measured(smallCells))
    }

    @Test func appendingACellPlacesOnlyTheNewCell() throws {
        let (root, _, grid, cells) = try grid(3)
        let before = cells.map(\.placeCount)
        _ = root.frame(into: try root.makePixmap()).drawn
        let extra = Probe(Size(10, 50))
        grid.addChild(extra)
        let repainted = root.frame(into: try root.makePixmap()).drawn
        #expect(cells.map(\.placeCount) == before)
        #expect(extra.frame == Rect(x: 205, y: 70, width: 185, height: 50))
        #expect(!repainted.isEmpty)
    }
}
