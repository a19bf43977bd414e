import EmbeddedTours
import Foundation
@testable import LimelightC
import Raster
import Testing

/// A session of the C interface, driven from Swift through the very functions C calls.
@MainActor
final class CSession {
    let handle: OpaquePointer
    /// The events the callback received, in order.
    var events: [String] = []

    /// A session of `tour` at `scale`, the paint example's targets published, its events recorded.
    init(tour: String = Fixtures.paintTour, scale: Double = 1) throws {
        CSession.claimThisThread()
        guard let made = limelight_session_new(tour, 640, 480, scale, "en") else {
            throw CTestFailure(CSession.lastError)
        }
        handle = made
        limelight_session_on_event(handle, { line, context in
            guard let line, let context else { return }
            Unmanaged<CSession>.fromOpaque(context).takeUnretainedValue().events.append(String(cString: line))
        }, Unmanaged.passUnretained(self).toOpaque())
        for t in Fixtures.targets {
            let status = limelight_session_set_target(handle, t.id, t.rect.x, t.rect.y, t.rect.width, t.rect.height, t.role?.rawValue, t.name)
            #expect(status == 0, "\(CSession.lastError)")
        }
    }

    isolated deinit { limelight_session_free(handle) }

    /// Makes this thread the sessions' (the test runner's main actor may run on another thread
    /// from one test to the next; an app calls from its one thread).
    static func claimThisThread() { OwnerThread.release() }

    /// This thread's last failure.
    static var lastError: String { String(cString: limelight_last_error()) }

    /// The time given to the last `advance`.
    private(set) var now: Int64 = 0

    /// Moves time on by `milliseconds` a frame at a time (16 ms), as an app's loop does.
    func wait(_ milliseconds: Int64) {
        let end = now + milliseconds
        repeat {
            now = min(end, now + 16)
            let wait = limelight_session_advance(handle, now)
            #expect(wait >= -1, "\(CSession.lastError)")
        } while now < end
    }

    /// A tap (a press and a release) at `x`, `y`: true when Limelight used both.
    func tap(_ x: Double, _ y: Double) -> (down: Int32, up: Int32) {
        let down = limelight_session_pointer(handle, 0, x, y)
        let up = limelight_session_pointer(handle, 2, x, y)
        return (down, up)
    }

    /// The session's state as JSON, parsed.
    var state: [String: Any] {
        guard let text = limelight_session_state_json(handle) else { return [:] }
        defer { limelight_free(text) }
        return (try? JSONSerialization.jsonObject(with: Data(String(cString: text).utf8))) as? [String: Any] ?? [:]
    }

    /// The tour's step (from 1) and state (`running`, `finished`).
    var tour: (step: Int, state: String)? {
        guard let s = state["state"] as? [String: Any], let t = s["tour"] as? [String: Any] else { return nil }
        return ((t["step"] as? Int) ?? 0, (t["state"] as? String) ?? "")
    }

    /// Composes over `frame` (ARGB8888) in place; the status.
    @discardableResult
    func compose(over frame: Pixmap) -> Int32 {
        limelight_session_compose(handle, UnsafeMutableRawPointer(frame.pixels).assumingMemoryBound(to: UInt8.self),
                                  Int32(frame.width), Int32(frame.height), Int32(frame.stride * 4), 0)
    }

    /// Composes over `frame` given as RGBA bytes, and returns the result as a pixmap (ARGB).
    func composeRGBA(over frame: Pixmap) throws -> Pixmap {
        var bytes = [UInt8](repeating: 0, count: frame.width * frame.height * 4)
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let p = frame[x, y], i = (y * frame.width + x) * 4
                bytes[i] = UInt8(p >> 16 & 0xFF); bytes[i + 1] = UInt8(p >> 8 & 0xFF); bytes[i + 2] = UInt8(p & 0xFF); bytes[i + 3] = UInt8(p >> 24)
            }
        }
        let status = bytes.withUnsafeMutableBufferPointer {
            limelight_session_compose(handle, $0.baseAddress, Int32(frame.width), Int32(frame.height), Int32(frame.width * 4), 1)
        }
        #expect(status == 0, "\(CSession.lastError)")
        let out = try Pixmap(width: frame.width, height: frame.height)
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let i = (y * frame.width + x) * 4
                out[x, y] = UInt32(bytes[i + 3]) << 24 | UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            }
        }
        return out
    }
}

/// A setup step of a C test that failed, with the library's message.
struct CTestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}
