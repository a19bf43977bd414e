import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The write end of the pipe the quit signals' handler writes their numbers into. The handler may
/// run on any thread at any moment, so this is a plain statically initialised value with no
/// exclusivity tracking: reading it is one load, and `write(2)` is safe in a handler.
@exclusivity(unchecked) nonisolated(unsafe) private var quitSignalPipe: Int32 = -1

/// The handler of SIGINT, SIGTERM and SIGHUP while a window is open: it writes the signal's number
/// into the pipe (never blocking; a full pipe already says enough) and leaves `errno` as it was.
private func noteQuitSignal(_ signal: Int32) {
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(quitSignalPipe, &byte, 1)
    errno = saved
}

/// SIGINT (Ctrl-C), SIGTERM (a service manager, `kill`) and SIGHUP (the terminal closed) end the
/// window's loop at once, without the app's question (`HostedApp.shouldQuit`: nobody may be there
/// to answer it), and the host says which one (`WindowEnding.signal`), so the command can keep what
/// would be lost and end as the signal ends a process.
///
/// SDL's own handlers are off (`SDL_HINT_NO_SIGNAL_HANDLERS`): they cover SIGINT and SIGTERM only,
/// turn both into the same quit event as closing the window, and wake the wait only when the signal
/// lands on the main thread. Ours write the number into a pipe the loop waits on (a readable source,
/// woken by `DescriptorWaiter` on whichever thread took the signal). A signal a parent set to be
/// ignored stays ignored (`nohup`, a background job); a second signal of the same kind, while the
/// first is being handled, ends the process at once (`SA_RESETHAND`).
@MainActor
enum QuitSignals {
    /// The signals that end the loop.
    static let numbers: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    /// The pipe's read end, once installed.
    private(set) static var readEnd: Int32 = -1
    /// The signals whose handler is ours.
    private static var handled: [Int32] = []

    /// Makes the pipe (once) and puts the handler on each signal that is not ignored.
    static func install() {
        if readEnd < 0 {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { return }
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
            readEnd = ends[0]
            quitSignalPipe = ends[1]
        }
        for number in numbers where !handled.contains(number) {
            var current = sigaction()
            guard sigaction(number, nil, &current) == 0,
                  unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self) else { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = noteQuitSignal
            action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
            sigemptyset(&action.sa_mask)
            if sigaction(number, &action, nil) == 0 { handled.append(number) }
        }
    }

    /// Puts the default action back on the signals ours handled (the window is closed).
    static func uninstall() {
        for number in handled { signal(number, SIG_DFL) }
        handled = []
    }

    /// The signal the handler noted since the last call, if any (the first of several).
    static func take() -> Int32? {
        guard readEnd >= 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 16)
        var first: Int32?
        while true {
            let n = read(readEnd, &bytes, bytes.count)
            guard n > 0 else { break }
            if first == nil { first = Int32(bytes[0]) }
        }
        return first
    }
}

/// How a window's loop ended.
public enum WindowEnding: Equatable, Sendable {
    /// The user quit (the window closed, Ctrl-Q) and the app agreed, or the frame limit was reached.
    case quit
    /// A signal (SIGINT, SIGTERM or SIGHUP) ended it, without asking the app.
    case signal(Int32)
}
