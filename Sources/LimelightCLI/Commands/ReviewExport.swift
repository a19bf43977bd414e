import Files
import Foundation
import Headless
import Raster
import Schema
import Tours

/// `render --tour FILE --review DIR`: the tour as a page for review, `DIR/index.html`, with its
/// frames as PNG files in `DIR/frames/` (see `TourReviewPage`).
///
/// It streams: each frame is rendered, encoded, written and let go before the next, and the page is
/// made at the end from each step's texts and settings alone, so memory stays flat however long the
/// tour. Everything in DIR is written through `OwnedFolder`: a `frames` that is a link, or a frame
/// that is one, is replaced or refused, never followed out of DIR.
@MainActor
enum ReviewExport {
    /// Writes the page of `loaded` into `path` (made if missing): at most `TourReviewPage.stepLimit`
    /// steps, the first ones, each at `--time MS` into its animation when given; the frames of an
    /// earlier page that this one does not show are removed.
    static func run(_ loaded: LoadedTour, args: Arguments, settings: ScreenSettings, app: CLIApp, folder path: String) throws(CLIError) {
        let c = "render"
        let time = try args.value("--time").map { v throws(CLIError) in try parseMilliseconds(v, option: "--time", command: c) }
        try prepareOutputFolder(path, option: "--review", command: c)
        let folder: OwnedFolder
        do { folder = try OwnedFolder(path) } catch { throw .failure("\(c): --review \(path): \(error.reason)") }
        // A run that was stopped part-way leaves its temporary frames: removed now.
        StaleFiles.remove(in: folder, under: TourReviewPage.framesFolder)
        let walk = try TourSetup.walk(loaded, settings: settings, app: app, font: args.value("--font"), command: c)
        let tour = walk.engine.tour
        let shown = min(tour.steps.count, TourReviewPage.stepLimit)
        // The file's own text of each step shown and of the tour's keys, as a reviewer reads them.
        var document: JSONTree?
        if let bytes = try? TourLoader.read(loaded.file), let node = try? JSONParser.parse(bytes) { document = JSONTree(node, in: bytes) }
        let stepTexts = document?["steps"]?.arrayValue?.prefix(shown).map { dedented($0.text()) } ?? []
        var header = document
        header?.setMember("steps", nil)
        let languages = tour.textLanguages.isEmpty ? [walk.stage.languageCode] : tour.textLanguages
        let root = walk.stage.root
        let withOverlay = !args.has("--no-overlay")
        var steps: [TourReviewPage.Step] = []
        var written: Set<String> = []
        for i in 0..<shown {
            walk.show(step: i, at: time)
            let name = TourReviewPage.frameName(step: i + 1, of: shown)
            let relative = TourReviewPage.framesFolder + "/" + name
            try writeFrame(RenderCommand.frame(walk.session, withOverlay: withOverlay), to: relative, in: folder)
            written.insert(name)
            let step = tour.steps[i]
            let texts = languages.map { tag in (tag, step.titles[tag] ?? (tag == languages.first ? step.title ?? "" : ""),
                                                step.texts[tag] ?? (tag == languages.first ? step.text ?? "" : "")) }
            steps.append(TourReviewPage.Step(frame: relative, size: (root.size.width, root.size.height), texts: texts,
                                             settings: i < stepTexts.count ? stepTexts[i] : ""))
        }
        let everyStep = "\(programName) render --tour \(loaded.file) --all --out DIR"
        let screen = "\(root.size.width.compact)x\(root.size.height.compact) points at \(root.scale.compact)x"
        let html = TourReviewPage.page(id: tour.id, file: loaded.file, language: walk.stage.languageCode, screen: screen,
                                       tourSettings: header?.text() ?? "", steps: steps, stepCount: tour.steps.count, everyStepCommand: everyStep)
        do { try folder.write(Data(html.utf8), to: "index.html") } catch {
            throw .failure("\(c): --review \(path): cannot write index.html (\(error.reason))")
        }
        let removed = removeFrames(in: folder, except: written)
        let page = (path as NSString).appendingPathComponent("index.html")
        warn("\(c): wrote \(page) and \(shown) frame\(shown == 1 ? "" : "s") in \(TourReviewPage.framesFolder)/ (\(languages.joined(separator: ", ")))"
             + (removed == 0 ? "" : "; removed \(removed) frame\(removed == 1 ? "" : "s") of an earlier page"))
        if shown < tour.steps.count {
            let left = tour.steps.count - shown
            warn("\(c): --review shows steps 1–\(shown) of \(tour.steps.count): \(left) step\(left == 1 ? " is" : "s are") left out "
                 + "(a page shows at most \(TourReviewPage.stepLimit)); \(everyStep) renders every step as a PNG")
        }
    }

    /// Encodes `pixmap` as a PNG and writes it at `relative` inside `folder`, not flushed to the
    /// disk (the page is made again by running again); its bytes are let go on return.
    static func writeFrame(_ pixmap: Pixmap, to relative: String, in folder: OwnedFolder) throws(CLIError) {
        let png: [UInt8]
        do { png = try pixmap.pngBytes() } catch { throw .failure("render: \(error)") }
        do { try folder.write(Data(png), to: relative, synced: false) } catch {
            throw .failure("render: --review \(folder.path): cannot write \(relative) (\(error.reason))")
        }
    }

    /// Removes from the frames folder the frames of an earlier page that are not in `written`: files
    /// of the page's own naming (`step-01.png`, …) alone, never a link or anything else put there;
    /// how many.
    static func removeFrames(in folder: OwnedFolder, except written: Set<String>) -> Int {
        var removed = 0
        for name in folder.names(in: TourReviewPage.framesFolder) where TourReviewPage.isFrameName(name) && !written.contains(name) {
            let relative = TourReviewPage.framesFolder + "/" + name
            if folder.kind(of: relative)?.isRegular == true, folder.remove(relative) { removed += 1 }
        }
        return removed
    }

    /// A value's text as the file has it, its lines moved left by the indentation of its last line
    /// (the closing bracket's), so a step reads as if written at the left margin.
    static func dedented(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count > 1, let last = lines.last else { return text }
        let indent = last.prefix { $0 == " " || $0 == "\t" }.count
        return ([String(lines[0])] + lines.dropFirst().map { line in
            let lead = line.prefix { $0 == " " || $0 == "\t" }.count
            return String(line.dropFirst(min(lead, indent)))
        }).joined(separator: "\n")
    }
}
