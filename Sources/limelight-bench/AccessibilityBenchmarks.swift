import AccessibilityBridge
import Demo
import Files
import Foundation
import Raster
import Views

/// The bridge's figures, run inside an accessible desktop (scripts/bench-accessibility.sh): what a
/// frame costs with the screen published to the bus against one without (alternated, in one
/// process), then a tree of 1,000 views served for a client to walk.
@MainActor
enum AccessibilityBenchmarks {
    /// `a11y.frame` and `a11y.frame.bridged`: taps that change the screen (to the Menu tab and back)
    /// with their two frames, then the same with the window's `SemanticsFeed` sending the tree.
    static func frames(_ h: Harness, app benchmarks: AppBenchmarks, bridge: AccessibilityBridge) throws {
        let clock = VirtualClock()
        let a = try benchmarks.app(390, 844, clock: clock)
        let frame = try a.root.makePixmap()
        a.root.frame(into: frame)
        let tabs = ["tab.menu", "tab.home"].map { a.root.view(withID: $0)!.frame.center }
        // Each run goes to the Menu and back: the same work in both, two frames 1/60 s apart.
        func tapsAndFrames() {
            for tab in tabs {
                clock.advance(by: 1.0 / 60)
                a.root.send(.pointerDown(tab, button: .primary))
                a.root.send(.pointerUp(tab, button: .primary))
                a.root.frame(into: frame)
            }
        }
        let feed = SemanticsFeed(bridge: bridge, root: a.root) { (Point(x: 0, y: 0), 1) }
        // Alternated in the app's rhythm; the mean, as the feed sends on some frames only.
        var samples: [[Double]] = [[], []]
        let clock0 = ContinuousClock()
        for round in 0..<300 {
            for k in (round % 2 == 0 ? [0, 1] : [1, 0]) {
                Thread.sleep(forTimeInterval: 1.0 / 60)
                feed.isPaused = k == 0
                let t0 = clock0.now
                tapsAndFrames()
                samples[k].append(Harness.milliseconds(clock0.now - t0))
            }
        }
        feed.stop()
        let means = samples.map { $0.reduce(0, +) / Double($0.count) }
        let medians = samples.map { $0.sorted()[$0.count / 2] }
        h.add("a11y.frame", size: "390x844", milliseconds: means[0] / 2)
        h.add("a11y.frame.bridged", size: "390x844", milliseconds: means[1] / 2, baseline: "a11y.frame")
        h.note(String(format: "a11y.frame: a tab tapped and its frame, the mean of 600 (the Menu and Home in turn); .bridged: the same with the window's SemanticsFeed sending the tree to the accessibility bus, alternated in the app's rhythm; × is to a11y.frame; medians %.3f and %.3f ms", medians[0] / 2, medians[1] / 2))
    }

    /// A screen of `count` views: rows of a label and a switch.
    static func largeScreen(_ count: Int, app benchmarks: AppBenchmarks) throws -> ViewRoot {
        let rows = (0..<count / 2).map { i in
            HStack(spacing: 8, children: [Text("Setting \(i)"), Toggle(isOn: i % 3 == 0, label: "Switch \(i)").id("switch.\(i)")])
        }
        return try ViewRoot(content: ScrollView(VStack(alignment: .leading, spacing: 4, children: rows)), size: Size(390, 844),
                            textEngine: benchmarks.engine, clock: VirtualClock())
    }

    /// `--accessibility frames`: the frame figures, printed; `--accessibility serve`: a screen of
    /// 1,000 views served until the process is stopped, for a client to walk.
    static func run(_ h: Harness, serving: Bool) throws -> Never {
        guard let bridge = AccessibilityBridge.connect(name: "Limelight bench") else {
            StandardStreams.writeError("limelight-bench: --accessibility: no accessibility bus answers (run scripts/bench-accessibility.sh)\n")
            exit(3)
        }
        let app = try AppBenchmarks()
        if !serving {
            try frames(h, app: app, bridge: bridge)
            // Written at once, not buffered: the script waits for the last line.
            StandardStreams.writeOutput("machine: \(machineDescription())\n\n\(h.table())\nlimelight-bench: measured on the accessibility bus\n")
            while true { sleep(60) }
        }
        let screen = try largeScreen(1000, app: app)
        screen.frame(into: try screen.makePixmap())
        let tree = screen.semanticsTree()
        func count(_ n: SemanticNode) -> Int { 1 + n.children.reduce(0) { $0 + count($1) } }
        bridge.publish(tree, origin: Point(x: 0, y: 0), pixelsPerPoint: 1, language: "en")
        StandardStreams.writeOutput("limelight-bench: \(count(tree)) elements on the accessibility bus\n")
        while true { sleep(60) }
    }
}
