import Demo
import Foundation
import Headless
import Raster
import SDLHost
import Views

/// The window's figures: presenting frames, starting up, and sitting idle.
@MainActor
enum HostBenchmarks {
    /// `present.full` and `present.dirty`: one presented frame (texture upload, copy, present) with the
    /// whole frame and with a FAB-sized dirty rectangle, under SDL's dummy driver.
    static func present(_ h: Harness, engine: AppBenchmarks) throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        for (w, ht) in [(390, 844), (1920, 1080)] {
            var options = WindowOptions()
            options.size = Size(Double(w), Double(ht))
            let host = try WindowHost(options: options)
            let app = try engine.app(w, ht)
            host.present(app.root)
            let full = [IntRect(x: 0, y: 0, width: w, height: ht)]
            let dirty = [IntRect(x: w - 90, y: ht - 170, width: 72, height: 72)]
            h.record("present.full", size: "\(w)x\(ht)") { host.upload(full) }
            h.record("present.dirty", size: "\(w)x\(ht)") { host.upload(dirty) }
            host.close()
        }
    }

    /// The release `limelight` binary beside this one.
    static var binary: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("limelight").path
    }

    static func launch(_ args: [String], env extra: [String: String]) throws -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = args
        p.environment = environment(adding: extra)
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        return p
    }

    /// This process's environment with `extra` added (an empty value removes a variable).
    static func environment(adding extra: [String: String]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        for (k, v) in extra { env[k] = v.isEmpty ? nil : v }
        return env
    }

    /// Runs the release binary with `args` (and `extra` added to the environment; an empty value
    /// removes a variable) to its end, its output thrown away; returns its exit status and the
    /// wall time from the spawn to the reaped exit. Timed runs use `posix_spawn` and `waitpid`:
    /// Foundation's `Process.waitUntilExit` notices an exit only on its run loop's next turn, which
    /// added 10–50 ms to a run (51 ms to `/bin/true`'s 1 ms).
    static func timedRun(_ args: [String], env extra: [String: String]) throws -> (status: Int32, milliseconds: Double) {
        let env = environment(adding: extra)
        let argv = ([binary] + args).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in argv + envp { free(p) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let t0 = DispatchTime.now().uptimeNanoseconds
        let error = posix_spawn(&pid, binary, &actions, nil, argv, envp)
        guard error == 0 else { throw HeadlessError("cannot start \(binary): \(String(cString: strerror(error)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let ms = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
        // Exited normally: the status's low 7 bits are 0 and the code is in the next byte.
        return (status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F), ms)
    }

    /// `startup`: process start to the first presented frame (the window exits after it), dummy driver.
    static func startup(_ h: Harness) throws {
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            h.note("startup: skipped, build `limelight` in release first (swift build -c release)")
            return
        }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-bench-\(getpid())").path
        var samples: [Double] = []
        for _ in 0..<7 {
            samples.append(try timedRun(["--frames", "1"], env: ["SDL_VIDEODRIVER": "dummy", "XDG_STATE_HOME": state, "DISPLAY": "", "WAYLAND_DISPLAY": ""]).milliseconds)
        }
        samples.sort()
        h.add("startup", size: "390x844", milliseconds: samples[samples.count / 2])
    }

    /// `idle.cpu`: CPU milliseconds a running window uses per idle second (after its tip has shown).
    /// Under Xvfb when it is installed (a real X11 window), else under the dummy driver.
    static func idle(_ h: Harness) throws {
        guard FileManager.default.isExecutableFile(atPath: binary) else { return }
        var xvfb: Process?
        var env = ["XDG_STATE_HOME": FileManager.default.temporaryDirectory.appendingPathComponent("limelight-idle-\(getpid())").path,
                   "WAYLAND_DISPLAY": ""]
        var driver = "dummy"
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") {
            // Xvfb picks a free display itself and writes its number back when it is ready.
            let x = Process()
            x.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
            x.arguments = ["-displayfd", "1", "-screen", "0", "800x1000x24", "-nolisten", "tcp"]
            let out = Pipe()
            x.standardOutput = out; x.standardError = FileHandle.nullDevice
            try x.run()
            xvfb = x
            var answer = ""
            while !answer.contains("\n"), case let chunk = out.fileHandleForReading.availableData, !chunk.isEmpty {
                answer += String(decoding: chunk, as: UTF8.self)
            }
            let display = answer.trimmingCharacters(in: .whitespacesAndNewlines)
            env["DISPLAY"] = ":\(display)"; env["SDL_VIDEODRIVER"] = ""
            driver = "x11 (Xvfb)"
        } else {
            env["DISPLAY"] = ""; env["SDL_VIDEODRIVER"] = "dummy"
        }
        defer {
            if let xvfb, let display = env["DISPLAY"] {
                kill(xvfb.processIdentifier, SIGTERM); xvfb.waitUntilExit()
                let n = display.dropFirst()
                try? FileManager.default.removeItem(atPath: "/tmp/.X\(n)-lock")
                try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(n)")
            }
        }
        let p = try launch([], env: env)
        defer { kill(p.processIdentifier, SIGKILL); p.waitUntilExit() }
        sleep(3) // launch, the tip's delay and fade-in
        func cpu() -> Double {
            guard let stat = try? String(contentsOfFile: "/proc/\(p.processIdentifier)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return 0 }
            let f = stat[stat.index(after: close)...].split(separator: " ")
            return ((Double(f[11]) ?? 0) + (Double(f[12]) ?? 0)) / Double(sysconf(Int32(_SC_CLK_TCK)))
        }
        let before = cpu()
        sleep(5)
        let used = cpu() - before
        h.add("idle.cpu", size: "390x844", milliseconds: used * 1000 / 5)
        h.note("idle.cpu is CPU ms per idle second, not a frame time; window under \(driver)")
    }
}
