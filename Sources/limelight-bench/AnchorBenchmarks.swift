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
        // Each round, in an order that turns: the screen's elements made afresh (what a layout pass
        // costs the first query after it), the 50 queries resolved on the elements made, and the
        // 50 ids looked up in the root's index.
        let made = ElementList(root.content.semanticNodes())
        var samples: [[Double]] = [[], [], []]
        let clock = ContinuousClock()
        for round in 0..<400 {
            for k in [0, 1, 2].shifted(by: round % 3) {
                let t0 = clock.now
                switch k {
                case 0: sink += ElementList(root.content.semanticNodes()).elements.count
                case 1: for q in queries where made.resolve(q).element != nil { sink += 1 }
                default: for id in ids where root.view(withID: id) != nil { sink += 1 }
                }
                samples[k].append(Harness.milliseconds(clock.now - t0))
            }
        }
        precondition(sink > 0)
        let sorted = samples.map { $0.sorted() }
        let medians = sorted.map { $0[$0.count / 2] }
        h.add("anchors.lookup50", size: "1000 views", milliseconds: medians[2])
        h.add("anchors.resolve50", size: "1000 views", milliseconds: medians[1], baseline: "anchors.lookup50")
        h.add("anchors.elements", size: "1000 views", milliseconds: medians[0], baseline: "anchors.lookup50")
        h.note(String(format: "anchors: a screen of 1,000 views (rows of a text and a switch); anchors.elements: its element list made from the semantics tree (once per layout pass, on the first query after it); anchors.resolve50: 50 anchored targets resolved on it (half id + role + name, half role + name, one in ten with its id renamed, so found by the fallback); anchors.lookup50: the same 50 as plain ids from the root's index; alternated 400 rounds in one process, medians; × is to anchors.lookup50; quartiles: elements %.3f–%.3f ms, resolve50 %.3f–%.3f ms",
                      sorted[0][100], sorted[0][300], sorted[1][100], sorted[1][300]))
    }
}

extension Array {
    /// The array turned left by `k` places (`[0, 1, 2].shifted(by: 1)` is `[1, 2, 0]`).
    func shifted(by k: Int) -> [Element] { isEmpty ? self : Array(self[(k % count)...] + self[..<(k % count)]) }
}
