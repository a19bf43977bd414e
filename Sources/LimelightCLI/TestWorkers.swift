import Foundation
import Headless

/// Worker processes for `limelight test --jobs N`: the parent runs groups itself and starts N − 1
/// workers, each this executable run as `limelight test --worker …` with the parent's arguments, so
/// it makes the same plan; the parent hands out group numbers one at a time, the costliest first
/// (the next to whichever is free: itself, or a worker on its stdin), and reads back one JSON line
/// of results per group. Results are kept by group, so the output is the same for any N.
final class TestWorkers: @unchecked Sendable {
    /// What one worker sends back for a group.
    struct Reply: Codable {
        /// The group's index in the plan.
        var group: Int
        /// Its cases' results.
        var results: [CaseResult]
    }

    /// The memory one process of a test run is allowed for, when deciding how many to start.
    static let memoryPerProcess = 128 << 20

    /// How many processes a run may use, and why no more: the cores, and the memory available
    /// (`MemAvailable` in /proc/meminfo) at `memoryPerProcess` each.
    static func processLimit() -> (count: Int, reason: String) {
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var available: Int?
        if let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
           let line = text.split(separator: "\n").first(where: { $0.hasPrefix("MemAvailable:") }),
           let kib = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) {
            available = kib.multipliedReportingOverflow(by: 1024).overflow ? nil : kib * 1024
        }
        let byMemory = available.map { max(1, $0 / memoryPerProcess) } ?? cores
        if byMemory < cores { return (byMemory, "the memory available holds \(byMemory) at 128 MiB each") }
        return (cores, "the machine has \(cores) core\(cores == 1 ? "" : "s")")
    }

    private let lock = NSLock()
    private var order: [Int] = []
    private var next = 0
    private var replies: [Int: [CaseResult]] = [:]
    private var failures: [Int: String] = [:]

    /// Runs the groups numbered in `order` (handed out in that order) on `jobs` processes: this one,
    /// through `local`, and `jobs - 1` workers started with `arguments` (after `test --worker`).
    /// Returns each group's results, or why its worker could not give them.
    @MainActor
    func run(order: [Int], jobs: Int, arguments: [String],
             local: (Int) -> [CaseResult]) -> (replies: [Int: [CaseResult]], failures: [Int: String]) {
        self.order = order
        let groupCount = order.count
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        // A worker that dies closes its pipe: writing to it must fail, not kill this process.
        signal(SIGPIPE, SIG_IGN)
        let feeders = DispatchGroup()
        for _ in 1..<max(2, jobs) {
            feeders.enter()
            Thread.detachNewThread {
                self.work(executable: executable, arguments: ["test", "--worker"] + arguments, groupCount: groupCount)
                feeders.leave()
            }
        }
        // This process is a worker too: it has the tours loaded and the fonts open already.
        while let group = take(groupCount) {
            let results = local(group)
            lock.withLock { replies[group] = results }
        }
        feeders.wait()
        return (replies, failures)
    }

    /// One worker's life: start it, feed it groups until none are left, then close its input.
    private func work(executable: URL, arguments: [String], groupCount: Int) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        do { try process.run() } catch {
            while let group = take(groupCount) { record(group, failure: "cannot start a worker (\(error.localizedDescription))") }
            return
        }
        let reader = LineReader(output.fileHandleForReading)
        let decoder = JSONDecoder()
        // A worker that dies gives up its group (which fails) and takes no more: the others go on.
        while let group = take(groupCount) {
            do { try input.fileHandleForWriting.write(contentsOf: Data("\(group)\n".utf8)) } catch {
                record(group, failure: "the worker stopped taking work"); break
            }
            guard let line = reader.line() else {
                record(group, failure: "the worker exited before it finished the group")
                break
            }
            do {
                let reply = try decoder.decode(Reply.self, from: line)
                lock.withLock { replies[reply.group] = reply.results }
            } catch {
                record(group, failure: "the worker's reply could not be read (\(error.localizedDescription))")
            }
        }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// The next group to hand out, or nil when all have been.
    private func take(_ count: Int) -> Int? {
        lock.withLock {
            guard next < count else { return nil }
            defer { next += 1 }
            return order[next]
        }
    }

    private func record(_ group: Int, failure: String) { lock.withLock { failures[group] = failure } }
}

/// Reads a pipe line by line.
final class LineReader {
    private let handle: FileHandle
    private var buffer = Data()
    private var ended = false

    /// A reader of `handle`.
    init(_ handle: FileHandle) { self.handle = handle }

    /// The next line without its newline, or nil at the end.
    func line() -> Data? {
        while true {
            if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[buffer.startIndex..<end]
                buffer = Data(buffer[(end + 1)...])
                return Data(line)
            }
            if ended { return nil }
            let chunk = handle.availableData
            if chunk.isEmpty { ended = true } else { buffer.append(chunk) }
        }
    }
}
