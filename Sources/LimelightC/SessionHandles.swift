import EmbeddedTours
import FontText
import Views

/// The C function an app gives `limelight_session_on_event`.
typealias EventCallback = @convention(c) (UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void

/// A session as the C interface holds it: the session, and its events waiting for the app's callback.
@MainActor
final class SessionBox {
    let session: EmbeddedSession
    var callback: EventCallback?
    var context: UnsafeMutableRawPointer?
    var pending: [String] = []
    /// Whether events are kept for a callback: until the app says it wants none (a NULL callback).
    var keepsEvents = true

    init(_ session: EmbeddedSession) {
        self.session = session
        session.onEventLine = { [weak self] line in
            // Kept until the call that caused it has done its work (see `SessionHandles.deliverEvents`);
            // those before a callback is set (the first step's, from limelight_session_new) wait for it.
            guard let self, self.keepsEvents, self.pending.count < SessionBox.maxPending else { return }
            self.pending.append(line)
        }
    }

    /// The most events kept for one delivery (a tour moves a few steps a call at most).
    static let maxPending = 10_000
}

/// The sessions alive, by handle. A handle is a number, never an address: the app's copy of a
/// freed one names no session (not even a later one), so a call with it is an error, not a crash.
@MainActor
enum SessionHandles {
    private static var live: [UInt: SessionBox] = [:]
    private static var lastNumber: UInt = 0
    private static var delivering = false
    /// The text engine every session draws with (made with the first session: fontconfig's setup is
    /// the slow part).
    private static var sharedEngine: SystemTextEngine?

    /// The most sessions alive at once.
    static let maxLive = 1024

    /// A handle for `session`.
    static func add(_ session: EmbeddedSession) throws(CFailure) -> OpaquePointer {
        guard live.count < maxLive else { throw CFailure("at most \(maxLive) sessions may be alive at once") }
        lastNumber &+= 1
        // Multiples of 16 look like the addresses C code expects; 0 (NULL) never comes.
        let value = lastNumber << 4
        live[value] = SessionBox(session)
        return OpaquePointer(bitPattern: value)!
    }

    /// The session of `handle`; an error naming what is wrong with it otherwise.
    static func box(_ handle: OpaquePointer?) throws(CFailure) -> SessionBox {
        guard let handle else { throw CFailure("the session is NULL") }
        guard let box = live[UInt(bitPattern: handle)] else {
            throw CFailure("not a live session (freed already, or not made by limelight_session_new)")
        }
        return box
    }

    /// The session of `handle`.
    static func session(_ handle: OpaquePointer?) throws(CFailure) -> EmbeddedSession { try box(handle).session }

    /// Forgets `handle`'s session; false when it names none.
    static func remove(_ handle: OpaquePointer) -> Bool {
        live.removeValue(forKey: UInt(bitPattern: handle)) != nil
    }

    /// The process's text engine for sessions.
    static func textEngine() throws(CFailure) -> SystemTextEngine {
        if let sharedEngine { return sharedEngine }
        do {
            let made = try SystemTextEngine(family: SystemTextEngine.defaultFamily)
            sharedEngine = made
            return made
        } catch {
            throw CFailure("no fonts: \(error)")
        }
    }

    /// Hands every session's waiting events to its callback, in order, once the call that caused
    /// them has done its work. A callback may call back into the library (free its own session
    /// included); events its calls cause are delivered in the same round, after the ones before.
    static func deliverEvents() {
        guard !delivering else { return }
        delivering = true
        defer { delivering = false }
        var rounds = 0
        while rounds < 64, let (handle, box) = live.first(where: { !$0.value.pending.isEmpty && $0.value.callback != nil }) {
            rounds += 1
            let lines = box.pending
            box.pending = []
            for line in lines {
                // A session freed by its own callback hears nothing more.
                guard live[handle] === box, let callback = box.callback else { break }
                line.withCString { callback($0, box.context) }
            }
        }
    }
}
