import Foundation
import Testing
import ImageFiles
import Raster

/// `render --all`, `render --review` and `test` stream: each frame is written and let go, a
/// storyboard sheet is composed as soon as its panels are done, and a review page is made from each
/// step's texts alone, so a 400-step tour peaks within 1.5× a 40-step one (and a 600-step review,
/// 500 of them shown, within 1.5× a 40-step one).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["LIMELIGHT_SANITIZER"] == nil,
                 "under a sanitizer, peak memory measures its quarantine and shadow memory, not the program's"))
struct StreamingMemoryTests {
    /// The peak resident memory (KiB) of `limelight args…`, measured by a Python parent that runs
    /// nothing else, so no other child of the test process counts; its stderr goes to the file
    /// `stderr` when given.
    func peakMemory(_ args: [String], stderr: String? = nil) throws -> Int {
        let text = try CLI.runProcess("/usr/bin/python3", ["-c", """
        import os, resource, subprocess, sys
        err = open(os.environ["STDERR_FILE"], "w") if "STDERR_FILE" in os.environ else subprocess.DEVNULL
        # The child gets a display driver, PATH and the sanitizers' options (their suppressions) only.
        r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=err, env=dict({k: v for k, v in os.environ.items() if k == "PATH" or k.endswith("SAN_OPTIONS")}, SDL_VIDEODRIVER="dummy"))
        print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
        """, CLI.binary] + args, environment: stderr.map { ["STDERR_FILE": $0] } ?? [:]).stdout
        let parts = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        try #require(parts.count == 2, "\(text)")
        return parts[1]
    }

    func tour(steps: Int, in dir: String) throws -> String {
        // Targets the lint passes at 300x500, so `--update` records every case.
        let targets = ["fab", "nav.title", "tab.home", "tab.menu"]
        let list = (0..<steps).map { #"{"target": "\#(targets[$0 % 4])", "text": "Step \#($0 + 1) of a long tour"}"# }
        let path = "\(dir)/t\(steps).json"
        try #"{"id": "t\#(steps)", "test": {"sizes": ["300x500"]}, "steps": [\#(list.joined(separator: ","))]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func renderAllPeaksAlikeForFortyAndFourHundredSteps() throws {
        let dir = try CLI.temporaryFolder()
        var peaks: [Int] = []
        for n in [40, 400] {
            peaks.append(try peakMemory(["render", "--tour", try tour(steps: n, in: dir), "--all", "--size", "200x300", "--out", "\(dir)/out\(n)"]))
        }
        #expect(FileManager.default.fileExists(atPath: "\(dir)/out400/storyboard-17.png"))
        #expect(Double(peaks[1]) <= 1.5 * Double(peaks[0]), "peaks \(peaks) KiB")
    }

    @Test func testPeaksAlikeForFortyAndFourHundredCases() throws {
        let dir = try CLI.temporaryFolder()
        var peaks: [Int] = []
        for n in [40, 400] {
            peaks.append(try peakMemory(["test", try tour(steps: n, in: dir), "--jobs", "1", "--update", "--report", "\(dir)/r\(n)"]))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(dir)/t400.goldens").filter { $0.hasSuffix(".png") }.count == 400)
        #expect(Double(peaks[1]) <= 1.5 * Double(peaks[0]), "peaks \(peaks) KiB")
    }

    /// A tour of `steps` steps over a 160x240 screenshot of noise, so that each frame's PNG is as
    /// large as its pixels (about 75 KB): frames held would show in the peak, where an app's frames
    /// of flat colour compress to a few KB.
    func noisyTour(steps: Int, in dir: String) throws -> String {
        let shot = try Pixmap(width: 160, height: 240)
        var seed: UInt64 = 1
        for y in 0..<shot.height {
            for x in 0..<shot.width {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                shot[x, y] = 0xFF00_0000 | UInt32(truncatingIfNeeded: seed >> 40)
            }
        }
        try shot.writePNG(to: "\(dir)/noise.png")
        let list = (0..<steps).map { #"{"rect": [\#(10 + $0 % 3 * 30), \#(10 + $0 % 5 * 40), 60, 40], "text": "Step \#($0 + 1)"}"# }
        let path = "\(dir)/s\(steps).json"
        try #"{"id": "s\#(steps)", "background": "noise.png", "screen": {"scale": 1}, "steps": [\#(list.joined(separator: ","))]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func reviewPeaksAlikeForFortyAndSixHundredSteps() throws {
        let dir = try CLI.temporaryFolder()
        var peaks: [Int] = []
        for n in [40, 600] {
            peaks.append(try peakMemory(["render", "--tour", try noisyTour(steps: n, in: dir), "--review", "\(dir)/review\(n)"], stderr: "\(dir)/stderr\(n)"))
        }
        // Holding the 500 frames' PNGs alone would add about 37 MB to a peak of about 50 MB.
        #expect(Double(peaks[1]) <= 1.5 * Double(peaks[0]), "peaks \(peaks) KiB")
        // 500 steps shown, the rest named on the page and on stderr.
        let page = try String(contentsOfFile: "\(dir)/review600/index.html", encoding: .utf8)
        #expect(page.contains("This page shows steps 1–500 of 600: the other 100 steps are left out (a page shows at most 500)"))
        #expect(page.components(separatedBy: "class=\"step-section\"").count == 501)
        let frames = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/review600/frames")
        #expect(frames.count == 500 && frames.contains("step-500.png"), "\(frames.count) frames")
        let stderr = try String(contentsOfFile: "\(dir)/stderr600", encoding: .utf8)
        #expect(stderr.contains("render: --review shows steps 1–500 of 600: 100 steps are left out (a page shows at most 500); "), "\(stderr)")
    }
}
