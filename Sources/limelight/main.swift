import CStandardOutput
import Foundation
import Raster

// limelight: the sample app in a window, and headless render, replay, inspect and check.
let usage = """
usage: limelight [COMMAND] [OPTIONS]
  demo      the sample app in a window (the default command)
  edit      build a tour by pointing at the screen: pick views, draw rectangles, write the texts
  render    write PNGs of the app and its overlays, offscreen
  replay    run an input script headless and print the app's state as JSON
  inspect   print every view with an id and its frame (the app's and the overlay's), as JSON
  check     check tour files: every problem with its file, line and JSON path (--lint: what a
            reviewer would flag, at every size and language a tour is tested in)
  test      snapshot-test tours against their goldens, with lint, JUnit XML and an HTML report
  simulate  which tours and steps would show when, for a log of app events, by their show rules
  help      this text; `limelight COMMAND --help` for a command's options
"""

@MainActor
func runLimelight(_ arguments: [String]) -> Int32 {
    var words = arguments
    let command: String
    if let first = words.first, !first.hasPrefix("-") {
        command = first
        words.removeFirst()
    } else {
        command = "demo"
    }
    do {
        switch command {
        case "demo": try DemoCommand.run(words)
        case "edit": try EditCommand.run(words)
        case "render": try RenderCommand.run(words)
        case "replay": try ReplayCommandRunner.run(words)
        case "inspect": try InspectCommand.run(words)
        case "check": try CheckCommand.run(words)
        case "test": try TestCommand.run(words)
        case "simulate": try SimulateCommand.run(words)
        case "help":
            print(usage)
        default:
            throw CLIError.usage("unknown command \"\(Arguments.printable(command))\" (commands: demo, edit, render, replay, inspect, check, test, simulate, help)")
        }
        return 0
    } catch let error as CLIError {
        // An empty message: the command has said everything already (test's last line is its tally).
        if !error.message.isEmpty { warn(error.message) }
        return error.exitCode
    } catch {
        warn("\(command): \(error)")
        return 1
    }
}

if CommandLine.arguments.dropFirst().first == "--help" || CommandLine.arguments.dropFirst().first == "-h" {
    print(usage)
    print("")
    print(DemoCommand.help)
    exit(0)
}
Pixmap.returnLargeBuffersToTheSystem()
var status = runLimelight(Array(CommandLine.arguments.dropFirst()))
// What went to stdout (JSON, reports, lines) must have arrived: a full disk or a closed pipe is a
// failure, not a silent success.
let outputError = limelight_finish_standard_output()
if outputError != 0 {
    warn("cannot write the output (\(String(cString: strerror(outputError)))); what was printed is incomplete")
    if status == 0 { status = 1 }
}
exit(status)
