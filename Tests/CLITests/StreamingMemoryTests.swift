import Foundation
import Testing

/// `render --all` and `test` stream: each frame is written and let go, and a storyboard sheet is
/// composed as soon as its panels are done, so a 400-step tour peaks within 1.5× a 40-step one.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["LIMELIGHT_SANITIZER"] == nil,
                 "under a sanitizer, peak memory measures its quarantine and shadow memory, not the program's"))
struct StreamingMemoryTests {
    /// The peak resident memory (KiB) of `limelight args…`, measured by a Python parent that runs
    /// nothing else, so no other child of the test process counts.
    func peakMemory(_ args: [String]) throws -> Int {
        let text = try CLI.runProcess("/usr/bin/python3", ["-c", """
        import resource, subprocess, sys
        r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={"SDL_VIDEODRIVER": "dummy"})
        print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
        """, CLI.binary] + args).stdout
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
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(dir)/t400.goldens").count == 400)
        #expect(Double(peaks[1]) <= 1.5 * Double(peaks[0]), "peaks \(peaks) KiB")
    }
}
