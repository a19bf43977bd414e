import Foundation
import Headless
import Overlays
import Raster
import Tours
import Views

/// `limelight inspect`: every view with an id and its frame, as JSON, for writing tour files — the
/// app's views on every tab, and the views of the overlays shown (its launch tour's step, or a tour's).
@MainActor
enum InspectCommand {
    static func help(_ app: CLIApp) -> String { """
    usage: \(programName) inspect [--size WxH] [--scale N] [--lang \(app.definition.languages.joined(separator: "|"))] [--font FAMILY]
                             [--tour FILE [--step N]] [--no-overlay] [--semantics]
      Prints every view that has an id, with its frame in points ([x, y, width, height]), as JSON: what
      a tour file's "target" and "rect" need. "views" are the app's, each with the tab it is on;
      "overlays" are the views of what is shown over it (the bubble's Next button is
      "overlay.bubble.next"), each with its overlay's kind.
      Without --tour: the app with the first step of its launch tour, as `\(programName) render` draws it.
      --tour FILE   the app (or the tour's screenshot) at a step of the tour (--step N, counting from 1;
                    default 1), with that step's spotlight and bubble
      --no-overlay  the views of the app alone
      --semantics   the screen as a screen reader sees it instead: a tree of elements, each with its
                    role (button, tab, tabBar, header, image, text, list, dialog, progressIndicator),
                    label, state (selected, disabled, busy, focused), actions and frame; an overlay is
                    a modal dialog that hides what lies beneath, and a tour step names its "targets"
    """ }

    struct Entry { var id: String; var place: (key: String, value: String); var frame: Rect }

    static func run(_ words: [String], app: CLIApp) throws(CLIError) {
        let c = "inspect"
        let args = try Arguments(words, command: c, valued: ScreenSettings.valued.union(["--font", "--tour", "--step"]),
                                 switches: ScreenSettings.switches.union(["--help", "--no-overlay", "--semantics"]))
        if args.has("--help") { print(help(app)); return }
        guard args.positional.isEmpty else { throw .usage("\(c): unexpected argument \"\(Arguments.printable(args.positional[0]))\"") }
        // A tour that names its app runs over it.
        let app = try args.value("--tour").map { p throws(CLIError) in try app.forTour(p, command: c) } ?? app
        let settings = try ScreenSettings(args, app: app)
        let step = try args.value("--step").map { v throws(CLIError) in try parseInt(v, option: "--step", command: c, range: 1...10_000) }
        let withOverlay = !args.has("--no-overlay")
        let session: HeadlessSession
        let given = try args.value("--tour").map { p throws(CLIError) in try TourSetup.load(p, app: app, command: c) }
        if given == nil, step != nil { throw .usage("\(c): --step needs --tour FILE") }
        if let loaded = given ?? (withOverlay ? ReplayCommandRunner.launchTour(app) : nil) {
            let count = loaded.tour.steps.count
            if let step, step > count {
                throw .usage("\(c): --step \(step): the tour \"\(loaded.tour.id)\" has \(count) step\(count == 1 ? "" : "s")")
            }
            let run = try TourSetup.walk(loaded, settings: settings, app: app, font: args.value("--font"), command: c)
            run.show(step: (step ?? 1) - 1, at: nil)
            if !withOverlay { run.stage.overlays.dismissAll(animated: false) }
            session = run.session
        } else {
            let clock = VirtualClock()
            let stage = try AppSetup.makeApp(settings, app: app, font: args.value("--font"), clock: clock, command: c)
            session = HeadlessSession(app: stage, clock: clock)
        }
        // What is listed is the screen at rest, as a host leaves it: the one call that runs frames.
        session.settle()
        let stage = session.stage
        if args.has("--semantics") {
            print(SemanticsReport.json(stage.root.semanticsTree()))
            return
        }
        var overlays: [Entry] = []
        for overlay in stage.overlays.overlays {
            for surface in overlay.surfaces {
                for (id, frame) in surface.content.allIdentifiedViews() {
                    overlays.append(Entry(id: id, place: ("overlay", overlay.kind.rawValue), frame: frame))
                }
            }
        }
        print(json(views: treeViews(of: session), overlays: overlays, settings: settings, safeArea: stage.root.safeArea))
    }

    /// The app's views on every tab (the one on screen first, then the others in order), each id
    /// once; each tab is settled (`HeadlessSession.settle()`) before it is read.
    static func treeViews(of session: HeadlessSession) -> [Entry] {
        let stage = session.stage
        let start = stage.selectedTabName
        let tabs = stage.tabNames.isEmpty ? [""] : [start ?? ""] + stage.tabNames.filter { $0 != start }
        var entries: [Entry] = []
        var seen = Set<String>()
        for tab in tabs {
            if !tab.isEmpty, stage.selectedTabName != tab {
                stage.selectTab(named: tab)
                session.settle()
            }
            for (id, frame) in stage.root.content.allIdentifiedViews() where !seen.contains(id) {
                seen.insert(id)
                entries.append(Entry(id: id, place: ("tab", tab), frame: frame))
            }
        }
        if let start, stage.selectedTabName != start { stage.selectTab(named: start) }
        return entries
    }

    /// One view a line: easy to read and to grep, and still one JSON document.
    static func json(views: [Entry], overlays: [Entry], settings: ScreenSettings, safeArea s: EdgeInsets) -> String {
        func num(_ v: Double) -> String { round3(v).compact }
        func line(_ e: Entry, last: Bool) -> String {
            let frame = [e.frame.minX, e.frame.minY, e.frame.width, e.frame.height].map(num).joined(separator: ", ")
            return "    {\"id\": \(jsonString(e.id)), \(jsonString(e.place.key)): \(jsonString(e.place.value)), \"frame\": [\(frame)]}" + (last ? "" : ",")
        }
        var lines = ["{",
                     "  \"size\": [\(num(settings.size.width)), \(num(settings.size.height))], \"scale\": \(num(settings.scale)),",
                     "  \"safeArea\": {\"top\": \(num(s.top)), \"leading\": \(num(s.leading)), \"bottom\": \(num(s.bottom)), \"trailing\": \(num(s.trailing))},",
                     "  \"views\": ["]
        for (i, e) in views.enumerated() { lines.append(line(e, last: i + 1 == views.count)) }
        lines += ["  ],", "  \"overlays\": ["]
        for (i, e) in overlays.enumerated() { lines.append(line(e, last: i + 1 == overlays.count)) }
        lines += ["  ]", "}"]
        return lines.joined(separator: "\n")
    }

    static func round3(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
}

/// `s` as a JSON string literal.
func jsonString(_ s: String) -> String {
    "\"" + escapingScalars(in: s) { scalar in
        switch scalar {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default: return scalar.value < 0x20 ? String(format: "\\u%04x", scalar.value) : nil
        }
    } + "\""
}
