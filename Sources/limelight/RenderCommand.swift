import Demo
import Foundation
import Raster
import Views

/// `limelight render`: a PNG of the sample app (with its FAB tip), or of a tour's steps.
@MainActor
enum RenderCommand {
    static let help = """
    usage: limelight render [--size WxH] [--scale N] [--lang en|ja] [--font FAMILY] [--tour FILE]
                            [--step N | --all] [--time MS] [--no-overlay] --out PATH
      Renders offscreen (no display needed) and writes PNG.
      Without --tour: the sample app with its FAB tip fully shown.
      --tour FILE   render a tour's step (--step N, counting from 1; default 1)
      --all         one PNG per step (step-01.png, …) plus storyboard.png, into the folder PATH
      --time MS     virtual time since the step began: a frame in the middle of an animation
      --no-overlay  the app alone
      --size WxH    screen size in points (default 390x844); --scale N device pixels per point (default 1)
      --lang en|ja  language of the sample app (default en); --font FAMILY  font family (fontconfig)
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
        if args.value("--tour") != nil { throw .usage("\(c): --tour is not available in this build") }
        if args.has("--all") { throw .usage("\(c): --all needs --tour FILE") }
        if args.value("--step") != nil { throw .usage("\(c): --step needs --tour FILE") }
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
}
