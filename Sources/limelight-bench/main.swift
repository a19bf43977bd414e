import Foundation

// limelight-bench: release-build figures for BENCHMARKS.md. Run: swift run -c release limelight-bench [--json]
let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--help") || arguments.contains("-h") {
    print("""
    usage: limelight-bench [--json] [--only PREFIX] [--budget SECONDS]
      Measures rendering figures (median of repeated runs) and prints a table, or with --json one JSON
      object {"machine": "...", "figures": {"NAME@WxH": {"ms": ..., "xcopy": ...}}}. Build with -c release.
    """)
    exit(0)
}
var budget = 0.4
if let i = arguments.firstIndex(of: "--budget"), arguments.index(after: i) < arguments.endIndex {
    guard let b = Double(arguments[arguments.index(after: i)]), b > 0, b < 60 else {
        FileHandle.standardError.write("limelight-bench: --budget expects seconds between 0 and 60\n".data(using: .utf8)!)
        exit(2)
    }
    budget = b
}
let harness = Harness(budget: budget)
do {
    if arguments.contains("--parts") { try benchmarkRasterParts(harness) } else if arguments.contains("--hole") { try benchmarkHoleOnly(harness) } else { try benchmarkRaster(harness) }
} catch {
    FileHandle.standardError.write("limelight-bench: \(error)\n".data(using: .utf8)!)
    exit(1)
}
let machine = machineDescription()
if arguments.contains("--json") {
    print(harness.json(machine: machine))
} else {
    print("machine: \(machine)\n")
    print(harness.table())
}
