import Demo
import Foundation
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
        var env = ProcessInfo.processInfo.environment
        for (k, v) in extra { env[k] = v.isEmpty ? nil : v }
        p.environment = env
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        return p
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
            let t0 = DispatchTime.now().uptimeNanoseconds
            let p = try launch(["--frames", "1"], env: ["SDL_VIDEODRIVER": "dummy", "XDG_STATE_HOME": state, "DISPLAY": "", "WAYLAND_DISPLAY": ""])
            p.waitUntilExit()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
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
