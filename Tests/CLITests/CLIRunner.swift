import Foundation
import Raster
import Testing
import TestSupport

/// Runs the built `limelight` binary and collects what it printed.
struct CLIResult {
    var status: Int32
    var stdout: String
    var stderr: String
    /// stderr's lines, without the empty last one.
    var errorLines: [String] { stderr.split(separator: "\n").map(String.init) }
}

enum CLI {
    /// The build folder holding the test bundle, and so the `limelight` binary.
    static var binDirectory: URL {
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var dir = me.deletingLastPathComponent()
        // The runner may sit inside a .xctest bundle folder.
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("limelight").path) && dir.path != "/" {
            dir = dir.deletingLastPathComponent()
        }
        return dir
    }

    static var binary: String { binDirectory.appendingPathComponent("limelight").path }

    /// Runs `limelight args…` headless (no display variables, SDL's dummy driver) and waits.
    static func run(_ args: [String], environment extra: [String: String] = [:], stdin: String? = nil, directory: String? = nil,
                    timeout: Double = 600) throws -> CLIResult {
        var environment = ["DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": "dummy"].merging(extra) { $1 }
        // Run from the package's folder (no `directory`), every command would keep its default
        // results in the same `$TMPDIR/limelight-<uid>/test-results-…`, and tests running at once
        // would clear each other's: such a command gets a temporary folder of its own.
        if directory == nil, extra["TMPDIR"] == nil { environment["TMPDIR"] = try temporaryFolder() }
        return try runProcess(binary, args, environment: environment, directory: directory, timeout: timeout)
    }

    /// Runs `executable args…` with this process's environment changed by `extra` (an empty value
    /// removes a variable), in `directory` if given, and waits at most `timeout` seconds; stdout
    /// and stderr are collected. Both pipes are read while the child runs, each on a thread of its
    /// own (a child that fills one pipe while the other is read would wait forever); a child still
    /// running at the time limit is killed, and the test fails saying so.
    static func runProcess(_ executable: String, _ args: [String], environment extra: [String: String] = [:],
                           directory: String? = nil, timeout: Double = 600) throws -> CLIResult {
        let finished = try ChildProcess.run(executable, args, environment: extra, directory: directory, timeout: timeout)
        var stderr = finished.errors
        if let message = finished.timeoutMessage {
            Issue.record(Comment(rawValue: message))
            stderr += "\n" + message
        }
        return CLIResult(status: finished.status, stdout: finished.output, stderr: stderr)
    }

    /// Starts `limelight args…` as a window on SDL's dummy driver (no display variables), its saved
    /// tour progress in `state`, its stderr going to the file `stderr` (made empty first), and
    /// `environment` on top; the caller stops it.
    static func startWindow(_ args: [String], state: String, stderr: String, environment extra: [String: String] = [:]) throws -> Process {
        _ = FileManager.default.createFile(atPath: stderr, contents: nil)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        env["XDG_STATE_HOME"] = state
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        for (k, v) in extra { env[k] = v }
        p.environment = env
        p.standardOutput = FileHandle.nullDevice
        p.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderr))
        try p.run()
        return p
    }

    /// A fresh temporary folder.
    static func temporaryFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-cli-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}

/// Headless Chromium, for pages the tests open as a browser does (the test report, the review page).
enum Chromium {
    /// The browser, when it is installed.
    static var path: String? { ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(where: FileManager.default.isExecutableFile) }

    /// Opens `page` (a file:// URL) headless with a profile in `profile`, `extra` saying what to do
    /// (`--dump-dom`, `--screenshot=…`); its exit status and stdout.
    static func browse(_ page: String, profile: String, _ extra: [String]) throws -> (Int32, String) {
        let r = try CLI.runProcess(path ?? "/usr/bin/chromium", ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(profile)"] + extra + [page])
        return (r.status, r.stdout)
    }
}

