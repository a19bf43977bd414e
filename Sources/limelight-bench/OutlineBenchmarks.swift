import Demo
import Overlays
import Raster
import Views

/// `spotlight.morph.outline`: one frame of a spotlight morphing between two cards with a 3-point
/// outline and an 8-point glow around its hole: the ring's distance transform is made again every
/// frame, as the hole moves. Beside `spotlight.morph`, the same morph without an outline.
@MainActor
enum OutlineBenchmarks {
    static func morph(_ h: Harness, app: AppBenchmarks) throws {
        for (w, ht) in [(390, 844), (1920, 1080)] {
            let clock = VirtualClock()
            let a = try app.app(w, ht, clock: clock)
            let frame = try a.root.makePixmap()
            let outline = HoleOutline(width: 3, color: Color(red: 0xFF, green: 0xD6, blue: 0x0A), glow: 8)
            func hole(_ id: String) -> Hole { Hole(target: .view(id), shape: .roundedRect(cornerRadius: 12), outline: outline) }
            let spot = SpotlightOverlay(holes: [hole("card.0")], coachMark: CoachMark(text: "A card of the sample app."))
            a.overlays.present(spot, animated: false)
            a.root.frame(into: frame)
            var next = "card.1"
            h.record("spotlight.morph.outline", size: "\(w)x\(ht)") {
                if !spot.isAnimating {
                    spot.show(holes: [hole(next)], coachMark: CoachMark(text: next == "card.0" ? "A card of the sample app." : "Another card."))
                    next = next == "card.0" ? "card.1" : "card.0"
                }
                clock.advance(by: 1.0 / 60)
                a.root.frame(into: frame)
            }
        }
    }
}
