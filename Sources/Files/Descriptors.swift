#if canImport(Glibc)
import Glibc
#endif

/// Writing to an open descriptor with every result checked: all of the bytes or the errno of
/// the failure, and never a signal to die of.
public enum Descriptors {
    /// Writes all of `bytes` to `fd` (interrupted and partial writes resumed, a descriptor left
    /// non-blocking waited on while it is full), with SIGPIPE held back so a pipe no one reads is
    /// an EPIPE; errno of the failure, or nil.
    public static func write(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Int32? {
        withoutBrokenPipeSignal { writeWhole(fd, bytes) }
    }

    /// Writes all of `bytes` to `fd`, as `write(_:to:)` does but without holding SIGPIPE back
    /// (for a regular file, or inside `withoutBrokenPipeSignal`); errno of the failure, or nil.
    static func writeWhole(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN {
                    var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                    continue
                }
                return code
            }
            offset += n
        }
        return nil
    }

    /// Runs `body` with SIGPIPE held back on this thread, so a write to a pipe no one reads any
    /// more fails with EPIPE instead of ending the process; a SIGPIPE it raised is taken away
    /// before the signal is let through again.
    static func withoutBrokenPipeSignal<T>(_ body: () -> T) -> T {
        var pipeSignal = sigset_t(), previous = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        let result = body()
        var pending = sigset_t()
        if sigismember(&previous, SIGPIPE) == 0, sigpending(&pending) == 0, sigismember(&pending, SIGPIPE) == 1 {
            var now = timespec()
            _ = sigtimedwait(&pipeSignal, nil, &now)
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        return result
    }
}
