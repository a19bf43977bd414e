import Demo
import Foundation
import Raster
import Views

/// `limelight inspect`: every view with an id and its frame, as JSON, for writing tour files.
@MainActor
enum InspectCommand {
    static let help = """
    usage: limelight inspect [--size WxH] [--scale N] [--lang en|ja] [--font FAMILY]
      Prints every view that has an id, with its frame in points ([x, y, width, height]) and the tab it
      is on, as JSON: what a tour file's "target" and "rect" need.
    """

    struct Entry: Encodable { var id: String; var tab: String; var frame: [Double] }

    static func run(_ words: [String]) throws(CLIError) {
        let c = "inspect"
        let args = try Arguments(words, command: c, valued: ScreenSettings.valued.union(["--font"]), switches: ["--help"])
        if args.has("--help") { print(help); return }
        guard args.positional.isEmpty else { throw .usage("\(c): unexpected argument \"\(Arguments.printable(args.positional[0]))\"") }
        let settings = try ScreenSettings(args)
        let app = try AppSetup.makeApp(settings, font: args.value("--font"), clock: VirtualClock(), command: c)
        var entries: [Entry] = []
        var seen = Set<String>()
        for tab in Tab.allCases {
            app.select(tab)
            app.root.layoutIfNeeded()
            for (id, frame) in app.root.allIdentifiedViews() where !seen.contains(id) {
                seen.insert(id)
                entries.append(Entry(id: id, tab: tab.rawValue, frame: [frame.minX, frame.minY, frame.width, frame.height].map(round3)))
            }
        }
        app.select(.home)
        let s = app.root.safeArea
        // One view a line: easy to read and to grep, and still one JSON document.
        func num(_ v: Double) -> String { round3(v).compact }
        var lines = ["{",
                     "  \"size\": [\(num(settings.size.width)), \(num(settings.size.height))], \"scale\": \(num(settings.scale)),",
                     "  \"safeArea\": {\"top\": \(num(s.top)), \"leading\": \(num(s.leading)), \"bottom\": \(num(s.bottom)), \"trailing\": \(num(s.trailing))},",
                     "  \"views\": ["]
        for (i, e) in entries.enumerated() {
            let frame = e.frame.map(num).joined(separator: ", ")
            lines.append("    {\"id\": \(jsonString(e.id)), \"tab\": \(jsonString(e.tab)), \"frame\": [\(frame)]}" + (i + 1 < entries.count ? "," : ""))
        }
        lines += ["  ]", "}"]
        print(lines.joined(separator: "\n"))
    }

    static func round3(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
}

/// `s` as a JSON string literal.
func jsonString(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
        }
    }
    return out + "\""
}
