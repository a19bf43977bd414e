import Foundation

/// Whether a suite that needs programs `make test` installs (Xvfb, xdotool, the accessibility bus
/// and its registry, pyatspi, Orca, speech-dispatcher, jsonschema) runs.
///
/// With all of them there it runs. Without them a developer's machine skips it and says what it
/// needs; a CI run (`CI=true`: .ci/run sets it, as CI services do) fails instead, naming what is
/// missing: a CI image without them would otherwise pass, green, with the window and screen-reader
/// suites never run. Use it as a suite's condition:
///
///     @Suite(.enabled("needs Xvfb (make test installs it)") { try RequiredTools.check(programs: ["/usr/bin/Xvfb"]) })
public enum RequiredTools {
    /// Why a CI run cannot run a suite: what it lacks.
    public struct Missing: Error, CustomStringConvertible {
        /// The message, naming every missing program and file.
        public let description: String
    }

    /// What a suite decides, given what is missing and the environment.
    public enum Decision: Equatable, Sendable {
        /// Everything is there.
        case run
        /// Something is missing, outside CI: the suite is skipped.
        case skip
        /// Something is missing in CI: the suite fails with this message.
        case fail(String)
    }

    /// Whether the environment is a CI run's: `CI` is `true`.
    public static func isCI(_ environment: [String: String]) -> Bool { environment["CI"] == "true" }

    /// The decision for a suite that lacks `missing` (paths), in `environment`.
    public static func decision(missing: [String], environment: [String: String]) -> Decision {
        guard !missing.isEmpty else { return .run }
        guard isCI(environment) else { return .skip }
        return .fail("CI=true and \(missing.joined(separator: ", ")) \(missing.count == 1 ? "is" : "are") not installed: "
                     + "the suite cannot be skipped in CI (make test-deps installs what it needs)")
    }

    /// Of `programs`, those that are not executable files (a folder is none); of `files` (a Python
    /// package's folder), those that do not exist.
    public static func missing(programs: [String], files: [String] = []) -> [String] {
        func isProgram(_ path: String) -> Bool {
            var folder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && !folder.boolValue && FileManager.default.isExecutableFile(atPath: path)
        }
        return programs.filter { !isProgram($0) } + files.filter { !FileManager.default.fileExists(atPath: $0) }
    }

    /// A suite's condition: true to run, false to skip; in CI, throws `Missing` when anything is
    /// missing (the testing library records the error as the suite's failure).
    public static func check(programs: [String], files: [String] = [],
                             environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Bool {
        switch decision(missing: missing(programs: programs, files: files), environment: environment) {
        case .run: return true
        case .skip: return false
        case .fail(let message): throw Missing(description: message)
        }
    }
}
