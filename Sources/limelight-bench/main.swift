import Files
import Foundation
import ProcessMemory
import Raster

// limelight-bench: release-build figures for BENCHMARKS.md. Run: swift run -c release limelight-bench [--json]
let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--help") || arguments.contains("-h") {
    print("""
    usage: limelight-bench [--json] [--only raster|app|overlay|overlay.morph|overlay.appear|overlay.outline|overlay.demo|overlay.checklist|text|image|editor|video|test|test.case|test.matrix|render|host|l10n|screens|embedded|anchors] [--budget SECONDS]
           limelight-bench --parts | --paced | --hole | --accessibility frames|serve
           limelight-bench --kernels [--rounds N] [--opacity X]
           limelight-bench --events-log FILE --users N [--seed S] [--tour TOUR] [--app-events K] [--goal EVENT]
      Measures rendering figures (median of repeated runs) and prints a table, or with --json one JSON
      object {"machine": "...", "figures": {"NAME@WxH": {"ms": ..., "xcopy": ...}}}. Build with -c release.
      --parts: the parts of dim.full at 1920x1080, and copy and dim.full in the app's rhythm (a frame
      every 1/60 s). --paced: spotlight.morph in the app's rhythm. --hole: only dim.hole at 1920x1080,
      for profiling. --kernels: copy and the dim with each form of the row kernels (portable, and
      AVX2 where the CPU runs it) alternated in one process, N rounds (default 10) at each raster
      size, the dim at opacity X (default 0.5). --accessibility frames: a frame with and without the screen on the accessibility
      bus; --accessibility serve: a screen of 1,000 views served until stopped (both run by
      scripts/bench-accessibility.sh, which gives them an accessible desktop and times a client).
      --events-log: a synthetic events log of N users of TOUR (examples/analytics/onboarding.json),
      for scripts/bench/analyze.sh and the shipped example week.
    """)
    exit(0)
}
if arguments.contains("--events-log") {
    do { try EventsLogWriting.run(arguments) } catch {
        StandardStreams.writeError("limelight-bench: \(error)\n")
        exit(2)
    }
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
    if wanted("overlay.demo") { try GestureBenchmarks.demo(h, app: app) }
    if wanted("overlay.checklist") { try ChecklistBenchmarks.open(h, app: app) }
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
    if wanted("anchors") { try AnchorBenchmarks.run(h, app: app) }
    if wanted("host") {
        try HostBenchmarks.present(h, engine: app)
        try HostBenchmarks.startup(h)
        try HostBenchmarks.idle(h)
    }
}

/// The number after `flag` (`value` when the flag is absent); anything else out of `range` ends the run with one line.
func numberArgument(_ flag: String, in range: ClosedRange<Double>, default value: Double) -> Double {
    guard let i = arguments.firstIndex(of: flag) else { return value }
    guard arguments.index(after: i) < arguments.endIndex, let n = Double(arguments[arguments.index(after: i)]), range.contains(n) else {
        StandardStreams.writeError("limelight-bench: \(flag) expects a number from \(range.lowerBound) to \(range.upperBound)\n")
        exit(2)
    }
    return n
}

var only: String?
if let i = arguments.firstIndex(of: "--only"), arguments.index(after: i) < arguments.endIndex { only = arguments[arguments.index(after: i)] }
do {
    if arguments.contains("--parts") { try benchmarkRasterParts(harness) }
    else if arguments.contains("--paced") { try MainActor.assumeIsolated { try AppBenchmarks().overlays(harness, morph: true, appear: false, paced: true) } }
    else if arguments.contains("--hole") { try benchmarkHoleOnly(harness) }
    else if arguments.contains("--kernels") {
        let rounds = Int(numberArgument("--rounds", in: 1...1000, default: 10))
        try benchmarkKernelForms(harness, rounds: rounds, opacity: numberArgument("--opacity", in: 0...1, default: 0.5))
    }
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
