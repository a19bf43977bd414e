import Demo
import FontText
import Foundation
import Overlays
import Raster
import Schema
import Tours
import Views

/// The sample app's figures: full frames, an incremental FAB tap, virtualized grids, overlays.
@MainActor
struct AppBenchmarks {
    let engine: SystemTextEngine
    let images: [String: Pixmap]

    init() throws {
        engine = try SystemTextEngine()
        images = CardImages.load(from: AppBenchmarks.imagesFolder).images
    }

    static var imagesFolder: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("assets/images").path
    }

    func app(_ w: Int, _ h: Int, cards: [CardContent] = CardContent.samples, clock: VirtualClock = VirtualClock()) throws -> DemoApp {
        try DemoApp(size: Size(Double(w), Double(h)), textEngine: engine, images: images, cards: cards, clock: clock)
    }

    /// `home.frame`: layout from scratch plus a full paint of Home.
    func homeFrame(_ h: Harness) throws {
        for (w, ht) in [(390, 844), (1920, 1080)] {
            let a = try app(w, ht)
            let frame = try a.root.makePixmap()
            a.root.frame(into: frame)
            h.record("home.frame", size: "\(w)x\(ht)") {
                try? a.root.resize(to: a.root.size)
                a.root.frame(into: frame)
            }
        }
    }

    /// `fab.tap`: the incremental frame after a tap on the FAB (a card appended).
    func fabTap(_ h: Harness) throws {
        let a = try app(390, 844)
        let frame = try a.root.makePixmap()
        a.root.frame(into: frame)
        let fab = a.root.view(withID: "fab")!.frame.center
        var area = 0, frames = 0
        h.record("fab.tap", size: "390x844") {
            a.root.send(.pointerDown(fab, button: .primary))
            a.root.send(.pointerUp(fab, button: .primary))
            area += a.root.frame(into: frame).drawn.reduce(0) { $0 + $1.area }
            frames += 1
        }
        h.note("fab.tap repaints \(area / max(1, frames)) of \(frame.width * frame.height) pixels a frame")
    }

    /// `tour.pending`: the frame in which a tour starts with a step waiting for its `showWhen`
    /// (nothing of the tour on screen yet): what checking the condition costs that frame.
    func tourPending(_ h: Harness) throws {
        let a = try app(390, 844)
        let frame = try a.root.makePixmap()
        a.root.frame(into: frame)
        let json = #"{"id": "pending", "steps": [{"target": "menu.alert", "text": "Here it is.", "showWhen": "tab = menu"}]}"#
        guard let tour = TourDecoder.decode(try JSONParser.parse(json), file: "pending.json").tour else { return }
        var engine = TourEngine(tour: tour, host: a)
        var area = 0, frames = 0
        h.record("tour.pending", size: "390x844", setup: {
            engine.skip()
            a.root.frame(into: frame)
            engine = TourEngine(tour: tour, host: a)
        }) {
            engine.start()
            area += a.root.frame(into: frame).drawn.reduce(0) { $0 + $1.area }
            frames += 1
        }
        h.note("tour.pending repaints \(area / max(1, frames)) of \(frame.width * frame.height) pixels in the frame its step starts waiting")
    }

    /// `grid.100` and `grid.10000`: layout plus full paint with that many cards.
    func grids(_ h: Harness) throws {
        for n in [100, 10_000] {
            let cards = (0..<n).map { CardContent.samples[$0 % CardContent.samples.count] }
            let a = try app(390, 844, cards: cards)
            let frame = try a.root.makePixmap()
            a.root.frame(into: frame)
            h.record("grid.\(n)", size: "390x844") {
                try? a.root.resize(to: a.root.size)
                a.root.frame(into: frame)
            }
        }
    }

    /// `spotlight.morph`: one frame of a spotlight morphing between two cards, with its bubble;
    /// `overlay.appear`: the full frame when the FAB tip first appears.
    func overlays(_ h: Harness, morph: Bool, appear: Bool, paced: Bool = false) throws {
        for (w, ht) in rasterSizes {
            let clock = VirtualClock()
            let a = try app(w, ht, clock: clock)
            let frame = try a.root.makePixmap()
            let targets = ["card.0", "card.1"]
            let spot = SpotlightOverlay(holes: [Hole(target: .view(targets[0]), shape: .roundedRect(cornerRadius: 12))],
                                        coachMark: CoachMark(text: "A card of the sample app."))
            a.overlays.present(spot, animated: false)
            a.root.frame(into: frame)
            var next = 1
            var area = 0, frames = 0
            /// One frame of the morph (a new one starts when the last has ended).
            func morphFrame() {
                if !spot.isAnimating {
                    spot.show(holes: [Hole(target: .view(targets[next]), shape: .roundedRect(cornerRadius: 12))],
                              coachMark: CoachMark(text: next == 0 ? "A card of the sample app." : "Another card."))
                    next = 1 - next
                }
                clock.advance(by: 1.0 / 60)
                area += a.root.frame(into: frame).drawn.reduce(0) { $0 + $1.area }
                frames += 1
            }
            if paced {
                h.add("spotlight.morph.paced", size: "\(w)x\(ht)", milliseconds: h.paced([morphFrame])[0])
                continue
            }
            if morph {
                h.record("spotlight.morph", size: "\(w)x\(ht)") { morphFrame() }
                h.note("spotlight.morph@\(w)x\(ht) re-composites \(area / max(1, frames)) of \(frame.width * frame.height) pixels a frame")
            }
            guard appear else { continue }
            a.overlays.dismissAll(animated: false)
            a.root.frame(into: frame)
            h.record("overlay.appear", size: "\(w)x\(ht)", setup: {
                a.overlays.dismissAll(animated: false)
                a.root.frame(into: frame)
            }) {
                a.showFABTip(animated: false)
                a.root.frame(into: frame)
            }
        }
    }
}
