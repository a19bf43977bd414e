import Testing
import TestSupport
import Raster
import Views
@testable import Overlays

/// Outlines around holes of any shape, drawn anti-aliased outside them: a star and a heart from
/// SVG path data, a rounded rectangle with a glow; and a pulse that breathes but not under reduced
/// motion. Exact comparison.
@MainActor
@Suite(.serialized)
struct HoleOutlineGoldenTests {
    static let star = "M 100 20 L 123.5 72.4 L 180.9 78.4 L 138 116.8 L 150 173.2 L 100 144.5 L 50 173.2 L 62 116.8 L 19.1 78.4 L 76.5 72.4 Z"
    static let heart = "M 290 80 C 290 50 330 40 345 70 C 360 40 400 50 400 80 C 400 115 365 135 345 160 C 325 135 290 115 290 80 Z"

    func render(_ holes: [Hole], scale: Double = 2, reduced: Bool = false, at time: Double = 0) throws -> Pixmap {
        let f = try OverlayFixture(size: Size(420, 260), scale: scale, boxes: 2)
        f.root.reducesMotion = reduced
        f.stack.present(SpotlightOverlay(holes: holes, coachMark: nil, dimOpacity: 0.6), animated: false)
        f.root.frame(into: nil)
        f.clock.advance(by: time)
        let frame = try f.root.makePixmap()
        f.root.frame(into: frame, repaintingEverything: true)
        return frame
    }

    func path(_ d: String) throws -> HoleShape { .path(try Path(svgPathData: d), .nonZero) }

    @Test func aStarAndAHeartFromSVGPaths() throws {
        let gold = Color(red: 0xFF, green: 0xD6, blue: 0x0A), pink = Color(red: 0xFF, green: 0x37, blue: 0x5F)
        let frame = try render([
            Hole(target: .rect(Rect(x: 19, y: 20, width: 162, height: 153)), shape: try path(Self.star), outline: HoleOutline(width: 3, color: gold)),
            Hole(target: .rect(Rect(x: 290, y: 40, width: 110, height: 120)), shape: try path(Self.heart), outline: HoleOutline(width: 4, color: pink, glow: 8)),
        ])
        let result = Golden.compare(frame, named: "outline-star-heart@2x")
        #expect(result.matches, "\(result.message)")
    }

    @Test func theRingStaysOutsideTheHole() throws {
        let r = Rect(x: 60, y: 60, width: 120, height: 80)
        let with = try render([Hole(target: .rect(r), shape: .roundedRect(cornerRadius: 16), padding: 0, outline: HoleOutline(width: 4, color: .white))], scale: 1)
        let without = try render([Hole(target: .rect(r), shape: .roundedRect(cornerRadius: 16), padding: 0)], scale: 1)
        // Inside the hole (away from its anti-aliased edge) the pixels are the same; just outside, the ring is white.
        for (x, y) in [(120, 100), (70, 70), (170, 130)] { #expect(with[x, y] == without[x, y], "(\(x), \(y))") }
        #expect(with.color(x: 120, y: 58) == .white, "the ring above the hole")
        #expect(with[120, 50] == without[120, 50], "and nothing beyond it")
    }

    @Test func aPulseBreathesButNotUnderReducedMotion() throws {
        let hole = Hole(target: .rect(Rect(x: 60, y: 60, width: 120, height: 80)), shape: .roundedRect(cornerRadius: 16), padding: 0,
                        outline: HoleOutline(width: 4, color: .white, pulse: true))
        let a = try render([hole], scale: 1, at: 0), b = try render([hole], scale: 1, at: 0.8)
        #expect(!PixmapDifference(between: a, and: b).isEmpty, "half a breath later the ring is dimmer")
        let c = try render([hole], scale: 1, reduced: true, at: 0), d = try render([hole], scale: 1, reduced: true, at: 0.8)
        #expect(PixmapDifference(between: c, and: d).isEmpty)
        #expect(abs(SpotlightOverlay.breath(at: 0) - 1) < 1e-9 && abs(SpotlightOverlay.breath(at: 0.8) - 0.65) < 1e-9)
    }

    @Test func aHoleFarLargerThanTheScreenCostsNoMoreThanTheScreen() throws {
        // An outline around a path reaching 100000 points out: the ring's mask is cut to the screen
        // (grown by the ring's reach on either side), not the path's 200000-point box.
        let huge = try Path(svgPathData: "M -100000 -100000 L 100000 -100000 L 100000 100000 L -100000 100000 Z M 60 60 L 180 60 L 180 140 L 60 140 Z")
        let geometry = HoleGeometry.resolve(Hole(target: .rect(Rect(x: 60, y: 60, width: 120, height: 80)), shape: .path(huge, .evenOdd)),
                                            frame: Rect(x: 60, y: 60, width: 120, height: 80))
        let mask = HoleMask(geometry: geometry, scale: 2, clip: IntRect(x: 0, y: 0, width: 420 * 2, height: 260 * 2))
        let outline = HoleOutline(width: 4, glow: 10)
        let ring = mask.ring(outline)
        let reach = Int((outline.reach * 2).rounded(.up))
        #expect(ring.bounds.width <= 420 * 2 + 4 * reach + 2 && ring.bounds.height <= 260 * 2 + 4 * reach + 2, "\(ring.bounds)")
    }
}
