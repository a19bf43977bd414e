import Foundation
import Testing

/// The defects an attack on the command line's outputs found (device nodes replaced, traps on an
/// unwritable stderr, raw errno and missing files that were not missing, a `simulate` that took a
/// minute), each reproduced through the built binary. Device nodes are private ones made with
/// mknod in a temporary folder, never the machine's own, so a failing test cannot break it.
@Suite struct OutputHardeningTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let fab = repository.appendingPathComponent("assets/tours/fab.json").path
    static let isRoot = geteuid() == 0

    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// A character device node at `path` for the kernel's device `major`, `minor` (1, 3 is what
    /// /dev/null is; 1, 7 /dev/full).
    func makeDevice(_ path: String, major: UInt32 = 1, minor: UInt32 = 3, block: Bool = false) throws {
        let number = dev_t(major) << 8 | dev_t(minor)
        try #require(mknod(path, (block ? S_IFBLK : S_IFCHR) | 0o666, number) == 0, "mknod \(path): \(String(cString: strerror(errno)))")
    }

    /// The type bits and device number of what is at `path` (its links not followed).
    func kind(_ path: String) -> (type: mode_t, device: dev_t)? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return (info.st_mode & S_IFMT, info.st_rdev)
    }

    /// Runs the binary through the shell with `redirections` (`2>&-`, `2>/dev/full`) applied.
    func runRedirected(_ redirections: String, _ args: [String], environment: [String: String] = [:]) throws -> CLIResult {
        try CLI.runProcess("/bin/sh", ["-c", "exec \"$0\" \"$@\" \(redirections)", CLI.binary] + args,
                           environment: ["DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": "dummy"].merging(environment) { $1 })
    }

    // MARK: - Devices, pipes and what is never written

    /// 1: every output written through AtomicFile goes into a device node in place; the node stays.
    @Test(.enabled(if: isRoot, "mknod needs root"))
    func aDeviceIsWrittenInPlaceNeverReplaced() throws {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.copyItem(atPath: Self.fab, toPath: dir + "/fab.json")
        try write("wait 10\n", to: dir + "/s.txt")
        let null = dir + "/null"
        try makeDevice(null)
        try makeDevice(dir + "/de.po")
        var cases: [[String]] = [
            ["schema", "tour", "--out", null],
            ["render", "--out", null],
            ["render", "--tour", dir + "/fab.json", "--step", "1", "--out", null],
            ["test", dir + "/fab.json", "--update", "--jobs", "1", "--junit", null],
            ["test", dir + "/fab.json", "--jobs", "1", "--shard", "1/1", "--blob", null],
            ["l10n", "export", dir + "/fab.json", "--lang", "de", "--out", dir + "/de.po"],
            ["replay", "--script", dir + "/s.txt", "--out", dir + "/shots", "--announcements", null],
        ]
        if VideoTests.ffmpeg != nil {
            try makeDevice(dir + "/v.gif")
            cases.append(["render", "--tour", dir + "/fab.json", "--video", dir + "/v.gif", "--hold", "100"])
        }
        for args in cases {
            let r = try CLI.run(args)
            #expect(r.status == 0, "\(args): \(r.stderr)")
            for node in [null, dir + "/de.po"] + (VideoTests.ffmpeg != nil ? [dir + "/v.gif"] : []) {
                let found = kind(node)
                #expect(found?.type == S_IFCHR && found?.device == 1 << 8 | 3, "\(args): \(node) is still the device")
            }
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".") }
        #expect(left.isEmpty, "no temporary file is left: \(left)")
        // The window's --events log too.
        let window = try CLI.run(["--events", null, "--frames", "2", "--speech", "off"], environment: ["XDG_STATE_HOME": dir + "/state"])
        #expect(window.status == 0, "\(window.stderr)")
        #expect(kind(null)?.type == S_IFCHR)
    }

    /// 1: a FIFO someone reads gets the bytes, and stays a FIFO; one no one reads is said to be at
    /// once, never waited on.
    @Test func aFIFOIsWrittenInPlaceWhenSomeoneReadsIt() throws {
        let dir = try CLI.temporaryFolder()
        let fifo = dir + "/schema.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        let lonely = try CLI.run(["schema", "tour", "--out", fifo])
        #expect(lonely.status == 1)
        #expect(lonely.errorLines == ["limelight: schema: --out \(fifo): cannot write (no one reads the pipe)"], "\(lonely.errorLines)")
        // A reader, opened first without waiting: the schema fits in the pipe's buffer.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        let r = try CLI.run(["schema", "tour", "--out", fifo])
        #expect(r.status == 0, "\(r.stderr)")
        var received = Data()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(reader, &chunk, chunk.count)
            if n <= 0 { break }
            received.append(contentsOf: chunk[0..<n])
        }
        let printed = try CLI.run(["schema", "tour"])
        #expect(String(decoding: received, as: UTF8.self) == printed.stdout)
        #expect(kind(fifo)?.type == S_IFIFO, "the FIFO is still there")
    }

    /// 1: a folder, a socket or a block device is refused with one line, and stays.
    @Test(.enabled(if: isRoot, "mknod needs root"))
    func aFolderASocketOrABlockDeviceIsRefused() throws {
        let dir = try CLI.temporaryFolder()
        let folder = dir + "/folder", socketPath = dir + "/socket", block = dir + "/disk"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let socketFD = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socketFD) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in socketPath.utf8.enumerated() where i < raw.count - 1 { raw[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        try #require(bound == 0)
        // An unused loop device number: nothing is ever opened.
        try makeDevice(block, major: 7, minor: 255, block: true)
        for (path, what, type) in [(folder, "is a folder", S_IFDIR), (socketPath, "is a socket", S_IFSOCK), (block, "is a block device", S_IFBLK)] {
            // Refused before the schema is made, as bad usage, like every output path.
            let r = try CLI.run(["schema", "tour", "--out", path])
            #expect(r.status == 2, "\(what)")
            #expect(r.errorLines == ["limelight: schema: --out \(path): \(what)\(type == S_IFDIR ? " (expected a file path)" : "")"], "\(r.errorLines)")
            let junit = try CLI.run(["test", Self.fab, "--jobs", "1", "--only", "nothing", "--junit", path])
            #expect(junit.status == 2, "\(what): \(junit.stdout)\(junit.stderr)")
            #expect(junit.errorLines.first?.contains(": \(what)") == true, "\(junit.errorLines)")
            #expect(kind(path)?.type == type, "\(path) stays \(what)")
        }
    }

    /// 1: `/dev/fd/1` (what `/dev/stdout` leads to) is this process's stdout: the schema arrives
    /// there, without a "wrote" line in it.
    @Test func theProcessesOwnDescriptorIsWrittenTo() throws {
        let r = try CLI.run(["schema", "tour", "--out", "/dev/fd/1"])
        let printed = try CLI.run(["schema", "tour"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == printed.stdout)
    }

    // MARK: - Standard streams

    /// 2: a closed stderr, or one on a full disk, never traps: closed is nothing lost (exit 0), full
    /// is a failure (exit 1); the work is done either way.
    @Test func anUnwritableStderrIsAnExitStatusNotATrap() throws {
        let dir = try CLI.temporaryFolder()
        for (redirect, status) in [("2>&-", Int32(0)), ("2>/dev/full", Int32(1))] {
            let out = dir + "/app\(status).png"
            let r = try runRedirected(redirect, ["render", "--size", "100x100", "--no-overlay", "--out", out])
            #expect(r.status == status, "\(redirect): \(r.status)")
            #expect(FileManager.default.fileExists(atPath: out), "\(redirect): the PNG was written")
            let bad = try runRedirected(redirect, ["check", dir + "/missing.json"])
            #expect(bad.status == 1, "\(redirect): \(bad.status)")
        }
    }

    /// 2: with stdin, stdout and stderr closed, the window's log lines go nowhere, not into the
    /// first file it opens: `--events FILE` holds only events.
    @Test func closedStandardDescriptorsKeepLogLinesOutOfTheEventsFile() throws {
        let dir = try CLI.temporaryFolder()
        let log = dir + "/events.jsonl"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "exec \"$0\" \"$@\" <&- >&- 2>&-", CLI.binary, "--tour", Self.fab, "--driver", "dummy", "--events", log]
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        env["XDG_STATE_HOME"] = dir + "/state"
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        p.environment = env
        try p.run()
        defer { if p.isRunning { p.terminate(); p.waitUntilExit() } }
        let deadline = Date().addingTimeInterval(20)
        var text = ""
        while Date() < deadline && p.isRunning {
            text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if text.contains("\"shown\"") { break }
            usleep(50_000)
        }
        #expect(p.isRunning, "the window is still up (exit \(p.isRunning ? 0 : p.terminationStatus))")
        #expect(text.contains("\"shown\""), "\(text)")
        for line in text.split(separator: "\n") {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["event"] is String, "only events in the log: \(line)")
        }
    }

    /// 2, 3: stdout on a full disk says so in plain words, however much was printed before the end.
    @Test func aFullStdoutIsSaidInPlainWords() throws {
        let r = try runRedirected(">/dev/full", ["schema", "tour"])
        #expect(r.status == 1)
        #expect(r.errorLines == ["limelight: cannot write the output (the disk is full); what was printed is incomplete"], "\(r.errorLines)")
    }

    // MARK: - Messages

    /// 3: an option or a file that takes a path, given an empty one, says so.
    @Test func anEmptyPathIsSaidToBeOne() throws {
        let cases: [([String], String)] = [
            (["schema", "tour", "--out", ""], "limelight: schema: --out: an empty path (expected a path)"),
            (["render", "--out", ""], "limelight: render: --out: an empty path (expected a path)"),
            (["render", "--tour", Self.fab, "--video", ""], "limelight: render: --video: an empty path (expected a file path)"),
            (["test", Self.fab, "--junit", ""], "limelight: test: --junit: an empty path (expected a file path)"),
            (["test", Self.fab, "--report", ""], "limelight: test: --report: an empty path (expected a folder)"),
            (["replay", "--script", ""], "limelight: replay: --script: an empty path (expected a file)"),
            (["simulate", Self.fab, "--events", ""], "limelight: simulate: --events: an empty path (expected an event log, JSON lines)"),
            (["--events", "", "--frames", "1"], "limelight: window: --events: an empty path (expected a file path, or - for stderr)"),
            (["l10n", "export", Self.fab, "--lang", "de", "--out", ""], "limelight: l10n export: --out: an empty path (expected a path)"),
            (["test", ""], "limelight: test: an empty path (expected a tour file or folder)"),
            (["check", ""], "limelight: check: an empty path (expected a tour file or a screens file)"),
            (["--app", "", "check"], "limelight: --app: an empty path (expected a screens file)"),
        ]
        for (args, line) in cases {
            let r = try CLI.run(args)
            #expect(r.status == 2, "\(args)")
            #expect(r.errorLines == [line], "\(args): \(r.errorLines)")
        }
    }

    /// 3: a full disk (the private /dev/full, and a real full tmpfs when one can be mounted) is
    /// "the disk is full", not errno's words or a Foundation error's dump.
    @Test(.enabled(if: isRoot, "mknod needs root"))
    func aFullDiskIsSaidInPlainWords() throws {
        let dir = try CLI.temporaryFolder()
        let full = dir + "/full"
        try makeDevice(full, minor: 7)
        let schema = try CLI.run(["schema", "tour", "--out", full])
        #expect(schema.errorLines == ["limelight: schema: --out \(full): cannot write (the disk is full)"], "\(schema.errorLines)")
        let render = try CLI.run(["render", "--out", full])
        #expect(render.errorLines == ["limelight: render: \(full): cannot write (the disk is full)"], "\(render.errorLines)")
        let junit = try CLI.run(["test", Self.fab, "--update", "--jobs", "1", "--results", dir + "/results", "--junit", full])
        #expect(junit.stdout.contains("ERROR test: --junit \(full): cannot write (the disk is full)"), "\(junit.stdout)")
        #expect(kind(full)?.type == S_IFCHR)
    }

    /// 3: a symbolic link that leads to itself is a loop, not a missing file: a tour's background,
    /// a screens file's image, a file dropped on the editor.
    @Test func aLoopOfSymbolicLinksIsNotAMissingFile() throws {
        let dir = try CLI.temporaryFolder()
        try FileManager.default.createSymbolicLink(atPath: dir + "/loop.png", withDestinationPath: "loop.png")
        try write(#"{"id": "shot", "background": "loop.png", "screen": {"scale": 1}, "steps": [{"rect": [0, 0, 1, 1], "text": "Here."}]}"#, to: dir + "/shot.json")
        let tour = try CLI.run(["check", dir + "/shot.json"])
        #expect(tour.errorLines.first == "\(dir)/shot.json:1: background: \"loop.png\": a loop of symbolic links", "\(tour.errorLines)")
        try write(#"{"id": "x", "screens": {"a": {"content": {"type": "image", "file": "loop.png"}}}}"#, to: dir + "/app.json")
        let screens = try CLI.run(["check", dir + "/app.json"])
        #expect(screens.errorLines.first == "\(dir)/app.json:1: screens.a.content.file: \"loop.png\": a loop of symbolic links", "\(screens.errorLines)")
        try write("drop \"loop.png\"\n", to: dir + "/drop.txt")
        let drop = try CLI.run(["replay", "--edit", dir + "/new.json", "--script", dir + "/drop.txt", "--out", dir + "/out"])
        #expect(drop.errorLines.contains("limelight: replay: loop.png cannot be a screenshot: \"loop.png\": a loop of symbolic links"), "\(drop.errorLines)")
    }

    /// 3: saved progress that is JSON of the wrong shape names the key and what belongs there.
    @Test func savedProgressOfTheWrongTypeNamesTheKey() throws {
        let state = try CLI.temporaryFolder()
        let file = state + "/limelight/sample/state.json"
        for (text, problem) in [(#"{"version": 1, "tours": {}, "appLaunches": "three"}"#, #"appLaunches is the string "three" (expected a count, 0 or more)"#),
                                (#"{"version": 1, "tours": {"fab": {"outcome": "done", "date": "2026-01-02T03:04:05Z"}}}"#,
                                 #"tours["fab"].outcome is the string "done" (expected "finished" or "skipped")"#),
                                (#"{"version": 1, "tours": {"fab": {"outcome": "finished", "date": "yesterday"}}}"#,
                                 #"tours["fab"].date is the string "yesterday" (expected a date and time such as "2026-01-02T03:04:05Z")"#)] {
            try write(text, to: file)
            let r = try CLI.run(["--frames", "2", "--speech", "off"], environment: ["XDG_STATE_HOME": state])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stderr.contains("state.json: \(problem); set aside as state.json.corrupt-"), "\(r.errorLines)")
        }
    }

    // MARK: - Time

    /// 4: a log of 100,000 launches is simulated to its end, each launch decided by the rules.
    @Test func simulateTakesAHundredThousandLaunches() throws {
        let dir = try CLI.temporaryFolder()
        try write(#"{"id": "once", "steps": [{"target": "fab", "text": "Add"}, {"target": "tab.menu", "text": "Menu"}]}"#, to: dir + "/once.json")
        try write(#"{"id": "thrice", "show": {"maxTimes": 3}, "steps": [{"target": "fab", "text": "Add"}]}"#, to: dir + "/thrice.json")
        try write(#"{"id": "late", "show": {"afterLaunches": 100000}, "steps": [{"target": "fab", "text": "Add"}]}"#, to: dir + "/late.json")
        let launches = 100_000
        var log = ""
        log.reserveCapacity(launches * 40)
        for i in 0..<launches { log += "{\"ms\": \(i * 60_000), \"event\": \"launch\"}\n" }
        try write(log, to: dir + "/log.jsonl")
        let r = try CLI.run(["simulate", dir, "--events", dir + "/log.jsonl"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == launches * 4)
        #expect(lines.filter { $0.hasPrefix("launch ") }.count == launches)
        #expect(lines.filter { $0 == "  once: shows all 2 steps (first time)" }.count == 1)
        #expect(lines.filter { $0.hasPrefix("  thrice: shows all 1 step") }.count == 3)
        #expect(lines.filter { $0.hasPrefix("  late: shows") } == ["  late: shows all 1 step (first time)"])
        #expect(lines.suffix(4).first?.hasPrefix("launch 100000 at ") == true, "\(lines.suffix(4))")
    }
}
