import Foundation
import Headless

/// Worker processes for `limelight test --jobs N`: the parent loads the tours and makes the plan,
/// then forks N − 1 workers, which start with all of it (and the fonts and images opened so far)
/// in place of loading it again; the parent runs groups itself and hands out group numbers one at
/// a time, the costliest first (the next to whichever is free: itself, or a worker through its
/// pipe), and reads back one JSON line of results per group. Results are kept by group, so the
/// output is the same for any N.
///
/// The workers are forked while no other thread of this process runs (the one that loads
/// fontconfig's configuration during the tours' loading has ended; the pipes are fed by threads
/// made afterwards), so each starts as a copy of a single-threaded process. Each process
/// keeps to one screen (a size at a scale in a language) while it has groups left, then to its
/// family (the same scale and language at other sizes) on a screen no other process is on, then to
/// its language at a scale no other process is on, and starts a family no other process is on
/// when its own runs out (affinity scheduling; the last groups are taken from any). A process's
/// first group in a family makes the glyphs of that language's fonts at that scale (a script such
/// as Japanese takes ~10 ms a scale), its first on a size that size's resampled images and shadows;
/// the rest reuse them, so two processes seldom make the same glyphs twice, nor start on one size.
///
/// `@unchecked Sendable`: the feeding threads and this one share the groups left, who runs what,
/// the replies and the failures under `lock` alone; each worker's pipes are one thread's.
final class TestWorkers: @unchecked Sendable {
    /// What one worker sends back for a group.
    struct Reply: Codable {
        /// The group's index in the plan.
        var group: Int
        /// Its cases' results.
        var results: [CaseResult]
    }

    /// One forked worker: its process and the parent's ends of its pipes, or why it could not start.
    private struct Worker {
        var process: pid_t
        var input: FileHandle?
        var output: FileHandle?
        var failure: String?
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
    private var remaining: [Int] = []
    private var affinity = Affinity(screen: [], family: [], language: [])
    /// Each process's last group (0: this one), nil before its first.
    private var current: [Int?] = []
    private var replies: [Int: [CaseResult]] = [:]
    private var failures: [Int: String] = [:]
    private var workers: [Worker] = []
    /// Why no worker was forked although some were asked for (nil: they were, or none was asked).
    private(set) var forkRefusal: String?

    /// The threads this process runs now (the entries of /proc/self/task), nil when unknown.
    static func runningThreads() -> Int? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task") else { return nil }
        return entries.count
    }

    /// Forks `count` workers. Each reads group numbers a line at a time and writes a `Reply` line
    /// for each, through `serve` (given its input and output), and exits when its input ends,
    /// without running this process's exit handlers (its copies of this process's buffered output
    /// are never written).
    @MainActor
    init(forking count: Int, serve: (_ input: FileHandle, _ output: FileHandle) -> Void) {
        // A worker that dies closes its pipe: writing to it must fail, not kill this process (nor,
        // inherited, a worker whose parent is gone).
        signal(SIGPIPE, SIG_IGN)
        // A fork copies the calling thread alone: with another thread running (one holding the
        // allocator's or a library's lock), the child could wait forever on a lock nobody holds
        // in it. Forked only when this thread is the process's one; else this process runs all.
        let threads = Self.runningThreads()
        guard count > 0, threads == 1 else {
            if count > 0 {
                forkRefusal = "this process runs \(threads.map(String.init) ?? "an unknown number of") threads, and a fork copies one"
            }
            return
        }
        // What this process has buffered is written once, by it.
        fflush(nil)
        for _ in 0..<max(0, count) {
            var down: [Int32] = [-1, -1], up: [Int32] = [-1, -1]
            func failed(_ why: String) -> Worker { Worker(process: -1, failure: "cannot start a worker (\(why): \(String(cString: strerror(errno))))") }
            guard pipe(&down) == 0 else { workers.append(failed("no pipe")); continue }
            guard pipe(&up) == 0 else {
                workers.append(failed("no pipe"))
                close(down[0]); close(down[1]); continue
            }
            let pid = fork()
            if pid == 0 {
                // The worker: only its own ends stay open, so each pipe ends when its other side closes.
                close(down[1]); close(up[0])
                for earlier in workers {
                    if let input = earlier.input { close(input.fileDescriptor) }
                    if let output = earlier.output { close(output.fileDescriptor) }
                }
                serve(FileHandle(fileDescriptor: down[0], closeOnDealloc: false), FileHandle(fileDescriptor: up[1], closeOnDealloc: false))
                _exit(0)
            }
            if pid < 0 { workers.append(failed("no process")) }
            close(down[0]); close(up[1])
            guard pid > 0 else { close(down[1]); close(up[0]); continue }
            workers.append(Worker(process: pid, input: FileHandle(fileDescriptor: down[1], closeOnDealloc: true),
                                  output: FileHandle(fileDescriptor: up[0], closeOnDealloc: true)))
        }
    }

