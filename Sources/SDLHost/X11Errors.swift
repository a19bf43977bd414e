import CX11

/// The Xlib error handler that was in place before ours (Xlib's own: print the error and exit 1).
/// Set once, before SDL opens a display; read by the handler on whichever thread Xlib reports on.
nonisolated(unsafe) private var handlerBeforeOurs: XErrorHandler?

/// What the window does with X's protocol errors: an error about a message to a window that is
/// gone is dropped, like the message; any other goes to the handler before ours (Xlib's: print
/// the error, exit 1).
///
/// Why: SDL answers other clients' windows — the source of a drag and drop (`XdndStatus`,
/// `XdndFinished`), whoever asked for the clipboard — and wakes its own wait with a message sent
/// to its own window on a second connection. Any of those windows may be destroyed before the X
/// server takes the message (a file manager closed mid-drop, a drop tool that gave up, the
/// editor's own window closing at quit), and X then answers with `BadWindow` on `X_SendEvent`,
/// which Xlib's default handler turns into `exit(1)`; the wake-up's error even waits, unread, on
/// SDL's second connection until SDL closes it at quit, after putting the handler it found back.
/// SDL keeps the handler it finds when it opens the display and puts it back when it closes it,
/// so installing ours first covers both. Hazard: the handler must not call Xlib (it runs inside it).
enum X11Errors {
    /// The requests SDL makes on windows of other clients (or on its own at quit) whose
    /// `BadWindow` only says the window went away: sending an event, writing, reading or
    /// deleting a property on it.
    static let requestsOnWindowsThatMayBeGone: Set<UInt8> = [UInt8(X_SendEvent), UInt8(X_ChangeProperty), UInt8(X_GetProperty), UInt8(X_DeleteProperty)]

    /// Whether an error is one about a window that is gone, for a request that may meet one.
    static func isAboutAGoneWindow(errorCode: UInt8, requestCode: UInt8) -> Bool {
        errorCode == UInt8(BadWindow) && requestsOnWindowsThatMayBeGone.contains(requestCode)
    }

    /// Installs the handler (once; later calls do nothing).
    @MainActor static func install() {
        guard !installed else { return }
        installed = true
        handlerBeforeOurs = XSetErrorHandler { display, event in
            guard let event else { return 0 }
            if X11Errors.isAboutAGoneWindow(errorCode: event.pointee.error_code, requestCode: event.pointee.request_code) { return 0 }
            return handlerBeforeOurs?(display, event) ?? 0
        }
    }

    @MainActor private static var installed = false
}
