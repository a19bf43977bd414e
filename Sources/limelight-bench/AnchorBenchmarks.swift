import Foundation
import Raster
import Views

/// Resolving anchored targets on a large screen: 50 queries by id, role and name on a screen of
/// 1,000 views, against 50 plain id lookups, alternated in one process.
@MainActor
enum AnchorBenchmarks {
    static func run(_ h: Harness, app benchmarks: AppBenchmarks) throws {
        let root = try AccessibilityBenchmarks.largeScreen(1000, app: benchmarks)
        root.frame(into: nil)
        // Targets spread over the screen: half by id with role and name, half by role and name
        // alone, one in ten drifted (the id renamed), so the fallback runs too.
        let queries = (0..<50).map { k -> ElementQuery in
            let i = k * 9
            let id = k % 10 == 9 ? "renamed.\(i)" : "switch.\(i)"
            return k % 2 == 0 ? ElementQuery(id: id, role: .toggle, name: "Switch \(i)")
                : ElementQuery(role: .toggle, name: "Switch \(i)")
        }
        let ids = (0..<50).map { "switch.\($0 * 9)" }
        var sink = 0
        // Each round: the screen's elements made afresh (as after a layout) and every query resolved,
        // then the 50 ids looked up; the order alternates.
        var samples: [[Double]] = [[], []]
        let clock = ContinuousClock()
        for round in 0..<400 {
            for k in (round % 2 == 0 ? [0, 1] : [1, 0]) {
                let t0 = clock.now
                if k == 0 {
                    let list = ElementList(root.content.semanticNodes())
                    for q in queries where list.resolve(q).element != nil { sink += 1 }
                } else {
                    for id in ids where root.view(withID: id) != nil { sink += 1 }
                }
                samples[k].append(Harness.milliseconds(clock.now - t0))
            }
        }
        precondition(sink > 0)
        let medians = samples.map { $0.sorted()[$0.count / 2] }
        h.add("anchors.lookup50", size: "1000 views", milliseconds: medians[1])
        h.add("anchors.resolve50", size: "1000 views", milliseconds: medians[0], baseline: "anchors.lookup50")
        h.note(String(format: "anchors.resolve50: a screen of 1,000 views (rows of a text and a switch) made into its element list and 50 anchored targets resolved on it (half id + role + name, half role + name, one in ten with its id renamed); anchors.lookup50: the same 50 targets as plain ids from the root's index; alternated 400 rounds, medians; × is to anchors.lookup50; quartiles of resolve50 %.3f–%.3f ms",
                      samples[0].sorted()[samples[0].count / 4], samples[0].sorted()[samples[0].count * 3 / 4]))
    }
}
