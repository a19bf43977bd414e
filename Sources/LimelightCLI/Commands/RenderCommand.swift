import Foundation
import Files
import Headless
import ImageFiles
import ProcessMemory
import Raster
import Tours
import Views

/// `\(programName) render`: a PNG of the app (with its launch tour's first step), or of a tour's steps.
@MainActor
enum RenderCommand {
    static func help(_ app: CLIApp) -> String { """
    usage: \(programName) render [--size WxH] [--scale N] [--lang \(app.definition.languages.joined(separator: "|"))] [--font FAMILY] [--tour FILE [--variant ARM]]
                            [--step N | --all] [--time MS] [--no-overlay] [--json] --out PATH
           \(programName) render --tour FILE --video OUT [--video-scale N] [--fps N] [--hold MS | --script FILE]
           \(programName) render --tour FILE --review DIR [--time MS]
           \(programName) render --checklist FILE [--open] [--checked ID,…] [--time MS] --out PATH
      Renders offscreen (no display needed) and writes PNG.
      Without --tour: the app with the first step of its launch tour (if it has one) fully shown.
      --tour FILE   render a tour's step (--step N, counting from 1; default 1). A tour with a
                    "background" runs over that screenshot instead of the app.
      --variant ARM with --tour (a step, --all, --review or --video): the tour as the users of its
                    experiment's arm ARM see it, its own steps or texts (what `test` keeps as the
                    arm's `-variant-ARM-` cases)
      --all         one PNG per step (step-01.png, …) plus storyboard.png (every step side by side,
                    numbered and titled; 24 steps a sheet: storyboard-01.png, … for longer tours),
                    into the folder PATH (created if missing). Each frame is written and let go.
      --review DIR  with --tour: DIR/index.html, the tour as a page for review (no script, nothing
                    from the network; its frames are PNGs in DIR/frames/, so copy the folder whole):
                    each step's frame at its screen's size, its title and text in every language of
                    the tour, and its settings as the file writes them. At most \(TourReviewPage.stepLimit) steps, the first
                    ones; the page and stderr say how many are left out. Frames of an earlier page
                    that this one does not show are removed. Each frame is written and let go.
      --checklist FILE  the app with the checklist's launcher in its corner (a NAME.checklist.json);
                    --open shows its panel open, --checked ID,… has those items ticked as saved
                    progress would (the others are done when the app says so); --time MS (default
                    400) is how long after it appeared, its panel opened
      --time MS     virtual time since the step began: a frame in the middle of an animation (the
                    fade-in of step 1, the morph from the previous step)
      --no-overlay  the app alone (with --tour: as it is at that step, without the spotlight)
      --json        print what each frame shows as JSON on stdout: the file, the state, each hole's
                    shape and rectangle, the bubble's rectangle, the side asked for and the one used
                    (and whether it flipped), and its buttons with their ids and rectangles
      --video OUT   the tour as a user sees it, as a video (OUT ending in .mp4, .webm, .gif or .apng),
                    encoded by ffmpeg (Debian package ffmpeg) from raw frames: each step's fade-in or
                    morph, then --hold MS more (default 2000), or as --script FILE drives it (the replay
                    format; the tour starts at launch); --fps N frames a second (default 30, at most 60).
                    Frame K of a step is what --step N --time K*1000/FPS --scale S draws at the
                    video's scale S. A GIF gets a palette made for the whole video. The file
                    appears only once it is complete.
      --video-scale N  the video's pixels per point of the tour's screen, in place of --scale (default
                    2 when its shorter side is under 600 points, a phone's; else 1): an @3x
                    screenshot tour's video is made at 2x, not at its 1179x2556. An MP4 or WebM
                    needs even sides: an odd frame loses its last column or row (never resampled).
                    Says on stderr the size, the scale, the frames and fps it chose.
      --size WxH    screen size in points (default 390x844); --scale N device pixels per point (default 1)
      --lang TAG    the app's language (default its first); --font FAMILY  font family (fontconfig)
      A file at PATH or OUT is replaced in one step; a device such as /dev/null or a pipe is written
      into and stays. Says on stderr what it wrote. Tours always start fresh here: saved progress
      is neither read nor written.
    """ }

