import Foundation
import TestSupport
import Raster
import Views
import FontText
@testable import Overlays

/// A small screen built for these tests from Views' widgets, standing in for an app: a title at the
/// top (`title`), a scrolling two-column grid of tappable boxes (`scroll`, `grid`, `box.0`…), a
/// round button over its bottom trailing corner that adds a box (`fab`), and a bar of two buttons at
/// the bottom (`tab.a`, `tab.b`), inside a phone's safe area. Every tap a button receives is
/// recorded in `taps`, by id.
@MainActor
final class OverlayFixture {
    let root: ViewRoot
    let stack: PresentationStack
    let clock: VirtualClock
    let grid: Grid
    let scroll: ScrollView
    /// The ids of the buttons tapped, in order.
    private(set) var taps: [String] = []

    static let boxColors = [Color(red: 0x4A, green: 0x90, blue: 0xC2), Color(red: 0x3A, green: 0x35, blue: 0x60),
                            Color(red: 0x3E, green: 0x7B, blue: 0x47), Color(red: 0x2F, green: 0x9E, blue: 0xD8)]

    /// The screen at `size` and `scale`, with text from the system's fonts (`realText`) or the
    /// fixed-metric engine, and `boxes` boxes in the grid.
    init(size: Size = Size(390, 844), scale: Double = 1, realText: Bool = false, boxes: Int = 4) throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        clock = VirtualClock()
        let engine: any TextEngine = realText ? try SystemTextEngine() : FixedMetricTextEngine()
        let relay = Relay()
        grid = Grid(columns: 2, spacing: 16)
        grid.id = "grid"
        scroll = ScrollView(grid.padding(EdgeInsets(top: 16, leading: 16, bottom: 96, trailing: 16)))
        scroll.id = "scroll"
        let fab = Button(shape: .circle, action: { relay.fixture?.tapped("fab") },
                         label: IconView(.plus, color: .white, size: 28).frame(width: 56, height: 56)
                             .background(Color(red: 0xFF, green: 0x3B, blue: 0x30), in: .circle))
        fab.id = "fab"
        let title = Text("Boxes", font: Font(size: 28, weight: .bold)).id("title")
        let tabs = HStack(spacing: 0, children: ["a", "b"].map { key in
            Button(action: { relay.fixture?.tapped("tab.\(key)") },
                   label: Text(key.uppercased(), font: .caption, alignment: .center).frame(maxWidth: .infinity, minHeight: 49)).id("tab.\(key)")
        })
        let content = VStack(spacing: 0, children: [
            title.padding(EdgeInsets(horizontal: 16, vertical: 8)).frame(maxWidth: .infinity, alignment: .leading)
                .safeAreaPadding(.top),
            scroll.overlay(fab.padding(EdgeInsets(bottom: 20, trailing: 20)), alignment: .bottomTrailing),
            tabs.safeAreaPadding(.bottom).background(.white),
        ])
        root = try ViewRoot(content: content, size: size, scale: scale, textEngine: engine, clock: clock)
        root.backgroundColor = Color(red: 0xF2, green: 0xF2, blue: 0xF7)
        stack = PresentationStack(root: root)
        relay.fixture = self
        for _ in 0..<boxes { addBox() }
    }

    /// Appends a box to the grid (what the round button does).
    func addBox() {
        let i = grid.children.count
        let box = Button(shape: .roundedRect(cornerRadius: 12), action: { [weak self] in self?.tapped("box.\(i)") },
                         label: Background(OverlayFixture.boxColors[i % 4], shape: .roundedRect(cornerRadius: 12),
                                           child: View().frame(height: 120)))
        box.id = "box.\(i)"
        grid.addChild(box)
    }

    private func tapped(_ id: String) {
        taps.append(id)
        if id == "fab" { addBox() }
    }

    /// A whole frame, painted in full.
    func frame() throws -> Pixmap {
        let p = try root.makePixmap()
        root.frame(into: p, repaintingEverything: true)
        return p
    }

    /// One frame without painting: the tree and the overlays laid out, as the next frame would show them.
    func settle() { root.frame(into: nil) }

    /// Lets `seconds` pass in 60 Hz frames, as a host would.
    func advance(_ seconds: Double) { runFrames(seconds, clock: clock) { root.frame(into: nil) } }

    /// A pointer down and up at `p`.
    func tap(_ p: Point) {
        root.send(.pointerDown(p, button: .primary))
        root.send(.pointerUp(p, button: .primary))
    }

    /// The frame of the view `id` (the tree's or an overlay's) after a frame.
    func frame(of id: String) -> Rect {
        settle()
        return root.view(withID: id)?.frame ?? .zero
    }

    /// The centre of the view `id` after a frame.
    func center(of id: String) -> Point { frame(of: id).center }

    /// Lets the screen's buttons call the fixture back once it exists.
    private final class Relay { weak var fixture: OverlayFixture? }
}