    /// Runs the groups numbered in `order` (the costliest first) on this process, through `local`,
    /// and on the workers; `affinity` says what each group shares with the others.
    /// Returns each group's results, or why its worker could not give them. Every worker
    /// has ended when it returns.
    @MainActor
    func run(order: [Int], affinity: Affinity, local: (Int) -> [CaseResult]) -> (replies: [Int: [CaseResult]], failures: [Int: String]) {
        remaining = order
        self.affinity = affinity
        current = Array(repeating: nil, count: workers.count + 1)
        let feeders = DispatchGroup()
        for (i, worker) in workers.enumerated() {
            feeders.enter()
            Thread.detachNewThread {
                self.feed(worker, taker: i + 1)
                feeders.leave()
            }
        }
        // This process is a worker too: it has the tours loaded and the fonts open already.
        while let group = take(by: 0) {
            let results = local(group)
            lock.withLock { replies[group] = results }
        }
        feeders.wait()
        return (replies, failures)
    }

    /// One worker's life: feed it groups until none are left, then close its input.
    private func feed(_ worker: Worker, taker: Int) {
        guard let input = worker.input, let output = worker.output else {
            let failure = worker.failure ?? "cannot start a worker"
            while let group = take(by: taker) { record(group, failure: failure) }
            return
        }
        let reader = LineReader(output)
        let decoder = JSONDecoder()
        // A worker that dies gives up its group (which fails) and takes no more: the others go on.
        while let group = take(by: taker) {
            do { try input.write(contentsOf: Data("\(group)\n".utf8)) } catch {
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
        try? input.close()
        var status: Int32 = 0
        while waitpid(worker.process, &status, 0) == -1 && errno == EINTR {}
    }

    /// The next group for process `taker` (0: this one), or nil when all have been handed out.
    private func take(by taker: Int) -> Int? {
        lock.withLock {
            guard let pick = Self.pick(from: remaining, for: taker, current: current, affinity: affinity) else { return nil }
            let group = remaining.remove(at: pick)
            current[taker] = group
            return group
        }
    }

    /// What each group (by its index in the plan) shares with others, finest first: a number for
    /// its screen (size, scale, language), its family (scale and language: the glyphs it makes) and
    /// its language (the fonts it opens).
    struct Affinity: Sendable {
        /// Each group's screen.
        var screen: [Int]
        /// Each group's family.
        var family: [Int]
        /// Each group's language.
        var language: [Int]
    }

    /// Where in `remaining` (the costliest first) process `taker`'s next group is, given each
    /// process's last group (`current`), or nil when none is left: the costliest left on its
    /// screen; else in its family on a screen no other process is on; else in its language in a
    /// family no other process is on; else in any family no other process is on; else in its
    /// family; else on a screen no other process is on; else the costliest of all.
    static func pick(from remaining: [Int], for taker: Int, current: [Int?], affinity a: Affinity) -> Int? {
        guard !remaining.isEmpty else { return nil }
        let others = current.indices.compactMap { $0 == taker ? nil : current[$0] }
        let busyScreens = Set(others.map { a.screen[$0] }), busyFamilies = Set(others.map { a.family[$0] })
        func first(_ test: (Int) -> Bool) -> Int? { remaining.firstIndex(where: test) }
        if let m = current[taker], let i = first({ a.screen[$0] == a.screen[m] })
            ?? first({ a.family[$0] == a.family[m] && !busyScreens.contains(a.screen[$0]) })
            ?? first({ a.language[$0] == a.language[m] && !busyFamilies.contains(a.family[$0]) }) {
            return i
        }
        if let i = first({ !busyFamilies.contains(a.family[$0]) }) { return i }
        if let m = current[taker], let i = first({ a.family[$0] == a.family[m] }) { return i }
        return first { !busyScreens.contains(a.screen[$0]) } ?? 0
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
