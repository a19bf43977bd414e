import Foundation
import ImageFiles
import Raster
import Testing

/// Screens files and tours at the sizes their limits allow, through the built binary: an image
/// named many ways is decoded once, a 16 MiB file of tiny values is refused in one line without
/// building it, a list past its count is refused at once, and a message names a few of
/// thousands of names. Peak memory is the child's, as StreamingMemoryTests measures it.
@Suite struct ScaleHardeningTests {
    static let measuresMemory = ProcessInfo.processInfo.environment["LIMELIGHT_SANITIZER"] == nil

    /// The exit status and peak resident memory (KiB) of `limelight args…`, measured by a Python
    /// parent that runs nothing else, so no other child of the test process counts.
    func peakMemory(_ args: [String]) throws -> (status: Int, kibibytes: Int) {
        let text = try CLI.runProcess("/usr/bin/python3", ["-c", """
        import os, resource, subprocess, sys
        # The child gets a display driver, PATH and the sanitizers' options (their suppressions) only.
        r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=dict({k: v for k, v in os.environ.items() if k == "PATH" or k.endswith("SAN_OPTIONS")}, SDL_VIDEODRIVER="dummy"))
        print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
        """, CLI.binary] + args).stdout
        let parts = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        try #require(parts.count == 2, "\(text)")
        return (parts[0], parts[1])
    }

    /// A screens file in `dir` with one screen of `views` (each a view's JSON, one a line), and
    /// `extra` top-level keys.
    func screensFile(_ views: [String], extra: String = "", in dir: String) throws -> String {
        let path = dir + "/app.json"
        let text = #"{"id": "t", \#(extra.isEmpty ? "" : extra + ", ")"screens": {"home": {"content": {"type": "vstack", "children": [\#n"#
            + views.joined(separator: ",\n") + "\n]}}}}"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// An image of 4000x4000 pixels (61 MiB decoded) named sixteen ways, as the paths of one
    /// file: `check` decodes it once, so its peak is a few images' worth, not sixteen.
    @Test(.enabled(if: measuresMemory, "under a sanitizer, peak memory measures its quarantine and shadow memory, not the program's"))
    func oneImageNamedSixteenWaysIsDecodedOnce() throws {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        try Pixmap(width: 4000, height: 4000, fill: Color(red: 40, green: 90, blue: 200)).writePNG(to: dir + "/big.png")
        #expect(symlink(dir + "/big.png", dir + "/link.png") == 0)
        let names = (0..<14).map { String(repeating: "./", count: $0) + "big.png" } + ["sub/../big.png", "link.png"]
        let app = try screensFile(names.map { #"{"type": "image", "file": "\#($0)"}"# }, in: dir)
        let r = try CLI.run(["check", app])
        #expect(r.status == 0 && r.stdout == "\(app): ok (1 screen, 17 views)\n", "\(r.stdout) \(r.stderr)")
        let peak = try peakMemory(["check", app])
        let decoded = 4000 * 4000 * 4 / 1024
        #expect(peak.status == 0 && peak.kibibytes < 4 * decoded, "peak \(peak.kibibytes / 1024) MiB for one image of \(decoded / 1024) MiB named 16 ways")
    }

    /// A screens file at its 16 MiB limit of tiny views: refused at the line where its values
    /// pass the limit, one line, and the tree is never built.
    @Test func aSixteenMebibyteFileOfTinyViewsIsRefusedInOneLine() throws {
        let dir = try CLI.temporaryFolder()
        let app = try screensFile(Array(repeating: #"{"type":"spacer"}"#, count: (16 << 20) / 19 - 10), in: dir)
        let r = try CLI.run(["check", app])
        #expect(r.status == 1)
        #expect(r.errorLines == ["\(app):249998: screens.home.content.children[249996].type: the file holds more than 500000 values (objects, lists, strings and numbers), the most it may hold",
                                 "limelight: check: 1 problem found"], "\(r.errorLines.prefix(3))")
        let window = try CLI.run(["--app", app, "render", "--out", dir + "/x.png"])
        #expect(window.status == 2 && window.errorLines.first?.hasSuffix("the most it may hold") == true, "\(window.errorLines.prefix(3))")
    }

    @Test(.enabled(if: measuresMemory, "under a sanitizer, peak memory measures its quarantine and shadow memory, not the program's"))
    func aSixteenMebibyteFileOfTinyViewsPeaksSmall() throws {
        let dir = try CLI.temporaryFolder()
        let app = try screensFile(Array(repeating: #"{"type":"spacer"}"#, count: (16 << 20) / 19 - 10), in: dir)
        let peak = try peakMemory(["check", app])
        // The whole tree of 1.8 million values, and the views made of it, took 1.6 GB.
        #expect(peak.status == 1 && peak.kibibytes < 256 * 1024, "peak \(peak.kibibytes / 1024) MiB")
    }

    @Test func aHundredThousandEventsAreRefusedInOneLine() throws {
        let dir = try CLI.temporaryFolder()
        let events = (0..<100_000).map { #""event\#($0)""# }.joined(separator: ", ")
        let app = try screensFile([#"{"type": "spacer"}"#], extra: #""events": [\#(events)]"#, in: dir)
        let r = try CLI.run(["check", app])
        #expect(r.status == 1)
        #expect(r.errorLines == ["\(app):1: events: expected at most 1000 events, found 100000", "limelight: check: 1 problem found"], "\(r.errorLines.prefix(3))")
    }

    /// A tour over an app of 10,000 ids that misses one is told the nearest few and how many more.
    @Test func aMissedIdAmongTenThousandNamesTheNearestFew() throws {
        let dir = try CLI.temporaryFolder()
        let views = (0..<10_000).map { #"{"type": "text", "id": "song.\#($0)", "text": "Song \#($0)"}"# }
        _ = try screensFile([#"{"type": "scroll", "children": [\#(views.joined(separator: ",\n"))]}"#], in: dir)
        let tour = dir + "/tour.json"
        try #"{"id": "t", "app": "app.json", "steps": [{"target": "song.x", "text": "Here"}]}"#.write(toFile: tour, atomically: true, encoding: .utf8)
        let r = try CLI.run(["check", tour])
        #expect(r.status == 1)
        #expect(r.errorLines.first == "\(tour):1: steps[0].target: no view with id \"song.x\" can exist (known: song.0 at app.json:2, song.1, song.2, song.3, song.4, song.5 and 9,995 more)",
                "\(r.errorLines.prefix(2))")
    }
}
