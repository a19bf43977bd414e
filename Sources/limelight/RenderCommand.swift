import Demo
import Foundation
import Raster
import Tours
import Views

/// `limelight render`: a PNG of the sample app (with its FAB tip), or of a tour's steps.
@MainActor
enum RenderCommand {
    static let help = """
    usage: limelight render [--size WxH] [--scale N] [--lang en|ja] [--font FAMILY] [--tour FILE]
                            [--step N | --all] [--time MS] [--no-overlay] --out PATH
      Renders offscreen (no display needed) and writes PNG.
      Without --tour: the sample app with its FAB tip fully shown.
      --tour FILE   render a tour's step (--step N, counting from 1; default 1). A tour with a
                    "background" runs over that screenshot instead of the sample app.
      --all         one PNG per step (step-01.png, …) plus storyboard.png (every step side by side,
                    numbered and titled), into the folder PATH (created if missing)
      --time MS     virtual time since the step began: a frame in the middle of an animation (the
                    fade-in of step 1, the morph from the previous step)
      --no-overlay  the app alone (with --tour: as it is at that step, without the spotlight)
      --size WxH    screen size in points (default 390x844); --scale N device pixels per point (default 1)
      --lang en|ja  language of the sample app (default en); --font FAMILY  font family (fontconfig)
      Tours always start fresh here: saved progress is neither read nor written.
    """

    static func run(_ words: [String]) throws(CLIError) {
        let c = "render"
        let args = try Arguments(words, command: c, valued: ScreenSettings.valued.union(["--tour", "--step", "--time", "--out", "--font"]),
                                 switches: ["--all", "--no-overlay", "--help"])
        if args.has("--help") { print(help); return }
        guard args.positional.isEmpty else { throw .usage("\(c): unexpected argument \"\(Arguments.printable(args.positional[0]))\" (see limelight render --help)") }
        let settings = try ScreenSettings(args)
        guard let out = args.value("--out") else { throw .usage("\(c): --out PATH is required (see limelight render --help)") }
        let time = try args.value("--time").map { v throws(CLIError) in try parseMilliseconds(v, option: "--time", command: c) }
        if args.has("--all") && args.value("--step") != nil { throw .usage("\(c): --step and --all exclude each other") }
        let step = try args.value("--step").map { v throws(CLIError) in try parseInt(v, option: "--step", command: c, range: 1...10_000) }
        if let tourPath = args.value("--tour") {
            try renderTour(tourPath, args: args, settings: settings, out: out, step: step, time: time)
            return
        }
        if args.has("--all") { throw .usage("\(c): --all needs --tour FILE") }
        if step != nil { throw .usage("\(c): --step needs --tour FILE") }
        try checkOutputFile(out, command: c)
        let clock = VirtualClock()
        let app = try AppSetup.makeApp(settings, font: args.value("--font"), clock: clock, command: c)
        let session = HeadlessSession(app: app, clock: clock)
        if !args.has("--no-overlay") {
            if let time {
                app.showFABTip(animated: true)
                session.wait(milliseconds: time)
            } else {
                app.showFABTip(animated: false)
            }
        }
        session.settle()
        try session.writeFrame(to: out, command: c)
    }

    /// `--tour FILE`: one step into `out`, or with `--all` every step and the storyboard into the folder `out`.
    static func renderTour(_ tourPath: String, args: Arguments, settings: ScreenSettings, out: String,
                           step: Int?, time: Double?) throws(CLIError) {
        let c = "render"
        let all = args.has("--all")
        if all {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: out, isDirectory: &isDir), !isDir.boolValue {
                throw .usage("\(c): --out \(out): is a file (with --all, expected a folder for step-01.png, …)")
            }
        } else {
            try checkOutputFile(out, command: c)
        }
        let loaded = try TourSetup.load(tourPath, command: c)
        let count = loaded.tour.steps.count
        if let step, step > count {
            throw .usage("\(c): --step \(step): the tour \"\(loaded.tour.id)\" has \(count) step\(count == 1 ? "" : "s")")
        }
        if all { try prepareOutputFolder(out, option: "--out", command: c) }
        let run = try TourRendering(loaded: loaded, settings: settings, font: args.value("--font"), command: c)
        let withOverlay = !args.has("--no-overlay")
        guard all else {
            run.show(step: (step ?? 1) - 1, at: time)
            try run.write(try run.frame(withOverlay: withOverlay), to: out)
            return
        }
        var panels: [Storyboard.Panel] = []
        for i in 0..<count {
            run.show(step: i, at: time)
            let frame = try run.frame(withOverlay: withOverlay)
            let name = String(format: "step-%02d.png", i + 1)
            try run.write(frame, to: (out as NSString).appendingPathComponent(name))
            panels.append(Storyboard.Panel(image: frame, title: run.caption(ofStep: i)))
        }
        let board: Pixmap
        do { board = try Storyboard.compose(panels, textEngine: run.stage.root.textEngine) } catch {
            throw .failure("\(c): storyboard: \(error)")
        }
        try run.write(board, to: (out as NSString).appendingPathComponent("storyboard.png"))
    }
}
