import Files
import Foundation
import ProcessMemory
import Raster

// limelight-bench: release-build figures for BENCHMARKS.md. Run: swift run -c release limelight-bench [--json]
let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--help") || arguments.contains("-h") {
    print("""
    usage: limelight-bench [--json] [--only raster|app|overlay|overlay.morph|overlay.appear|overlay.outline|text|image|editor|video|test|test.case|test.matrix|render|host|l10n|screens|embedded] [--budget SECONDS]
           limelight-bench --parts | --paced | --hole | --accessibility frames|serve
      Measures rendering figures (median of repeated runs) and prints a table, or with --json one JSON
      object {"machine": "...", "figures": {"NAME@WxH": {"ms": ..., "xcopy": ...}}}. Build with -c release.
      --parts: the parts of dim.full at 1920x1080, and copy and dim.full in the app's rhythm (a frame
      every 1/60 s). --paced: spotlight.morph in the app's rhythm. --hole: only dim.hole at 1920x1080,
      for profiling. --accessibility frames: a frame with and without the screen on the accessibility
      bus; --accessibility serve: a screen of 1,000 views served until stopped (both run by
      scripts/bench-accessibility.sh, which gives them an accessible desktop and times a client).
    """)
    exit(0)
}
var budget = 0.4
if let i = arguments.firstIndex(of: "--budget"), arguments.index(after: i) < arguments.endIndex {
    guard let b = Double(arguments[arguments.index(after: i)]), b > 0, b < 60 else {
        StandardStreams.writeError("limelight-bench: --budget expects seconds between 0 and 60\n")
        exit(2)
    }
    budget = b
}
// As the app runs (limelight and limelight-soak do the same at start).
ProcessMemory.returnLargeBuffersToTheSystem()
Pixmap.advisesHugePages = true
let harness = Harness(budget: budget)
/// Every figure, in the order of the table.
@MainActor func benchmarkAll(_ h: Harness, only: String?) throws {
    func wanted(_ group: String) -> Bool { only.map { group == $0 || group.hasPrefix($0 + ".") } ?? true }
    if wanted("raster") { try benchmarkRaster(h) }
    let app = try AppBenchmarks()
    if wanted("app") {
        try app.homeFrame(h)
        try app.fabTap(h)
        try app.tourPending(h)
        try app.grids(h)
    }
    if wanted("overlay.morph") || wanted("overlay.appear") {
        try app.overlays(h, morph: wanted("overlay.morph"), appear: wanted("overlay.appear"))
    }
    if wanted("overlay.outline") { try OutlineBenchmarks.morph(h, app: app) }
    if wanted("text") { try TextBenchmarks.bubbles(h, app: app) }
    if wanted("image") { try ImageBenchmarks.decode(h) }
    if wanted("editor") { try EditorBenchmarks.frames(h, app: app) }
    if wanted("video") { try EditorBenchmarks.video(h) }
    if wanted("test.case") { try TestBenchmarks.cases(h, app: app) }
    if wanted("test.matrix") { try TestBenchmarks.matrix(h) }
    if wanted("render") { try RenderBenchmarks.all(h, app: app) }
    if wanted("l10n") { try LocalizationBenchmarks.run(h) }
    if wanted("screens") { try ScreensBenchmarks.run(h, app: app) }
    if wanted("embedded") { try EmbeddedBenchmarks.run(h) }
    if wanted("host") {
        try HostBenchmarks.present(h, engine: app)
        try HostBenchmarks.startup(h)
        try HostBenchmarks.idle(h)
    }
}

var only: String?
if let i = arguments.firstIndex(of: "--only"), arguments.index(after: i) < arguments.endIndex { only = arguments[arguments.index(after: i)] }
do {
    if arguments.contains("--parts") { try benchmarkRasterParts(harness) }
    else if arguments.contains("--paced") { try MainActor.assumeIsolated { try AppBenchmarks().overlays(harness, morph: true, appear: false, paced: true) } }
    else if arguments.contains("--hole") { try benchmarkHoleOnly(harness) }
    else if arguments.contains("--accessibility") {
        let serving = arguments.contains("serve")
        try MainActor.assumeIsolated { try AccessibilityBenchmarks.run(harness, serving: serving) }
    }
    else { try MainActor.assumeIsolated { try benchmarkAll(harness, only: only) } }
} catch {
    StandardStreams.writeError("limelight-bench: \(error)\n")
    exit(1)
}
let machine = machineDescription()
if arguments.contains("--json") {
    print(harness.json(machine: machine))
} else {
    print("machine: \(machine)\n")
    print(harness.table())
}
