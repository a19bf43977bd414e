import Foundation
import Testing
import Raster
import ImageFiles

/// `render --tour FILE --video OUT`: the tour as a user sees it, through ffmpeg. Frame K of a step
/// is what `render --step N --time K*1000/FPS --scale S` draws at the video's scale (2 for the
/// sample's 390x844 phone screen): exactly in an APNG, closely in lossy formats.
@Suite struct VideoTests {
    static let home = TourCommandTests.tours + "/home.json"
    static var ffmpeg: String? { ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first(where: FileManager.default.isExecutableFile) }

    /// Frame `n` of `video`, decoded by ffmpeg into a PNG and read back.
    func frame(_ n: Int, of video: String, in dir: String) throws -> Pixmap {
        let out = "\(dir)/frame-\(n).png"
        let r = try CLI.runProcess(Self.ffmpeg!, ["-v", "error", "-y", "-i", video, "-vf", "select=eq(n\\,\(n))", "-vframes", "1", "-pix_fmt", "rgb24", out])
        #expect(r.status == 0, "\(r.stderr)")
        return try Pixmap(contentsOfFile: out)
    }

    /// The frames in `video`, as ffprobe counts them.
    func frameCount(_ video: String) throws -> Int? {
        let probe = URL(fileURLWithPath: Self.ffmpeg!).deletingLastPathComponent().appendingPathComponent("ffprobe").path
        let r = try CLI.runProcess(probe, ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", video])
        return Int(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    func rendered(step: Int, ms: Double, in dir: String) throws -> Pixmap {
        let r = try CLI.run(["render", "--tour", Self.home, "--step", "\(step)", "--time", "\(ms)", "--scale", "2", "--out", "\(dir)/r.png"])
        #expect(r.status == 0, "\(r.stderr)")
        return try Pixmap(contentsOfFile: "\(dir)/r.png")
    }

    @Test func anAPNGHasAFrameForEveryMomentAndEachIsTheRenderOfItsTime() throws {
        guard Self.ffmpeg != nil else {
            withKnownIssue("ffmpeg is not installed (apt-get install ffmpeg): videos were not tested") { throw CancellationError() }
            return
        }
        let dir = try CLI.temporaryFolder()
        let video = dir + "/home.apng"
        let r = try CLI.run(["render", "--tour", Self.home, "--video", video, "--hold", "500", "--fps", "30"])
        #expect(r.status == 0, "\(r.stderr)")
        // The first step fades in for 250 ms, each other morphs for 300 ms; each is then held 500 ms.
        let perStep = [Int((0.75 * 30).rounded())] + Array(repeating: Int(0.8 * 30), count: 4)
        #expect(r.errorLines == ["limelight: render: wrote \(video) (780x1688 pixels: the 390x844-point screen at scale 2, the default for its size; \(perStep.reduce(0, +)) frames at 30 fps, 3.97 s)"])
        #expect(try frameCount(video) == perStep.reduce(0, +))
        for (index, k) in [(0, 0), (0, 5), (1, 4), (3, 9), (4, 23)] {
            let n = perStep[..<index].reduce(0, +) + k
            let decoded = try frame(n, of: video, in: dir)
            let expected = try rendered(step: index + 1, ms: Double(k) * 1000 / 30, in: dir)
            try #require(decoded.width == expected.width && decoded.height == expected.height, "frame \(n) is \(decoded.width)x\(decoded.height)")
            #expect(PixmapDifference(between: decoded, and: expected).isEmpty, "frame \(n) (step \(index + 1), \(k)/30 s)")
        }
    }

    @Test(arguments: ["mp4", "webm", "gif"])
    func lossyFormatsAreCloseToTheFrames(format: String) throws {
        guard Self.ffmpeg != nil else {
            withKnownIssue("ffmpeg is not installed (apt-get install ffmpeg): videos were not tested") { throw CancellationError() }
            return
        }
        let dir = try CLI.temporaryFolder()
        let video = "\(dir)/home.\(format)"
        let r = try CLI.run(["render", "--tour", Self.home, "--video", video, "--hold", "200", "--fps", "10"])
        #expect(r.status == 0, "\(r.stderr)")
        let frames = [Int((0.45 * 10).rounded())] + Array(repeating: 5, count: 4)
        #expect(try frameCount(video) == frames.reduce(0, +))
        // The last frame of step 2: settled, the bubble in place.
        let decoded = try frame(frames[0] + 4, of: video, in: dir)
        let expected = try rendered(step: 2, ms: 400, in: dir)
        try #require(decoded.width == expected.width && decoded.height == expected.height, "the frame is \(decoded.width)x\(decoded.height)")
        let difference = PixmapDifference(between: decoded, and: expected, maxChannelDelta: 48)
        #expect(Double(difference.differingPixels) < 0.02 * Double(780 * 1688), "\(format): \(difference.differingPixels) pixels far off")
        #expect(try !FileManager.default.contentsOfDirectory(atPath: dir).contains { $0.contains("partial") || $0.contains("palette") }, "no temporary files are left")
    }

    @Test func aScriptDrivesTheVideo() throws {
        guard Self.ffmpeg != nil else {
            withKnownIssue("ffmpeg is not installed (apt-get install ffmpeg): videos were not tested") { throw CancellationError() }
            return
        }
        let dir = try CLI.temporaryFolder()
        try "wait 600\ntap overlay.bubble.next\nwait 600\n".write(toFile: dir + "/s.txt", atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", "--tour", Self.home, "--video", dir + "/s.apng", "--script", dir + "/s.txt"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try frameCount(dir + "/s.apng") == 37, "a frame at 0 and every 1/30 s of the script's 1.2 s")
    }

    @Test func withoutFFmpegItSaysWhichPackageToInstall() throws {
        let dir = try CLI.temporaryFolder()
        let r = try CLI.run(["render", "--tour", Self.home, "--video", dir + "/x.mp4"], environment: ["PATH": "/nonexistent"])
        #expect(r.status == 1)
        #expect(r.errorLines == ["limelight: render: --video needs ffmpeg, which is not installed (Debian package ffmpeg: apt-get install ffmpeg)"])
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.mp4"))
    }

    @Test(arguments: [
        (["--video", "x.avi"], "limelight: render: --video x.avi: expected a file name ending in .mp4, .webm, .gif or .apng", Int32(2)),
        (["--video", "x.mp4", "--fps", "120"], "limelight: render: --fps expects a whole number from 1 to 60 (got \"120\")", 2),
        (["--video", "x.mp4", "--all"], "limelight: render: --video and --all exclude each other", 2),
        (["--video", "x.mp4", "--hold", "10", "--script", "s.txt"], "limelight: render: --hold and --script exclude each other", 2),
        (["--fps", "30", "--out", "x.png"], "limelight: render: --fps goes with --video OUT", 2),
        (["--video-scale", "2", "--out", "x.png"], "limelight: render: --video-scale goes with --video OUT", 2),
        (["--video", "x.mp4", "--video-scale", "0"], "limelight: render: --video-scale expects a number above 0 and at most 8 (got \"0\")", 2),
        (["--video", "x.mp4", "--video-scale", "two"], "limelight: render: --video-scale expects a number above 0 and at most 8 (got \"two\")", 2),
        (["--video", "x.mp4", "--scale", "3"], "limelight: render: --video and --scale exclude each other (a video's scale is --video-scale N: by default 2 on a phone-sized screen, else 1)", 2),
        (["--video", "x.mp4", "--size", "4000x4000", "--video-scale", "8"],
         "limelight: render: --video x.mp4 at scale 8 of the 4000x4000-point screen: invalid screen size 4000x4000: invalid size 32000x32000: a side may be at most 16384 pixels", 2),
    ])
    func badVideoOptionsAreOneLine(args: [String], message: String, status: Int32) throws {
        let r = try CLI.run(["render", "--tour", Self.home] + args)
        #expect(r.status == status)
        #expect(r.errorLines == [message])
    }
}
