import Demo
import Foundation
import Tours

/// `limelight check`: validates tour files without running them.
@MainActor
enum CheckCommand {
    static let help = """
    usage: limelight check FILE [FILE…]
      Checks tour files: JSON syntax, every key and value, target ids against the sample app's views
      on each tab (a step's "tab" counts), SVG path data, and the background screenshot (relative to
      the tour file's folder). Prints every problem as FILE:LINE: JSON.PATH: what was expected, on
      stderr, and "FILE: ok (N steps)" on stdout for good files. Exits 1 if any file has a problem.
      Never reads or writes saved tour progress.
    """

    /// Checks every file named in `words`; failure when any has a problem.
    static func run(_ words: [String]) throws(CLIError) {
        let c = "check"
        let args = try Arguments(words, command: c, valued: [], switches: ["--help"])
        if args.has("--help") { print(help); return }
        guard !args.positional.isEmpty else { throw .usage("\(c): expected one or more tour files (see limelight check --help)") }
        var catalog: TargetCatalog?
        var problems = 0
        for file in args.positional {
            do {
                let loaded = try TourLoader.load(path: file, appCatalog: {
                    if let catalog { return catalog }
                    let made = DemoApp.launchCatalog()
                    catalog = made
                    return made
                })
                let n = loaded.tour.steps.count
                print("\(file): ok (\(n) step\(n == 1 ? "" : "s"))")
            } catch {
                problems += error.diagnostics.count
                for d in error.diagnostics { FileHandle.standardError.write(Data((d.description + "\n").utf8)) }
            }
        }
        if problems > 0 {
            throw .failure("\(c): \(problems) problem\(problems == 1 ? "" : "s") found")
        }
    }
}
