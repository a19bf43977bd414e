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
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = arguments
        let out = Pipe(), inPipe = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        p.standardInput = input == nil ? FileHandle.nullDevice : inPipe
        try p.run()
        if let input {
            inPipe.fileHandleForWriting.write(Data(input.utf8))
            try? inPipe.fileHandleForWriting.close()
        }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw Failure(description: "\(name) \(arguments.joined(separator: " ")) exited with \(p.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
