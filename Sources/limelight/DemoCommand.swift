import Demo
import Foundation
import Raster
import SDLHost
import Views

/// `limelight` / `limelight demo`: the sample app in a window.
@MainActor
enum DemoCommand {
    static let help = """
    usage: limelight [demo] [--size WxH] [--scale N] [--lang en|ja] [--font FAMILY] [--driver NAME]
      Opens the sample app in a window titled "Limelight" (390x844 points by default, resizable).
      The FAB tip appears 1 s after launch. Tap outside the spotlight to dismiss it, or tap the FAB.
      Keys: Escape dismisses, Enter and Right advance, Left goes back; Ctrl-Q or closing the window quits.
      --driver NAME  SDL video driver: x11, wayland, or kmsdrm for a Linux console without a display
                     server (full screen). Default: whatever this desktop offers (SDL_VIDEODRIVER too).
      --scale N      device pixels per point, for HiDPI screens
      Without any display it stops and says how to render headless instead (limelight render).
    """

    static func run(_ words: [String]) throws(CLIError) {
        let c = "demo"
        let args = try Arguments(words, command: c, valued: ScreenSettings.valued.union(["--driver", "--font", "--frames"]),
                                 switches: ["--help"])
        if args.has("--help") { print(help); return }
        guard args.positional.isEmpty else { throw .usage("\(c): unexpected argument \"\(Arguments.printable(args.positional[0]))\" (see limelight --help)") }
        let settings = try ScreenSettings(args)
        var options = WindowOptions()
        options.size = settings.size
        options.scale = settings.scale
        options.driver = args.value("--driver")
        options.frameLimit = try args.value("--frames").map { v throws(CLIError) in try parseInt(v, option: "--frames", command: c, range: 1...1_000_000) }
        // Fonts and images are checked before a window opens.
        _ = try AppSetup.textEngine(family: args.value("--font"), command: c)
        let host: WindowHost
        do { host = try WindowHost(options: options) } catch { throw .failure(error.description) }
        let clock = MonotonicClock()
        let app = try AppSetup.makeApp(settings, font: args.value("--font"), clock: clock, command: c, size: host.pointSize)
        app.scheduleFABTip(after: 1)
        host.run(app)
        host.close()
    }
}
