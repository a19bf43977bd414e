import Foundation
import Testing
import ImageFiles
import Raster

/// `render --video` of a tour over an @3x screenshot (1179x2556 pixels, a 393x852-point phone):
/// the video is made at the phone's points times 2 (786x1704), not at the screenshot's pixels; its
/// frames are `render --time --scale 2`'s as ffmpeg decodes them; ffmpeg is fed each frame as it is
/// made, and the run (limelight and ffmpeg, whichever peaks higher) stays under 250 MB. An odd
/// frame (393 wide at scale 1) loses its last column in an MP4, never resampled.
@Suite struct PhoneVideoTests {
    /// A 393x852-point screen at scale 3: the sample app rendered as the screenshot, and a tour of
    /// four steps over it, each held 500 ms.
    func phoneTour(in dir: String) throws -> String {
        let shot = try CLI.run(["render", "--size", "393x852", "--scale", "3", "--no-overlay", "--out", dir + "/phone@3x.png"])
        #expect(shot.status == 0, "\(shot.stderr)")
        let image = try Pixmap(contentsOfFile: dir + "/phone@3x.png")
        try #require(image.width == 1179 && image.height == 2556, "the screenshot is \(image.width)x\(image.height)")
        try """
        {"id": "phone", "background": "phone@3x.png", "screen": {"scale": 3},
         "steps": [
          {"rect": [16, 51, 111, 40], "label": "Title", "title": "Home", "text": "Everything starts here."},
          {"rect": [16, 115, 173, 206], "label": "First card", "shape": "roundedRect", "cornerRadius": 12, "text": "Each card opens a place."},
          {"rect": [317, 693, 56, 56], "label": "Add", "shape": "circle", "text": "Add a card."},
          {"rect": [197, 769, 196, 49], "label": "Menu tab", "text": "More things live in the menu."}]}
        """.write(toFile: dir + "/phone.json", atomically: true, encoding: .utf8)
        return dir + "/phone.json"
    }

