import Foundation
import Testing
import TestSupport

/// liblimelight installed into a prefix of the test run as `make install` installs it
/// (scripts/install-library.sh, from this build's folder), and programs built against it with
/// `pkg-config` alone, once per test run.
enum InstalledPrefix {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The build folder holding the test bundle, and so the built libLimelightC.so.
    static var buildFolder: String {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("libLimelightC.so").path) && dir.path != "/" {
            dir = dir.deletingLastPathComponent()
        }
        return dir.path
    }

    /// The prefix, or why it could not be made: in the build folder, made anew each run (about 90 MB
    /// with the Swift runtime, kept to one copy).
    static let installed: Result<String, CTestFailure> = {
        let prefix = buildFolder + "/limelight-c-prefix"
        try? FileManager.default.removeItem(atPath: prefix)
        do {
            let run = try ChildProcess.run("/bin/sh", [root.appendingPathComponent("scripts/install-library.sh").path, buildFolder, prefix], timeout: 300)
            guard run.status == 0 else { return .failure(CTestFailure("install-library.sh failed: \(run.errors)")) }
        } catch { return .failure(CTestFailure("install-library.sh: \(error)")) }
        return .success(prefix)
    }()

    /// The prefix (its installation failing the test).
    static func prefix() throws -> String { try installed.get() }

    /// Programs built once: by source path, the executable or the compiler's complaint.
    nonisolated(unsafe) private static var built: [String: Result<String, CTestFailure>] = [:]
    private static let lock = NSLock()

    /// `source` (relative to the repository) built with `compiler` and `pkg-config --cflags --libs
    /// packages` of the installed prefix, plus `extra` flags; the executable's path.
    static func build(_ source: String, compiler: String = "/usr/bin/cc", packages: [String], extra: [String] = []) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        let key = ([source, compiler] + packages + extra).joined(separator: " ")
        if let known = built[key] { return try known.get() }
        let outcome: Result<String, CTestFailure>
        do {
            let prefix = try self.prefix()
            let environment = ["PKG_CONFIG_PATH": prefix + "/lib/pkgconfig"]
            let flags = try ChildProcess.run("/usr/bin/pkg-config", ["--cflags", "--libs"] + packages, environment: environment, timeout: 60)
            guard flags.status == 0 else { throw CTestFailure("pkg-config \(packages): \(flags.errors)") }
            let output = prefix + "/bin-" + URL(fileURLWithPath: source).deletingPathExtension().lastPathComponent + (extra.isEmpty ? "" : "-\(built.count)")
            let words = flags.output.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
            let compile = try ChildProcess.run(compiler, [root.appendingPathComponent(source).path] + words + extra + ["-o", output],
                                               environment: environment, timeout: 300)
            guard compile.status == 0 else { throw CTestFailure("\(compiler) \(source): \(compile.errors)") }
            outcome = .success(output)
        } catch let failure as CTestFailure {
            outcome = .failure(failure)
        } catch {
            outcome = .failure(CTestFailure("\(error)"))
        }
        built[key] = outcome
        return try outcome.get()
    }

    /// Runs `executable` headless (SDL's dummy driver, no display) in `folder`.
    static func run(_ executable: String, _ arguments: [String], in folder: String, environment: [String: String] = [:]) throws -> ChildProcess.Finished {
        try ChildProcess.run(executable, arguments, environment: ["SDL_VIDEODRIVER": "dummy", "DISPLAY": "", "WAYLAND_DISPLAY": ""].merging(environment) { $1 },
                             directory: folder, timeout: 120)
    }
}
