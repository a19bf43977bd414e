import Demo
import Overlays
import Raster
import Views

/// `spotlight.demo`: one frame of a settled step whose swipe is looping on a card of the sample
/// app (its area composited again and the hand, its trail and the dim under it drawn), beside
/// `spotlight.static`, a frame of the same step without a demonstration, alternated frame by frame
/// in one process; the difference is what the hand costs a frame.
@MainActor
enum GestureBenchmarks {
    static func demo(_ h: Harness, app: AppBenchmarks) throws {
        for (w, ht) in [(390, 844), (1920, 1080)] {
            let size = "\(w)x\(ht)"
            var apps: [(clock: VirtualClock, root: ViewRoot, frame: Pixmap)] = []
            var looping: [Bool] = []
            for demo in [nil, GestureDemo(kind: .swipe, direction: .left, pointer: .hand)] {
                let clock = VirtualClock()
                let a = try app.app(w, ht, clock: clock)
                let frame = try a.root.makePixmap()
                let step = SpotlightStep(holes: [Hole(target: .view("card.0"), shape: .roundedRect(cornerRadius: 12), padding: 4)],
                                         coachMark: CoachMark(text: "Swipe a card left to archive it."), demo: demo)
                let spot = SpotlightOverlay(step)
                a.overlays.present(spot, animated: false)
                for _ in 0..<30 { clock.advance(by: 1.0 / 60); a.root.frame(into: frame) }
                looping.append(spot.isAnimating)
                apps.append((clock, a.root, frame))
            }
            var samples: [[Double]] = [[], []]
            for round in 0..<9 {
                for i in round % 2 == 0 ? [0, 1] : [1, 0] {
                    let (clock, root, frame) = apps[i]
                    samples[i].append(h.median {
                        clock.advance(by: 1.0 / 60)
                        root.frame(into: frame)
                    })
                }
            }
            func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
            h.add("spotlight.static", size: size, milliseconds: median(samples[0]))
            h.add("spotlight.demo", size: size, milliseconds: median(samples[1]), baseline: "spotlight.static")
            let differences = zip(samples[1], samples[0]).map { $0 - $1 }
            h.note(String(format: "spotlight.demo@%@: the hand costs %.3f ms a frame (rounds %.3f–%.3f)", size, median(differences),
                          differences.min() ?? 0, differences.max() ?? 0) + (looping == [false, true] ? "" : " (the demo did not loop: \(looping))"))
        }
    }
}
