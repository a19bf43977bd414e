import Foundation

/// A value made on a thread of its own while the thread that asked goes on. `value()` waits for
/// that thread to end, not only for its value, so a process can fork right after it with no other
/// thread of its own running (`TestWorkers` needs that). Made on the asking thread when no thread
/// can be started. `@unchecked Sendable`: `thread` is read and cleared by the asking thread alone.
final class ThreadedValue<Value: Sendable>: @unchecked Sendable {
    private let job: ThreadJob
    private var thread: pthread_t?

    /// Starts making the value.
    init(_ body: @escaping @Sendable () -> Value) {
        job = ThreadJob { body() }
        var made = pthread_t()
        let handed = Unmanaged.passRetained(job)
        if pthread_create(&made, nil, runThreadJob, handed.toOpaque()) == 0 {
            thread = made
        } else {
            handed.release()
        }
    }

    /// The value, once its thread has ended.
    func value() -> Value {
        if let thread {
            pthread_join(thread, nil)
            self.thread = nil
        }
        if job.result == nil { job.result = job.body() }
        return job.result as! Value
    }
}

/// What a `ThreadedValue`'s thread runs, and what it made. `@unchecked Sendable`: `result` is
/// written by that thread and read only after `pthread_join` has waited for it to end.
private final class ThreadJob: @unchecked Sendable {
    let body: @Sendable () -> any Sendable
    var result: (any Sendable)?
    init(_ body: @escaping @Sendable () -> any Sendable) { self.body = body }
}

/// A thread's start: runs the job it was handed (retained for it) and keeps its result.
private func runThreadJob(_ argument: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let argument else { return nil }
    let job = Unmanaged<ThreadJob>.fromOpaque(argument).takeRetainedValue()
    job.result = job.body()
    return nil
}
