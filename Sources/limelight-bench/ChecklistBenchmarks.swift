import Demo
import Overlays
import Raster
import Tours
import Views

/// `checklist.open`: the frame in which a checklist's panel opens over the sample app (its views
/// laid out, painted and composited at the fade's first step), beside `app.relayout` (the same app
/// laid out from scratch and painted whole), alternated round by round in one process: the panel
/// opens within one frame of layout when the first is no dearer than the second.
@MainActor
enum ChecklistBenchmarks {
    /// A checklist of five items in the sample app's shape: titles, descriptions, a tour to launch.
    static var checklist: Checklist {
        var list = Checklist(id: "bench")
        list.title = "Get started"
        list.offset = Size(16, 64)
        for (i, title) in ["Take the tour", "Add a card", "Open the menu", "Add three more cards", "Turn on reduced motion"].enumerated() {
            var item = ChecklistItem(id: "item\(i)")
            item.title = title
            item.description = i % 2 == 0 ? "" : "Tap the plus button at the bottom of the screen."
            item.tour = i < 2 ? "tour\(i)" : nil
            item.done = .event("never\(i)")
            list.items.append(item)
        }
        return list
    }

    static func open(_ h: Harness, app: AppBenchmarks) throws {
        for (w, ht) in [(390, 844), (1920, 1080)] {
            let size = "\(w)x\(ht)"
            let clock = VirtualClock()
            let a = try app.app(w, ht, clock: clock)
            let frame = try a.root.makePixmap()
            let runner = ChecklistRunner(checklist: checklist, host: a, progress: TourProgress())
            runner.present(animated: false)
            a.root.frame(into: frame)
            let plain = try app.app(w, ht)
            let plainFrame = try plain.root.makePixmap()
            plain.root.frame(into: plainFrame)
            var samples: [[Double]] = [[], []]
            var placedInOne = true
            for round in 0..<9 {
                for i in round % 2 == 0 ? [0, 1] : [1, 0] {
                    if i == 0 {
                        samples[0].append(h.median {
                            try? plain.root.resize(to: plain.root.size)
                            plain.root.frame(into: plainFrame)
                        })
                    } else {
                        samples[1].append(h.median(setup: {
                            runner.overlay.close()
                            for _ in 0..<30 { clock.advance(by: 1.0 / 60); a.root.frame(into: frame) }
                        }) {
                            runner.overlay.open()
                            clock.advance(by: 1.0 / 60)
                            a.root.frame(into: frame)
                        })
                        placedInOne = placedInOne && a.root.view(withID: "overlay.checklist.item.item4")?.isPlaced == true
                    }
                }
            }
            func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
            h.add("app.relayout", size: size, milliseconds: median(samples[0]))
            h.add("checklist.open", size: size, milliseconds: median(samples[1]), baseline: "app.relayout")
            let ratios = zip(samples[1], samples[0]).map { $0 / $1 }
            h.note(String(format: "checklist.open@%@: %.2f× a frame of the app laid out from scratch (rounds %.2f–%.2f)%@", size,
                          median(ratios), ratios.min() ?? 0, ratios.max() ?? 0, placedInOne ? "; every row placed in that frame" : "; A ROW WAS NOT PLACED IN ITS FRAME"))
        }
    }
}
