import Demo
import Foundation
import ImageFiles
import Raster
import Tours
import Views

/// `limelight replay`: runs an input script on the virtual clock, writes its shots, prints the state.
@MainActor
enum ReplayCommandRunner {
    static let help = """
    usage: limelight replay --script FILE --out DIR [--size WxH] [--scale N] [--lang en|ja] [--font FAMILY]
                            [--tour FILE] [--no-overlay]
      Runs an input script headless on a virtual clock (the FAB tip appears 1 s in, as in the demo),
      then prints the app's state as one JSON object: {"cards", "overlay", "tab", "tour"}.
      --tour FILE   the tour starts at launch instead of the FAB tip; "tour" is then {"id", "step", "of"}
                    (step counting from 1) while it runs, and null once finished or skipped. A tour with
                    a "background" runs over that screenshot ("tab" and "cards" are then null).
                    Saved tour progress is neither read nor written.
      Script commands, one a line, coordinates in points (# starts a comment):
        tap X Y | down X Y | move X Y | up X Y | scroll DY [at X Y] | key NAME | wait MS | shot NAME.png
      Key names: escape, enter, left, right, up, down, tab, space, backspace. Shots go into DIR.
    """

    static func run(_ words: [String]) throws(CLIError) {
        let c = "replay"
        let args = try Arguments(words, command: c, valued: ScreenSettings.valued.union(["--script", "--out", "--tour", "--font"]),
                                 switches: ["--help", "--no-overlay"])
        if args.has("--help") { print(help); return }
        guard args.positional.isEmpty else { throw .usage("\(c): unexpected argument \"\(Arguments.printable(args.positional[0]))\" (see limelight replay --help)") }
        let settings = try ScreenSettings(args)
        guard let scriptPath = args.value("--script") else { throw .usage("\(c): --script FILE is required (see limelight replay --help)") }
        guard let out = args.value("--out") else { throw .usage("\(c): --out DIR is required (see limelight replay --help)") }
        let text: String
        do { text = try String(contentsOfFile: scriptPath, encoding: .utf8) } catch {
            throw .failure("\(c): \(scriptPath): cannot read the script (\(FileManager.default.fileExists(atPath: scriptPath) ? "not UTF-8 text or unreadable" : "no such file"))")
        }
        let script = try ReplayScript(text: text, file: scriptPath)
        let loaded = try args.value("--tour").map { p throws(CLIError) in try TourSetup.load(p, command: c) }
        try prepareOutputFolder(out, option: "--out", command: c)
        let clock = VirtualClock()
        let stage: any TourHost
        if let loaded {
            stage = try TourSetup.makeStage(for: loaded, settings: settings, font: args.value("--font"), clock: clock, command: c)
        } else {
            stage = try AppSetup.makeApp(settings, font: args.value("--font"), clock: clock, command: c)
        }
        let session = HeadlessSession(app: stage, clock: clock)
        var engine: TourEngine?
        if !args.has("--no-overlay") {
            if let loaded {
                let tour = TourEngine(tour: loaded.tour, host: stage)
                tour.start(at: 0, animated: true)
                engine = tour
            } else if let app = stage as? DemoApp {
                app.scheduleFABTip(after: 1)
            }
        }
        session.settle()
        var pointer = Point(settings.size.width / 2, settings.size.height / 2)
        for (line, command) in script.commands {
            switch command {
            case .tap(let p):
                pointer = p
                session.send(.pointerDown(p, button: .primary)); session.send(.pointerUp(p, button: .primary))
            case .down(let p): pointer = p; session.send(.pointerDown(p, button: .primary))
            case .move(let p): pointer = p; session.send(.pointerMove(p))
            case .up(let p): pointer = p; session.send(.pointerUp(p, button: .primary))
            case let .scroll(dy, at): session.send(.wheel(dy: dy, at: at ?? pointer))
            case .key(let k): session.send(.key(k))
            case .wait(let ms): session.wait(milliseconds: ms)
            case .shot(let name):
                do { try session.writeFrame(to: (out as NSString).appendingPathComponent(name), command: c) } catch {
                    // "replay: SCRIPT:LINE: what went wrong", the command first as in every message.
                    let detail = error.message.hasPrefix(c + ": ") ? String(error.message.dropFirst(c.count + 2)) : error.message
                    throw .failure("\(c): \(scriptPath):\(line): \(detail)")
                }
            }
        }
        print(report(stage: stage, tour: engine).json)
    }

    static func report(stage: any TourHost, tour: TourEngine?) -> StateReport {
        let app = stage as? DemoApp
        return StateReport(tab: app?.state.selectedTab.rawValue, cards: app?.state.cards.count,
                           overlay: stage.overlays.topKind?.rawValue, tour: TourSetup.reportState(tour))
    }
}
