import Captures
import Files
import Foundation
import ImageFiles
import Raster
import Schema
import Tours

/// `limelight capture --url URL | --atspi NAME --out DIR`: a screen of a real app with its element
/// tree, as a capture file and its PNG, for tours to run over (a tour's `background`).
@MainActor
enum CaptureCommand {
    static let help = """
    usage: \(programName) capture --url URL --out DIR [--name NAME] [--size WxH] [--scale N] [--lang TAG] [--timeout S]
           \(programName) capture --atspi APP --out DIR [--name NAME] [--scale N] [--screenshot FILE]
      Captures a screen of a real app: its picture and its element tree (each element's role, name,
      description, states, frame in points, and the app's own id where it has one), written as
      DIR/NAME.capture.json beside DIR/NAME.png. A tour whose "background" names the capture runs
      over it: its targets are found by id and anchors (role, name) on the captured tree, as on a
      live app. Capture again after the app changed, and `check` reports every target that drifted.
      --url URL         a web page (https:, http:, file:), loaded in headless Chromium; its
                        accessibility tree, each node's box, and data-testid (else id) as the id
      --size WxH        the page's viewport in CSS pixels, the capture's points (default 1280x800)
      --scale N         device pixels per point, 0.5 to 4 (default 1); with --atspi, the pixels per
                        point of the app's extents (Limelight's own window and GTK 4 give device
                        pixels: its display scale; GTK 3 gives points)
      --lang TAG        the language the browser asks the page for (default en)
      --timeout S       seconds the page has to load, 1 to 600 (default 30)
      --atspi APP       a running desktop app on the accessibility bus (AT-SPI2), by its name: its
                        active window's tree (roles, names, states, extents) and the window's pixels
      --screenshot FILE the window's picture, a PNG you took (without it: taken from the X display)
      --name NAME       the files' name (default: the page's file name or the app's name, with
                        "-TAG" when --lang is given)
      --out DIR         the folder the two files are written into (made if missing); each is
                        written whole or not at all
    """

    static func run(_ words: [String]) throws(CLIError) {
        let c = "capture"
        let args = try Arguments(words, command: c, valued: ["--url", "--atspi", "--out", "--name", "--size", "--scale", "--lang", "--timeout", "--screenshot"],
                                 switches: ["--help"])
        if args.has("--help") { print(help); return }
        guard args.positional.isEmpty else { throw .usage("\(c): unexpected argument \"\(Arguments.printable(args.positional[0]))\" (see \(programName) capture --help)") }
        guard let out = args.value("--out") else { throw .usage("\(c): expected --out DIR (the folder to write the capture into)") }
        let url = args.value("--url"), app = args.value("--atspi")
        guard (url == nil) != (app == nil) else { throw .usage("\(c): expected one of --url URL or --atspi APP") }
        let language = args.value("--lang") ?? "en"
        guard LanguageTagSyntax.isWellFormed(language) else { throw .usage("\(c): --lang expects a language tag such as en or pt-BR (got \"\(Arguments.printable(language))\")") }
        let name = args.value("--name") ?? defaultName(url: url, app: app, language: args.value("--lang"))
        guard !name.isEmpty, !name.contains("/"), name != ".", name != "..", !name.hasPrefix(".") else {
            throw .usage("\(c): --name expects a file name without folders (got \"\(Arguments.printable(name))\")")
        }
        try prepareOutputFolder(out, option: "--out", command: c)
        let made: (capture: Capture, png: [UInt8], notes: [String])
        if let url {
            guard args.value("--screenshot") == nil else { throw .usage("\(c): --screenshot goes with --atspi (a page's picture comes from the browser)") }
            var page = PageCapture(url: url)
            if let size = args.value("--size") { page.size = try ScreenSettings.parseSize(size, command: c) }
            guard page.size.width <= 8192, page.size.height <= 8192 else { throw .usage("\(c): --size is at most 8192x8192") }
            if let scale = args.value("--scale") { page.scale = try parseNumber(scale, option: "--scale", in: 0.5...4, command: c) }
            if let timeout = args.value("--timeout") { page.timeout = try parseNumber(timeout, option: "--timeout", in: 1...600, command: c) }
            page.language = language
            do { made = try page.run(imageName: name + ".png") } catch { throw .failure("\(c): \(error.message)") }
        } else {
            guard args.value("--size") == nil, args.value("--timeout") == nil else {
                throw .usage("\(c): --size and --timeout go with --url (a window is captured as it is)")
            }
            let scale = try args.value("--scale").map { s throws(CLIError) in try parseNumber(s, option: "--scale", in: 0.5...4, command: c) } ?? 1
            made = try captureWindow(app ?? "", screenshot: args.value("--screenshot"), pixelsPerPoint: scale, language: language,
                                     imageName: name + ".png", command: c)
        }
        for note in made.notes { warn("\(c): \(note)") }
        try write(made.capture, png: made.png, to: out, name: name, command: c)
    }

    /// The files' name when none is given: the page's file name (or its host), or the app's name.
    static func defaultName(url: String?, app: String?, language: String?) -> String {
        var base = "capture"
        if let url, let parsed = URL(string: url) {
            let last = parsed.deletingPathExtension().lastPathComponent
            base = !last.isEmpty && last != "/" ? last : (parsed.host ?? base)
        } else if let app {
            base = app
        }
        base = String(base.lowercased().map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
        if base.isEmpty || base.hasPrefix(".") { base = "capture" }
        return language.map { base + "-" + $0 } ?? base
    }

    /// Writes the picture, checked to be a PNG of the capture's size in pixels, then the capture
    /// file naming it: each whole or not at all, the capture last, so no capture names a picture
    /// that is not there.
    static func write(_ capture: Capture, png: [UInt8], to out: String, name: String, command c: String) throws(CLIError) {
        let image: Pixmap
        do { image = try Pixmap(imageData: png, name: name + ".png") } catch { throw .failure("\(c): the screenshot is not a readable image (\(error))") }
        let expected = (Int((capture.size.width * capture.scale).rounded()), Int((capture.size.height * capture.scale).rounded()))
        guard abs(image.width - expected.0) <= 1, abs(image.height - expected.1) <= 1 else {
            throw .failure("\(c): the screenshot is \(image.width)x\(image.height) pixels, not the \(expected.0)x\(expected.1) of a \(capture.size.width.compact)x\(capture.size.height.compact)-point screen at scale \(capture.scale.compact)")
        }
        let folder = out.hasSuffix("/") ? String(out.dropLast()) : out
        let picture = folder + "/" + name + ".png", file = folder + "/" + name + ".capture.json"
        do {
            try AtomicFile().write(Data(png), to: picture)
            try AtomicFile().write(Data(capture.fileText.utf8), to: file)
        } catch { throw .failure("\(c): cannot write into \(Arguments.printable(out)) (\(error.reason))") }
        var count = 0
        func walk(_ e: CapturedElement) { count += 1; e.children.forEach(walk) }
        capture.elements.forEach(walk)
        print("wrote \(file) (\(count) elements, \(capture.size.width.compact)x\(capture.size.height.compact)@\(capture.scale.compact)x) and \(picture)")
    }

    private static func parseNumber(_ s: String, option: String, in range: ClosedRange<Double>, command c: String) throws(CLIError) -> Double {
        guard let v = Double(s), v.isFinite, range.contains(v) else {
            throw .usage("\(c): \(option) expects a number from \(range.lowerBound.compact) to \(range.upperBound.compact) (got \"\(Arguments.printable(s))\")")
        }
        return v
    }
}
