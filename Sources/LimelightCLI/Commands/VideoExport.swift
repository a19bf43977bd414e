import Files
import Foundation
import Headless
import Raster
import Tours
import Views

/// `render --tour FILE --video OUT`: the tour as a user sees it, encoded by ffmpeg.
@MainActor
enum VideoExport {
    /// Writes the video of `loaded` to `out`: each step held `hold` ms after its transition, or as
    /// `script` drives it; `fps` frames a second, at the tour's screen in points times `scale`
    /// (nil: `TourVideo.defaultScale`). Says on stderr what it made.
    static func run(_ loaded: LoadedTour, out: String, fps: Int, hold: Double, script: (ReplayScript, String)?, scale: Double?,
                    settings: ScreenSettings, app: CLIApp, font: String?) throws(CLIError) {
        let c = "render"
        guard let format = VideoEncoder.Format(fileName: out) else {
            throw .usage("\(c): --video \(out): expected a file name ending in .mp4, .webm, .gif or .apng")
        }
        guard let ffmpeg = VideoEncoder.ffmpegPath else {
            throw .failure("\(c): --video needs ffmpeg, which is not installed (Debian package ffmpeg: apt-get install ffmpeg)")
        }
        let seconds = script.map { $0.0.virtualMilliseconds / 1000 } ?? TourVideo.duration(steps: loaded.tour.steps.count, holdMilliseconds: hold)
        guard seconds <= TourVideo.maxSeconds else {
            let cause = script == nil ? "shorten --hold (\(hold.compact) ms a step over \(loaded.tour.steps.count) steps)" : "shorten the script's waits"
            throw .usage("\(c): --video \(Arguments.printable(out)): the video would last \(ShowRule.describe(seconds: seconds.rounded())), more than the \(Int(TourVideo.maxSeconds / 60)) minutes a video may (\(cause))")
        }
        // Frames are made at the video's scale, whatever the screenshot's: frame K is what
        // `render --scale S --time T` draws.
        var settings = settings
        let points = try settings.screen(for: loaded, command: c).size
        settings.scale = scale ?? TourVideo.defaultScale(forScreen: points)
        settings.scaleIsGiven = true
        do { try ViewRoot.validate(size: points, scale: settings.scale) } catch {
            throw .usage("\(c): --video \(Arguments.printable(out)) at scale \(settings.scale.compact) of the \(points.width.compact)x\(points.height.compact)-point screen: \(error)")
        }
        try checkOutputFile(out, command: c, option: "--video")
        // A video stopped part-way leaves its partial file (and a GIF its palette): removed now.
        StaleFiles.remove(in: AtomicFile.split(out).folder)
        var made = Made()
        do {
            if format == .gif {
                // Two passes: a palette made from every frame, then the frames through it.
                let folder = AtomicFile.split(out).folder
                let palette = ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(".\((out as NSString).lastPathComponent).palette-\(getpid()).png")
                defer { try? FileManager.default.removeItem(atPath: palette) }
                _ = try encode(loaded, to: palette, format: .gif, paletteOf: nil, ffmpeg: ffmpeg, fps: fps, hold: hold, script: script, settings: settings, app: app, font: font)
                made = try encode(loaded, to: out, format: .gif, paletteOf: palette, ffmpeg: ffmpeg, fps: fps, hold: hold, script: script, settings: settings, app: app, font: font)
            } else {
                made = try encode(loaded, to: out, format: format, paletteOf: nil, ffmpeg: ffmpeg, fps: fps, hold: hold, script: script, settings: settings, app: app, font: font)
            }
        } catch let error as CLIError {
            throw error
        } catch {
            throw .failure("\(c): --video \(out): \(error)")
        }
        // What was chosen: the size, the scale (and whether it was the default), any crop, the frames.
        let screen = "the \(points.width.compact)x\(points.height.compact)-point screen at scale \(settings.scale.compact)" + (scale == nil ? ", the default for its size" : "")
        var cropped = ""
        if made.videoWidth != made.frameWidth || made.videoHeight != made.frameHeight {
            let lost = [made.videoWidth != made.frameWidth ? "column" : nil, made.videoHeight != made.frameHeight ? "row" : nil].compactMap { $0 }
            cropped = ", its \(made.frameWidth)x\(made.frameHeight) frames less the last \(lost.joined(separator: " and ")) (\(format.rawValue.uppercased()) needs even sides; no pixel is resampled)"
        }
        warn("\(c): wrote \(out) (\(made.videoWidth)x\(made.videoHeight) pixels: \(screen)\(cropped); \(made.frames) frames at \(fps) fps, \(String(format: "%.2f", Double(made.frames) / Double(fps))) s)")
    }

    /// What one pass made: its frames, their size, and the video's.
    private struct Made {
        var frames = 0
        var frameWidth = 0, frameHeight = 0
        var videoWidth = 0, videoHeight = 0
    }

    /// One pass: a fresh walk (or the script's run) whose frames go to ffmpeg as each is made;
    /// returns how many, and the video's size. A GIF's first pass (`paletteOf` nil, `format` gif)
    /// writes only the palette.
    private static func encode(_ loaded: LoadedTour, to path: String, format: VideoEncoder.Format, paletteOf palette: String?,
                               ffmpeg: String, fps: Int, hold: Double, script: (ReplayScript, String)?,
                               settings: ScreenSettings, app: CLIApp, font: String?) throws -> Made {
        let walk = try TourSetup.walk(loaded, settings: settings, app: app, font: font, command: "render")
        let device = walk.stage.root.deviceBounds
        let encoder = try VideoEncoder(path: path, format: format, width: device.width, height: device.height, fps: fps,
                                       palette: palette, ffmpeg: ffmpeg)
        func cancelled<T>(_ body: () throws -> T) throws -> T {
            do { return try body() } catch { encoder.cancel(); throw error }
        }
        let count: Int = try cancelled {
            guard let (commands, scriptPath) = script else {
                return try TourVideo.record(walk, fps: fps, holdMilliseconds: hold) { try encoder.write($0) }
            }
            // The tour starts at launch, as in replay --tour; a frame is taken every 1/fps of the
            // script's virtual time.
            let session = walk.session
            walk.engine.start(at: 0, animated: true)
            var next = session.clock.now
            var failure: Error?
            session.afterFrame = {
                guard failure == nil else { return }
                while session.clock.now + 1e-9 >= next {
                    do { try encoder.write(try session.render()) } catch { failure = error; return }
                    next += 1 / Double(fps)
                }
            }
            session.runFrame()
            var runner = ScriptRunner(session: session, engine: walk.engine)
            do throws(ScriptFailure) {
                try runner.run(commands)
            } catch {
                throw CLIError.failure("render: \(scriptPath):\(error.line): \(error.message)")
            }
            session.afterFrame = nil
            if let failure { throw failure }
            guard encoder.frames > 0 else { throw CLIError.usage("render: --script \(scriptPath): the script lets no time pass, so the video has no frames (add `wait MS`)") }
            return encoder.frames
        }
        try encoder.finish()
        return Made(frames: count, frameWidth: encoder.width, frameHeight: encoder.height, videoWidth: encoder.videoWidth, videoHeight: encoder.videoHeight)
    }
}