    static func run(_ words: [String], app: CLIApp) throws(CLIError) {
        let c = "render"
        let args = try Arguments(words, command: c, valued: ScreenSettings.valued.union(["--tour", "--variant", "--step", "--time", "--out", "--font", "--video", "--video-scale", "--fps", "--hold", "--script", "--review",
                                                                                           "--checklist", "--checked"]),
                                 switches: ScreenSettings.switches.union(["--all", "--no-overlay", "--json", "--help", "--open"]))
        if args.has("--help") { print(help(app)); return }
        guard args.positional.isEmpty else { throw .usage("\(c): unexpected argument \"\(Arguments.printable(args.positional[0]))\" (see \(programName) render --help)") }
        // A tour that names its app runs over it.
        let app = try args.value("--tour").map { p throws(CLIError) in try app.forTour(p, command: c) } ?? app
        let settings = try ScreenSettings(args, app: app)
        if args.value("--variant") != nil && args.value("--tour") == nil { throw .usage("\(c): --variant needs --tour FILE") }
        if let video = args.value("--video") {
            try renderVideo(video, args: args, settings: settings, app: app)
            return
        }
        for option in ["--fps", "--hold", "--script", "--video-scale"] where args.value(option) != nil {
            throw .usage("\(c): \(option) goes with --video OUT")
        }
        if let review = args.value("--review") {
            guard let tourPath = args.value("--tour") else { throw .usage("\(c): --review needs --tour FILE") }
            for option in ["--out", "--step"] where args.value(option) != nil { throw .usage("\(c): --review DIR and \(option) exclude each other") }
            if args.has("--all") { throw .usage("\(c): --review DIR and --all exclude each other") }
            try ReviewExport.run(TourSetup.load(tourPath, arm: args.value("--variant"), app: app, command: c), args: args, settings: settings, app: app, folder: review)
            return
        }
        guard let out = args.value("--out") else { throw .usage("\(c): --out PATH is required (see \(programName) render --help)") }
        let time = try args.value("--time").map { v throws(CLIError) in try parseMilliseconds(v, option: "--time", command: c) }
        if args.has("--all") && args.value("--step") != nil { throw .usage("\(c): --step and --all exclude each other") }
        let step = try args.value("--step").map { v throws(CLIError) in try parseInt(v, option: "--step", command: c, range: 1...10_000) }
        if let checklist = args.value("--checklist") {
            try renderChecklist(checklist, args: args, settings: settings, app: app, out: out, time: time)
            return
        }
        for option in ["--checked"] where args.value(option) != nil { throw .usage("\(c): \(option) goes with --checklist FILE") }
        if args.has("--open") { throw .usage("\(c): --open goes with --checklist FILE") }
        if let tourPath = args.value("--tour") {
            try renderTour(TourSetup.load(tourPath, arm: args.value("--variant"), app: app, command: c), args: args, settings: settings, app: app, out: out, step: step, time: time)
            return
        }
        if args.has("--all") { throw .usage("\(c): --all needs --tour FILE") }
        if step != nil { throw .usage("\(c): --step needs --tour FILE") }
        // The app as it shows itself: with the first step of its launch tour, unless --no-overlay.
        if !args.has("--no-overlay"), let launch = ReplayCommandRunner.launchTour(app) {
            try renderTour(launch, args: args, settings: settings, app: app, out: out, step: nil, time: time)
            return
        }
        try checkOutputFile(out, command: c)
        let clock = VirtualClock()
        let stage = try AppSetup.makeApp(settings, app: app, font: args.value("--font"), clock: clock, command: c)
        let session = HeadlessSession(app: stage, clock: clock)
        session.declaredStates = app.definition.states
        if let time { session.wait(milliseconds: time) }
        session.runFrame()
        try write(try frame(session, withOverlay: true), to: out, command: c)
        if args.has("--json") { print(jsonLine(ShotReport(file: out, session: session, engine: nil))) }
    }