    /// The video's width and height as ffprobe reads them.
    func probedSize(_ video: String) throws -> String {
        let probe = URL(fileURLWithPath: VideoTests.ffmpeg!).deletingLastPathComponent().appendingPathComponent("ffprobe").path
        let r = try CLI.runProcess(probe, ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height", "-of", "csv=p=0:s=x", video])
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `render --step N --time MS` at `scale` of the tour, read back.
    func rendered(_ tour: String, step: Int, ms: Double, scale: Int, in dir: String) throws -> Pixmap {
        let r = try CLI.run(["render", "--tour", tour, "--step", "\(step)", "--time", "\(ms)", "--scale", "\(scale)", "--out", "\(dir)/r.png"])
        #expect(r.status == 0, "\(r.stderr)")
        return try Pixmap(contentsOfFile: "\(dir)/r.png")
    }

    /// Frames per step at 30 fps: the first fades in for 250 ms, each other morphs for 300 ms; each
    /// is then held 500 ms.
    static let perStep = [Int((0.75 * 30).rounded())] + Array(repeating: Int(0.8 * 30), count: 3)

    @Test(arguments: ["mp4", "apng", "gif"])
    func anAt3xScreenshotTourIsAVideoAtTwiceItsPoints(format: String) throws {
        guard VideoTests.ffmpeg != nil else {
            withKnownIssue("ffmpeg is not installed (apt-get install ffmpeg): videos were not tested") { throw CancellationError() }
            return
        }
        let dir = try CLI.temporaryFolder()
        let tour = try phoneTour(in: dir)
        let video = "\(dir)/phone.\(format)"
        // Run by a parent that runs nothing else, so its children's peak is this run's: limelight's
        // and ffmpeg's, whichever is higher.
        let peak = try StreamingMemoryTests().peakMemory(["render", "--tour", tour, "--video", video, "--hold", "500"], stderr: dir + "/stderr")
        let frames = Self.perStep.reduce(0, +)
        let said = try String(contentsOfFile: dir + "/stderr", encoding: .utf8)
        #expect(said == "limelight: render: wrote \(video) (786x1704 pixels: the 393x852-point screen at scale 2, the default for its size; \(frames) frames at 30 fps, \(String(format: "%.2f", Double(frames) / 30)) s)\n", "\(said)")
        #expect(try probedSize(video) == "786x1704")
        #expect(try VideoTests().frameCount(video) == frames)
        if ProcessInfo.processInfo.environment["LIMELIGHT_SANITIZER"] == nil {
            // 250 MB: the 1179x2556 video before took 748 MB, nearly all of it in x264's lookahead.
            #expect(peak <= 250_000_000 / 1024, "peak \(peak) KiB")
        }
        // Frame K of a step is `render --step N --time K*1000/30 --scale 2`: exactly in an APNG,
        // closely in the lossy formats. The first frame of a step, one in its transition and a settled one.
        for (index, k) in [(0, 0), (0, 5), (1, 4), (2, 9), (3, 23)] {
            let n = Self.perStep[..<index].reduce(0, +) + k
            let decoded = try VideoTests().frame(n, of: video, in: dir)
            let expected = try rendered(tour, step: index + 1, ms: Double(k) * 1000 / 30, scale: 2, in: dir)
            try #require(decoded.width == 786 && decoded.height == 1704 && expected.width == 786, "frame \(n) is \(decoded.width)x\(decoded.height)")
            if format == "apng" {
                #expect(PixmapDifference(between: decoded, and: expected).isEmpty, "frame \(n) (step \(index + 1), \(k)/30 s)")
            } else {
                let difference = PixmapDifference(between: decoded, and: expected, maxChannelDelta: 48)
                #expect(Double(difference.differingPixels) < 0.02 * Double(786 * 1704), "\(format) frame \(n): \(difference.differingPixels) pixels far off")
            }
        }
    }

    /// At scale 1 the 393-point screen is 393 pixels wide: an MP4 (4:2:0 colour needs even sides)
    /// keeps its first 392 columns as they are, where padding had added a black one and scaling
    /// would have resampled every pixel; an APNG keeps all 393.
    @Test func anOddFrameLosesItsLastColumnInAnMP4AndNothingElse() throws {
        guard VideoTests.ffmpeg != nil else {
            withKnownIssue("ffmpeg is not installed (apt-get install ffmpeg): videos were not tested") { throw CancellationError() }
            return
        }
        let dir = try CLI.temporaryFolder()
        let tour = try phoneTour(in: dir)
        let mp4 = try CLI.run(["render", "--tour", tour, "--video", dir + "/odd.mp4", "--video-scale", "1", "--hold", "200", "--fps", "10"])
        let perStep = [Int((0.45 * 10).rounded())] + Array(repeating: 5, count: 3)
        #expect(mp4.status == 0, "\(mp4.stderr)")
        #expect(mp4.errorLines == ["limelight: render: wrote \(dir)/odd.mp4 (392x852 pixels: the 393x852-point screen at scale 1, its 393x852 frames less the last column (MP4 needs even sides; no pixel is resampled); \(perStep.reduce(0, +)) frames at 10 fps, 2.00 s)"], "\(mp4.errorLines)")
        #expect(try probedSize(dir + "/odd.mp4") == "392x852")
        // The last frame of step 2, settled: the picture left of the lost column is the render's.
        let decoded = try VideoTests().frame(perStep[0] + 4, of: dir + "/odd.mp4", in: dir)
        let whole = try rendered(tour, step: 2, ms: 400, scale: 1, in: dir)
        try #require(decoded.width == 392 && decoded.height == 852, "the frame is \(decoded.width)x\(decoded.height)")
        let expected = try Pixmap(width: 392, height: 852)
        for y in 0..<852 { for x in 0..<392 { expected[x, y] = whole[x, y] } }
        let difference = PixmapDifference(between: decoded, and: expected, maxChannelDelta: 48)
        #expect(Double(difference.differingPixels) < 0.02 * Double(392 * 852), "\(difference.differingPixels) pixels far off")
        let apng = try CLI.run(["render", "--tour", tour, "--video", dir + "/odd.apng", "--video-scale", "1", "--hold", "200", "--fps", "10"])
        #expect(apng.status == 0 && apng.errorLines.first?.contains("(393x852 pixels: the 393x852-point screen at scale 1; \(perStep.reduce(0, +)) frames") == true, "\(apng.errorLines)")
        #expect(try probedSize(dir + "/odd.apng") == "393x852")
    }
}
