import Files
import Foundation
import ProcessMemory
import Raster
import Soak

// limelight-soak: the sample app under a long run of seeded random input (`make soak`), checked
// after every event; prints the peak resident memory after 1,000 events and at the end.
let help = """
usage: limelight-soak [--events N] [--seed S] [--checkpoint N] [--render N] [--progress N]
                      [--width W --height H] [--largest-width W --largest-height H]
  Drives the sample app headless on a virtual clock with N random events (default 100000): taps,
  drags, scrolls, keys, resizes, tour next/back/skip, overlays shown and dismissed. After every event
  it checks that input reaches only the top overlay, that every spotlight hole matches its target's
  frame, that the card count never drops, and that nothing changed the tree while anything laid out
  or painted (the root's phase checks, on in this release build); every --checkpoint events
  (default 1000) the incremental frame must equal a full repaint. First the app is shown once at the largest screen
  (--largest-width x --largest-height at scale 2), so the peak resident memory (VmHWM) printed after
  1,000 events already includes the biggest frames; the end figure should match it. Exits 1 with the
  seed, the event and the events before it on a failure.
  --seed S       the random seed (default 1); the same seed replays the same run
  --render N     render a frame every N events (default 1: every event, as a window would)
  --warm-up 0    skip the warm-up at the largest screen (the memory figures then mean less)
  --trace-from N describe the app (tab, overlays, holes, repainted areas) after every event from the Nth
  --progress N   a progress line every N events (default 10000; 0 for none)
  --peaks 1      after 1,000 events, name each event that raised the peak resident memory by 1 MiB
                 or more, with the screen, the cards and the overlays at that moment
  --width, --height                  the screen at the start, in points (default 390x844)
  --largest-width, --largest-height  the largest screen a resize asks for (default 900x1000)
"""

/// One line on stdout, written at once (progress shows while a long run goes on, even into a pipe).
func say(_ line: String) { StandardStreams.writeOutput(line + "\n") }

func fail(_ message: String, code: Int32) -> Never {
    StandardStreams.writeError("limelight-soak: " + message + "\n")
    exit(code)
}

var options: [String: Int] = ["--events": 100_000, "--seed": 1, "--checkpoint": 1000, "--progress": 10_000,
                              "--render": 1, "--trace-from": 0, "--peaks": 0, "--warm-up": 1, "--width": 390, "--height": 844, "--largest-width": 900, "--largest-height": 1000]
var words = Array(CommandLine.arguments.dropFirst())
while !words.isEmpty {
    let word = words.removeFirst()
    if word == "--help" || word == "-h" { print(help); exit(0) }
    guard options[word] != nil else { fail("unknown option \(word) (see --help)", code: 2) }
    guard let value = words.first.flatMap({ Int($0) }), value >= 0 else {
        fail("\(word) expects a whole number of at least 0", code: 2)
    }
    words.removeFirst()
    options[word] = value
}
let events = options["--events"]!, seed = UInt64(options["--seed"]!)
let progressEvery = options["--progress"]!, memoryMark = 1000

@MainActor
func line(_ label: String, _ soak: Soak, since start: UInt64) {
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    say(String(format: "%@: %d events in %.1f s, peak RSS %@ (now %@), %d cards, %d overlays, %d checkpoints",
                 label, soak.stats.events, seconds, ProcessMemory.mebibytes(ProcessMemory.peakResidentKiB()),
                 ProcessMemory.mebibytes(ProcessMemory.residentKiB()), soak.stats.maxCards, soak.app.overlays.overlays.count,
                 soak.stats.checkpoints))
}

@MainActor
func main() {
    ProcessMemory.returnLargeBuffersToTheSystem()
    Pixmap.advisesHugePages = true
    let soak: Soak
    do {
        soak = try Soak(seed: seed, size: Size(Double(options["--width"]!), Double(options["--height"]!)),
                        largestSize: Size(Double(options["--largest-width"]!), Double(options["--largest-height"]!)),
                        checkpointInterval: options["--checkpoint"]!, renderInterval: options["--render"]!)
    } catch { fail("cannot start: \(error)", code: 1) }
    if options["--trace-from"]! > 0 {
        let from = options["--trace-from"]!
        soak.trace = { text in if soak.stats.events + 1 >= from { say(text) } }
    }
    if options["--warm-up"]! != 0 { soak.warmUp() }
    let start = DispatchTime.now().uptimeNanoseconds
    let watchPeaks = options["--peaks"]! != 0
    var peak = 0
    do {
        try soak.run(events: events) { n in
            if watchPeaks, n >= memoryMark, let now = ProcessMemory.peakResidentKiB() {
                if n > memoryMark, now >= peak + 1024 {
                    let root = soak.app.root
                    say("peak \(ProcessMemory.mebibytes(now)) (+\(ProcessMemory.mebibytes(now - peak))) at event \(n): "
                        + "\(soak.currentEvent); screen \(Int(root.size.width))x\(Int(root.size.height)) at scale \(root.scale), "
                        + "\(soak.stats.maxCards) cards, \(soak.app.overlays.overlays.count) overlays")
                }
                peak = max(peak, now)
            }
            if n == memoryMark { line("at 1,000", soak, since: start) }
            if progressEvery > 0, n % progressEvery == 0, n != events { line("progress", soak, since: start) }
        }
    } catch {
        fail(error.description, code: 1)
    }
    line("end", soak, since: start)
    let s = soak.stats
    say("counts: " + s.counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
    say("seconds: " + s.seconds.sorted { $0.key < $1.key }.map { String(format: "%@ %.2f", $0.key, $0.value) }.joined(separator: ", "))
    say("tours: \(s.toursStarted) started, \(s.toursFinished) finished, \(s.toursSkipped) skipped; hole checks: \(s.holeChecks)")
    say(String(format: "slowest event: %.1f ms (%@)", s.slowestEventSeconds * 1000, s.slowestEvent))
    say("soak (seed \(seed)): ok")
}

main()
