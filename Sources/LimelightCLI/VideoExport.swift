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
    /// `script` drives it; `fps` frames a second.
    static func run(_ loaded: LoadedTour, out: String, fps: Int, hold: Double, script: (ReplayScript, String)?,
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
        try checkOutputFile(out, command: c, option: "--video")
        // A video stopped part-way leaves its partial file (and a GIF its palette): removed now.
        StaleFiles.remove(in: AtomicFile.split(out).folder)
        var frames = 0
        do {
            if format == .gif {
                // Two passes: a palette made from every frame, then the frames through it.
                let folder = AtomicFile.split(out).folder
                let palette = ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(".\((out as NSString).lastPathComponent).palette-\(getpid()).png")
                defer { try? FileManager.default.removeItem(atPath: palette) }
                _ = try encode(loaded, to: palette, format: .gif, paletteOf: nil, ffmpeg: ffmpeg, fps: fps, hold: hold, script: script, settings: settings, app: app, font: font)
                frames = try encode(loaded, to: out, format: .gif, paletteOf: palette, ffmpeg: ffmpeg, fps: fps, hold: hold, script: script, settings: settings, app: app, font: font)
            } else {
                frames = try encode(loaded, to: out, format: format, paletteOf: nil, ffmpeg: ffmpeg, fps: fps, hold: hold, script: script, settings: settings, app: app, font: font)
            }
        } catch let error as CLIError {
            throw error
        } catch {
            throw .failure("\(c): --video \(out): \(error)")
        }
        warn("\(c): wrote \(out) (\(frames) frames at \(fps) fps, \(String(format: "%.2f", Double(frames) / Double(fps))) s)")
    }

    /// One pass: a fresh walk (or the script's run) whose frames go to ffmpeg. A GIF's first pass
    /// (`paletteOf` nil, `format` gif) writes only the palette.
    private static func encode(_ loaded: LoadedTour, to path: String, format: VideoEncoder.Format, paletteOf palette: String?,
                               ffmpeg: String, fps: Int, hold: Double, script: (ReplayScript, String)?,
                               settings: ScreenSettings, app: CLIApp, font: String?) throws -> Int {
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
            session.settle()
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
        return count
    }
}
