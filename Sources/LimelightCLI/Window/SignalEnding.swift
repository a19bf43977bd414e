import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Ending the process as a quit signal ends one, once a window that a signal closed has kept what
/// it had to keep: the signal's default action, so a shell sees 128+N (130 for Ctrl-C's SIGINT,
/// 143 for SIGTERM, 129 for SIGHUP) and a parent that waits sees the signal, as the convention asks
/// of a program that catches one to clean up.
enum SignalEnding {
    /// The signal's name ("SIGTERM").
    static func name(of signal: Int32) -> String {
        switch signal {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        case SIGHUP: return "SIGHUP"
        default: return "signal \(signal)"
        }
    }

    /// Ends the process by `signal`'s default action (every C stream flushed first); the exit
    /// status 128+N should the signal not end it.
    static func end(by signal: Int32) -> Never {
        fflush(nil)
        Glibc.signal(signal, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        sigprocmask(SIG_UNBLOCK, &set, nil)
        raise(signal)
        _exit(128 + signal)
    }
}
