import Foundation

/// A reference program run by a test (`hb-shape`, `fribidi`): its standard output, or an error
/// naming the program when it is missing or fails.
public enum ExternalTool {
    /// What running a tool went wrong with.
    public struct Failure: Error, CustomStringConvertible {
        /// The message, naming the tool.
        public let description: String
    }

    /// The standard output of `/usr/bin/<name>` run with `arguments`, `input` on its standard input.
    public static func output(of name: String, _ arguments: [String], input: String? = nil) throws -> String {
        let path = "/usr/bin/\(name)"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Failure(description: "\(path) is not installed (make test-deps installs it)")
        }
        let finished = try ChildProcess.run(path, arguments, input: input.map { Data($0.utf8) }, stderr: .discard, timeout: 120)
        guard finished.status == 0 else {
            throw Failure(description: finished.timeoutMessage ?? "\(name) \(arguments.joined(separator: " ")) exited with \(finished.status)")
        }
        let data = finished.stdout
        return String(decoding: data, as: UTF8.self)
    }
}