    /// `--tour FILE`: one step into `out`, or with `--all` every step and the storyboard into the folder `out`.
    static func renderTour(_ loaded: LoadedTour, args: Arguments, settings: ScreenSettings, app: CLIApp, out: String,
                           step: Int?, time: Double?) throws(CLIError) {
        let c = "render"
        let all = args.has("--all")
        if all {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: out, isDirectory: &isDir), !isDir.boolValue {
                throw .usage("\(c): --out \(out): is a file (with --all, expected a folder for step-01.png, …)")
            }
            if out.lowercased().hasSuffix(".png") {
                throw .usage("\(c): --out \(out): with --all, expected a folder for step-01.png, … (not a file name ending in .png)")
            }
        } else {
            try checkOutputFile(out, command: c)
        }
        let count = loaded.tour.steps.count
        if let step, step > count {
            throw .usage("\(c): --step \(step): the tour \"\(loaded.tour.id)\" has \(count) step\(count == 1 ? "" : "s")")
        }
        if all { try prepareOutputFolder(out, option: "--out", command: c) }
        let walk = try TourSetup.walk(loaded, settings: settings, app: app, font: args.value("--font"), command: c)
        let withOverlay = !args.has("--no-overlay")
        let json = args.has("--json")
        guard all else {
            walk.show(step: (step ?? 1) - 1, at: time)
            try write(try frame(walk.session, withOverlay: withOverlay), to: out, command: c)
            if json { print(jsonLine(ShotReport(file: out, step: step ?? 1, session: walk.session, engine: walk.engine))) }
            return
        }
        // Many frames, thumbnails and a sheet made and let go: their buffers come from the heap
        // and go back to it, not mapped and faulted in afresh each time (as `test` runs).
        ProcessMemory.keepLargeBuffersForReuse()
        let written: StepFiles.Written
        do { written = try StepFiles.write(walk, into: out, at: time, withOverlay: withOverlay, reports: json) } catch {
            throw .failure("\(c): \(error)")
        }
        let names = written.sheetNames
        warn("\(c): wrote \(count) step\(count == 1 ? "" : "s") (\(stepFileName(1, of: count))…) and \(names.count == 1 ? names[0] : "\(names.count) storyboard sheets") to \(out)")
        if json { print(jsonLine(written.reports)) }
    }

    /// The file of step `number` of `count`: `step-01.png`, numbered with as many digits as the
    /// last step needs (at least two), so the files sort in step order (as a review page's frames).
    static func stepFileName(_ number: Int, of count: Int) -> String { TourReviewPage.frameName(step: number, of: count) }

    /// `--video OUT`: the tour as a video.
    static func renderVideo(_ out: String, args: Arguments, settings: ScreenSettings, app: CLIApp) throws(CLIError) {
        let c = "render"
        guard let tourPath = args.value("--tour") else { throw .usage("\(c): --video needs --tour FILE") }
        for option in ["--out", "--step", "--time"] where args.value(option) != nil {
            throw .usage("\(c): --video and \(option) exclude each other (the video is every step, in time)")
        }
        for flag in ["--all", "--json", "--no-overlay"] where args.has(flag) {
            throw .usage("\(c): --video and \(flag) exclude each other")
        }
        if settings.scaleIsGiven {
            throw .usage("\(c): --video and --scale exclude each other (a video's scale is --video-scale N: by default 2 on a phone-sized screen, else 1)")
        }
        let scale = try args.value("--video-scale").map { v throws(CLIError) -> Double in
            guard let n = Double(v), n.isFinite, n > 0, n <= 8 else {
                throw .usage("\(c): --video-scale expects a number above 0 and at most 8 (got \"\(Arguments.printable(v))\")")
            }
            return n
        }
        let fps = try args.value("--fps").map { v throws(CLIError) in try parseInt(v, option: "--fps", command: c, range: 1...60) } ?? 30
        if args.value("--hold") != nil && args.value("--script") != nil { throw .usage("\(c): --hold and --script exclude each other") }
        let hold = try args.value("--hold").map { v throws(CLIError) in try parseMilliseconds(v, option: "--hold", command: c, maximum: 60_000) } ?? 2000
        var script: (ReplayScript, String)?
        if let path = args.value("--script") {
            script = (try readScript(path, command: c), path)
        }
        let loaded = try TourSetup.load(tourPath, arm: args.value("--variant"), app: app, command: c)
        try VideoExport.run(loaded, out: out, fps: fps, hold: hold, script: script, scale: scale, settings: settings, app: app, font: args.value("--font"))
    }

    /// The session's frame now, with or without the overlays.
    static func frame(_ session: HeadlessSession, withOverlay: Bool) throws(CLIError) -> Pixmap {
        do { return withOverlay ? try session.render() : try session.renderWithoutOverlays() } catch {
            throw .failure("render: \(error)")
        }
    }

    /// Writes `pixmap` as a PNG at `path`, saying so on stderr unless `quietly`.
    static func write(_ pixmap: Pixmap, to path: String, command: String, quietly: Bool = false) throws(CLIError) {
        do { try pixmap.writePNG(to: path) } catch { throw .failure("\(command): \(error)") }
        if !quietly { warn("\(command): wrote \(path)") }
    }
}
