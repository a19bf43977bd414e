import Foundation
import Testing
import ImageFiles
import Raster
import TestSupport

/// The defects an attack on every command found (images, numbers, hangs, writes, messages), each
/// reproduced with its small input through the built binary: one line and a non-zero exit, never a
/// crash, a hang or a file written where it must not be.
@Suite struct HardeningTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let regressions = repository.appendingPathComponent("fuzz/regressions/image").path
    static let fab = repository.appendingPathComponent("assets/tours/fab.json").path

    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// A tour over `background` (a path) with one rect.
    func screenshotTour(_ background: String, in dir: String) throws -> String {
        let tour = dir + "/shot.json"
        try write(#"{"id": "shot", "background": "\#(background)", "screen": {"scale": 1}, "steps": [{"rect": [0, 0, 1, 1], "text": "Here."}]}"#, to: tour)
        return tour
    }

    // MARK: - Crashes

    /// 1, 6, 7: an image is decoded by the decoder of the format its header names.
    @Test func imagesThatOnceCrashedOrExplodedAreOneLineOrWhatTheyAre() throws {
        let dir = try CLI.temporaryFolder()
        for (file, message) in [("webp-holding-svg.webp", "a damaged WebP ("),
                                ("gif-huge-frame.gif", "its first GIF frame claims 65535x65535 pixels")] {
            let tour = try screenshotTour(Self.regressions + "/" + file, in: dir)
            for args in [["check", tour], ["render", "--tour", tour, "--out", dir + "/x.png"]] {
                let r = try CLI.run(args)
                #expect(r.status == 1, "\(file) \(args[0]): \(r.stderr)")
                #expect(r.errorLines.first?.contains(message) == true, "\(file): \(r.errorLines)")
            }
        }
        let tga = try screenshotTour(Self.regressions + "/bmp-named-tga.tga", in: dir)
        let r = try CLI.run(["render", "--tour", tga, "--out", dir + "/tga.png"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Pixmap(contentsOfFile: dir + "/tga.png").width == 1)
    }

    /// 2: a drag by 1e308 points traps no more: the script is refused with its line, in a replay and
    /// inside a tour's test scripts, and `limelight test` still runs every other tour.
    @Test func aHugeDragIsRefusedWithItsLine() throws {
        let dir = try CLI.temporaryFolder()
        for line in ["drag 10 10 1e308 -1e308", "drag fab 2e20 0", "touch drag 10 10 1e300 0", "tap 1e6 5", "scroll 1e300"] {
            try write("wait 10\n\(line)\n", to: dir + "/s.txt")
            let r = try CLI.run(["replay", "--script", dir + "/s.txt", "--out", dir + "/out"])
            #expect(r.status == 2, "\(line): \(r.stderr)")
            #expect(r.errorLines.count == 1 && r.errorLines[0].hasPrefix("limelight: replay: \(dir)/s.txt:2: expected points from -100000 to 100000, found "),
                    "\(line): \(r.errorLines)")
        }
        try write("""
        {"id": "bad", "test": {"scripts": [{"name": "drag", "lines": ["drag 10 10 1e308 -1e308"]}]},
         "steps": [{"target": "fab", "text": "Add"}]}
        """, to: dir + "/tours/bad.json")
        let check = try CLI.run(["check", dir + "/tours/bad.json"])
        #expect(check.status == 1)
        #expect(check.errorLines.first == "\(dir)/tours/bad.json:1: test.scripts[0].lines[0]: expected points from -100000 to 100000, found 1e308", "\(check.errorLines)")
        try FileManager.default.copyItem(atPath: Self.fab, toPath: dir + "/tours/fab.json")
        let test = try CLI.run(["test", dir + "/tours", "--update", "--jobs", "1"])
        #expect(test.stdout.contains("wrote \(dir)/tours/fab.goldens/"), "the other tour still runs: \(test.stdout)")
    }

    /// 3: saved progress at the largest count: the window launches, counts on without overflowing,
    /// and keeps the file.
    @Test func progressAtTheLargestCountLaunches() throws {
        let state = try CLI.temporaryFolder()
        try write(#"{"version": 1, "tours": {}, "appLaunches": 9223372036854775807}"#, to: state + "/limelight/sample/state.json")
        let stderr = state + "/stderr.txt"
        let window = try CLI.startWindow(["--frames", "5"], state: state, stderr: stderr)
        window.waitUntilExit()
        #expect(window.terminationStatus == 0, "\((try? String(contentsOfFile: stderr, encoding: .utf8)) ?? "")")
        let saved = try String(contentsOfFile: state + "/limelight/sample/state.json", encoding: .utf8)
        #expect(saved.contains("9223372036854775807"), "\(saved)")
        // A negative count is impossible: set aside, not trusted.
        try write(#"{"version": 1, "tours": {}, "appLaunches": -3}"#, to: state + "/limelight/sample/state.json")
        let again = try CLI.startWindow(["--frames", "5"], state: state, stderr: stderr)
        again.waitUntilExit()
        let log = try String(contentsOfFile: stderr, encoding: .utf8)
        #expect(log.contains("appLaunches is -3 (expected a count, 0 or more); set aside as state.json.corrupt-"), "\(log)")
    }

    /// A run of `--frames N` ends after N frames even when the app goes idle before it has drawn
    /// N (a window that waited for input forever once the screen stopped changing).
    @Test func aFrameLimitEndsAnIdleWindow() throws {
        let state = try CLI.temporaryFolder()
        let r = try CLI.run(["--frames", "90", "--speech", "off"], environment: ["XDG_STATE_HOME": state], timeout: 120)
        #expect(r.status == 0, "\(r.stderr)")
    }

    /// 4, 5: durations and times too large to spell are refused by `check` and by the log reader.
    @Test func hugeDurationsAndTimesAreRefused() throws {
        let dir = try CLI.temporaryFolder()
        for value in ["1e300d", "1e308w"] {
            try write(#"{"id": "t", "show": {"notWithin": "\#(value)"}, "steps": [{"target": "fab", "text": "Add"}]}"#, to: dir + "/t.json")
            let check = try CLI.run(["check", dir + "/t.json"])
            #expect(check.status == 1)
            #expect(check.errorLines.first == "\(dir)/t.json:1: show.notWithin: expected a duration of at most 3650 d (\"3650d\"), found \"\(value)\"")
        }
        try write(#"{"id": "t", "steps": [{"target": "fab", "text": "Add"}]}"#, to: dir + "/t.json")
        for (log, message) in [("{\"ms\": 1e19, \"event\": \"launch\"}\n{\"ms\": 5, \"event\": \"launch\"}\n", "1: expected \"ms\": a number of milliseconds from 0 to 3155760000000 (about 100 years)"),
                               ("{\"ms\": 1e12, \"event\": \"launch\"}\n{\"ms\": 5, \"event\": \"launch\"}\n", "2: the events go back in time (5 ms after 1000000000000 ms)"),
                               ("{\"ms\": true, \"event\": \"launch\"}\n", "1: expected \"ms\": a number of milliseconds from 0 to 3155760000000 (about 100 years)")] {
            try write(log, to: dir + "/log.jsonl")
            let r = try CLI.run(["simulate", dir + "/t.json", "--events", dir + "/log.jsonl"])
            #expect(r.status == 1)
            #expect(r.errorLines == ["limelight: simulate: \(dir)/log.jsonl:\(message)"], "\(r.errorLines)")
        }
    }

    // MARK: - Memory and time

    /// 8: `--jobs 256` starts no more processes than the machine has cores.
    @Test func tooManyJobsAreCappedAndSaidSo() throws {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.copyItem(atPath: Self.fab, toPath: dir + "/fab.json")
        let r = try CLI.run(["test", dir + "/fab.json", "--update", "--jobs", "256"])
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(r.errorLines.contains { $0.hasPrefix("limelight: test: --jobs 256: running ") && $0.contains("(the ") } || cores >= 256, "\(r.errorLines)")
    }

    /// 9: a text longer than a bubble could hold is refused with its line; a letter with 200,000
    /// accents (under the limit in characters) lays out like one with 32.
    @Test func aHugeTextIsRefusedAndAHugeClusterIsCapped() throws {
        let dir = try CLI.temporaryFolder()
        let word = String(repeating: "w", count: 10_001)
        try write(#"{"id": "t", "steps": [{"target": "fab", "text": "\#(word)"}]}"#, to: dir + "/t.json")
        let check = try CLI.run(["check", dir + "/t.json"])
        #expect(check.errorLines.first == "\(dir)/t.json:1: steps[0].text: expected a text of at most 10000 characters, found a longer one (10001 bytes)")
        let accents = "a" + String(repeating: "\u{301}", count: 200_000)
        try write(#"{"id": "t", "steps": [{"target": "fab", "text": "\#(accents)"}]}"#, to: dir + "/t.json")
        let render = try CLI.run(["render", "--tour", dir + "/t.json", "--out", dir + "/t.png"])
        #expect(render.status == 0, "\(render.stderr)")
    }

    /// 10: a FIFO as a tour file, a script or an event log is refused at once, never waited on.
    @Test func aFIFOIsRefusedInsteadOfBlocking() throws {
        let dir = try CLI.temporaryFolder()
        let fifo = dir + "/tour.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        let cases: [([String], String)] = [
            (["check", fifo], "\(fifo): not a regular file (a pipe; expected a tour file, JSON)"),
            (["render", "--tour", fifo, "--out", dir + "/x.png"], "limelight: render: \(fifo): not a regular file (a pipe; expected a tour file, JSON)"),
            (["replay", "--script", fifo, "--out", dir + "/o"], "limelight: replay: \(fifo): not a regular file (a pipe; expected a script, text)"),
            (["simulate", Self.fab, "--events", fifo], "limelight: simulate: --events \(fifo): not a regular file (a pipe; expected an event log, JSON lines)"),
            (["--events", fifo, "--frames", "1"], "limelight: window: --events \(fifo): no one reads the pipe (expected a file path, or - for stderr)"),
        ]
        for (args, message) in cases {
            let r = try CLI.run(args)
            #expect(r.status != 0, "\(args)")
            #expect(r.errorLines.first == message, "\(args): \(r.errorLines)")
        }
    }

    /// 11: scripts and videos have a longest virtual time; a killed video's partial file goes.
    @Test func scriptsAndVideosHaveALongestTime() throws {
        let dir = try CLI.temporaryFolder()
        try write(String(repeating: "wait 3600000\n", count: 2), to: dir + "/long.txt")
        let replay = try CLI.run(["replay", "--script", dir + "/long.txt", "--out", dir + "/o"])
        #expect(replay.status == 2)
        #expect(replay.errorLines == ["limelight: replay: \(dir)/long.txt:2: the script's waits add up to more than 3600000 ms (an hour of virtual time, the most a script may last)"])
        try write("wait 3600000\n", to: dir + "/hour.txt")
        let video = try CLI.run(["render", "--tour", Self.fab, "--video", dir + "/v.mp4", "--script", dir + "/hour.txt"])
        #expect(video.status == 2)
        #expect(video.errorLines == ["limelight: render: --video \(dir)/v.mp4: the video would last 1 h, more than the 10 minutes a video may (shorten the script's waits)"])
        // A partial file of a process that is gone is removed by the next video into the folder.
        let stale = dir + "/.v.gif.partial-999999999"
        try write("half a video", to: stale)
        try write("wait 100\n", to: dir + "/short.txt")
        let good = try CLI.run(["render", "--tour", Self.fab, "--video", dir + "/v.gif", "--script", dir + "/short.txt"])
        #expect(good.status == 0, "\(good.stderr)")
        #expect(!FileManager.default.fileExists(atPath: stale))
    }

    // MARK: - Writes

    /// 12: goldens only inside the tour's folder.
    @Test func goldensOutsideTheToursFolderAreRefused() throws {
        let dir = try CLI.temporaryFolder()
        try write(#"{"id": "t", "test": {"goldens": "../../elsewhere"}, "steps": [{"target": "fab", "text": "Add"}]}"#, to: dir + "/tours/t.json")
        let r = try CLI.run(["test", dir + "/tours/t.json", "--update"])
        #expect(r.status != 0)
        #expect(r.stdout.contains("\(dir)/tours/t.json:1: test.goldens: expected a folder inside the tour file's folder, found \"../../elsewhere\" (`..` leaves it)"), "\(r.stdout)")
        #expect(!FileManager.default.fileExists(atPath: (dir as NSString).deletingLastPathComponent + "/elsewhere"))
        // A symbolic link out of the folder is followed no further.
        let outside = try CLI.temporaryFolder()
        try write(#"{"id": "t", "test": {"goldens": "snaps"}, "steps": [{"target": "fab", "text": "Add"}]}"#, to: dir + "/tours/t.json")
        try FileManager.default.createSymbolicLink(atPath: dir + "/tours/snaps", withDestinationPath: outside)
        let linked = try CLI.run(["test", dir + "/tours/t.json", "--update"])
        #expect(linked.status == 1)
        #expect(linked.stdout.contains("cannot make the goldens folder (\(dir)/tours/snaps is a symbolic link (not followed: what is written stays inside \(dir)/tours))"), "\(linked.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
    }

    /// 13: output that cannot be written is an error.
    @Test func outputThatCannotBeWrittenIsAnError() throws {
        let dir = try CLI.temporaryFolder()
        let p = try ChildProcess.run(CLI.binary, ["render", "--json", "--out", dir + "/x.png"], environment: ["SDL_VIDEODRIVER": "dummy"],
                                     stdout: .handle(try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))), timeout: 120)
        let text = p.errors
        #expect(p.status == 1)
        #expect(text.contains("limelight: cannot write the output (the disk is full); what was printed is incomplete"), "\(text)")
    }

    /// 14: a run killed while recording leaves temporary files; the next run removes them.
    @Test func staleTemporaryGoldensAreRemoved() throws {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.copyItem(atPath: Self.fab, toPath: dir + "/fab.json")
        try FileManager.default.createDirectory(atPath: dir + "/fab.goldens", withIntermediateDirectories: true)
        let stale = dir + "/fab.goldens/.390x844@1x-en-step01.png.tmp-999999999-42"
        let mine = dir + "/fab.goldens/notes.tmp-999999999-1"
        try write("x", to: stale)
        try write("not ours", to: mine)
        let r = try CLI.run(["test", dir + "/fab.json", "--update", "--jobs", "1"])
        #expect(r.errorLines.contains("limelight: test: removed .390x844@1x-en-step01.png.tmp-999999999-42, left in \(dir)/fab.goldens by a run that was stopped"), "\(r.errorLines)")
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: mine), "a file not of Limelight's naming stays")
    }

    /// 15: a control character in a name never reaches the terminal as it is.
    @Test func controlCharactersInNamesAreEscaped() throws {
        let dir = try CLI.temporaryFolder()
        let file = dir + "/evil\u{1B}[2J.json"
        try write(#"{"id": "t", "steps": [{"target": "nope", "text": "Add"}]}"#, to: file)
        let r = try CLI.run(["test", file])
        #expect(!(r.stdout + r.stderr).contains("\u{1B}"))
        #expect(r.stdout.contains("evil\\u{1b}[2J"), "\(r.stdout)")
    }

    // MARK: - Messages

    /// 16: the line a user needs for each odd case.
    @Test func oddCasesGetTheLineAUserNeeds() throws {
        let dir = try CLI.temporaryFolder()
        // A goldens folder that is a file.
        try FileManager.default.copyItem(atPath: Self.fab, toPath: dir + "/fab.json")
        try write("a file", to: dir + "/fab.goldens")
        let update = try CLI.run(["test", dir + "/fab.json", "--update", "--jobs", "1"])
        #expect(update.stdout.contains("cannot record \(dir)/fab.goldens/390x844@1x-en-step01.png: cannot make the goldens folder (\(dir)/fab.goldens is a file, not a folder)"), "\(update.stdout)")
        let run = try CLI.run(["test", dir + "/fab.json", "--jobs", "1"])
        #expect(run.stdout.contains("its folder \(dir)/fab.goldens is not a folder (a file is in the way)"), "\(run.stdout)")
        // A golden that is a link (here a loop of links): never followed.
        try FileManager.default.removeItem(atPath: dir + "/fab.goldens")
        try FileManager.default.createDirectory(atPath: dir + "/fab.goldens", withIntermediateDirectories: true)
        let g = dir + "/fab.goldens/390x844@1x-en-step01.png"
        try FileManager.default.createSymbolicLink(atPath: g, withDestinationPath: g)
        let loop = try CLI.run(["test", dir + "/fab.json", "--jobs", "1", "--only", "en-step01"])
        #expect(loop.stdout.contains("cannot read the golden \(g): a symbolic link (not followed"), "\(loop.stdout)")
        // state.json that is a folder.
        let state = try CLI.temporaryFolder()
        try FileManager.default.createDirectory(atPath: state + "/limelight/sample/state.json", withIntermediateDirectories: true)
        let stderr = state + "/stderr.txt"
        let window = try CLI.startWindow(["--frames", "3"], state: state, stderr: stderr)
        window.waitUntilExit()
        let log = try String(contentsOfFile: stderr, encoding: .utf8)
        #expect(log.contains("state.json: is a folder (expected saved tour progress, JSON); tours count as not seen"), "\(log)")
        // Numbers out of range name the bound that was passed; only sizes hear about negatives.
        try write("""
        {"id": "t", "dim": {"opacity": -0.5},
         "steps": [{"rect": [0, 0, 1e308, 5], "waitFor": -1, "text": "Add"}]}
        """, to: dir + "/n.json")
        let numbers = try CLI.run(["check", dir + "/n.json"])
        #expect(numbers.errorLines.contains("\(dir)/n.json:1: dim.opacity: expected a number from 0 to 1, found -0.5"), "\(numbers.errorLines)")
        #expect(numbers.errorLines.contains("\(dir)/n.json:2: steps[0].rect[2]: expected a number from 0 to 100000, found 1e+308"), "\(numbers.errorLines)")
        #expect(!numbers.stderr.contains("(sizes may not be negative)"))
        // --hold names one limit.
        let hold = try CLI.run(["render", "--tour", Self.fab, "--video", dir + "/v.mp4", "--hold", "90000"])
        #expect(hold.errorLines == ["limelight: render: --hold expects milliseconds from 0 to 60000 (got \"90000\")"])
    }

    /// 16: ffmpeg killed by a signal is said to be.
    @Test func ffmpegKilledByASignalIsSaidToBe() throws {
        let dir = try CLI.temporaryFolder()
        try write("#!/bin/sh\ncat >/dev/null & kill -KILL $$\n", to: dir + "/bin/ffmpeg")
        #expect(chmod(dir + "/bin/ffmpeg", 0o755) == 0)
        let r = try CLI.run(["render", "--tour", Self.fab, "--video", dir + "/v.mp4", "--hold", "100"],
                            environment: ["PATH": dir + "/bin:/usr/bin:/bin"])
        #expect(r.status == 1)
        #expect(r.errorLines.first?.contains("killed by signal 9 (Killed)") == true, "\(r.errorLines)")
    }

    /// 17: `simulate` takes folders, as the README shows.
    @Test func simulateTakesAFolder() throws {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.copyItem(atPath: Self.fab, toPath: dir + "/fab.json")
        try write("{\"ms\": 0, \"event\": \"launch\"}\n", to: dir + "/log.jsonl")
        let r = try CLI.run(["simulate", dir, "--events", dir + "/log.jsonl"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("fab: shows all 1 step"), "\(r.stdout)")
    }

    /// 18: what was silently ignored or accepted.
    @Test func whatWasSilentlyAcceptedIsSaid() throws {
        let dir = try CLI.temporaryFolder()
        try write(#"{"id": "t", "screen": {"scale": 3}, "steps": [{"target": "fab", "text": "Add"}]}"#, to: dir + "/screen.json")
        let screen = try CLI.run(["check", dir + "/screen.json"])
        #expect(screen.status == 0)
        #expect(screen.errorLines.first?.hasPrefix("\(dir)/screen.json:1: screen: warning: applies only to a tour over a screenshot") == true, "\(screen.errorLines)")
        try write(#"{"id": "a", "after": "a", "steps": [{"target": "fab", "text": "Add"}]}"#, to: dir + "/self.json")
        let selfCheck = try CLI.run(["check", dir + "/self.json"])
        #expect(selfCheck.status == 1)
        #expect(selfCheck.errorLines.first == "\(dir)/self.json:1: after: the tour waits for itself to be finished, so it can never show")
        try write(#"{"id": "a", "after": "b", "steps": [{"target": "fab", "text": "Add"}]}"#, to: dir + "/a.json")
        try write(#"{"id": "b", "after": "a", "steps": [{"target": "fab", "text": "Add"}]}"#, to: dir + "/b.json")
        let pair = try CLI.run(["check", dir + "/a.json", dir + "/b.json"])
        #expect(pair.errorLines.contains("\(dir)/a.json:1: after: the tours \"a\" → \"b\" → \"a\" each wait for the next to be finished, so it can never show"), "\(pair.errorLines)")
        try write("wait 10\nshot a\u{0}b.png\n", to: dir + "/nul.txt")
        let nul = try CLI.run(["replay", "--script", dir + "/nul.txt", "--out", dir + "/o"])
        #expect(nul.status == 2)
        #expect(nul.errorLines.first?.contains(":2: expected `shot NAME.png` with a file name (no folder, no control characters) ending in .png") == true, "\(nul.errorLines)")
        // Past 99 steps, step files have as many digits as the last one needs.
        let steps = (0..<101).map { _ in #"{"target": "fab", "text": "Add"}"# }.joined(separator: ", ")
        try write(#"{"id": "many", "steps": [\#(steps)]}"#, to: dir + "/many.json")
        let all = try CLI.run(["render", "--tour", dir + "/many.json", "--all", "--out", dir + "/board"])
        #expect(all.status == 0, "\(all.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/board").filter { $0.hasPrefix("step-") }.sorted()
        #expect(names.first == "step-001.png" && names.last == "step-101.png" && names.count == 101)
    }
}
