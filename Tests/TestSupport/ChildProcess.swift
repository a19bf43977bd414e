import Foundation

/// A program a test runs to its end: its output read while it runs (each pipe on a thread of its
/// own, so a child that fills one pipe while the other waits never blocks), and a time limit
/// after which it is killed, so no child can hold the suite up. Under a sanitizer a child writes
/// far more (leak reports, symbolized stacks): reading only after waiting once hung the suite.
public enum ChildProcess {
    /// How a run ended.
    public struct Finished: Sendable {
        /// The exit status (137 when it was killed at the time limit).
        public var status: Int32
        /// What it wrote on its standard output, when that was a pipe.
        public var stdout: Data
        /// What it wrote on its standard error, when that was a pipe.
        public var stderr: Data
        /// Whether it was still running at the time limit and was killed.
        public var timedOut: Bool
        /// One line for a failed expectation when it timed out, else nil.
        public var timeoutMessage: String?
        /// Its standard output as UTF-8 text.
        public var output: String { String(decoding: stdout, as: UTF8.self) }
        /// Its standard error as UTF-8 text.
        public var errors: String { String(decoding: stderr, as: UTF8.self) }
    }

    /// Where a child's standard output or error goes.
    public enum Destination {
        /// A pipe, read while it runs (the default).
        case collect
        /// Nowhere (`/dev/null`).
        case discard
        /// An open file handle (a file, `/dev/full`).
        case handle(FileHandle)
    }

    /// Runs `executable` with `arguments`, its environment this process's changed by `environment`
    /// (an empty value removes a variable), in `directory` if given, `input` on its standard input,
    /// and waits at most `timeout` seconds.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                           directory: String? = nil, input: Data? = nil, stdout: Destination = .collect,
                           stderr: Destination = .collect, timeout: Double = 600) throws -> Finished {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v.isEmpty ? nil : v }
        p.environment = env
        if let directory { p.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let collected = Collected()
        let readers = DispatchGroup()
        func attach(_ destination: Destination, isError: Bool) -> Any {
            switch destination {
            case .discard: return FileHandle.nullDevice
            case .handle(let handle): return handle
            case .collect:
                let pipe = Pipe()
                readers.enter()
                DispatchQueue.global().async {
                    collected.set(pipe.fileHandleForReading.readDataToEndOfFile(), isError: isError)
                    readers.leave()
                }
                return pipe
            }
        }
        let inPipe = input.map { _ in Pipe() }
        p.standardInput = inPipe ?? FileHandle.nullDevice
        let outTarget = attach(stdout, isError: false), errTarget = attach(stderr, isError: true)
        p.standardOutput = outTarget
        p.standardError = errTarget
        do { try p.run() } catch {
            // The readers wait on pipes no child holds: close them so the threads end.
            for target in [outTarget, errTarget] { (target as? Pipe)?.fileHandleForWriting.closeFile() }
            readers.wait()
            throw error
        }
        if let input, let inPipe {
            DispatchQueue.global().async {
                try? inPipe.fileHandleForWriting.write(contentsOf: input)
                try? inPipe.fileHandleForWriting.close()
            }
        }
        let deadline = DispatchTime.now() + timeout
        var timedOut = readers.wait(timeout: deadline) == .timedOut
        // Without pipes to read, wait on the process itself.
        while !timedOut && p.isRunning {
            if DispatchTime.now() > deadline { timedOut = true; break }
            usleep(2000)
        }
        if timedOut {
            kill(p.processIdentifier, SIGKILL)
            _ = readers.wait(timeout: .now() + 10)
        }
        p.waitUntilExit()
        let message = timedOut ? "\(executable) \(arguments.joined(separator: " ")) was still running after \(Int(timeout)) s: killed" : nil
        return Finished(status: timedOut ? 137 : p.terminationStatus, stdout: collected.output, stderr: collected.error,
                        timedOut: timedOut, timeoutMessage: message)
    }

    /// What a child wrote on its two pipes, filled in from the threads that read them.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var out = Data(), err = Data()
        func set(_ data: Data, isError: Bool) { lock.withLock { if isError { err = data } else { out = data } } }
        var output: Data { lock.withLock { out } }
        var error: Data { lock.withLock { err } }
    }
}
