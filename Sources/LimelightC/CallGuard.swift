import EmbeddedTours
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why a call of the C interface failed: the message `limelight_last_error()` returns.
struct CFailure: Error {
    /// One line: the function, then what was wrong and what was expected.
    var message: String
    init(_ message: String) { self.message = message }
}

/// Each thread's last failure, kept in memory of its own (freed when the thread ends), so
/// `limelight_last_error()` is safe from any thread.
enum LastError {
    /// The thread-specific key the message hangs on.
    static let key: pthread_key_t = {
        var key = pthread_key_t()
        _ = pthread_key_create(&key) { free($0) }
        return key
    }()
    /// The empty string returned while a thread has had no failure: never freed.
    nonisolated(unsafe) static let none: UnsafePointer<CChar> = UnsafePointer(strdup("")!)

    /// Makes `message` this thread's last failure (bytes that are not UTF-8 cannot occur: it is a Swift string).
    static func set(_ message: String) {
        let copy = strdup(message)
        let old = pthread_getspecific(key)
        _ = pthread_setspecific(key, copy)
        free(old)
    }

    /// This thread's last failure, or "".
    static var current: UnsafePointer<CChar> {
        pthread_getspecific(key).map { UnsafePointer($0.assumingMemoryBound(to: CChar.self)) } ?? none
    }
}

/// The thread every session belongs to: the first to call a `limelight_session_` function (the
/// main thread, in an app whose SDL calls are there). The views, the tour engine and the caches
/// they share have one owner, so a call from any other thread is refused before it touches them.
enum OwnerThread {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var owner: pthread_t?

    /// Whether this thread is the owner, claiming it when there is none yet.
    static func isCurrent() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let me = pthread_self()
        guard let owner else {
            owner = me
            return true
        }
        return pthread_equal(owner, me) != 0
    }

    /// Lets the next call's thread claim the sessions: for a test runner, whose main actor may run
    /// on another thread from one test to the next (an app's sessions stay on its one thread).
    static func release() {
        lock.lock()
        owner = nil
        lock.unlock()
    }
}

/// Runs the body of a C function: on the owner thread only, its failures caught and kept as the
/// thread's last error, the session's events delivered after its work.
enum CallGuard {
    /// Runs `body` for `function`; its value, or `failure` when it threw or the thread is not the
    /// sessions' owner.
    ///
    /// The body is main-actor code (the views and the engine are): it runs on the owner thread, the
    /// one thread that ever runs it, as `MainActor.assumeIsolated` runs its body once it has checked
    /// the thread. That check is the Swift runtime's notion of the main thread, which an app's
    /// thread need not be (a test runner's main actor is not the process's first thread): the
    /// owner rule stands in for it, so a wrong thread is an error status, never a trap.
    static func run<T: Sendable>(_ function: String, failure: T, _ body: @MainActor () throws(CFailure) -> T) -> T {
        guard OwnerThread.isCurrent() else {
            LastError.set("\(function): called from another thread than the sessions' (every session call belongs on the thread of the first, as SDL's video calls belong on the main thread)")
            return failure
        }
        let outcome: Result<T, CFailure> = withoutActuallyEscaping(body) { isolated in
            typealias Plain = () throws(CFailure) -> T
            let plain = unsafeBitCast(isolated, to: Plain.self)
            let result: Result<T, CFailure>
            do throws(CFailure) { result = .success(try plain()) } catch { result = .failure(error) }
            deliverEvents()
            return result
        }
        switch outcome {
        case .success(let value): return value
        case .failure(let error):
            LastError.set("\(function): \(error.message)")
            return failure
        }
    }

    /// Delivers the sessions' waiting events, on the owner thread.
    private static func deliverEvents() {
        let deliver: @MainActor () -> Void = { SessionHandles.deliverEvents() }
        unsafeBitCast(deliver, to: (() -> Void).self)()
    }
}

/// Runs `body`, its failure the C interface's.
func passing<T>(_ body: () throws(EmbeddedFailure) -> T) throws(CFailure) -> T {
    do { return try body() } catch { throw CFailure(error.message) }
}

/// Reading what C hands in: strings checked for NULL, length and UTF-8; numbers for range.
enum CInput {
    /// The string at `pointer`, `what` in messages: at most `limit` bytes of UTF-8 before its NUL
    /// (the bytes past the limit are never read). NULL is the error unless `allowsNull`.
    static func string(_ pointer: UnsafePointer<CChar>?, _ what: String, limit: Int, allowsNull: Bool = false) throws(CFailure) -> String? {
        guard let pointer else {
            if allowsNull { return nil }
            throw CFailure("\(what) is NULL")
        }
        let length = strnlen(pointer, limit + 1)
        guard length <= limit else { throw CFailure("\(what) is longer than \(limit) bytes") }
        let bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(pointer), count: length)
        guard let text = String(validating: bytes, as: UTF8.self) else { throw CFailure("\(what) is not valid UTF-8") }
        return text
    }

    /// The string at `pointer`, which may not be NULL.
    static func required(_ pointer: UnsafePointer<CChar>?, _ what: String, limit: Int) throws(CFailure) -> String {
        guard let text = try string(pointer, what, limit: limit) else { throw CFailure("\(what) is NULL") }
        return text
    }

    /// `value` when it is a finite number; `what` in the message otherwise.
    static func finite(_ value: Double, _ what: String) throws(CFailure) -> Double {
        guard value.isFinite else { throw CFailure("\(what) must be a finite number, found \(value)") }
        return value
    }

    /// A copy of `text` in memory from `malloc`, for the caller to free with `limelight_free`.
    static func allocated(_ text: String) throws(CFailure) -> UnsafeMutablePointer<CChar> {
        guard let copy = strdup(text) else { throw CFailure("out of memory") }
        return copy
    }
}
